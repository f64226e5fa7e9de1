// Scenarios written back as JSON (SPEC §6), in the layout of the shipped ones: one unit a line.
#include <filesystem>

#include "scenario_fields.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/skills.h"

namespace tactics {

namespace {

using scenario_fields::Json;

// A string as JSON text; throws Json::type_error for text that is not UTF-8.
std::string jsonText(const std::string& text) { return Json(text).dump(); }

// The map's path relative to the folder of the scenario file, as "map" holds it.
std::string relativeMapPath(const std::string& mapPath, const std::string& scenarioPath) {
  namespace fs = std::filesystem;
  fs::path map(mapPath);
  fs::path folder = fs::path(scenarioPath).parent_path();  // "" for a file in the working directory
  if (folder.empty()) folder = ".";
  // An absolute map stays absolute unless the scenario's folder is absolute too; a relative one
  // is taken from the working directory when the folder is absolute.
  if (map.is_absolute() && !folder.is_absolute()) return map.lexically_normal().generic_string();
  if (!map.is_absolute() && folder.is_absolute()) {
    std::error_code error;
    map = fs::absolute(map, error);
    if (error) return map.lexically_normal().generic_string();
  }
  const fs::path relative = map.lexically_normal().lexically_relative(folder.lexically_normal());
  return relative.empty() ? map.lexically_normal().generic_string() : relative.generic_string();
}

// Props text as read (a JSON object), compact; an error for anything else.
Expected<std::string> propsText(const std::string& props) {
  const auto parsed =
      scenario_fields::parseStrictJson(std::vector<std::uint8_t>(props.begin(), props.end()));
  if (!parsed) return Error{"its props are not JSON (" + parsed.error() + ")"};
  auto checked = scenario_fields::readProps(*parsed);
  if (!checked) return Error{"its " + checked.error()};
  return checked;
}

// A class as a scenario writes it: the five-entry string while every later terrain is
// impassable, else an object naming every terrain of the map (SPEC §11.1).
std::string classText(const MovementClass& movement, const std::vector<std::string>& terrains) {
  bool beyondFifth = false;
  for (std::size_t t = kTerrainClasses; t < movement.costs().size(); ++t) {
    beyondFifth = beyondFifth || movement.costs()[t] != MovementClass::kImpassable;
  }
  if (!beyondFifth) return "\"" + movement.toString() + "\"";
  std::string text = "{";
  for (std::size_t t = 0; t < terrains.size(); ++t) {
    const int cost = movement.cost(static_cast<int>(t));
    text += (t ? ", " : " ") + jsonText(terrains[t]) + ": " +
            (cost == MovementClass::kImpassable ? std::string("\"x\"") : std::to_string(cost));
  }
  return text + " }";
}

// The board's rules (SPEC §11.2, §11.8), those that are on, and the terrains that block sight
// when they are not the default.
std::string rulesText(const Scenario& scenario) {
  const BoardRules& rules = scenario.rules;
  std::string text;
  if (rules.zoc || rules.sight.on) {
    text += "  \"rules\": { ";
    if (rules.zoc) text += std::string("\"zoc\": true") + (rules.sight.on ? ", " : "");
    if (rules.sight.on) text += "\"sight\": true";
    text += " },\n";
  }
  if (rules.sight.blockers != kDefaultSightBlockers) {
    const auto names = sightBlockerNames(rules.sight.blockers, scenario.map.terrainNames());
    text += "  \"blocks_sight\": [";
    for (std::size_t i = 0; i < names.size(); ++i) text += (i ? ", " : "") + jsonText(names[i]);
    text += "],\n";
  }
  return text;
}

// SPEC §14's scenario keys: the terrain defences that differ from the map's defaults, and the
// objective as read (none: the default).
std::string combatText(const Scenario& scenario) {
  std::string text;
  const auto changed = scenario.defence.changed(scenario.map);
  if (!changed.empty()) {
    text += "  \"terrain_defence\": {";
    for (std::size_t i = 0; i < changed.size(); ++i) {
      text += (i ? ", " : " ") + jsonText(changed[i].first) + ": " + std::to_string(changed[i].second);
    }
    text += " },\n";
  }
  if (scenario.objective) {
    const Objective& o = *scenario.objective;
    text += "  \"objective\": { \"type\": \"" + std::string(objectiveName(o.type)) + "\"";
    if (o.type == Objective::Type::Seize) {
      text += ", \"at\": [" + std::to_string(o.at.x) + ", " + std::to_string(o.at.y) + "]";
    }
    if (o.type == Objective::Type::Survive) text += ", \"turns\": " + std::to_string(o.turns);
    text += " },\n";
  }
  return text;
}

Expected<std::string> unitLine(const Unit& unit, const Scenario& scenario) {
  const auto movement = scenario.classes.find(unit.className);
  if (movement == scenario.classes.end()) {
    return Error{"its class \"" + unit.className + "\" is not among the scenario's classes"};
  }
  if (!(movement->second == unit.movement)) {
    return Error{"its movement " + unit.movement.toString() + " is not its class \"" +
                 unit.className + "\" (" + movement->second.toString() +
                 "); give it a class of its own"};
  }
  std::string line = "{ \"name\": " + jsonText(unit.name) + ", \"team\": \"" +
                     teamName(unit.team) + "\", \"at\": [" + std::to_string(unit.cell.x) + ", " +
                     std::to_string(unit.cell.y) + "], \"move\": " +
                     std::to_string(unit.moveRange) + ", \"attack\": \"" +
                     formatAttackRange(unit.attack) + "\", \"class\": " + jsonText(unit.className);
  if (!unit.skills.empty()) {
    line += ", \"skills\": [";
    const auto names = skillNames(unit.skills);
    for (std::size_t i = 0; i < names.size(); ++i) line += (i ? ", \"" : "\"") + names[i] + "\"";
    line += "]";
  }
  if (unit.hidden) line += ", \"hidden\": true";
  // SPEC §14: a unit with hp has all four stats written; a lord says so.
  if (unit.hp > 0) {
    line += ", \"hp\": " + std::to_string(unit.hp) + ", \"str\": " + std::to_string(unit.str) +
            ", \"def\": " + std::to_string(unit.def) + ", \"spd\": " + std::to_string(unit.spd);
  }
  if (unit.lord) line += ", \"lord\": true";
  if (!unit.props.empty()) {
    auto props = propsText(unit.props);
    if (!props) return Error{props.error()};
    line += ", \"props\": " + *props;
  }
  return line + " }";
}

}  // namespace

Expected<std::string> formatScenario(const Scenario& scenario, const std::string& scenarioPath) {
  try {
    std::string text =
        "{\n  \"map\": " + jsonText(relativeMapPath(scenario.mapPath, scenarioPath)) + ",\n";
    // A Tiled map gives its own layout; "grid" would only repeat it, and square is the default.
    if (isHex(scenario.map.layout()) && !isTiledMapPath(scenario.mapPath)) {
      text += "  \"grid\": \"" + std::string(layoutName(scenario.map.layout())) + "\",\n";
    }
    if (!scenario.terrains.empty()) {
      text += "  \"terrains\": [";
      for (std::size_t i = 0; i < scenario.terrains.size(); ++i) {
        text += (i ? ", " : "") + jsonText(scenario.terrains[i]);
      }
      text += "],\n";
    }
    text += "  \"classes\": {";
    bool first = true;
    for (const auto& [name, movement] : scenario.classes) {
      text += (first ? " " : ", ") + jsonText(name) + ": " +
              classText(movement, scenario.map.terrainNames());
      first = false;
    }
    text += " },\n";
    text += rulesText(scenario);
    text += combatText(scenario);
    if (!scenario.props.empty()) {
      auto props = propsText(scenario.props);
      if (!props) return Error{"the scenario: " + props.error()};
      text += "  \"props\": " + *props + ",\n";
    }
    text += "  \"units\": [\n";
    for (std::size_t i = 0; i < scenario.units.size(); ++i) {
      const Unit& unit = scenario.units[i];
      auto line = unitLine(unit, scenario);
      if (!line) {
        return Error{"units[" + std::to_string(i) + "] (" +
                     Json(unit.name).dump(-1, ' ', false, Json::error_handler_t::replace) +
                     "): " + line.error()};
      }
      text += "    " + *line + (i + 1 < scenario.units.size() ? ",\n" : "\n");
    }
    text += "  ]\n}\n";
    return text;
  } catch (const Json::type_error&) {
    return Error{"a name or path is not UTF-8 text; a scenario is UTF-8 JSON"};
  }
}

}  // namespace tactics
