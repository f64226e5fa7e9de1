#include "core/reference_solver.h"

#include <algorithm>
#include <limits>

namespace tactics {

namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

// Cheapest cost and, among cheapest paths, fewest steps, for every cell.
struct Distances {
  Grid<int> cost;
  Grid<int> steps;
};

Distances cheapestPaths(const CostMap& map, const RangeQuery& query,
                        const Grid<Occupant>& occupants) {
  const int range = query.moveRange;
  Distances d{Grid<int>(map.width(), map.height(), kUnreached),
              Grid<int>(map.width(), map.height(), kUnreached)};
  d.cost[query.unit] = 0;
  d.steps[query.unit] = 0;
  if (range == 0) return d;

  // Dial's algorithm: one bucket per travel cost 0..range. Cells beyond the range are only ever
  // the start's neighbours (the one-step rule); they are final at once and expand nothing.
  std::vector<std::vector<Cell>> buckets(static_cast<std::size_t>(range) + 1);
  buckets[0].push_back(query.unit);
  Grid<std::uint8_t> settled(map.width(), map.height(), 0);
  for (int cost = 0; cost <= range; ++cost) {
    for (std::size_t i = 0; i < buckets[static_cast<std::size_t>(cost)].size(); ++i) {
      const Cell from = buckets[static_cast<std::size_t>(cost)][i];
      if (settled[from]) continue;
      settled[from] = 1;
      for (Direction dir : kSteps) {
        const Cell to = step(from, dir);
        if (!map.contains(to)) continue;
        const auto enter = entryCost(map, query.movement, occupants, to);
        if (!enter) continue;
        const int total = cost + *enter;
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
  const Grid<Occupant> occupants = occupancy(map, query);
  const Distances d = cheapestPaths(map, query, occupants);
  const int range = query.moveRange;

  RangeResult result(map.width(), map.height());
  int mostSteps = 0;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      if (d.cost[c] == kUnreached) continue;
      result.reach[c] = Reach::Reached;
      result.travelCost[c] = d.cost[c];
      mostSteps = std::max(mostSteps, d.steps[c]);
      if (c == query.unit) continue;
      // The parent the synchronous passes settle on: the first neighbour (up, down, left,
      // right) that held its final cost one pass before this cell reached its own.
      const int enter = *entryCost(map, query.movement, occupants, c);
      for (Direction dir : kSteps) {
        const Cell n = step(c, dir);
        if (!map.contains(n) || d.cost[n] == kUnreached || d.cost[n] > range) continue;
        if (d.cost[n] + enter == d.cost[c] && d.steps[n] + 1 == d.steps[c]) {
          result.parent[c] = dir;
          break;
        }
      }
    }
  }
  // Pass k settles the cells whose fewest-step cheapest path has k steps; the pass after the
  // last of those changes nothing, and no more than moveRange passes are ever needed.
  result.passes = range == 0 ? 0 : std::min(range, mostSteps + 1);
  markAttackable(result, query);
  return result;
}

void markAttackable(RangeResult& result, const RangeQuery& query) {
  if (query.attack.none()) return;
  const int width = result.width();
  const int height = result.height();

  // Stopping cells, listed per row with their columns in increasing order, and the box that
  // holds them: only cells within `max` of that box can be attacked.
  Grid<std::uint8_t> ally(width, height, 0);
  for (Cell c : query.allies) ally[c] = 1;
  std::vector<std::vector<int>> originColumns(static_cast<std::size_t>(height));
  int left = width, top = height, right = -1, bottom = -1;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (result.reached({x, y}) && !ally[{x, y}]) {
        originColumns[static_cast<std::size_t>(y)].push_back(x);
        left = std::min(left, x);
        right = std::max(right, x);
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
    }
  }
  // True when some origin in `row` has a column in [lo, hi].
  const auto anyOriginBetween = [&](int row, int lo, int hi) {
    const auto& columns = originColumns[static_cast<std::size_t>(row)];
    const auto it = std::lower_bound(columns.begin(), columns.end(), lo);
    return it != columns.end() && *it <= hi;
  };

  const int lo = query.attack.min;
  const int hi = query.attack.max;
  for (int y = std::max(0, top - hi); y <= std::min(height - 1, bottom + hi); ++y) {
    for (int x = std::max(0, left - hi); x <= std::min(width - 1, right + hi); ++x) {
      const Cell c{x, y};
      if (result.reach[c] != Reach::None) continue;
      bool attackable = false;
      for (int row = std::max(top, y - hi); row <= std::min(bottom, y + hi) && !attackable; ++row) {
        // Origins in this row at horizontal distance dx with lo <= |dy| + dx <= hi.
        const int dy = std::abs(row - y);
        const int far = hi - dy;
        const int near = std::max(0, lo - dy);
        attackable = anyOriginBetween(row, x - far, x - near) || anyOriginBetween(row, x + near, x + far);
      }
      if (attackable) result.reach[c] = Reach::Attackable;
    }
  }
}

}  // namespace tactics
