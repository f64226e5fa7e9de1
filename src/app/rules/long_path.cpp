#include "app/rules/long_path.h"

#include "tactics/solver/move_rules.h"

namespace tactics::app {

std::optional<LongPath> longPathTo(const Scene& scene, const DistanceField& field,
                                   const RangeResult* range, Cell target) {
  const Unit* unit = scene.selectedUnit();
  if (!unit || !scene.map.contains(target)) return std::nullopt;
  if (field.width() != scene.map.width() || field.height() != scene.map.height()) {
    return std::nullopt;
  }
  if (range && range->reached(target)) return std::nullopt;
  LongPath result;
  result.path = cheapestPath(scene.map, unit->movement, field, target);
  if (result.path.size() < 2 || result.path.front() != unit->cell) return std::nullopt;
  // What each step costs and where a turn may end: the rules seam's answer for this unit
  // (a friend's cell is crossed, never stood on; the path starts on the unit's own cell).
  const RangeQuery query = sceneQuery(scene, *scene.selected);
  const MoveRules rules(scene.map, query);
  std::vector<int> entry;
  std::vector<bool> canStop;
  for (Cell c : result.path) {
    const CellRule rule = rules.at(c);
    entry.push_back(cell_rule::entryCost(rule));
    canStop.push_back(cell_rule::mayStop(rule));
  }
  result.turns = planTurns(entry, canStop, unit->moveRange);
  return result;
}

}  // namespace tactics::app
