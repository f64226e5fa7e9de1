#include "tactics/io/scenario.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include "scenario_fields.h"
#include "tactics/io/file_io.h"
#include "tactics/io/map_image.h"
#include "tactics/io/tiled_map.h"

namespace tactics {

namespace {

using scenario_fields::Json;
using scenario_fields::describeValue;

// A JSON scenario is a small file; a Tiled map in JSON may be far larger (every cell of every
// layer), up to what SPEC §9's 2^27 tiles take as text.
constexpr std::uintmax_t kMaxScenarioBytes = 16u * 1024u * 1024u;
constexpr std::uintmax_t kMaxJsonMapBytes = 2u * 1024u * 1024u * 1024u;

std::string quoted(const std::string& text) { return "'" + text + "'"; }

std::string lowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

// The top-level keys that tell a scenario from a Tiled map, read without building the document
// (a Tiled map's layers may be large and nest deeper than a scenario may).
class TopLevelKeys : public nlohmann::json_sax<Json> {
 public:
  bool hasUnits = false;
  bool typeIsMap = false;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t& text) override {
    if (depth_ == 1 && key_ == "type") typeIsMap = text == "map";
    return value();
  }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t& key) override {
    if (depth_ == 1) {
      key_ = key;
      hasUnits = hasUnits || key == "units";
    }
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  int depth_ = 0;
  string_t key_;
  bool value() {
    if (depth_ == 1) key_.clear();
    return true;
  }
  bool open() {
    if (depth_ == 1) key_.clear();
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }
};

// True for JSON whose top level is a Tiled map: "type": "map" and no "units".
bool isTiledMapJson(const std::vector<std::uint8_t>& bytes) {
  TopLevelKeys keys;
  try {
    Json::sax_parse(bytes.begin(), bytes.end(), &keys);
  } catch (const std::exception&) {
    return false;  // the scenario reader names the problem
  }
  return keys.typeIsMap && !keys.hasUnits;
}

// The problem with the top level's shape: not an object, a Tiled map, no "units", a key not
// allowed, no "map" path; nullopt when it is a scenario's.
std::optional<std::string> scenarioShapeProblem(const Json& root) {
  if (!root.is_object()) {
    return "the top level is " + describeValue(root) +
           "; expected a scenario object with \"map\" and \"units\" (SPEC §6)";
  }
  if (!root.contains("units")) {
    if (root.contains("type") && root["type"] == "map") {
      return "this is a Tiled map (\"type\": \"map\"), not a scenario; name it as a "
             "scenario's \"map\" or open it with --map";
    }
    return "neither a scenario (no \"units\") nor a Tiled map (no \"type\": \"map\"); "
           "expected a scenario object with \"map\" and \"units\" (SPEC §6)";
  }
  for (const auto& [key, value] : root.items()) {
    if (key != "map" && key != "classes" && key != "units" && key != "props" && key != "rules" &&
        key != "terrains" && key != "grid" && key != "terrain_defence" && key != "objective" &&
        key != "blocks_sight") {
      return "unknown key " + Json(key).dump() +
             "; allowed keys: map, terrains, classes, units, rules, props, grid, blocks_sight, "
             "terrain_defence, objective";
    }
  }
  if (!root.contains("map")) {
    return "has no \"map\"; expected the path of a map image, relative to the scenario";
  }
  const Json& mapEntry = root["map"];
  if (!mapEntry.is_string() || mapEntry.get<std::string>().empty()) {
    return "\"map\" is " + describeValue(mapEntry) +
           "; expected the path of a map image, relative to the scenario";
  }
  return std::nullopt;
}

// The fields that need no map: "terrains", "props" and "rules", into `scenario`.
std::optional<std::string> readMaplessFields(const Json& root, Scenario& scenario) {
  if (root.contains("terrains")) {
    auto terrains = scenario_fields::readTerrains(root["terrains"]);
    if (!terrains) return terrains.error();
    scenario.terrains = std::move(*terrains);
  }
  if (root.contains("props")) {
    auto props = scenario_fields::readProps(root["props"]);
    if (!props) return props.error();
    scenario.props = std::move(*props);
  }
  if (root.contains("rules")) {
    const auto rules = scenario_fields::readRules(root["rules"]);
    if (!rules) return rules.error();
    scenario.rules = *rules;
  }
  return std::nullopt;
}

// The map `mapEntry` names, relative to the scenario, into `scenario` with its path; renamed by
// the scenario's "terrains" when it is an image map (or a loader that read no names).
std::optional<std::string> loadScenarioMap(const std::string& mapEntry,
                                           const std::string& scenarioPath,
                                           const MapLoader& loadMapFile, Scenario& scenario) {
  namespace fs = std::filesystem;
  const fs::path mapPath = fs::path(scenarioPath).parent_path() / mapEntry;
  scenario.mapPath = mapPath.lexically_normal().string();
  auto map = loadMapFile(scenario.mapPath, scenario.terrains.empty() ? nullptr : &scenario.terrains);
  if (!map) return "\"map\" " + quoted(mapEntry) + ": " + map.error();
  scenario.map = std::move(*map);
  if (!scenario.terrains.empty() && scenario.map.terrainNames() != scenario.terrains) {
    if (scenario.map.indexed()) {
      return "\"map\" " + quoted(mapEntry) +
             " names its own terrains beyond the fifth; the scenario's \"terrains\" "
             "cannot replace them";
    }
    scenario.map.rename(scenario.terrains);
  }
  return std::nullopt;
}

// The scenario's "grid" (SPEC §13), or nullopt when it has none.
Expected<std::optional<GridLayout>> readGrid(const Json& root) {
  if (!root.contains("grid")) return std::optional<GridLayout>();
  const Json& grid = root["grid"];
  const auto layout = grid.is_string() ? parseLayout(grid.get<std::string>()) : std::nullopt;
  if (!layout) {
    return Error{"\"grid\" is " + describeValue(grid) + "; expected " + layoutNames()};
  }
  return std::optional<GridLayout>(*layout);
}

// The board's layout (SPEC §13): an image map reads as the scenario's "grid"; a Tiled map has
// its own, which a "grid" may only repeat.
std::optional<std::string> applyGrid(std::optional<GridLayout> grid, const std::string& mapEntry,
                                     Scenario& scenario) {
  if (!grid) return std::nullopt;
  if (!isTiledMapPath(scenario.mapPath)) {
    scenario.map.setLayout(*grid);
    return std::nullopt;
  }
  if (scenario.map.layout() == *grid) return std::nullopt;
  return std::string("\"grid\" is \"") + layoutName(*grid) + "\" but its Tiled map " +
         quoted(mapEntry) + " is " + layoutName(scenario.map.layout()) +
         "; leave \"grid\" out (a Tiled map gives its own) or make them agree";
}

// The units in file order into `scenario`; each one's cell must be free of the ones before it.
std::optional<std::string> readScenarioUnits(const Json& units, Scenario& scenario) {
  Grid<int> standing(scenario.map.width(), scenario.map.height(), -1);
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::string label = "units[" + std::to_string(i) + "]";
    auto unit = scenario_fields::readUnit(units[i], scenario, label);
    if (!unit) return label + ": " + unit.error();
    const int other = standing[unit->cell];
    if (other >= 0) {
      const Unit& first = scenario.units[static_cast<std::size_t>(other)];
      return label + " stands at " + toString(unit->cell) + ", the cell of units[" +
             std::to_string(other) + "] (\"" + first.name + "\"); no two units may share a cell";
    }
    standing[unit->cell] = static_cast<int>(i);
    scenario.units.push_back(std::move(*unit));
  }
  return std::nullopt;
}

// SPEC §14 once the map and the units are read: "terrain_defence", "objective" and the board's
// rule on hp.
std::optional<std::string> readCombatFields(const Json& root, Scenario& scenario) {
  scenario.defence = TerrainDefence::defaults(scenario.map);
  if (root.contains("terrain_defence")) {
    auto defence = scenario_fields::readTerrainDefence(root["terrain_defence"], scenario.map);
    if (!defence) return defence.error();
    scenario.defence = *defence;
  }
  if (auto problem =
          scenario_fields::combatBoardProblem(scenario.units, root.contains("objective"))) {
    return problem;
  }
  if (root.contains("objective")) {
    auto objective = scenario_fields::readObjective(root["objective"], scenario.units, scenario.map);
    if (!objective) return objective.error();
    scenario.objective = *objective;
  }
  return std::nullopt;
}

// Everything after the JSON syntax: keys, types, the map, the units. Errors without the file.
Expected<Scenario> readScenario(const Json& root, const std::string& scenarioPath,
                                const MapLoader& loadMapFile, const MapRulesLoader& loadMapRules) {
  if (auto problem = scenarioShapeProblem(root)) return Error{*problem};
  Scenario scenario;
  if (auto problem = readMaplessFields(root, scenario)) return Error{*problem};
  const Json& units = root["units"];
  if (!units.is_array()) {
    return Error{"\"units\" is " + describeValue(units) + "; expected an array of 1..256 units"};
  }
  if (units.empty() || units.size() > kMaxScenarioUnits) {
    return Error{"has " + std::to_string(units.size()) + " units; expected 1..256"};
  }
  const auto grid = readGrid(root);
  if (!grid) return Error{grid.error()};
  const std::string mapEntry = root["map"].get<std::string>();
  if (auto problem = loadScenarioMap(mapEntry, scenarioPath, loadMapFile, scenario)) {
    return Error{*problem};
  }
  if (auto problem = applyGrid(*grid, mapEntry, scenario)) return Error{*problem};
  // Classes after the map: an object names the map's terrains (SPEC §11.1).
  scenario.classes = {{"foot", MovementClass()}};
  if (root.contains("classes")) {
    auto classes = scenario_fields::readClasses(root["classes"], scenario.classes,
                                                scenario.map.terrainNames());
    if (!classes) return Error{classes.error()};
    scenario.classes = std::move(*classes);
  }
  // No "rules": the map's, if it carries any (a Tiled map's property; SPEC §11.2).
  if (!root.contains("rules") && loadMapRules) {
    const auto rules = loadMapRules(scenario.mapPath);
    if (!rules) return Error{"\"map\" " + quoted(mapEntry) + ": " + rules.error()};
    scenario.rules = *rules;
  }
  if (root.contains("blocks_sight")) {
    const auto blockers = scenario_fields::readBlocksSight(root["blocks_sight"], scenario.map);
    if (!blockers) return Error{blockers.error()};
    scenario.rules.sight.blockers = *blockers;
  }
  if (auto problem = scenario_fields::sightProblem(scenario.rules, scenario.map)) {
    return Error{*problem};
  }
  if (auto problem = readScenarioUnits(units, scenario)) return Error{*problem};
  if (auto problem = readCombatFields(root, scenario)) return Error{*problem};
  return scenario;
}

}  // namespace

const std::map<std::string, MovementClass>& presetMovementClasses() {
  constexpr std::uint8_t kX = MovementClass::kImpassable;
  static const std::map<std::string, MovementClass> presets = {
      {"foot", MovementClass({1, 2, 4, 8, kX})},
      {"mounted", MovementClass({1, 3, 5, kX, kX})},
      {"armour", MovementClass({1, 3, 6, kX, kX})},
      {"flier", MovementClass({1, 1, 1, 1, kX})},
  };
  return presets;
}

Expected<Scenario> parseScenario(const std::vector<std::uint8_t>& bytes,
                                 const std::string& scenarioPath, const MapLoader& loadMapFile,
                                 const MapRulesLoader& loadMapRules) {
  const std::string file = "scenario " + quoted(scenarioPath) + ": ";
  const auto root = scenario_fields::parseStrictJson(bytes);
  if (!root) return Error{file + root.error()};
  auto scenario = readScenario(*root, scenarioPath, loadMapFile, loadMapRules);
  if (!scenario) return Error{file + scenario.error()};
  return scenario;
}

Expected<Scenario> parseScenarioFile(const std::vector<std::uint8_t>& bytes,
                                     const std::string& path, const ReadFile& readFile) {
  const std::string extension = lowerExtension(path);
  if (extension == ".tmx" || extension == ".tmj" ||
      (extension == ".json" && isTiledMapJson(bytes))) {
    auto map = parseTiledMap(bytes, path, readFile);
    if (!map) return Error{map.error()};
    return scenarioFromTiledMap(std::move(*map), path);
  }
  // A Tiled map is read once: its cost map for the scenario, its rules kept for the fallback.
  std::optional<Expected<BoardRules>> tiledRules;
  const auto loadMapFile = [&](const std::string& mapPath,
                               const TerrainNames* terrains) -> Expected<CostMap> {
    if (!isTiledMapPath(mapPath)) return loadMap(mapPath, readFile);
    const auto mapBytes = readFile(mapPath);
    if (!mapBytes) return Error{"cannot read map '" + mapPath + "': " + mapBytes.error()};
    auto tiled = parseTiledMap(*mapBytes, mapPath, readFile, terrains);
    if (!tiled) return Error{tiled.error()};
    tiledRules = tiledMapRules(*tiled);
    return std::move(tiled->costMap);
  };
  const auto loadMapRules = [&](const std::string&) -> Expected<BoardRules> {
    return tiledRules ? *tiledRules : Expected<BoardRules>(BoardRules{});
  };
  return parseScenario(bytes, path, loadMapFile, loadMapRules);
}

Expected<Scenario> loadScenario(const std::string& path) {
  namespace fs = std::filesystem;
  const std::string file = "cannot read scenario " + quoted(path) + ": ";
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    return Error{file + (fs::exists(path, ec) ? "not a regular file" : "no such file")};
  }
  const std::string extension = lowerExtension(path);
  const bool tiledFormat = extension == ".tmx" || extension == ".tmj";
  const std::uintmax_t limit = tiledFormat             ? std::numeric_limits<std::uintmax_t>::max()
                               : extension == ".json" ? kMaxJsonMapBytes
                                                      : kMaxScenarioBytes;
  const std::string tooLarge = "larger than 16 MiB; a scenario is a small JSON file";
  const auto size = fs::file_size(path, ec);
  if (ec || size > limit) return Error{file + tooLarge};
  const auto bytes = readFileBytes(path, limit);
  if (!bytes) return Error{file + bytes.error()};
  // Only a Tiled map may be that large.
  if (!tiledFormat && bytes->size() > kMaxScenarioBytes && !isTiledMapJson(*bytes)) {
    return Error{file + tooLarge};
  }
  return parseScenarioFile(*bytes, path, [](const std::string& other) {
    return readFileBytes(other);
  });
}

}  // namespace tactics

namespace tactics {

bool isAllowedUnitName(const std::string& name) { return scenario_fields::allowedName(name); }

}  // namespace tactics
