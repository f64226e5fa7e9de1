#include "tactics/solver/turn_path.h"

#include "tactics/solver/move_rules.h"

namespace tactics {

std::vector<Cell> cheapestPath(const CostMap& map, const MovementClass& movement,
                               const DistanceField& field, Cell target) {
  if (!map.contains(target) || field[target] == kFieldUnreachable) return {};
  std::vector<Cell> reversed{target};
  Cell at = target;
  while (field[at] > 0) {
    // Each step back lowers the field by the cell's entry cost (at least 1), so this ends; a
    // cell the class cannot enter means the field is not this class's (a stale one).
    const CellRule rule = terrainRule(map, movement, at);
    if (!cell_rule::enterable(rule)) return {};
    const FieldCost entry = cell_rule::entryCost(rule);
    bool found = false;
    const Topology topology = map.topology();
    for (int k = 0; k < topology.neighbourCount(); ++k) {
      const Cell from = topology.neighbour(at, k);
      if (!map.contains(from) || field[from] == kFieldUnreachable) continue;
      if (field[from] + entry == field[at]) {
        at = from;
        found = true;
        break;
      }
    }
    if (!found) return {};  // not a field of this movement class
    reversed.push_back(at);
  }
  return {reversed.rbegin(), reversed.rend()};
}

TurnPlan planTurns(const std::vector<int>& entry, const std::vector<bool>& canStop, int moveRange) {
  TurnPlan plan;
  const std::size_t last = entry.size() == 0 ? 0 : entry.size() - 1;
  std::size_t start = 0;
  while (start < last && moveRange >= 1) {
    std::size_t end = start;
    int spent = 0;
    for (std::size_t i = start + 1; i <= last; ++i) {
      spent += entry[i];
      if (spent > moveRange) break;
      if (canStop[i]) end = i;
    }
    if (end == start && canStop[start + 1]) end = start + 1;  // the one-step rule
    if (end == start) break;  // no cell to end this turn on: the rest cannot be walked
    plan.ends.push_back(end);
    start = end;
  }
  plan.complete = !plan.ends.empty() && plan.ends.back() == last;
  return plan;
}

}  // namespace tactics
