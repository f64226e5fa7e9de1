#include "tactics/solver/distance_field.h"

#include "tactics/solver/move_rules.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace tactics {

namespace {

constexpr std::size_t kRing = MovementClass::kMaxCost + 1;
// How many queued cells ahead the loop asks the memory for: the rows above and below a cell lie
// a map's width away, out of the cache on a large map, and waiting for them was a fifth of it.
constexpr std::size_t kAhead = 8;

// A padded cell while solving, in one word: its cost so far above, its entry cost (1..15; 0: it
// cannot be entered) in the low 4 bits, so that one load tells both. Costs fit in 28 bits (at
// most 15 x (4096 x 4096 - 1) < 2^28); kFar, above every cost, marks a cell not reached yet.
using Packed = std::uint32_t;
constexpr int kEntryBits = 4;
constexpr Packed kEntryMask = (Packed{1} << kEntryBits) - 1;
constexpr Packed kFar = std::numeric_limits<Packed>::max() >> kEntryBits;
static_assert(std::uint64_t{MovementClass::kMaxCost} * (4096ull * 4096ull - 1) < kFar,
              "a field's costs fit above the entry cost");
static_assert(MovementClass::kMaxCost <= kEntryMask, "an entry cost fits in its bits");

constexpr Packed pack(Packed cost, Packed entry) { return cost << kEntryBits | entry; }

// A field's working storage, kept by the thread between solves (a 1024x1024 field's is 4 MiB).
// The map is padded with a cell that cannot be entered on every side, so the loop below steps by
// index with no bounds check.
struct FieldScratch {
  RuleWindow rules;
  std::vector<Packed> cells;  // each padded cell's cost so far and entry cost
  std::array<std::vector<std::uint32_t>, kRing> buckets;  // padded indices, by cost % kRing
};

// A padded cell that is never entered: the padding, and no cell compares below it but a reached
// one or one that cannot be entered.
constexpr Packed kWall = pack(kFar, 0);

// The padded map: a row's length, and a cell's index.
struct PaddedGrid {
  std::size_t stride = 0;
  [[nodiscard]] std::size_t index(Cell c) const {
    return (static_cast<std::size_t>(c.y) + 1) * stride + static_cast<std::size_t>(c.x) + 1;
  }
};

// Every cell unreached with its entry cost from the baked rules, the padding never entered;
// written once, row by row.
void fillCells(FieldScratch& s, const PaddedGrid& grid, int width, int height) {
  const std::size_t stride = grid.stride;
  s.cells.resize(stride * (static_cast<std::size_t>(height) + 2));
  std::fill_n(s.cells.begin(), stride, kWall);
  std::fill_n(s.cells.end() - static_cast<std::ptrdiff_t>(stride), stride, kWall);
  const std::vector<CellRule>& rules = s.rules.bytes();  // row by row, the whole map
  for (int y = 0; y < height; ++y) {
    Packed* row = &s.cells[grid.index({0, y}) - 1];
    const CellRule* from = &rules[static_cast<std::size_t>(y) * static_cast<std::size_t>(width)];
    row[0] = kWall;
    for (int x = 0; x < width; ++x) {
      row[x + 1] = pack(kFar, static_cast<Packed>(cell_rule::entryCost(from[x])));
    }
    row[width + 1] = kWall;
  }
}

// A step between padded cells, by index: on a square board four, the same from every cell; on a
// hex board six, which depend on the cell's parity (SPEC §13).
class PaddedSteps {
 public:
  PaddedSteps(Topology topology, std::size_t stride) : topology_(topology), stride_(stride) {
    for (int parity = 0; parity < 2; ++parity) {
      for (int k = 0; k < topology.neighbourCount(); ++k) {
        const Offset o = topology.offset(parity, k);
        deltas_[static_cast<std::size_t>(parity)][static_cast<std::size_t>(k)] =
            static_cast<std::ptrdiff_t>(o.dy) * static_cast<std::ptrdiff_t>(stride) + o.dx;
      }
    }
  }
  // The index steps from padded cell `i`.
  [[nodiscard]] const std::array<std::ptrdiff_t, Topology::kMaxNeighbours>& from(std::size_t i) const {
    const Cell c{static_cast<int>(i % stride_) - 1, static_cast<int>(i / stride_) - 1};
    return deltas_[static_cast<std::size_t>(topology_.parity(c))];
  }

 private:
  Topology topology_;
  std::size_t stride_;
  std::array<std::array<std::ptrdiff_t, Topology::kMaxNeighbours>, 2> deltas_{};
};

// Dial's algorithm with a ring of buckets from `sources`: entry costs are 1..15, so every cost
// waiting to be settled lies within 15 of the one being settled. `Hex`: six steps that depend on
// each cell's parity; else the square board's four, kept apart so that its loop stays as tight.
template <bool Hex>
void settleCosts(FieldScratch& s, const PaddedGrid& grid, const std::vector<Cell>& sources,
                 const PaddedSteps& hexSteps) {
  const std::size_t stride = grid.stride;
  for (auto& bucket : s.buckets) bucket.clear();
  std::size_t waiting = 0;
  for (Cell c : sources) {
    const std::size_t i = grid.index(c);
    if (s.cells[i] >> kEntryBits == 0) continue;  // listed twice
    s.cells[i] = pack(0, s.cells[i] & kEntryMask);
    s.buckets[0].push_back(static_cast<std::uint32_t>(i));
    ++waiting;
  }
  // Plain pointers in the loop: the compiler cannot keep a thread_local's members in registers
  // across the push_backs, and reloading them cost a tenth of the loop.
  Packed* const cells = s.cells.data();
  std::array<std::vector<std::uint32_t>, kRing>& buckets = s.buckets;
  const std::array<std::ptrdiff_t, 4> steps = {-static_cast<std::ptrdiff_t>(stride),
                                               static_cast<std::ptrdiff_t>(stride), -1, 1};
  for (Packed cost = 0; waiting > 0; ++cost) {
    // Entry costs are 1..15: nothing settled here is pushed back into this bucket.
    std::vector<std::uint32_t>& bucket = buckets[static_cast<std::size_t>(cost) % kRing];
    for (std::size_t k = 0; k < bucket.size(); ++k) {
      const std::uint32_t from = bucket[k];
      if (k + kAhead < bucket.size()) {
        const std::uint32_t later = bucket[k + kAhead];
        __builtin_prefetch(&cells[later - stride]);
        __builtin_prefetch(&cells[later]);
        __builtin_prefetch(&cells[later + stride]);
      }
      const auto visit = [&](std::ptrdiff_t delta) {
        const auto to = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(from) + delta);
        // A cell's cost is its entry cost plus its cheapest neighbour's, and the cheapest
        // neighbour settles first: the first path to reach a cell is a cheapest one, so a cell
        // is queued once, never superseded. Open: enterable and not reached yet.
        const Packed cell = cells[to];
        if (cell <= kWall) return;
        const Packed enter = cell & kEntryMask;
        const Packed total = cost + enter;
        cells[to] = pack(total, enter);
        buckets[static_cast<std::size_t>(total) % kRing].push_back(to);
        ++waiting;
      };
      if constexpr (Hex) {
        for (const std::ptrdiff_t delta : hexSteps.from(from)) visit(delta);
      } else {
        for (const std::ptrdiff_t delta : steps) visit(delta);
      }
    }
    waiting -= bucket.size();
    bucket.clear();
  }
}

// Every cell's settled cost, kFieldUnreachable where none reached it.
DistanceField unpackField(const FieldScratch& s, const PaddedGrid& grid, int width, int height) {
  DistanceField field(width, height, kFieldUnreachable);
  for (int y = 0; y < height; ++y) {
    const Packed* row = &s.cells[grid.index({0, y})];
    std::transform(row, row + width,
                   &field.cells()[static_cast<std::size_t>(y) * static_cast<std::size_t>(width)],
                   [](Packed cell) {
                     const Packed cost = cell >> kEntryBits;
                     return cost == kFar ? kFieldUnreachable : static_cast<FieldCost>(cost);
                   });
  }
  return field;
}

}  // namespace

DistanceField solveFieldReference(const CostMap& map, const FieldQuery& query) {
  thread_local FieldScratch s;
  bakeFieldRules(map, query, s.rules);
  const PaddedGrid grid{static_cast<std::size_t>(map.width()) + 2};
  fillCells(s, grid, map.width(), map.height());
  const PaddedSteps steps(map.topology(), grid.stride);
  if (map.topology().hex()) {
    settleCosts<true>(s, grid, query.sources, steps);
  } else {
    settleCosts<false>(s, grid, query.sources, steps);
  }
  return unpackField(s, grid, map.width(), map.height());
}

FieldQuery fieldQueryFor(const std::vector<Unit>& units, Team team, const MovementClass& movement) {
  FieldQuery query;
  query.movement = movement;
  for (const Unit& unit : units) {
    if (friends(team, unit.team) || !knownTo(team, unit)) continue;
    query.sources.push_back(unit.cell);
    query.blockers.push_back(unit.cell);
  }
  return query;
}

FieldQuery fieldQueryFrom(const std::vector<Unit>& units, std::size_t mover) {
  const Unit& self = units[mover];
  FieldQuery query;
  query.movement = self.movement;
  query.sources.push_back(self.cell);
  for (const Unit& unit : units) {
    if (!friends(self.team, unit.team) && knownTo(self.team, unit))
      query.blockers.push_back(unit.cell);
  }
  return query;
}

}  // namespace tactics
