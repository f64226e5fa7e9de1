#include "tactics/solver/reference_solver.h"

#include "tactics/solver/move_rules.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>

namespace tactics {

namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

void markAttackableFrom(RangeResult& result, const AttackRange& attack,
                        const std::vector<Cell>& origins);

// Per-cell values over a window of the map (the cells a solve can reach), indexed by map cell,
// in storage the thread keeps between solves: a game or a bench asks thousands of small queries,
// and allocating the grids anew took a tenth of each one.
template <class T>
class WindowGrid {
 public:
  WindowGrid(const CellBox& box, T fill, std::vector<T>& storage) : box_(box), cells_(storage) {
    cells_.assign(static_cast<std::size_t>(box.width()) * static_cast<std::size_t>(box.height()),
                  fill);
  }
  T& operator[](Cell c) { return cells_[index(c)]; }
  const T& operator[](Cell c) const { return cells_[index(c)]; }

 private:
  [[nodiscard]] std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.y - box_.y0) * static_cast<std::size_t>(box_.width()) +
           static_cast<std::size_t>(c.x - box_.x0);
  }
  CellBox box_;
  std::vector<T>& cells_;
};

// The storage one thread's solves reuse.
struct Scratch {
  std::vector<int> cost;
  std::vector<int> steps;
  std::vector<std::uint8_t> settled;
  std::vector<std::vector<Cell>> buckets;
  std::vector<Cell> origins;  // the reached cells the mover may stop on
  RuleWindow rules;
};

Scratch& scratch() {
  thread_local Scratch kept;
  return kept;
}

// Cheapest cost and, among cheapest paths, fewest steps, for every cell of the window.
struct Distances {
  WindowGrid<int> cost;
  WindowGrid<int> steps;
};

Distances cheapestPaths(const RangeQuery& query, const RuleWindow& rules, Scratch& s) {
  const int range = query.moveRange;
  const CellBox& window = rules.box();
  Distances d{WindowGrid<int>(window, kUnreached, s.cost),
              WindowGrid<int>(window, kUnreached, s.steps)};
  d.cost[query.unit] = 0;
  d.steps[query.unit] = 0;
  if (range == 0) return d;

  // Dial's algorithm: one bucket per travel cost 0..range. A cell that halts travel (SPEC §2's
  // one-step cells beyond the range, and whatever the rules seam says halts) is settled like
  // any other but expands nothing; every other cell beyond the range is never reached.
  auto& buckets = s.buckets;
  for (auto& bucket : buckets) bucket.clear();
  if (buckets.size() < static_cast<std::size_t>(range) + 1) {
    buckets.resize(static_cast<std::size_t>(range) + 1);
  }
  buckets[0].push_back(query.unit);
  WindowGrid<std::uint8_t> settled(window, 0, s.settled);
  for (int cost = 0; cost <= range; ++cost) {
    for (std::size_t i = 0; i < buckets[static_cast<std::size_t>(cost)].size(); ++i) {
      const Cell from = buckets[static_cast<std::size_t>(cost)][i];
      if (settled[from]) continue;
      settled[from] = 1;
      if (from != query.unit && !cell_rule::continues(rules[from])) continue;
      for (Direction dir : kSteps) {
        const Cell to = step(from, dir);
        // Every cell a path within the range can enter lies inside the window.
        if (!window.contains(to) || !cell_rule::enterable(rules[to])) continue;
        const int total = cost + cell_rule::entryCost(rules[to]);
        const int steps = d.steps[from] + 1;
        if (total > range && from != query.unit) continue;
        if (total < d.cost[to] || (total == d.cost[to] && steps < d.steps[to])) {
          d.cost[to] = total;
          d.steps[to] = steps;
          if (total <= range) buckets[static_cast<std::size_t>(total)].push_back(to);
        }
      }
    }
  }
  return d;
}

}  // namespace

RangeResult solveReference(const CostMap& map, const RangeQuery& query) {
  RangeResult result(map.width(), map.height());
  result.written = CellBox{};  // fresh: every cell holds its defaults
  solveReference(map, query, result);
  return result;
}

void solveReference(const CostMap& map, const RangeQuery& query, RangeResult& result) {
  clearForRefill(result, map.width(), map.height());
  // Work in the window of cells within moveRange steps, never the whole map, on the rules the
  // seam bakes for it.
  Scratch& s = scratch();
  const MoveRules moveRules(map, query);
  moveRules.bake(moveRules.reachBox(), s.rules);
  const RuleWindow& rules = s.rules;
  const CellBox& window = rules.box();
  const Distances d = cheapestPaths(query, rules, s);
  const int range = query.moveRange;
  // A reached cell can lead on to its neighbours: the start, or a cell within the range that
  // does not halt travel.
  const auto leads = [&](Cell n) {
    return n == query.unit || (d.cost[n] <= range && cell_rule::continues(rules[n]));
  };

  // Row by row over the window: the result's grids are written in memory order (a list of the
  // reached cells in the order Dial's loop reached them scattered the writes, and the bench's
  // mid and long cases ran a quarter slower that way).
  int mostSteps = 0;
  s.origins.clear();
  for (int y = window.y0; y <= window.y1; ++y) {
    for (int x = window.x0; x <= window.x1; ++x) {
      const Cell c{x, y};
      if (d.cost[c] == kUnreached) continue;
      result.reach[c] = Reach::Reached;
      result.travelCost[c] = d.cost[c];
      mostSteps = std::max(mostSteps, d.steps[c]);
      if (cell_rule::mayStop(rules[c])) s.origins.push_back(c);
      if (c == query.unit) continue;
      // The parent the synchronous passes settle on: the first neighbour (up, down, left,
      // right) that held its final cost one pass before this cell reached its own.
      const int enter = cell_rule::entryCost(rules[c]);
      for (Direction dir : kSteps) {
        const Cell n = step(c, dir);
        if (!window.contains(n) || d.cost[n] == kUnreached || !leads(n)) continue;
        if (d.cost[n] + enter == d.cost[c] && d.steps[n] + 1 == d.steps[c]) {
          result.parent[c] = dir;
          break;
        }
      }
    }
  }
  result.written = window;
  // Pass k settles the cells whose fewest-step cheapest path has k steps; the pass after the
  // last of those changes nothing, and no more than moveRange passes are ever needed.
  result.passes = range == 0 ? 0 : std::min(range, mostSteps + 1);
  markAttackableFrom(result, query.attack, s.origins);
}

void markAttackable(RangeResult& result, const AttackRange& attack, const RuleWindow& rules) {
  if (attack.none()) return;
  // Stopping cells: reached, and the mover may end its move there (SPEC §3). Reached cells all
  // lie in the result's written box and in the rules' box.
  const CellBox searched =
      result.written.clippedTo(result.width(), result.height()).intersectedWith(rules.box());
  std::vector<Cell> origins;
  for (int y = searched.y0; y <= searched.y1; ++y) {
    for (int x = searched.x0; x <= searched.x1; ++x) {
      if (result.reached({x, y}) && cell_rule::mayStop(rules[{x, y}])) origins.push_back({x, y});
    }
  }
  markAttackableFrom(result, attack, origins);
}

namespace {

// markAttackable's work, from the stopping cells (in any order).
void markAttackableFrom(RangeResult& result, const AttackRange& attack,
                        const std::vector<Cell>& origins) {
  if (attack.none() || origins.empty()) return;
  const int width = result.width();
  const int height = result.height();
  // The box that holds the origins: only cells within `max` of it can be attacked.
  int left = width, top = height, right = -1, bottom = -1;
  for (const Cell o : origins) {
    left = std::min(left, o.x);
    right = std::max(right, o.x);
    top = std::min(top, o.y);
    bottom = std::max(bottom, o.y);
  }

  // Each range of the set per origin (SPEC §11.4): a hole such as the 2 of "1,3" stays a hole.
  const std::vector<AttackSpan> spans = attack.merged();
  const int hi = attack.maxDistance();
  const CellBox marked =
      CellBox{left - hi, top - hi, right + hi, bottom + hi}.clippedTo(width, height);
  const auto mark = [&](Cell c) {
    if (result.reach[c] == Reach::None) result.reach[c] = Reach::Attackable;
  };
  // Two ways to the same cells. Scattering writes every origin's rings: the cheaper when the
  // rings are small (a sword or a bow: 4..12 cells each). Gathering asks, for each cell around
  // the origins that the move did not reach, whether some origin lies at a distance in the set
  // (two binary searches per row and range, stopping at the first origin found): the cheaper
  // for long ranges from a large reach, whose rings overlap many times over. Measured on 32x32 to
  // 128x128 boards (moves 8..64, ranges 1-2..1-30), a search and a write cost about the same.
  std::int64_t ringCells = 0;
  for (const AttackSpan& span : spans) {
    ringCells +=
        2 * std::int64_t{span.max} * (span.max + 1) - 2 * std::int64_t{span.min} * (span.min - 1);
  }
  const std::int64_t scatterWork = std::int64_t(origins.size()) * ringCells;
  const std::int64_t unreachedCells = std::max<std::int64_t>(
      0, std::int64_t(marked.width()) * marked.height() - std::int64_t(origins.size()));
  const std::int64_t searches = unreachedCells * (2 * hi + 1) * std::int64_t(spans.size()) * 2;
  if (scatterWork <= searches) {
    for (const Cell o : origins) {
      for (const AttackSpan& span : spans) {
        for (int dy = -span.max; dy <= span.max; ++dy) {
          const int y = o.y + dy;
          if (y < 0 || y >= height) continue;
          const int far = span.max - std::abs(dy);
          const int near = std::max(0, span.min - std::abs(dy));
          // Columns o.x - far .. o.x - near and o.x + near .. o.x + far (once when near is 0).
          for (int x = std::max(0, o.x - far); x <= std::min(width - 1, o.x - near); ++x)
            mark({x, y});
          for (int x = std::max(0, o.x + std::max(near, 1)); x <= std::min(width - 1, o.x + far);
               ++x) {
            mark({x, y});
          }
        }
      }
    }
  } else {
    std::vector<std::vector<int>> originColumns(static_cast<std::size_t>(height));
    for (const Cell o : origins) originColumns[static_cast<std::size_t>(o.y)].push_back(o.x);
    for (auto& columns : originColumns) std::sort(columns.begin(), columns.end());
    // True when some origin in `row` has a column in [lo, up].
    const auto anyOriginBetween = [&](int row, int lo, int up) {
      const auto& columns = originColumns[static_cast<std::size_t>(row)];
      const auto it = std::lower_bound(columns.begin(), columns.end(), lo);
      return it != columns.end() && *it <= up;
    };
    for (int y = marked.y0; y <= marked.y1; ++y) {
      for (int x = marked.x0; x <= marked.x1; ++x) {
        const Cell c{x, y};
        if (result.reach[c] != Reach::None) continue;
        bool attackable = false;
        for (int row = std::max(top, y - hi); row <= std::min(bottom, y + hi) && !attackable;
             ++row) {
          // Origins in this row at horizontal distance dx with min <= |dy| + dx <= max.
          const int dy = std::abs(row - y);
          for (std::size_t i = 0; i < spans.size() && !attackable; ++i) {
            if (dy > spans[i].max) continue;
            const int far = spans[i].max - dy;
            const int near = std::max(0, spans[i].min - dy);
            attackable = anyOriginBetween(row, x - far, x - near) ||
                         anyOriginBetween(row, x + near, x + far);
          }
        }
        if (attackable) result.reach[c] = Reach::Attackable;
      }
    }
  }
  result.written = result.written.unitedWith(marked);
}

}  // namespace

}  // namespace tactics
