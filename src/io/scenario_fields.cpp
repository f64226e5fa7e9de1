#include "scenario_fields.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "json_bytes.h"
#include "tactics/solver/parse.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/topology.h"

namespace tactics::scenario_fields {

namespace {

// Thrown by the parse callback to stop at input that is valid JSON but never a scenario.
struct StopParsing {
  std::string message;
};

// User text in an error, quoted and escaped so the error stays one line: "a\nb" -> "a\nb".
std::string quotedText(const std::string& text) {
  return Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
}

// True when `text` is well-formed UTF-8 (what JSON holds; XML names are not checked by pugixml).
bool validUtf8(const std::string& text) {
  std::size_t following = 0;
  for (char signedChar : text) {
    const auto c = static_cast<unsigned char>(signedChar);
    if (following > 0) {
      if ((c & 0xC0) != 0x80) return false;
      --following;
    } else if (c >= 0xF8 || (c & 0xC0) == 0x80) {
      return false;
    } else {
      following = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    }
  }
  return following == 0;
}

// Checks that `object` has only `allowed` keys; returns the first stranger.
std::optional<std::string> unknownKey(const Json& object, const std::vector<std::string>& allowed,
                                      const std::string& allowedText) {
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (const auto& name : allowed) known = known || key == name;
    if (!known) return "unknown key " + quotedText(key) + "; allowed keys: " + allowedText;
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

// "foot, armour, flier": the classes a unit may name.
std::string classNames(const std::map<std::string, MovementClass>& classes) {
  std::string text;
  for (const auto& [name, movement] : classes) text += (text.empty() ? "" : ", ") + name;
  return text;
}

Expected<Team> readTeam(const Json& team) {
  const std::string teams = "expected \"player\", \"enemy\" or \"ally\"";
  if (!team.is_string()) return Error{"\"team\" is " + describeValue(team) + "; " + teams};
  const std::string text = team.get<std::string>();
  if (text == "player") return Team::Player;
  if (text == "enemy") return Team::Enemy;
  if (text == "ally") return Team::Ally;
  return Error{"\"team\" " + quotedText(text) + " is not a team; " + teams};
}

Expected<Cell> readCell(const Json& at, const CostMap& map) {
  if (!at.is_array() || at.size() != 2 || !at[0].is_number_integer() ||
      !at[1].is_number_integer()) {
    return Error{"\"at\" is " + (at.is_array() ? at.dump() : describeValue(at)) +
                 "; expected two whole numbers [X, Y] inside " + map.boundsText()};
  }
  const auto inside = [](const Json& v, int size) {
    return v.is_number_unsigned() ? v.get<std::uint64_t>() < static_cast<std::uint64_t>(size)
                                  : v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() < size;
  };
  if (!inside(at[0], map.width()) || !inside(at[1], map.height())) {
    return Error{"\"at\" " + at.dump() + " is outside " + map.boundsText()};
  }
  return Cell{static_cast<int>(at[0].get<std::int64_t>()),
              static_cast<int>(at[1].get<std::int64_t>())};
}

Expected<AttackRange> readAttack(const Json& attack) {
  if (!attack.is_string()) {
    return Error{"\"attack\" is " + describeValue(attack) +
                 "; expected a string MAX or MIN-MAX with 1 <= MIN <= MAX <= 255, or \"0\", "
                 "e.g. \"1-2\""};
  }
  return parseAttackRange(attack.get<std::string>(), "\"attack\"");
}

}  // namespace

Expected<Json> parseStrictJson(const std::vector<std::uint8_t>& bytes) {
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
      throw StopParsing{"key " + quotedText(parsed.get<std::string>()) +
                        " appears twice in one object; give each key once"};
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

std::string describeValue(const Json& value) {
  std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
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

std::optional<std::size_t> printableLength(const std::string& text) {
  std::size_t characters = 0;
  for (char signedChar : text) {
    const auto c = static_cast<unsigned char>(signedChar);
    if (c < 0x20 || c == 0x7f) return std::nullopt;
    if ((c & 0xC0) != 0x80) ++characters;
  }
  return characters;
}

bool allowedName(const std::string& text) {
  const auto length = printableLength(text);
  return length && *length >= 1 && *length <= kMaxUnitNameLength && validUtf8(text);
}

namespace {

// A class written as an object of terrain names and costs (SPEC §11.1).
Expected<MovementClass> readClassObject(const Json& costs, const std::string& what,
                                        const std::vector<std::string>& terrains) {
  MovementClass::Costs table{};
  std::vector<bool> named(terrains.size(), false);
  for (const auto& [terrain, cost] : costs.items()) {
    const auto found = std::find(terrains.begin(), terrains.end(), terrain);
    if (found == terrains.end()) {
      return Error{what + " names the terrain " + quotedText(terrain) +
                   ", which the map does not list; its terrains are " + joined(terrains)};
    }
    const std::size_t index = static_cast<std::size_t>(found - terrains.begin());
    if (cost.is_string() && cost.get<std::string>() == "x") {
      table[index] = MovementClass::kImpassable;
    } else if (cost.is_number_integer() && cost.get<long long>() >= 1 &&
               cost.get<long long>() <= MovementClass::kMaxCost) {
      table[index] = static_cast<std::uint8_t>(cost.get<long long>());
    } else {
      return Error{what + ": the cost of " + quotedText(terrain) + " is " + describeValue(cost) +
                   "; expected a whole number 1..15 or \"x\""};
    }
    named[index] = true;
  }
  for (std::size_t i = 0; i < terrains.size(); ++i) {
    if (!named[i]) {
      return Error{what + " gives no cost for the terrain " + quotedText(terrains[i]) +
                   "; an object names every terrain of the map once: " + joined(terrains)};
    }
  }
  return MovementClass::fromCosts(table);
}

}  // namespace

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) text += (i ? ", " : "") + names[i];
  return text;
}

Expected<std::vector<std::string>> readTerrains(const Json& value) {
  const std::string expected =
      "; expected a list of 5..64 terrain names, e.g. [\"plains\", \"forest\", \"hills\", "
      "\"mountains\", \"wall\", \"sand\"]";
  if (!value.is_array()) return Error{"\"terrains\" is " + describeValue(value) + expected};
  std::vector<std::string> names;
  for (const Json& name : value) {
    if (!name.is_string()) {
      return Error{"\"terrains\" holds " + describeValue(name) + ", not a name" + expected};
    }
    names.push_back(name.get<std::string>());
  }
  if (auto problem = checkTerrainNames(names, "\"terrains\"")) return Error{*problem};
  return names;
}

Expected<std::map<std::string, MovementClass>> readClasses(
    const Json& table, std::map<std::string, MovementClass> known,
    const std::vector<std::string>& terrains) {
  if (!table.is_object()) {
    return Error{"\"classes\" is " + describeValue(table) +
                 "; expected an object of class names and costs, e.g. {\"armour\": \"1,3,6,x,x\"}"};
  }
  for (const auto& [name, costs] : table.items()) {
    if (!allowedName(name)) {
      return Error{"class name " + quotedText(name) + " is not allowed; expected 1..32 characters "
                   "with no control characters"};
    }
    const std::string what = "class \"" + name + "\"";
    if (costs.is_object()) {
      auto movement = readClassObject(costs, what, terrains);
      if (!movement) return Error{movement.error()};
      known[name] = *movement;
      continue;
    }
    if (!costs.is_string()) {
      return Error{what + " is " + describeValue(costs) +
                   "; expected a string of 5 costs, each 1..15 or x, e.g. \"1,3,6,x,x\", or an "
                   "object of a cost for every terrain, e.g. {\"plains\": 1, ..., \"wall\": \"x\"}"};
    }
    auto movement = parseMovementClass(costs.get<std::string>(), what);
    if (!movement) return Error{movement.error()};
    known[name] = *movement;
  }
  return known;
}

Expected<std::string> readProps(const Json& value) {
  if (!value.is_object()) {
    return Error{"\"props\" is " + describeValue(value) +
                 "; expected an object (a game's own data, e.g. {\"hp\": 20}), kept as it is"};
  }
  return value.dump();
}

Expected<BoardRules> readRules(const Json& value) {
  if (!value.is_object()) {
    return Error{"\"rules\" is " + describeValue(value) +
                 "; expected an object such as {\"zoc\": true}"};
  }
  if (auto stranger = unknownKey(value, {"zoc", "sight"}, "zoc, sight")) {
    return Error{"\"rules\": " + *stranger};
  }
  BoardRules rules;
  for (const char* key : {"zoc", "sight"}) {
    if (!value.contains(key)) continue;
    const Json& flag = value[key];
    if (!flag.is_boolean()) {
      return Error{std::string("\"rules\" \"") + key + "\" is " + describeValue(flag) +
                   "; expected true or false"};
    }
    (key == std::string("zoc") ? rules.zoc : rules.sight.on) = flag.get<bool>();
  }
  return rules;
}

Expected<Skills> readSkills(const Json& value) {
  std::string allowed;
  for (Skill skill : kSkills) allowed += std::string(allowed.empty() ? "" : ", ") + skillName(skill);
  const std::string expected = "; expected an array of distinct skill names from " + allowed +
                               ", e.g. [\"pass\"]";
  if (!value.is_array()) return Error{"\"skills\" is " + describeValue(value) + expected};
  Skills skills;
  for (const Json& name : value) {
    if (!name.is_string()) {
      return Error{"\"skills\" holds " + describeValue(name) + expected};
    }
    if (auto problem = addSkill(skills, name.get<std::string>(), "\"skills\"")) {
      return Error{*problem};
    }
  }
  return skills;
}

namespace {

// A unit's "name": 1..32 characters with no control characters.
Expected<std::string> readUnitName(const Json& entry) {
  if (!entry.contains("name")) return Error{"has no \"name\"; expected 1..32 characters"};
  if (!entry["name"].is_string()) {
    return Error{"\"name\" is " + describeValue(entry["name"]) + "; expected 1..32 characters"};
  }
  std::string name = entry["name"].get<std::string>();
  if (!allowedName(name)) {
    return Error{"\"name\" " + quotedText(name) + " is not allowed; expected 1..32 "
                 "characters with no control characters"};
  }
  return name;
}

// A key a unit may not have, or one it must have and lacks.
std::optional<std::string> unitKeysProblem(const Json& entry) {
  if (auto stranger = unknownKey(entry,
                                 {"name", "team", "at", "move", "attack", "class", "skills",
                                  "hidden", "hp", "str", "def", "spd", "lord", "props"},
                                 "name, team, at, move, attack, class, skills, hidden, hp, str, "
                                 "def, spd, lord, props")) {
    return stranger;
  }
  for (const char* required : {"team", "at", "move"}) {
    if (!entry.contains(required)) {
      return std::string("has no \"") + required + "\"; every unit needs name, team, at "
             "and move";
    }
  }
  return std::nullopt;
}

// "team", "at", "move" and "attack" into `unit`.
std::optional<std::string> readPlacement(const Json& entry, const CostMap& map, Unit& unit) {
  const auto team = readTeam(entry["team"]);
  if (!team) return team.error();
  unit.team = *team;
  const auto cell = readCell(entry["at"], map);
  if (!cell) return cell.error();
  unit.cell = *cell;
  const auto move = wholeNumber(entry["move"], 0, kMaxMoveRange, "move");
  if (!move) return move.error();
  unit.moveRange = *move;
  if (entry.contains("attack")) {
    const auto attack = readAttack(entry["attack"]);
    if (!attack) return attack.error();
    unit.attack = *attack;
  }
  return std::nullopt;
}

// "class" (foot when none) and the movement it names into `unit`.
std::optional<std::string> readUnitClass(const Json& entry,
                                         const std::map<std::string, MovementClass>& classes,
                                         Unit& unit) {
  if (entry.contains("class")) {
    const Json& name = entry["class"];
    if (!name.is_string()) {
      return "\"class\" is " + describeValue(name) + "; expected one of " + classNames(classes);
    }
    unit.className = name.get<std::string>();
  }
  const auto movement = classes.find(unit.className);
  if (movement == classes.end()) {
    return "\"class\" " + quotedText(unit.className) + " is not defined; expected one of " +
           classNames(classes) + " (define others in \"classes\")";
  }
  unit.movement = movement->second;
  return std::nullopt;
}

// "hidden" into `unit`: only an enemy can be hidden.
std::optional<std::string> readHidden(const Json& entry, Unit& unit) {
  if (!entry.contains("hidden")) return std::nullopt;
  const Json& hidden = entry["hidden"];
  if (!hidden.is_boolean()) {
    return "\"hidden\" is " + describeValue(hidden) + "; expected true or false";
  }
  unit.hidden = hidden.get<bool>();
  if (unit.hidden && unit.team != Team::Enemy) {
    return std::string("is a ") + teamName(unit.team) + " unit with \"hidden\": true; "
           "only an enemy can be hidden (SPEC 11.5: the player's side sees its own units)";
  }
  return std::nullopt;
}

// SPEC §14's stats: "hp" 1..99, "str", "def", "spd" 0..99 (whole numbers), "lord" a bool on a
// player unit. Which units must have hp is the board's question (combatProblem), asked once every
// unit is read.
std::optional<std::string> readCombat(const Json& entry, Unit& unit) {
  const struct {
    const char* key;
    int lo;
    int* into;
  } stats[] = {{"hp", 1, &unit.hp}, {"str", 0, &unit.str}, {"def", 0, &unit.def},
               {"spd", 0, &unit.spd}};
  for (const auto& stat : stats) {
    if (!entry.contains(stat.key)) continue;
    const Json& value = entry[stat.key];
    const std::string range = std::to_string(stat.lo) + "..99";
    if (!value.is_number_integer()) {
      return std::string("\"") + stat.key + "\" is " + describeValue(value) +
             "; expected a whole number " + range;
    }
    const auto number = value.get<long long>();
    if (number < stat.lo || number > 99) {
      return std::string("\"") + stat.key + "\" " + std::to_string(number) +
             " is out of range " + range;
    }
    *stat.into = static_cast<int>(number);
  }
  if (!entry.contains("lord")) return std::nullopt;
  const Json& lord = entry["lord"];
  if (!lord.is_boolean()) return "\"lord\" is " + describeValue(lord) + "; expected true or false";
  unit.lord = lord.get<bool>();
  if (unit.lord && unit.team != Team::Player) {
    return std::string("is a ") + teamName(unit.team) + " unit with \"lord\": true; only a "
           "player unit can be a lord (SPEC 14)";
  }
  return std::nullopt;
}

}  // namespace

Expected<Unit> readUnit(const Json& entry, const Scenario& scenario, std::string& label) {
  if (!entry.is_object()) {
    return Error{"is " + describeValue(entry) +
                 "; expected an object with name, team, at, move and optionally attack, class "
                 "and props"};
  }
  Unit unit;
  // The name first, so every later error can name the unit.
  auto name = readUnitName(entry);
  if (!name) return Error{name.error()};
  unit.name = std::move(*name);
  label += " (\"" + unit.name + "\")";
  if (auto problem = unitKeysProblem(entry)) return Error{*problem};
  if (auto problem = readPlacement(entry, scenario.map, unit)) return Error{*problem};
  if (auto problem = readUnitClass(entry, scenario.classes, unit)) return Error{*problem};
  if (entry.contains("skills")) {
    const auto skills = readSkills(entry["skills"]);
    if (!skills) return Error{skills.error()};
    unit.skills = *skills;
  }
  if (auto problem = readHidden(entry, unit)) return Error{*problem};
  if (auto problem = readCombat(entry, unit)) return Error{*problem};
  if (entry.contains("props")) {
    auto props = readProps(entry["props"]);
    if (!props) return Error{props.error()};
    unit.props = std::move(*props);
  }
  // Last, once its class is known: the unit stands where its class can enter.
  const int terrain = scenario.map.terrain(unit.cell);
  if (!unit.movement.passable(terrain)) {
    return Error{"stands at " + toString(unit.cell) + " on " +
                 scenario.map.describeCell(unit.cell) + ", which class \"" +
                 unit.className + "\" (" + unit.movement.toString() +
                 ") cannot enter; place it on a cell its class can enter"};
  }
  return unit;
}

Expected<std::uint64_t> readBlocksSight(const Json& value, const CostMap& map) {
  const std::string expected = "; expected an array of terrain names, each at most once, e.g. "
                               "[\"wall\", \"forest\"] ([] for none)";
  if (!value.is_array()) return Error{"\"blocks_sight\" is " + describeValue(value) + expected};
  std::vector<std::string> names;
  for (const Json& name : value) {
    if (!name.is_string()) {
      return Error{"\"blocks_sight\" holds " + describeValue(name) + expected};
    }
    names.push_back(name.get<std::string>());
  }
  std::uint64_t blockers = 0;
  std::string problem;
  if (!sightBlockersOf(names, map.terrainNames(), blockers, problem)) {
    return Error{"\"blocks_sight\": " + problem + "; the map's terrains: " +
                 joined(map.terrainNames())};
  }
  return blockers;
}

std::optional<std::string> sightProblem(const BoardRules& rules, const CostMap& map) {
  if (!rules.sight.on || !map.topology().hex()) return std::nullopt;
  return std::string("line of sight (\"rules\" \"sight\") is defined on square boards only, "
                     "and this board is ") + layoutName(map.layout()) + " (SPEC 11.8)";
}

Expected<TerrainDefence> readTerrainDefence(const Json& value, const CostMap& map) {
  if (!value.is_object()) {
    return Error{"\"terrain_defence\" is " + describeValue(value) +
                 "; expected an object of terrain names and defences 0..20, e.g. {\"forest\": 1}"};
  }
  TerrainDefence defence = TerrainDefence::defaults(map);
  for (const auto& [name, entry] : value.items()) {
    if (!entry.is_number_integer()) {
      return Error{"\"terrain_defence\": \"" + name + "\" is " + describeValue(entry) +
                   "; expected a whole number 0..20"};
    }
    const auto number = entry.get<long long>();
    const int clamped = number < 0 ? -1 : number > kMaxTerrainDefence ? kMaxTerrainDefence + 1
                                                                       : static_cast<int>(number);
    if (auto problem = defence.set(map, name, clamped)) {
      return Error{"\"terrain_defence\": " +
                   (clamped != number ? "terrain \"" + name + "\" has defence " +
                                            std::to_string(number) + ", out of range 0..20"
                                      : *problem + "; the map's terrains: " +
                                            joined(map.terrainNames()))};
    }
  }
  return defence;
}

Expected<Objective> readObjective(const Json& value, const std::vector<Unit>& units,
                                  const CostMap& map) {
  const std::string what = "\"objective\"";
  const std::string forms =
      "; expected {\"type\": \"rout\"}, {\"type\": \"seize\", \"at\": [X, Y]} or "
      "{\"type\": \"survive\", \"turns\": N}";
  if (!value.is_object() || !value.contains("type") || !value["type"].is_string()) {
    return Error{what + " is " + describeValue(value) + forms};
  }
  const std::string type = value["type"].get<std::string>();
  Objective objective;
  const char* needs = nullptr;
  if (type == "rout") {
    objective.type = Objective::Type::Rout;
  } else if (type == "seize") {
    objective.type = Objective::Type::Seize;
    needs = "at";
  } else if (type == "survive") {
    objective.type = Objective::Type::Survive;
    needs = "turns";
  } else {
    return Error{what + " has the type \"" + type + "\"" + forms};
  }
  for (const auto& [key, entry] : value.items()) {
    if (key != "type" && (needs == nullptr || key != needs)) {
      return Error{what + " of type " + type + " has the key \"" + key + "\"" + forms};
    }
  }
  if (needs != nullptr && !value.contains(needs)) {
    return Error{what + " of type " + type + " has no \"" + needs + "\"" + forms};
  }
  if (objective.type == Objective::Type::Seize) {
    const Json& at = value["at"];
    if (!at.is_array() || at.size() != 2 || !at[0].is_number_integer() || !at[1].is_number_integer()) {
      return Error{what + ": \"at\" is " + describeValue(at) + "; expected [X, Y]"};
    }
    objective.at = Cell{static_cast<int>(std::clamp<long long>(at[0].get<long long>(), -1, kMaxMapSide)),
                        static_cast<int>(std::clamp<long long>(at[1].get<long long>(), -1, kMaxMapSide))};
  }
  if (objective.type == Objective::Type::Survive) {
    const Json& turns = value["turns"];
    if (!turns.is_number_integer()) {
      return Error{what + ": \"turns\" is " + describeValue(turns) + "; expected a whole number 1..99"};
    }
    objective.turns = static_cast<int>(std::clamp<long long>(turns.get<long long>(), -1, 1000));
  }
  if (auto problem = objectiveProblem(objective, units, map.width(), map.height())) {
    return Error{what + ": " + *problem};
  }
  return objective;
}

std::optional<std::string> combatBoardProblem(const std::vector<Unit>& units, bool hasObjective) {
  const auto fighter = std::find_if(units.begin(), units.end(), [](const Unit& u) { return u.hp > 0; });
  if (fighter == units.end()) {
    if (hasObjective) {
      return std::string("has an \"objective\" but no unit has \"hp\"; an objective is for a board "
                         "that fights (SPEC 14)");
    }
    return std::nullopt;
  }
  const auto label = [&](std::size_t i) {
    return "units[" + std::to_string(i) + "] (\"" + units[i].name + "\")";
  };
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].hp == 0 && units[i].team != Team::Ally) {
      return label(i) + " has no \"hp\", but " +
             label(static_cast<std::size_t>(fighter - units.begin())) +
             " has: on a board that fights every player and enemy unit needs hp 1..99 (SPEC 14)";
    }
  }
  return std::nullopt;
}

}  // namespace tactics::scenario_fields
