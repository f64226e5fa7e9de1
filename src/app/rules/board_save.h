#pragma once
// Saving the board the demo shows: as a scenario JSON (SPEC §6) with its map as a greyscale PNG
// beside it (or naming the open Tiled map, when nothing was painted on it), which `solve
// --scenario` and the demo read back as the same board (units, terrain, classes, rules and
// props). The files are written whole or not at all. No GL.

#include <optional>
#include <string>

#include "app/rules/scene.h"
#include "tactics/io/input_files.h"
#include "tactics/io/scenario.h"

namespace tactics::app {

// The scene as a scenario whose map is `mapPath`: the scene's own map (its terrains are the
// scenario's own list, Scene::terrains) or a PNG of its terrain (the map's names, unless they
// are SPEC §1's five). Every unit's class is one of the scenario's
// classes with the unit's movement: a unit whose costs were edited away from its class gets the
// class with the same costs, or a new class named after its old one ("foot-2").
Scenario sceneScenario(const Scene& scene, const std::string& mapPath);

// Whether a scenario saved from the scene can name the scene's own map rather than a PNG beside
// it: a Tiled map whose file still reads (against the scenario's terrains) as the board's
// terrain, cell for cell. Reads the map again.
bool keepsOpenMap(const Scene& scene);

// Where a saved scenario's map is: a greyscale PNG written beside it (same name, .png), or the
// scene's own map, named and left as it is (keepsOpenMap).
enum class ScenarioMap { PngBeside, OpenMap };

// Writes the scene to `scenarioPath` (.json), making the folder when it does not exist. With
// PngBeside its map is written too, both files or neither; a map with terrains beyond the fifth,
// which no grey PNG holds, is refused. With OpenMap the scenario names the scene's map (and the
// scenario's terrains it is read against) and nothing else is written. A board breaking SPEC
// §14's rules (combatBoardProblem: a unit without hp on a board that fights, say) is refused, as
// the reader would refuse it. Returns why not.
std::optional<std::string> saveSceneAsScenario(const Scene& scene, const std::string& scenarioPath,
                                               ScenarioMap map = ScenarioMap::PngBeside);

// The files the open board depends on, which no save may replace: the map (its tilesets and
// their images for a Tiled map) and the scenario, called "the open map" / "the open scenario".
std::vector<InputFile> sceneInputFiles(const Scene& scene);

// Makes the folder of `path` when it does not exist (the fallback save folder under ~/.local).
std::optional<std::string> makeFolderFor(const std::string& path);

}  // namespace tactics::app
