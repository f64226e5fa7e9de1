#include "app/rules/long_path.h"

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
  std::vector<int> entry;
  std::vector<bool> canStop;
  for (Cell c : result.path) {
    entry.push_back(unit->movement.cost(scene.map.terrain(c)));
    const auto standing = unitAt(scene.units, c);
    canStop.push_back(!standing || *standing == *scene.selected);
  }
  result.turns = planTurns(entry, canStop, unit->moveRange);
  return result;
}

}  // namespace tactics::app
