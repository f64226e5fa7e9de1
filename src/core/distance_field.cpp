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
// Unreached while solving: above every cost, so one comparison tells a cheaper path.
constexpr FieldCost kFar = std::numeric_limits<FieldCost>::max();

// A field's working storage, kept by the thread between solves (a 1024x1024 field's is 9 MiB).
// The map is padded with a cell that cannot be entered on every side, so the loop below steps by
// index with no bounds check.
struct FieldScratch {
  RuleWindow rules;
  std::vector<std::uint8_t> entry;  // entry cost of each padded cell; 0: cannot be entered
  std::vector<FieldCost> cost;      // each padded cell's cost so far, kFar until reached
  std::array<std::vector<std::uint32_t>, kRing> buckets;  // padded indices, by cost % kRing
};

}  // namespace

DistanceField solveFieldReference(const CostMap& map, const FieldQuery& query) {
  const int width = map.width();
  const int height = map.height();
  thread_local FieldScratch s;
  bakeFieldRules(map, query, s.rules);
  const std::size_t stride = static_cast<std::size_t>(width) + 2;
  const std::size_t padded = stride * (static_cast<std::size_t>(height) + 2);
  const auto index = [stride](Cell c) {
    return (static_cast<std::size_t>(c.y) + 1) * stride + static_cast<std::size_t>(c.x) + 1;
  };
  s.entry.assign(padded, 0);
  s.cost.assign(padded, kFar);
  const std::vector<CellRule>& rules = s.rules.bytes();  // row by row, the whole map
  for (int y = 0; y < height; ++y) {
    std::uint8_t* row = &s.entry[index({0, y})];
    const CellRule* from = &rules[static_cast<std::size_t>(y) * static_cast<std::size_t>(width)];
    for (int x = 0; x < width; ++x)
      row[x] = static_cast<std::uint8_t>(cell_rule::entryCost(from[x]));
  }

  // Dial's algorithm with a ring of buckets: entry costs are 1..15, so every cost waiting to be
  // settled lies within 15 of the one being settled.
  for (auto& bucket : s.buckets) bucket.clear();
  std::size_t waiting = 0;
  for (Cell c : query.sources) {
    const std::size_t i = index(c);
    if (s.cost[i] == 0) continue;  // listed twice
    s.cost[i] = 0;
    s.buckets[0].push_back(static_cast<std::uint32_t>(i));
    ++waiting;
  }
  // Plain pointers in the loop: the compiler cannot keep a thread_local's members in registers
  // across the push_backs, and reloading them cost a tenth of the loop.
  FieldCost* const costs = s.cost.data();
  const std::uint8_t* const entry = s.entry.data();
  std::array<std::vector<std::uint32_t>, kRing>& buckets = s.buckets;
  const std::array<std::ptrdiff_t, 4> steps = {-static_cast<std::ptrdiff_t>(stride),
                                               static_cast<std::ptrdiff_t>(stride), -1, 1};
  for (FieldCost cost = 0; waiting > 0; ++cost) {
    // Entry costs are 1..15: nothing settled here is pushed back into this bucket.
    std::vector<std::uint32_t>& bucket = buckets[static_cast<std::size_t>(cost) % kRing];
    for (std::size_t k = 0; k < bucket.size(); ++k) {
      const std::uint32_t from = bucket[k];
      if (costs[from] != cost) continue;  // superseded by a cheaper entry
      for (const std::ptrdiff_t delta : steps) {
        const auto to = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(from) + delta);
        const int enter = entry[to];
        if (enter == 0) continue;
        const FieldCost total = cost + enter;
        if (total < costs[to]) {
          costs[to] = total;
          buckets[static_cast<std::size_t>(total) % kRing].push_back(to);
          ++waiting;
        }
      }
    }
    waiting -= bucket.size();
    bucket.clear();
  }

  DistanceField field(width, height, kFieldUnreachable);
  for (int y = 0; y < height; ++y) {
    const FieldCost* row = &s.cost[index({0, y})];
    std::transform(row, row + width,
                   &field.cells()[static_cast<std::size_t>(y) * static_cast<std::size_t>(width)],
                   [](FieldCost cost) { return cost == kFar ? kFieldUnreachable : cost; });
  }
  return field;
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
