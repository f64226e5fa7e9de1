#include "rules_model.h"

#include <algorithm>
#include <limits>

namespace tactics::testing {

RangeResult solveRulesModel(const CostMap& map, const RangeQuery& query, RulesModel model) {
  const Topology topology = map.topology();
  const int neighbours = topology.neighbourCount();
  const bool units = !query.ignoreUnits;  // §11.6: no other unit stands on the board
  const auto standsIn = [&](const std::vector<Cell>& cells, Cell c) {
    return units && std::find(cells.begin(), cells.end(), c) != cells.end();
  };
  const bool pass = query.skills.has(Skill::Pass);
  const bool zoc = query.zoc && !query.skills.has(Skill::Skirmisher) && units;
  // §11.2: next to a unit hostile to the mover; the mover's own cell is exempt.
  const auto zocCell = [&](Cell c) {
    if (!zoc || c == query.unit) return false;
    for (int k = 0; k < neighbours; ++k) {
      if (standsIn(query.enemies, topology.neighbour(c, k))) return true;
    }
    return false;
  };
  // §2 and §11.3: allies, and enemies with pass, are crossed but never stopped on.
  const auto crossOnly = [&](Cell c) {
    return standsIn(query.allies, c) || (pass && standsIn(query.enemies, c));
  };
  const auto enterable = [&](Cell c) {
    if (c == query.unit || !query.movement.passable(map.terrain(c))) return false;
    if (standsIn(query.enemies, c) && !pass) return false;
    return !(crossOnly(c) && zocCell(c) && model != RulesModel::CrossesZoc);
  };

  constexpr int kNone = std::numeric_limits<int>::max();
  Grid<int> cost(map.width(), map.height(), kNone);
  cost[query.unit] = 0;
  const int range = query.moveRange;
  // A reached cell leads on when it is the start, or within the range and not a zone of control
  // cell (§2's one-step rule, §11.2).
  const auto leadsOn = [&](Cell n) {
    if (n == query.unit) return true;
    return cost[n] <= range && (model == RulesModel::ZocPropagates || !zocCell(n));
  };
  // A step from neighbour n into c at `total`: allowed within the range, or from the start.
  const auto steps = [&](Cell c, auto&& visit) {
    const int entry = query.movement.cost(map.terrain(c));
    for (int k = 0; k < neighbours; ++k) {
      const Cell n = topology.neighbour(c, k);
      if (!map.contains(n) || cost[n] == kNone || !leadsOn(n)) continue;
      const int total = cost[n] + entry;
      if (total <= range || n == query.unit) visit(k, n, total);
    }
  };
  for (bool changed = range > 0; changed;) {
    changed = false;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        if (!enterable(c)) continue;
        steps(c, [&](int, Cell, int total) {
          if (total < cost[c]) {
            cost[c] = total;
            changed = true;
          }
        });
      }
    }
  }
  // The fewest steps among each cell's cheapest paths: the synchronous pass that settles it.
  Grid<int> fewest(map.width(), map.height(), kNone);
  fewest[query.unit] = 0;
  int mostSteps = 0;
  for (bool changed = range > 0; changed;) {
    changed = false;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        if (cost[c] == kNone || c == query.unit) continue;
        steps(c, [&](int, Cell n, int total) {
          if (total == cost[c] && fewest[n] != kNone && fewest[n] + 1 < fewest[c]) {
            fewest[c] = fewest[n] + 1;
            mostSteps = std::max(mostSteps, fewest[c]);
            changed = true;
          }
        });
      }
    }
  }

  RangeResult result(map.width(), map.height(), map.layout());
  // The GPU's passes: one per step of the longest such path, a quiet one, at most the range.
  result.passes = range == 0 ? 0 : std::min(range, mostSteps + 1);
  std::vector<Cell> origins;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      if (cost[c] == kNone) continue;
      result.reach[c] = Reach::Reached;
      result.travelCost[c] = cost[c];
      if (!crossOnly(c)) origins.push_back(c);  // §3's stopping cells; the start counts
      if (c == query.unit) continue;
      // §2's tie rule: the first neighbour on a cheapest path among the fewest steps.
      steps(c, [&](int k, Cell n, int total) {
        if (result.parent[c] == Direction::None && total == cost[c] && fewest[n] + 1 == fewest[c]) {
          result.parent[c] = neighbourDirection(k);
        }
      });
    }
  }
  if (query.attack.none()) return result;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      if (result.reached(c)) continue;
      for (Cell o : origins) {
        if (query.attack.contains(topology.distance(o, c)) &&
            (!query.sight.on || sightModel(map, query.sight.blockers, o, c))) {
          result.reach[c] = Reach::Attackable;
          break;
        }
      }
    }
  }
  return result;
}

bool segmentCutsModel(Cell s, Cell t, Cell c) {
  if (c.x < std::min(s.x, t.x) || c.x > std::max(s.x, t.x) || c.y < std::min(s.y, t.y) ||
      c.y > std::max(s.y, t.y)) {
    return false;
  }
  // In half-cell units: centres at odd coordinates, corners at even ones.
  const long long dx = t.x - s.x;
  const long long dy = t.y - s.y;
  bool below = false;
  bool above = false;
  for (const int cx : {2 * c.x, 2 * c.x + 2}) {
    for (const int cy : {2 * c.y, 2 * c.y + 2}) {
      const long long side = dy * (cx - (2 * s.x + 1)) - dx * (cy - (2 * s.y + 1));
      below = below || side < 0;
      above = above || side > 0;
    }
  }
  return below && above;
}

bool sightModel(const CostMap& map, std::uint64_t blockers, Cell s, Cell t) {
  for (int y = std::min(s.y, t.y); y <= std::max(s.y, t.y); ++y) {
    for (int x = std::min(s.x, t.x); x <= std::max(s.x, t.x); ++x) {
      const Cell c{x, y};
      if (c == s || c == t) continue;
      const int terrain = map.terrain(c);
      const bool blocks = terrain < 64 && ((blockers >> terrain) & 1U) != 0;
      if (blocks && segmentCutsModel(s, t, c)) return false;
    }
  }
  return true;
}

}  // namespace tactics::testing
