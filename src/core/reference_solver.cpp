#include "tactics/solver/reference_solver.h"

#include "tactics/solver/move_rules.h"

#include <algorithm>
#include <limits>

namespace tactics {

namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

// Per-cell values over a window of the map (the cells a solve can reach), indexed by map cell.
template <class T>
class WindowGrid {
 public:
  WindowGrid(const CellBox& box, T fill) : box_(box), cells_(box.width(), box.height(), fill) {}
  T& operator[](Cell c) { return cells_[{c.x - box_.x0, c.y - box_.y0}]; }
  const T& operator[](Cell c) const { return cells_[{c.x - box_.x0, c.y - box_.y0}]; }

 private:
  CellBox box_;
  Grid<T> cells_;
};

// Cheapest cost and, among cheapest paths, fewest steps, for every cell of the window.
struct Distances {
  WindowGrid<int> cost;
  WindowGrid<int> steps;
};

Distances cheapestPaths(const RangeQuery& query, const RuleWindow& rules) {
  const int range = query.moveRange;
  const CellBox& window = rules.box();
  Distances d{WindowGrid<int>(window, kUnreached), WindowGrid<int>(window, kUnreached)};
  d.cost[query.unit] = 0;
  d.steps[query.unit] = 0;
  if (range == 0) return d;

  // Dial's algorithm: one bucket per travel cost 0..range. A cell that halts travel (SPEC §2's
  // one-step cells beyond the range, and whatever the rules seam says halts) is settled like
  // any other but expands nothing; every other cell beyond the range is never reached.
  std::vector<std::vector<Cell>> buckets(static_cast<std::size_t>(range) + 1);
  buckets[0].push_back(query.unit);
  WindowGrid<std::uint8_t> settled(window, 0);
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
  const MoveRules moveRules(map, query);
  const RuleWindow rules = moveRules.bake(moveRules.reachBox());
  const CellBox& window = rules.box();
  const Distances d = cheapestPaths(query, rules);
  const int range = query.moveRange;
  // A reached cell can lead on to its neighbours: the start, or a cell within the range that
  // does not halt travel.
  const auto leads = [&](Cell n) {
    return n == query.unit || (d.cost[n] <= range && cell_rule::continues(rules[n]));
  };

  int mostSteps = 0;
  for (int y = window.y0; y <= window.y1; ++y) {
    for (int x = window.x0; x <= window.x1; ++x) {
      const Cell c{x, y};
      if (d.cost[c] == kUnreached) continue;
      result.reach[c] = Reach::Reached;
      result.travelCost[c] = d.cost[c];
      mostSteps = std::max(mostSteps, d.steps[c]);
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
  markAttackable(result, query.attack, rules);
}

void markAttackable(RangeResult& result, const AttackRange& attack, const RuleWindow& rules) {
  if (attack.none()) return;
  const int width = result.width();
  const int height = result.height();

  // Stopping cells, listed per row with their columns in increasing order, and the box that
  // holds them: only cells within `max` of that box can be attacked. Reached cells all lie in
  // the result's written box and in the rules' box.
  const CellBox searched = result.written.clippedTo(width, height).intersectedWith(rules.box());
  if (searched.empty()) return;
  std::vector<std::vector<int>> originColumns(static_cast<std::size_t>(height));
  int left = width, top = height, right = -1, bottom = -1;
  for (int y = searched.y0; y <= searched.y1; ++y) {
    for (int x = searched.x0; x <= searched.x1; ++x) {
      // Stopping cells: reached, and the mover may end its move there (SPEC §3).
      if (result.reached({x, y}) && cell_rule::mayStop(rules[{x, y}])) {
        originColumns[static_cast<std::size_t>(y)].push_back(x);
        left = std::min(left, x);
        right = std::max(right, x);
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
    }
  }
  if (right < 0) return;
  // True when some origin in `row` has a column in [lo, hi].
  const auto anyOriginBetween = [&](int row, int lo, int hi) {
    const auto& columns = originColumns[static_cast<std::size_t>(row)];
    const auto it = std::lower_bound(columns.begin(), columns.end(), lo);
    return it != columns.end() && *it <= hi;
  };

  // Each range of the set per origin (SPEC §11.4): a hole such as the 2 of "1,3" stays a hole.
  const std::vector<AttackSpan> spans = attack.merged();
  const int hi = attack.maxDistance();
  for (int y = std::max(0, top - hi); y <= std::min(height - 1, bottom + hi); ++y) {
    for (int x = std::max(0, left - hi); x <= std::min(width - 1, right + hi); ++x) {
      const Cell c{x, y};
      if (result.reach[c] != Reach::None) continue;
      bool attackable = false;
      for (int row = std::max(top, y - hi); row <= std::min(bottom, y + hi) && !attackable; ++row) {
        // Origins in this row at horizontal distance dx with min <= |dy| + dx <= max.
        const int dy = std::abs(row - y);
        for (std::size_t i = 0; i < spans.size() && !attackable; ++i) {
          if (dy > spans[i].max) continue;
          const int far = spans[i].max - dy;
          const int near = std::max(0, spans[i].min - dy);
          attackable = anyOriginBetween(row, x - far, x - near) || anyOriginBetween(row, x + near, x + far);
        }
      }
      if (attackable) result.reach[c] = Reach::Attackable;
    }
  }
  result.written = result.written.unitedWith(
      CellBox{left - hi, top - hi, right + hi, bottom + hi}.clippedTo(width, height));
}

}  // namespace tactics
