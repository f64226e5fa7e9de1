#include "app/rules/board_save.h"

#include <filesystem>
#include <system_error>
#include <utility>

#include "app/rules/board_edits.h"
#include "app/rules/terrain_edit.h"
#include "tactics/io/file_io.h"
#include "tactics/io/tiled_map.h"

namespace tactics::app {

namespace fs = std::filesystem;

namespace {

std::string besidePng(const std::string& scenarioPath) {
  return fs::path(scenarioPath).replace_extension(".png").string();
}

// A class name for `movement`: an existing class with those costs, else `base` (or "base-N")
// added to `classes`.
std::string classFor(std::map<std::string, MovementClass>& classes, const std::string& base,
                     const MovementClass& movement) {
  const auto same = classes.find(base);
  if (same != classes.end() && same->second == movement) return base;
  for (const auto& [name, existing] : classes) {
    if (existing == movement) return name;
  }
  std::string name = base.empty() ? "custom" : base;
  for (int n = 2; classes.count(name) != 0; ++n) name = base + "-" + std::to_string(n);
  classes.emplace(name, movement);
  return name;
}

}  // namespace

Scenario sceneScenario(const Scene& scene, const std::string& mapPath) {
  Scenario scenario;
  scenario.map = scene.map;
  scenario.mapPath = mapPath;
  if (mapPath == scene.mapPath) {
    scenario.terrains = scene.terrains;
  } else if (scene.map.terrainNames() != defaultTerrainNames()) {
    scenario.terrains = scene.map.terrainNames();
  }
  scenario.classes = scene.classes;
  scenario.props = scene.props;
  scenario.rules = scene.rules;
  scenario.defence = scene.defence;
  scenario.objective = scene.objective;
  scenario.units = scene.units;
  for (Unit& unit : scenario.units) {
    unit.className = classFor(scenario.classes, unit.className, unit.movement);
  }
  return scenario;
}

bool keepsOpenMap(const Scene& scene) {
  if (!isTiledMapPath(scene.mapPath)) return false;
  const auto file = loadTiledMap(scene.mapPath, scene.terrains.empty() ? nullptr : &scene.terrains);
  if (!file) return false;
  const CostMap& map = file->costMap;
  if (map.width() != scene.map.width() || map.height() != scene.map.height() ||
      map.terrainNames() != scene.map.terrainNames()) {
    return false;
  }
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (map.terrain({x, y}) != scene.map.terrain({x, y})) return false;
    }
  }
  return true;
}

std::vector<InputFile> sceneInputFiles(const Scene& scene) {
  if (scene.scenarioPath.empty()) return mapInputFiles(scene.mapPath, "the open map");
  std::vector<InputFile> inputs = mapInputFiles(scene.scenarioPath, "the open scenario");
  if (scene.mapPath != scene.scenarioPath) {
    for (InputFile& file : mapInputFiles(scene.mapPath, "the open scenario's map")) {
      inputs.push_back(std::move(file));
    }
  }
  return inputs;
}

std::optional<std::string> makeFolderFor(const std::string& path) {
  const fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) return std::nullopt;
  std::error_code error;
  if (fs::is_directory(folder, error)) return std::nullopt;
  fs::create_directories(folder, error);
  if (error) return "cannot make the folder '" + folder.string() + "': " + error.message();
  return std::nullopt;
}

std::optional<std::string> saveSceneAsScenario(const Scene& scene, const std::string& scenarioPath,
                                               ScenarioMap map) {
  // SPEC §14's board rules are the reader's: a board that breaks them would not open again.
  if (auto problem = combatBoardProblem(scene)) return "cannot save the scenario: " + *problem;
  const bool beside = map == ScenarioMap::PngBeside;
  const std::string mapPath = beside ? besidePng(scenarioPath) : scene.mapPath;
  if (beside) {
    if (auto problem = greyImageProblem(scene.map)) {
      return "cannot save the map '" + mapPath + "': it " + *problem +
             "; a scenario on an unpainted Tiled map names that map instead";
    }
  }
  auto text = formatScenario(sceneScenario(scene, mapPath), scenarioPath);
  if (!text) return "cannot write the scenario: " + text.error();
  std::vector<OutputFile> files;
  if (beside) {
    std::vector<std::uint8_t> png = terrainPngBytes(scene.map);
    if (png.empty()) return "cannot encode the map '" + mapPath + "' as a PNG";
    files.push_back(OutputFile{mapPath, std::move(png)});
  }
  files.push_back(OutputFile{scenarioPath, std::vector<std::uint8_t>(text->begin(), text->end())});
  if (auto problem = makeFolderFor(scenarioPath)) return problem;
  for (const OutputFile& file : files) {
    if (auto problem = checkWritable(file.path)) {
      return "cannot write '" + file.path + "': " + *problem;
    }
  }
  return writeFiles(files);
}

}  // namespace tactics::app
