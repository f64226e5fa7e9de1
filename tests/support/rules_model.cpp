#include "rules_model.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace tactics::testing {

RangeResult solveRulesModel(const CostMap& map, const RangeQuery& query, RulesModel model) {
  const bool units = !query.ignoreUnits;  // §11.6: no other unit stands on the board
  const auto standsIn = [&](const std::vector<Cell>& cells, Cell c) {
    return units && std::find(cells.begin(), cells.end(), c) != cells.end();
  };
  const bool pass = query.skills.has(Skill::Pass);
  const bool zoc = query.zoc && !query.skills.has(Skill::Skirmisher) && units;
  // §11.2: next to a unit hostile to the mover; the mover's own cell is exempt.
  const auto zocCell = [&](Cell c) {
    if (!zoc || c == query.unit) return false;
    for (Direction d : kSteps) {
      if (standsIn(query.enemies, step(c, d))) return true;
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
  for (bool changed = range > 0; changed;) {
    changed = false;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        if (!enterable(c)) continue;
        const int entry = query.movement.cost(map.terrain(c));
        for (Direction d : kSteps) {
          const Cell n = step(c, d);
          if (!map.contains(n) || cost[n] == kNone || !leadsOn(n)) continue;
          const int total = cost[n] + entry;
          if ((total <= range || n == query.unit) && total < cost[c]) {
            cost[c] = total;
            changed = true;
          }
        }
      }
    }
  }

  RangeResult result(map.width(), map.height());
  std::vector<Cell> origins;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      if (cost[c] == kNone) continue;
      result.reach[c] = Reach::Reached;
      result.travelCost[c] = cost[c];
      if (!crossOnly(c)) origins.push_back(c);  // §3's stopping cells; the start counts
    }
  }
  if (query.attack.none()) return result;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      if (result.reached(c)) continue;
      for (Cell o : origins) {
        const int d = std::abs(o.x - x) + std::abs(o.y - y);
        if (query.attack.contains(d)) {
          result.reach[c] = Reach::Attackable;
          break;
        }
      }
    }
  }
  return result;
}

}  // namespace tactics::testing
