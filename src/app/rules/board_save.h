#pragma once
// Saving the board the demo shows: as a scenario JSON (SPEC §6) with its map as a greyscale PNG
// beside it, which `solve --scenario` and the demo read back as the same board (units, terrain,
// classes, rules and props). The files are written whole or not at all. No GL.

#include <optional>
#include <string>

#include "app/rules/scene.h"
#include "tactics/io/input_files.h"
#include "tactics/io/scenario.h"

namespace tactics::app {

// The scene as a scenario whose map is `mapPath`. Every unit's class is one of the scenario's
// classes with the unit's movement: a unit whose costs were edited away from its class gets the
// class with the same costs, or a new class named after its old one ("foot-2").
Scenario sceneScenario(const Scene& scene, const std::string& mapPath);

// Writes the scene to `scenarioPath` (.json) and its map to mapBesideScenario() (.png), both or
// neither, making the folder when it does not exist. Returns why not.
std::optional<std::string> saveSceneAsScenario(const Scene& scene, const std::string& scenarioPath);

// The files the open board depends on, which no save may replace: the map (its tilesets and
// their images for a Tiled map) and the scenario, called "the open map" / "the open scenario".
std::vector<InputFile> sceneInputFiles(const Scene& scene);

// Makes the folder of `path` when it does not exist (the fallback save folder under ~/.local).
std::optional<std::string> makeFolderFor(const std::string& path);

}  // namespace tactics::app
