#include "tactics/io/scenario.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <stdexcept>

#include "tactics/io/file_io.h"
#include "tactics/solver/parse.h"
#include "json_bytes.h"
#include "tactics/io/map_image.h"

namespace tactics {

namespace {

using Json = nlohmann::json;

// A scenario nests four levels deep ({ units: [ { at: [ ] } ] }); deeper input is refused
// while parsing, before it can cost memory or stack.
constexpr int kMaxJsonDepth = 8;
constexpr std::uintmax_t kMaxScenarioBytes = 16u * 1024u * 1024u;

// Thrown by the parse callback to stop at input that is valid JSON but never a scenario.
struct StopParsing {
  std::string message;
};

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// What a JSON value is, for "wrong type" errors: `a string ("5")`.
std::string describeValue(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  switch (value.type()) {
    case Json::value_t::string: return "a string (" + text + ")";
    case Json::value_t::number_float:
      return "a number with a fraction, an exponent or too many digits (" + text + ")";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "a whole number (" + text + ")";
    case Json::value_t::boolean: return "a boolean (" + text + ")";
    case Json::value_t::null: return "null";
    case Json::value_t::array: return "an array";
    case Json::value_t::object: return "an object";
    default: return "something else";
  }
}

// Parses JSON, refusing duplicate keys and deep nesting; syntax errors carry line and column.
Expected<Json> parseJson(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::set<std::string>> openObjects;
  const Json::parser_callback_t check = [&](int depth, Json::parse_event_t event, Json& parsed) {
    using Event = Json::parse_event_t;
    if ((event == Event::object_start || event == Event::array_start) && depth >= kMaxJsonDepth) {
      throw StopParsing{"nested more than " + std::to_string(kMaxJsonDepth) +
                        " levels deep; a scenario is an object as in SPEC §6"};
    }
    if (event == Event::object_start) openObjects.emplace_back();
    if (event == Event::object_end) openObjects.pop_back();
    if (event == Event::key && !openObjects.empty() &&
        !openObjects.back().insert(parsed.get<std::string>()).second) {
      throw StopParsing{"key \"" + parsed.get<std::string>() +
                        "\" appears twice in one object; give each key once"};
    }
    return true;
  };
  if (auto nul = nulByteInJson(bytes)) return Error{*nul};
  try {
    return Json::parse(bytes.begin(), bytes.end(), check);
  } catch (const Json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 3, column 9: ..." -> from "at line".
    std::string what = e.what();
    const auto at = what.find("at line");
    return Error{"JSON syntax error " + (at == std::string::npos ? what : what.substr(at))};
  } catch (const StopParsing& stop) {
    return Error{stop.message};
  } catch (const std::exception& e) {
    return Error{std::string("not readable as JSON: ") + e.what()};
  }
}

// The number of UTF-8 characters in `text`, or nullopt when it holds a control character.
std::optional<std::size_t> printableLength(const std::string& text) {
  std::size_t characters = 0;
  for (char signedChar : text) {
    const auto c = static_cast<unsigned char>(signedChar);
    if (c < 0x20 || c == 0x7f) return std::nullopt;
    if ((c & 0xC0) != 0x80) ++characters;
  }
  return characters;
}

// Checks that `object` has only `allowed` keys; returns the first stranger.
std::optional<std::string> unknownKey(const Json& object, const std::vector<std::string>& allowed,
                                      const std::string& allowedText) {
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (const auto& name : allowed) known = known || key == name;
    if (!known) return "unknown key \"" + key + "\"; allowed keys: " + allowedText;
  }
  return std::nullopt;
}

// A whole number lo..hi. `what` names the key, e.g. "move".
Expected<int> wholeNumber(const Json& value, int lo, int hi, const std::string& what) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  if (!value.is_number_integer()) {
    return Error{"\"" + what + "\" is " + describeValue(value) + "; expected a whole number " +
                 range};
  }
  const bool inRange = value.is_number_unsigned()
                           ? value.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) &&
                                 value.get<std::uint64_t>() >= static_cast<std::uint64_t>(lo)
                           : value.get<std::int64_t>() >= lo && value.get<std::int64_t>() <= hi;
  if (!inRange) return Error{"\"" + what + "\" " + value.dump() + " is out of range " + range};
  return static_cast<int>(value.get<std::int64_t>());
}

// The movement classes: foot, then the scenario's own (which may redefine foot).
Expected<std::map<std::string, MovementClass>> readClasses(const Json& root) {
  std::map<std::string, MovementClass> classes{{"foot", MovementClass()}};
  if (!root.contains("classes")) return classes;
  const Json& table = root["classes"];
  if (!table.is_object()) {
    return Error{"\"classes\" is " + describeValue(table) +
                 "; expected an object of class names and costs, e.g. {\"armour\": \"1,3,6,x,x\"}"};
  }
  for (const auto& [name, costs] : table.items()) {
    const auto length = printableLength(name);
    if (!length || *length < 1 || *length > kMaxUnitNameLength) {
      return Error{"class name \"" + name + "\" is not allowed; expected 1..32 characters with no "
                   "control characters"};
    }
    const std::string what = "class \"" + name + "\"";
    if (!costs.is_string()) {
      return Error{what + " is " + describeValue(costs) +
                   "; expected a string of 5 costs, each 1..15 or x, e.g. \"1,3,6,x,x\""};
    }
    auto movement = parseMovementClass(costs.get<std::string>(), what);
    if (!movement) return Error{movement.error()};
    classes[name] = *movement;
  }
  return classes;
}

// "foot, armour, flier": the classes a unit may name.
std::string classNames(const std::map<std::string, MovementClass>& classes) {
  std::string text;
  for (const auto& [name, movement] : classes) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// One unit's fields, checked against the map and classes but not yet against the other units.
// `label` receives how errors name the unit once its name is known.
Expected<Unit> readUnit(const Json& entry, const Scenario& scenario, std::string& label) {
  if (!entry.is_object()) {
    return Error{"is " + describeValue(entry) +
                 "; expected an object with name, team, at, move and optionally attack and class"};
  }
  Unit unit;
  // The name first, so every later error can name the unit.
  if (!entry.contains("name")) return Error{"has no \"name\"; expected 1..32 characters"};
  if (!entry["name"].is_string()) {
    return Error{"\"name\" is " + describeValue(entry["name"]) + "; expected 1..32 characters"};
  }
  unit.name = entry["name"].get<std::string>();
  const auto length = printableLength(unit.name);
  if (!length || *length < 1 || *length > kMaxUnitNameLength) {
    return Error{"\"name\" \"" + unit.name + "\" is not allowed; expected 1..32 characters with no "
                 "control characters"};
  }
  label += " (\"" + unit.name + "\")";
  if (auto stranger = unknownKey(entry, {"name", "team", "at", "move", "attack", "class"},
                                 "name, team, at, move, attack, class")) {
    return Error{*stranger};
  }
  for (const char* required : {"team", "at", "move"}) {
    if (!entry.contains(required)) {
      return Error{std::string("has no \"") + required + "\"; every unit needs name, team, at "
                   "and move"};
    }
  }

  const Json& team = entry["team"];
  const std::string teams = "expected \"player\", \"enemy\" or \"ally\"";
  if (!team.is_string()) return Error{"\"team\" is " + describeValue(team) + "; " + teams};
  const std::string teamText = team.get<std::string>();
  if (teamText == "player") {
    unit.team = Team::Player;
  } else if (teamText == "enemy") {
    unit.team = Team::Enemy;
  } else if (teamText == "ally") {
    unit.team = Team::Ally;
  } else {
    return Error{"\"team\" \"" + teamText + "\" is not a team; " + teams};
  }

  const Json& at = entry["at"];
  if (!at.is_array() || at.size() != 2 || !at[0].is_number_integer() ||
      !at[1].is_number_integer()) {
    return Error{"\"at\" is " + (at.is_array() ? at.dump() : describeValue(at)) +
                 "; expected two whole numbers [X, Y] inside " + scenario.map.boundsText()};
  }
  const auto inside = [](const Json& v, int size) {
    return v.is_number_unsigned() ? v.get<std::uint64_t>() < static_cast<std::uint64_t>(size)
                                  : v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() < size;
  };
  if (!inside(at[0], scenario.map.width()) || !inside(at[1], scenario.map.height())) {
    return Error{"\"at\" " + at.dump() + " is outside " + scenario.map.boundsText()};
  }
  unit.cell = {static_cast<int>(at[0].get<std::int64_t>()),
               static_cast<int>(at[1].get<std::int64_t>())};

  const auto move = wholeNumber(entry["move"], 0, kMaxMoveRange, "move");
  if (!move) return Error{move.error()};
  unit.moveRange = *move;

  if (entry.contains("attack")) {
    const Json& attack = entry["attack"];
    if (!attack.is_string()) {
      return Error{"\"attack\" is " + describeValue(attack) +
                   "; expected a string MAX or MIN-MAX with 1 <= MIN <= MAX <= 255, or \"0\", "
                   "e.g. \"1-2\""};
    }
    const auto range = parseAttackRange(attack.get<std::string>(), "\"attack\"");
    if (!range) return Error{range.error()};
    unit.attack = *range;
  }

  if (entry.contains("class")) {
    const Json& name = entry["class"];
    if (!name.is_string()) {
      return Error{"\"class\" is " + describeValue(name) + "; expected one of " +
                   classNames(scenario.classes)};
    }
    unit.className = name.get<std::string>();
  }
  const auto movement = scenario.classes.find(unit.className);
  if (movement == scenario.classes.end()) {
    return Error{"\"class\" \"" + unit.className + "\" is not defined; expected one of " +
                 classNames(scenario.classes) + " (define others in \"classes\")"};
  }
  unit.movement = movement->second;

  const int terrain = scenario.map.terrain(unit.cell);
  if (!unit.movement.passable(terrain)) {
    return Error{"stands at " + toString(unit.cell) + " on " + terrainName(terrain) + " (grey " +
                 std::to_string(scenario.map.grey(unit.cell)) + "), which class \"" +
                 unit.className + "\" (" + unit.movement.toString() +
                 ") cannot enter; place it on a cell its class can enter"};
  }
  return unit;
}

// Everything after the JSON syntax: keys, types, the map, the units. Errors without the file.
Expected<Scenario> readScenario(const Json& root, const std::string& scenarioPath,
                                const MapLoader& loadMapFile) {
  if (!root.is_object()) {
    return Error{"the top level is " + describeValue(root) +
                 "; expected a scenario object with \"map\" and \"units\" (SPEC §6)"};
  }
  if (!root.contains("units")) {
    if (root.contains("type") && root["type"] == "map") {
      return Error{"this is a Tiled map (\"type\": \"map\"), not a scenario; name it as a "
                   "scenario's \"map\" or open it with --map"};
    }
    return Error{"neither a scenario (no \"units\") nor a Tiled map (no \"type\": \"map\"); "
                 "expected a scenario object with \"map\" and \"units\" (SPEC §6)"};
  }
  if (auto stranger = unknownKey(root, {"map", "classes", "units"}, "map, classes, units")) {
    return Error{*stranger};
  }
  if (!root.contains("map")) {
    return Error{"has no \"map\"; expected the path of a map image, relative to the scenario"};
  }
  const Json& mapEntry = root["map"];
  if (!mapEntry.is_string() || mapEntry.get<std::string>().empty()) {
    return Error{"\"map\" is " + describeValue(mapEntry) +
                 "; expected the path of a map image, relative to the scenario"};
  }

  Scenario scenario;
  auto classes = readClasses(root);
  if (!classes) return Error{classes.error()};
  scenario.classes = std::move(*classes);

  const Json& units = root["units"];
  if (!units.is_array()) {
    return Error{"\"units\" is " + describeValue(units) + "; expected an array of 1..256 units"};
  }
  if (units.empty() || units.size() > kMaxScenarioUnits) {
    return Error{"has " + std::to_string(units.size()) + " units; expected 1..256"};
  }

  namespace fs = std::filesystem;
  const fs::path mapPath = fs::path(scenarioPath).parent_path() / mapEntry.get<std::string>();
  scenario.mapPath = mapPath.lexically_normal().string();
  auto map = loadMapFile(scenario.mapPath);
  if (!map) return Error{"\"map\" " + quoted(mapEntry.get<std::string>()) + ": " + map.error()};
  scenario.map = std::move(*map);

  // Units in file order; each one's cell must be free of the ones before it.
  Grid<int> standing(scenario.map.width(), scenario.map.height(), -1);
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::string label = "units[" + std::to_string(i) + "]";
    auto unit = readUnit(units[i], scenario, label);
    if (!unit) return Error{label + ": " + unit.error()};
    const int other = standing[unit->cell];
    if (other >= 0) {
      const Unit& first = scenario.units[static_cast<std::size_t>(other)];
      return Error{label + " stands at " + toString(unit->cell) + ", the cell of units[" +
                   std::to_string(other) + "] (\"" + first.name +
                   "\"); no two units may share a cell"};
    }
    standing[unit->cell] = static_cast<int>(i);
    scenario.units.push_back(std::move(*unit));
  }
  return scenario;
}

}  // namespace

Expected<Scenario> parseScenario(const std::vector<std::uint8_t>& bytes,
                                 const std::string& scenarioPath, const MapLoader& loadMapFile) {
  const std::string file = "scenario " + quoted(scenarioPath) + ": ";
  const auto root = parseJson(bytes);
  if (!root) return Error{file + root.error()};
  auto scenario = readScenario(*root, scenarioPath, loadMapFile);
  if (!scenario) return Error{file + scenario.error()};
  return scenario;
}

Expected<Scenario> loadScenario(const std::string& path) {
  namespace fs = std::filesystem;
  const std::string file = "cannot read scenario " + quoted(path) + ": ";
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    return Error{file + (fs::exists(path, ec) ? "not a regular file" : "no such file")};
  }
  const auto size = fs::file_size(path, ec);
  if (ec || size > kMaxScenarioBytes) {
    return Error{file + "larger than 16 MiB; a scenario is a small JSON file"};
  }
  const auto bytes = readFileBytes(path, kMaxScenarioBytes);
  if (!bytes) return Error{file + bytes.error()};
  return parseScenario(*bytes, path, [](const std::string& mapPath) { return loadMap(mapPath); });
}

}  // namespace tactics
