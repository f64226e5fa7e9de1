#include "close_once_model.h"

#include "tactics/solver/move_rules.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::testing {

RangeResult solveCloseOnce(const CostMap& map, const RangeQuery& query) {
  const MoveRules moveRules(map, query);
  const RuleWindow rules = moveRules.bake(CellBox{0, 0, map.width() - 1, map.height() - 1});
  const Topology topology = map.topology();
  RangeResult result(map.width(), map.height(), map.layout());
  result.reach[query.unit] = Reach::Reached;
  result.travelCost[query.unit] = 0;
  for (int pass = 1; pass <= query.moveRange; ++pass) {
    RangeResult next = result;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        if (result.reached(c)) continue;  // closed for good
        if (!cell_rule::enterable(rules[c])) continue;
        const int enter = cell_rule::entryCost(rules[c]);
        for (int k = 0; k < topology.neighbourCount(); ++k) {
          const Cell from = topology.neighbour(c, k);
          if (!map.contains(from) || !result.reached(from)) continue;
          const int total = result.travelCost[from] + enter;
          const bool affordable = total <= query.moveRange || from == query.unit;
          if (affordable && (next.travelCost[c] < 0 || total < next.travelCost[c])) {
            next.reach[c] = Reach::Reached;
            next.travelCost[c] = total;
            next.parent[c] = neighbourDirection(k);
          }
        }
      }
    }
    result = next;
  }
  markAttackable(result, query.attack, rules);
  return result;
}

}  // namespace tactics::testing
