#include "app/demo_startup.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "app/ui/asset_paths.h"
#include "tactics/io/file_io.h"

namespace tactics::app {

namespace {

// The board the demo opens: the one named, else the default scenario.
Expected<std::string> boardPath(const DemoOptions& options, const std::optional<std::string>& assets) {
  if (options.mapPath) return *options.mapPath;
  if (options.scenarioPath) return *options.scenarioPath;
  if (assets) return *assets + "/scenarios/default.json";
  std::string tried;
  for (const std::string& dir : assetCandidates()) tried += " " + dir;
  return Error{"cannot find the demo's assets (looked in" + tried + "); pass --scenario FILE"};
}

// --select, --hover, --click and --mark name cells of the board; a mark names an enemy.
std::optional<std::string> checkCells(const DemoOptions& options, const Scene& scene) {
  std::vector<std::pair<const char*, std::optional<Cell>>> cells = {{"--select", options.select},
                                                                     {"--hover", options.hover}};
  for (Cell mark : options.marks) cells.emplace_back("--mark", mark);
  for (Cell click : options.clicks) cells.emplace_back("--click", click);
  for (const auto& [flag, cell] : cells) {
    if (cell && !scene.map.contains(*cell)) {
      return std::string(flag) + " " + toString(*cell) + " is outside " + scene.map.boundsText();
    }
  }
  for (Cell mark : options.marks) {
    // A hidden enemy (SPEC §11.5) is unknown to the player: its cell looks empty.
    const auto unit = seenUnitAt(scene.units, mark);
    if (!unit || scene.units[*unit].team != Team::Enemy) {
      return "--mark " + toString(mark) + ": no enemy stands there; mark a cell with an enemy on it";
    }
  }
  if (options.select && !seenUnitAt(scene.units, *options.select)) {
    return "--select " + toString(*options.select) +
           ": no unit stands there; select a cell with a unit on it";
  }
  return std::nullopt;
}

// The selection the demo starts with: --select's unit; for --bench-frames, which times frames
// with a range on screen, the first player unit unless told.
std::optional<std::size_t> startingSelection(const DemoOptions& options, const Scene& scene) {
  if (options.select) return seenUnitAt(scene.units, *options.select);
  if (!options.benchFrames) return std::nullopt;
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    if (scene.units[i].team == Team::Player) return i;
  }
  return std::nullopt;
}

// --screenshot names a file that can be written and is none of the board's inputs.
std::optional<std::string> checkScreenshot(const std::string& shot,
                                           const std::vector<std::string>& inputs) {
  if (auto problem = checkWritable(shot)) return "--screenshot: " + *problem;
  for (const std::string& input : inputs) {
    if (sameFile(shot, input)) {
      return "--screenshot '" + shot + "' is the board's input '" + input +
             "'; write the screenshot somewhere else";
    }
  }
  if (isStandardOutput(shot)) {
    return "--screenshot '" + shot + "' is standard output, which carries the board line; write "
           "to a file";
  }
  return std::nullopt;
}

}  // namespace

Expected<DemoStartup> prepareDemo(const std::vector<std::string>& args) {
  auto options = parseDemoOptions(args);
  if (!options) return Error{options.error()};
  if (options->help) return DemoStartup{std::move(*options), Scene{}, {}, {}};
  if (options->mapPath && options->scenarioPath) {
    return Error{"--map and --scenario both name a board; give one"};
  }
  const auto assets = findAssetsDir();
  std::vector<std::string> boards;
  if (assets) {
    boards = listScenarios(*assets + "/scenarios");
    for (std::string& map : listMaps(*assets + "/maps")) boards.push_back(std::move(map));
  }
  const std::string defaultScenario = assets ? *assets + "/scenarios/default.json" : "";
  if (options->soak && defaultScenario.empty()) {
    return Error{"--soak measures memory on the default scenario, but the demo's assets are not "
                 "found"};
  }

  const auto path = boardPath(*options, assets);
  if (!path) return Error{path.error()};
  auto opened = options->mapPath ? openMapBoard(*path) : openBoard(*path);
  if (!opened) return Error{opened.error()};
  Scene scene = std::move(*opened);
  if (std::find(boards.begin(), boards.end(), *path) == boards.end()) boards.push_back(*path);

  if (auto problem = checkCells(*options, scene)) return Error{*problem};
  if (options->scriptPath) {
    auto steps = readPlayScript(*options->scriptPath);
    if (!steps) return Error{"--script " + steps.error()};
    options->script = std::move(*steps);
  }
  scene.selected = startingSelection(*options, scene);
  if (options->screenshotPath) {
    if (auto problem = checkScreenshot(*options->screenshotPath, {*path, scene.mapPath})) {
      return Error{*problem};
    }
  }
  return DemoStartup{std::move(*options), std::move(scene), std::move(boards), defaultScenario};
}

}  // namespace tactics::app
