#include "app/rules/board_edits.h"

#include <utility>

namespace tactics::app {

std::optional<std::string> setObjective(Scene& scene, const Objective& objective) {
  if (objective.type == Objective::Type::Rout) {
    scene.objective.reset();
    return std::nullopt;
  }
  if (!boardFights(scene.units)) {
    return std::string(
        "an objective is for a board that fights: give its units hp first (the "
        "unit editor's Combat)");
  }
  // Only what the type reads is kept, as the scenario writes it and reads it back.
  Objective kept{objective.type, {}, 0};
  if (objective.type == Objective::Type::Seize) kept.at = objective.at;
  if (objective.type == Objective::Type::Survive) kept.turns = objective.turns;
  if (auto problem = objectiveProblem(kept, scene.units, scene.map.width(), scene.map.height())) {
    return problem;
  }
  scene.objective = kept;
  return std::nullopt;
}

std::optional<std::string> setTerrainDefence(Scene& scene, int terrain, int value) {
  const auto& names = scene.map.terrainNames();
  if (terrain < 0 || static_cast<std::size_t>(terrain) >= names.size()) {
    return "no terrain " + std::to_string(terrain) + " on this map";
  }
  TerrainDefence defence = scene.defence;
  if (auto problem = defence.set(scene.map, names[static_cast<std::size_t>(terrain)], value)) {
    return problem;
  }
  scene.defence = defence;
  return std::nullopt;
}

std::optional<std::string> combatBoardProblem(const Scene& scene) {
  if (auto problem = combatProblem(scene.units)) return problem;
  if (!scene.objective) return std::nullopt;
  if (!boardFights(scene.units)) {
    return "the objective (" + describeObjective(*scene.objective) +
           ") is for a board that fights, but no unit has hp";
  }
  if (auto problem =
          objectiveProblem(*scene.objective, scene.units, scene.map.width(), scene.map.height())) {
    return "the objective (" + describeObjective(*scene.objective) + "): " + *problem;
  }
  return std::nullopt;
}

LevelUnits levelOf(const Scene& scene) {
  return LevelUnits{scene.units, scene.rules, scene.defence, scene.objective};
}

bool sceneHasLevel(const Scene& scene, const LevelUnits& level) {
  return sameLevel(level, scene.units, scene.rules, scene.defence, scene.objective);
}

void putLevel(Scene& scene, LevelUnits level) {
  scene.units = std::move(level.units);
  scene.rules = level.rules;
  scene.defence = level.defence;
  scene.objective = level.objective;
}

}  // namespace tactics::app
