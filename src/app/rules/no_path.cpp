#include "app/rules/no_path.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace tactics::app {

namespace {

bool reaches(const Scene& scene, const FieldQuery& query, Cell target) {
  return solveFieldReference(scene.map, query)[target] != kFieldUnreachable;
}

}  // namespace

std::optional<NoPath> explainNoPath(const Scene& scene, const DistanceField& field, Cell target) {
  if (!scene.selected || *scene.selected >= scene.units.size()) return std::nullopt;
  if (!scene.map.contains(target) || field.width() != scene.map.width() ||
      field.height() != scene.map.height() || field[target] != kFieldUnreachable) {
    return std::nullopt;
  }
  FieldQuery query = fieldQueryFrom(scene.units, *scene.selected);
  if (std::find(query.blockers.begin(), query.blockers.end(), target) != query.blockers.end()) {
    return std::nullopt;
  }
  const std::vector<Cell> blockers = query.blockers;
  query.blockers.clear();
  if (!reaches(scene, query, target)) return NoPath{};

  // The blockers by their index in the roster, nearest the target first.
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    if (i == *scene.selected) continue;
    if (std::find(blockers.begin(), blockers.end(), scene.units[i].cell) != blockers.end()) {
      candidates.push_back(i);
    }
  }
  const Topology topology = scene.map.topology();
  const auto distance = [&](std::size_t i) { return topology.distance(scene.units[i].cell, target); };
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](std::size_t a, std::size_t b) { return distance(a) < distance(b); });
  for (const std::size_t i : candidates) {
    query.blockers = blockers;
    query.blockers.erase(
        std::remove(query.blockers.begin(), query.blockers.end(), scene.units[i].cell),
        query.blockers.end());
    if (reaches(scene, query, target)) return NoPath{i};
  }
  return NoPath{};
}

std::string describe(const NoPath& noPath, const Scene& scene) {
  if (!noPath.blocker || *noPath.blocker >= scene.units.size()) return "no path";
  const Unit& unit = scene.units[*noPath.blocker];
  return "blocked by " + unit.name + " at " + std::to_string(unit.cell.x) + "," +
         std::to_string(unit.cell.y);
}

}  // namespace tactics::app
