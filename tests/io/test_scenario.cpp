// Scenario files (SPEC §6): what a good one gives, and one clear error for every bad one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "tactics/io/scenario.h"
#include "tactics/solver/movement_presets.h"
#include "random_cases.h"

using namespace tactics;

namespace {

// 6x4: open ground, with forest (76), mountains (178) and a wall (255).
//   x: 0   1   2    3    4   5
const CostMap kMap = testing::mapFromRows({{0, 0, 76, 178, 0, 0},
                                           {0, 0, 0, 255, 0, 0},
                                           {0, 76, 0, 0, 0, 0},
                                           {0, 0, 0, 0, 0, 178}});

const std::string kFile = "levels/test.json";

// Loads kMap for "maps/test.png" next to the scenario's folder; anything else is missing.
Expected<CostMap> fakeLoader(const std::string& path, const TerrainNames* /*terrains*/) {
  if (path == "maps/test.png") return kMap;
  return Error{"cannot read map '" + path + "': no such file"};
}

Expected<Scenario> parse(const std::string& json) {
  return parseScenario(std::vector<std::uint8_t>(json.begin(), json.end()), kFile, fakeLoader);
}

// A scenario with one line of extra top-level JSON and the given units.
std::string scenario(const std::string& units, const std::string& extra = "") {
  return "{\"map\": \"../maps/test.png\", " + extra + "\"units\": [" + units + "]}";
}

const std::string kLord = R"({"name": "Lord", "team": "player", "at": [0, 0], "move": 5})";

// Parsing fails with an error that names the file and holds every piece of `mentions`.
void requireError(const std::string& json, std::vector<std::string> mentions) {
  const auto parsed = parse(json);
  INFO("json: " << json);
  REQUIRE_FALSE(parsed);
  INFO("error: " << parsed.error());
  CHECK(parsed.error().rfind("scenario '" + kFile + "': ", 0) == 0);
  CHECK(parsed.error().find('\n') == std::string::npos);
  for (const auto& mention : mentions) CHECK(parsed.error().find(mention) != std::string::npos);
}

// The Lord and a second unit (units[1], "Bad", an enemy unless `fields` gives a team).
std::string badUnit(const std::string& fields, const std::string& extra = "") {
  const std::string team = fields.find("\"team\"") == std::string::npos ? R"("team": "enemy", )" : "";
  return scenario(kLord + R"(, {"name": "Bad", )" + team + fields + "}", extra);
}

}  // namespace

TEST_CASE("a scenario gives its map, classes and units in file order", "[core][scenario]") {
  const auto parsed = parse(scenario(
      kLord + R"(,
      {"name": "Knight", "team": "ally", "at": [4, 1], "move": 4, "attack": "1-2", "class": "armour"},
      {"name": "Bow", "team": "enemy", "at": [5, 0], "move": 0, "attack": "2-3"},
      {"name": "Rock", "team": "enemy", "at": [5, 3], "move": 3, "attack": "0", "class": "climber"})",
      R"("classes": {"armour": "1,3,6,x,x", "climber": "1,1,1,1,x"}, )"));
  INFO((parsed ? "" : parsed.error()));
  REQUIRE(parsed);
  const Scenario& s = *parsed;
  CHECK(s.mapPath == "maps/test.png");
  CHECK(s.map.width() == 6);
  CHECK(s.classes.size() == 3);
  CHECK(s.classes.at("foot") == MovementClass());
  REQUIRE(s.units.size() == 4);
  const Unit& lord = s.units[0];
  CHECK(lord.name == "Lord");
  CHECK(lord.team == Team::Player);
  CHECK(lord.cell == Cell{0, 0});
  CHECK(lord.moveRange == 5);
  CHECK(lord.attack == AttackRange{1, 1});  // the default
  CHECK(lord.className == "foot");
  CHECK(lord.movement == MovementClass());
  CHECK(s.units[1].team == Team::Ally);
  CHECK(s.units[1].attack == AttackRange{1, 2});
  CHECK(s.units[1].className == "armour");
  CHECK(s.units[1].movement.toString() == "1,3,6,x,x");
  CHECK(s.units[2].team == Team::Enemy);
  CHECK(s.units[2].attack == AttackRange{2, 3});
  CHECK(s.units[2].moveRange == 0);
  CHECK(s.units[3].attack.none());
  CHECK(s.units[3].cell == Cell{5, 3});  // mountains: the climber class can enter them
  CHECK(s.units[3].movement.cost(3) == 1);
}

TEST_CASE("a scenario may redefine foot", "[core][scenario]") {
  const auto parsed = parse(scenario(kLord, R"("classes": {"foot": "2,2,2,2,2"}, )"));
  REQUIRE(parsed);
  CHECK(parsed->units[0].movement.toString() == "2,2,2,2,2");
}

TEST_CASE("the map path is resolved against the scenario's folder", "[core][scenario]") {
  std::string asked;
  const auto loader = [&](const std::string& path, const TerrainNames*) -> Expected<CostMap> {
    asked = path;
    return kMap;
  };
  const std::string json = scenario(kLord);
  const std::vector<std::uint8_t> bytes(json.begin(), json.end());
  REQUIRE(parseScenario(bytes, "a/b/c.json", loader));
  CHECK(asked == "a/maps/test.png");
  REQUIRE(parseScenario(bytes, "c.json", loader));
  CHECK(asked == "../maps/test.png");
  const std::string absolute = R"({"map": "/srv/m.png", "units": [)" + kLord + "]}";
  REQUIRE(parseScenario({absolute.begin(), absolute.end()}, "a/c.json", loader));
  CHECK(asked == "/srv/m.png");
}

TEST_CASE("JSON syntax errors give line and column", "[core][scenario]") {
  requireError("{\n  \"map\": \"../maps/test.png\",\n  \"units\": [ x ]\n}",
               {"JSON syntax error", "line 3, column"});
  requireError("", {"JSON syntax error", "line 1"});
  requireError("{\"map\": \"../maps/test.png\", \"units\": [" + kLord + "]", {"line 1"});
  requireError(std::string("\x89PNG\r\n\x1a\n", 8), {"JSON syntax error"});
  // Not UTF-8: a lone 0xFF byte inside a name.
  requireError(scenario(R"({"name": "L\xff", "team": "player", "at": [0, 0], "move": 1})"),
               {"JSON syntax error", "line 1"});
  // A NUL byte would end nlohmann's text early, leaving what follows it unread.
  requireError(scenario(kLord) + std::string("\0 garbage {{{", 13), {"NUL byte at offset"});
  // A UTF-8 byte order mark is fine.
  CHECK(parse("\xEF\xBB\xBF" + scenario(kLord)));
}

TEST_CASE("not a scenario: the wrong top level, a Tiled map, something else", "[core][scenario]") {
  requireError("[1, 2]", {"top level is an array", "\"map\" and \"units\""});
  requireError(R"({"type": "map", "width": 4, "height": 4, "layers": []})", {"Tiled map"});
  requireError(R"({"map": "../maps/test.png"})", {"neither a scenario", "Tiled map"});
  requireError(R"({"units": [)" + kLord + "]}", {"no \"map\""});
  requireError(R"({"map": 5, "units": [)" + kLord + "]}", {"\"map\" is a whole number"});
  requireError(R"({"map": "", "units": [)" + kLord + "]}", {"\"map\""});
}

TEST_CASE("unknown and repeated keys are refused", "[core][scenario]") {
  requireError(scenario(kLord, R"("turns": 3, )"), {"unknown key \"turns\"", "map, terrains, classes, units"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "mana": 20)"),
               {"units[1] (\"Bad\")", "unknown key \"mana\"", "name, team, at, move, attack, class"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "move": 4)"), {"\"move\" appears twice"});
  requireError(std::string(40, '[') + std::string(40, ']'), {"nested more than 32 levels"});
}

TEST_CASE("wrong types are refused with what is allowed", "[core][scenario]") {
  requireError(badUnit(R"("at": [1, 0], "move": "5")"),
               {"units[1] (\"Bad\")", "\"move\" is a string (\"5\")", "whole number 0..255"});
  requireError(badUnit(R"("at": [1, 0], "move": 5.0)"), {"\"move\" is a number with a fraction"});
  requireError(badUnit(R"("at": [1, 0], "move": true)"), {"\"move\" is a boolean"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "attack": 2)"),
               {"units[1] (\"Bad\")", "\"attack\" is a whole number", "e.g. \"1-2\""});
  requireError(badUnit(R"("at": "1,0", "move": 3)"), {"\"at\" is a string", "[X, Y]"});
  requireError(badUnit(R"("at": [1, 0, 2], "move": 3)"), {"\"at\" is [1,0,2]", "[X, Y]"});
  requireError(badUnit(R"("at": [1.5, 0], "move": 3)"), {"\"at\"", "two whole numbers"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "class": 1)"), {"\"class\" is", "foot"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "team": null)"), {"\"team\""});
  requireError(scenario(kLord, R"("classes": ["foot"], )"), {"\"classes\" is an array"});
  requireError(scenario(kLord, R"("classes": {"horse": 5}, )"),
               {"class \"horse\" is a whole number", "1..15 or x"});
  requireError(R"({"map": "../maps/test.png", "units": {"Lord": 1}})", {"\"units\" is an object"});
  requireError(scenario("5"), {"units[0]: is a whole number", "expected an object"});
}

TEST_CASE("values out of range are refused", "[core][scenario]") {
  requireError(badUnit(R"("at": [1, 0], "move": 256)"),
               {"units[1] (\"Bad\")", "\"move\" 256 is out of range 0..255"});
  requireError(badUnit(R"("at": [1, 0], "move": -1)"), {"\"move\" -1 is out of range 0..255"});
  requireError(badUnit(R"("at": [1, 0], "move": 99999999999999999999)"), {"\"move\""});
  for (const char* attack : {"3-1", "0-2", "1-300", "256", "-1", "1.5", "", "a"}) {
    requireError(badUnit(std::string(R"("at": [1, 0], "move": 3, "attack": ")") + attack + "\""),
                 {"units[1] (\"Bad\")", "\"attack\""});
  }
  for (const char* costs : {"1,2,4,8", "1,2,4,8,x,x", "0,1,1,1,1", "16,1,1,1,1", "1,2,a,8,x"}) {
    requireError(scenario(kLord, std::string(R"("classes": {"horse": ")") + costs + "\"}, "),
                 {"class \"horse\"", "1..15 or x"});
  }
}

TEST_CASE("no units, or more than 256, are refused", "[core][scenario]") {
  requireError(scenario(""), {"0 units", "1..256"});
  std::string many;
  for (int i = 0; i < 257; ++i) {
    many += std::string(i ? "," : "") + R"({"name": "U", "team": "enemy", "at": [0, 0], "move": 1})";
  }
  requireError(scenario(many), {"257 units", "1..256"});
}

TEST_CASE("names are 1..32 characters", "[core][scenario]") {
  const auto named = [](const std::string& name) {
    return scenario(R"({"name": ")" + name + R"(", "team": "player", "at": [0, 0], "move": 1})");
  };
  CHECK(parse(named(std::string(32, 'a'))));
  CHECK(parse(named("\xc3\x89" + std::string(31, 'a'))));  // 32 characters, 33 bytes
  requireError(named(""), {"units[0]", "\"name\"", "1..32 characters"});
  requireError(named(std::string(33, 'a')), {"units[0]", "1..32 characters"});
  requireError(named("a\\tb"), {"units[0]", "control characters"});
  requireError(scenario(R"({"team": "player", "at": [0, 0], "move": 1})"),
               {"units[0]: has no \"name\""});
  requireError(scenario(R"({"name": 7, "team": "player", "at": [0, 0], "move": 1})"),
               {"units[0]: \"name\" is a whole number"});
}

TEST_CASE("required unit keys are required", "[core][scenario]") {
  requireError(scenario(R"({"name": "Lord", "at": [0, 0], "move": 1})"),
               {"units[0] (\"Lord\")", "no \"team\"", "name, team, at and move"});
  requireError(scenario(R"({"name": "Lord", "team": "player", "move": 1})"), {"no \"at\""});
  requireError(scenario(R"({"name": "Lord", "team": "player", "at": [0, 0]})"), {"no \"move\""});
}

TEST_CASE("unknown teams and classes are refused", "[core][scenario]") {
  requireError(badUnit(R"("at": [1, 0], "move": 3, "team": "foe")"),
               {"units[1] (\"Bad\")", "\"team\" \"foe\" is not a team", "\"player\", \"enemy\" or \"ally\""});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "team": "Player")"), {"not a team"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "class": "horse")", R"("classes": {"armour": "1,3,6,x,x"}, )"),
               {"units[1] (\"Bad\")", "\"class\" \"horse\" is not defined", "armour, foot"});
}

TEST_CASE("units must stand inside the map, on a cell their class enters, alone",
          "[core][scenario]") {
  requireError(badUnit(R"("at": [6, 0], "move": 3)"),
               {"units[1] (\"Bad\")", "\"at\" [6,0] is outside the 6x4 map (x 0..5, y 0..3)"});
  requireError(badUnit(R"("at": [0, -1], "move": 3)"), {"units[1] (\"Bad\")", "outside"});
  requireError(badUnit(R"("at": [99999999999999999999, 0], "move": 3)"), {"units[1]"});
  requireError(badUnit(R"("at": [3, 1], "move": 3)"),
               {"units[1] (\"Bad\")", "3,1", "wall", "class \"foot\" (1,2,4,8,x) cannot enter"});
  requireError(badUnit(R"("at": [3, 0], "move": 3, "class": "horse")", R"("classes": {"horse": "1,3,5,x,x"}, )"),
               {"units[1] (\"Bad\")", "mountains (grey 178)", "class \"horse\" (1,3,5,x,x) cannot enter"});
  CHECK(parse(badUnit(R"("at": [3, 0], "move": 3, "class": "foot")")));
  requireError(badUnit(R"("at": [0, 0], "move": 3)"),
               {"units[1] (\"Bad\")", "the cell of units[0] (\"Lord\")", "no two units"});
}

TEST_CASE("a missing map names the scenario and the map", "[core][scenario]") {
  requireError(R"({"map": "nowhere.png", "units": [)" + kLord + "]}",
               {"\"map\" 'nowhere.png'", "levels/nowhere.png", "no such file"});
}

TEST_CASE("every shipped scenario loads, and every shipped map has one or is one", "[core][scenario]") {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(TACTICS_SOURCE_DIR) / "assets/scenarios";
  std::vector<std::string> maps;
  int loaded = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".json") continue;
    const auto scenario = loadScenario(entry.path().string());
    INFO(entry.path().string() << ": " << (scenario ? "ok" : scenario.error()));
    REQUIRE(scenario);
    // A class named like a preset has the preset's costs: `--class mounted` means one thing.
    for (const auto& [name, movement] : scenario->classes) {
      if (const auto preset = findMovementPreset(name)) {
        INFO(name);
        CHECK(movement == *preset);
      }
    }
    maps.push_back(fs::path(scenario->mapPath).filename().string());
    ++loaded;
  }
  CHECK(loaded >= 5);
  int ownUnits = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(TACTICS_SOURCE_DIR) / "assets/maps")) {
    // A Tiled map with a `units` layer is a scenario of its own (SPEC §9).
    if (loadScenario(entry.path().string())) {
      ++ownUnits;
      continue;
    }
    INFO(entry.path().filename().string() << " has no scenario");
    CHECK(std::find(maps.begin(), maps.end(), entry.path().filename().string()) != maps.end());
  }
  CHECK(ownUnits >= 1);
}

TEST_CASE("the default scenario has the roster the demo promises", "[core][scenario]") {
  const auto scenario =
      loadScenario(std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/default.json");
  REQUIRE(scenario);
  int players = 0, enemies = 0, allies = 0;
  std::set<std::string> playerClasses, enemyClasses;
  bool archer = false, mage = false, longbow = false;
  for (const Unit& u : scenario->units) {
    if (u.team == Team::Player) {
      ++players;
      playerClasses.insert(u.className);
      archer = archer || u.attack == AttackRange{2, 2};
      mage = mage || u.attack == AttackRange{1, 2};
    }
    if (u.team == Team::Enemy) {
      ++enemies;
      enemyClasses.insert(u.className);
      longbow = longbow || u.attack == AttackRange{2, 3};
    }
    allies += u.team == Team::Ally;
  }
  CHECK(players >= 6);
  CHECK(enemies >= 6);
  CHECK((allies >= 1 && allies <= 2));
  CHECK(archer);
  CHECK(mage);
  CHECK(longbow);
  for (const char* name : {"foot", "armour", "mounted", "flier"}) CHECK(playerClasses.count(name) == 1);
  CHECK(enemyClasses.size() >= 3);
  // SPEC §6's classes; walls stay impassable to everyone, fliers included.
  CHECK(scenario->classes.at("armour").toString() == "1,3,6,x,x");
  CHECK(scenario->classes.at("mounted").toString() == "1,3,5,x,x");
  CHECK(scenario->classes.at("flier").toString() == "1,1,1,1,x");
}

TEST_CASE("the counterexample scenario is the README's lone unit", "[core][scenario]") {
  const auto scenario =
      loadScenario(std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/counterexample.json");
  REQUIRE(scenario);
  REQUIRE(scenario->units.size() == 1);
  CHECK(scenario->units[0].cell == Cell{0, 0});
  CHECK(scenario->units[0].moveRange == 10);
  CHECK(scenario->units[0].attack.none());
}

TEST_CASE("loadScenario names a file it cannot read", "[core][scenario]") {
  const auto missing = loadScenario("/nonexistent/level.json");
  REQUIRE_FALSE(missing);
  CHECK(missing.error() == "cannot read scenario '/nonexistent/level.json': no such file");
  const auto folder = loadScenario(TACTICS_SOURCE_DIR);
  REQUIRE_FALSE(folder);
  CHECK(folder.error().find("not a regular file") != std::string::npos);
}

TEST_CASE("a scenario's rules and a unit's skills (SPEC 11.2, 11.3)", "[core][scenario]") {
  const auto on = parse(scenario(kLord, R"("rules": {"zoc": true}, )"));
  REQUIRE(on);
  CHECK(on->rules.zoc);
  const auto off = parse(scenario(kLord, R"("rules": {}, )"));
  REQUIRE(off);
  CHECK_FALSE(off->rules.zoc);
  const auto none = parse(scenario(kLord));
  REQUIRE(none);
  CHECK_FALSE(none->rules.zoc);
  CHECK(none->units[0].skills.empty());
  const auto skilled = parse(badUnit(R"("at": [1, 0], "move": 3, "skills": ["pass"])"));
  REQUIRE(skilled);
  CHECK(skilled->units[1].skills.has(Skill::Pass));
  CHECK_FALSE(skilled->units[1].skills.has(Skill::Skirmisher));

  requireError(scenario(kLord, R"("rules": {"zoc": 1}, )"),
               {"\"zoc\" is a whole number", "expected true or false"});
  requireError(scenario(kLord, R"("rules": {"fog": true}, )"),
               {"\"rules\"", "unknown key \"fog\"", "zoc"});
  requireError(scenario(kLord, R"("rules": true, )"), {"\"rules\" is a boolean", "zoc"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "skills": ["fly"])"),
               {"units[1] (\"Bad\")", "unknown skill 'fly'", "pass", "skirmisher"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "skills": ["pass", "pass"])"),
               {"units[1] (\"Bad\")", "'pass' is named twice", "skirmisher"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "skills": "pass")"),
               {"units[1] (\"Bad\")", "\"skills\" is a string", "pass, skirmisher"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "skills": [1])"),
               {"units[1] (\"Bad\")", "\"skills\" holds a whole number"});
}

TEST_CASE("a unit's attack may be a set of ranges (SPEC 11.4)", "[core][scenario][attack]") {
  const auto parsed = parse(scenario(kLord + R"(, {"name": "Sniper", "team": "enemy", "at": [5, 0], "move": 2, "attack": "1,3"},
    {"name": "Mage", "team": "enemy", "at": [4, 3], "move": 2, "attack": "1-2,4-10"})"));
  INFO((parsed ? "" : parsed.error()));
  REQUIRE(parsed);
  CHECK(parsed->units[1].attack == AttackRange::list({{1, 1}, {3, 3}}));
  CHECK(parsed->units[2].attack == AttackRange::list({{1, 2}, {4, 10}}));
  for (const auto& [attack, why] : std::vector<std::pair<std::string, std::string>>{
           {"0,2", "starts at 0"}, {"1,", "empty entry"}, {"1,,3", "empty entry"},
           {"3-1,5", "MIN > MAX"}, {"1,2,3,4,5,6,7,8,9", "9 ranges"}, {"1,256", "over 255"}}) {
    requireError(badUnit(R"("at": [5, 0], "move": 2, "attack": ")" + attack + "\""),
                 {"units[1] (\"Bad\")", "\"attack\" '" + attack + "'", why, "comma list of 2..8 ranges"});
  }
}

TEST_CASE("an enemy may be hidden (SPEC 11.5), a player or an ally may not", "[core][scenario][fog]") {
  const auto hidden = parse(badUnit(R"("at": [1, 0], "move": 3, "hidden": true)"));
  INFO((hidden ? "" : hidden.error()));
  REQUIRE(hidden);
  CHECK(hidden->units[1].hidden);
  CHECK_FALSE(hidden->units[0].hidden);
  const auto shown = parse(badUnit(R"("at": [1, 0], "move": 3, "hidden": false)"));
  REQUIRE(shown);
  CHECK_FALSE(shown->units[1].hidden);
  // Not hidden is allowed on anyone.
  REQUIRE(parse(badUnit(R"("team": "ally", "at": [1, 0], "move": 3, "hidden": false)")));

  requireError(badUnit(R"("team": "player", "at": [1, 0], "move": 3, "hidden": true)"),
               {"units[1] (\"Bad\")", "player unit with \"hidden\": true", "only an enemy"});
  requireError(badUnit(R"("team": "ally", "at": [1, 0], "move": 3, "hidden": true)"),
               {"units[1] (\"Bad\")", "ally unit", "only an enemy"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "hidden": "yes")"),
               {"units[1] (\"Bad\")", "\"hidden\" is a string", "true or false"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "hidden": 1)"),
               {"\"hidden\" is a whole number", "true or false"});
  requireError(badUnit(R"("at": [1, 0], "move": 3, "fog": true)"),
               {"unknown key \"fog\"", "hidden"});
}

TEST_CASE("combat stats and objectives are checked with the unit and what is allowed (SPEC 14)",
          "[core][scenario][combat]") {
  const std::string hpLord = R"({"name": "Lord", "team": "player", "at": [0, 0], "move": 5, "hp": 20})";
  const auto fighting = [&](const std::string& fields, const std::string& extra = "") {
    return scenario(hpLord + R"(, {"name": "Bad", "team": "enemy", )" + fields + "}", extra);
  };
  requireError(fighting(R"("at": [1, 0], "move": 3, "hp": 0)"),
               {"units[1] (\"Bad\")", "\"hp\" 0 is out of range 1..99"});
  requireError(fighting(R"("at": [1, 0], "move": 3, "hp": 5, "str": 100)"),
               {"units[1] (\"Bad\")", "\"str\" 100 is out of range 0..99"});
  requireError(fighting(R"("at": [1, 0], "move": 3, "hp": "5")"),
               {"\"hp\" is a string", "expected a whole number 1..99"});
  requireError(fighting(R"("at": [1, 0], "move": 3, "hp": 5, "lord": true)"),
               {"units[1] (\"Bad\")", "only a player unit can be a lord"});
  requireError(fighting(R"("at": [1, 0], "move": 3)"),
               {"units[1] (\"Bad\") has no \"hp\", but units[0] (\"Lord\") has",
                "every player and enemy unit needs hp 1..99"});
  // An ally may go without.
  const auto ally = parse(scenario(hpLord + R"(, {"name": "Pal", "team": "ally", "at": [1, 0], "move": 3})"));
  INFO((ally ? "" : ally.error()));
  CHECK(ally);
  // Objectives.
  const std::string foe = R"("at": [1, 0], "move": 3, "hp": 5)";
  requireError(fighting(foe, R"("objective": {"type": "escape"}, )"),
               {"\"objective\" has the type \"escape\"", "{\"type\": \"rout\"}"});
  requireError(fighting(foe, R"("objective": {"type": "seize", "at": [9, 9]}, )"),
               {"the seize cell 9,9 is outside the 6x4 map"});
  requireError(fighting(foe, R"("objective": {"type": "seize", "at": [2, 2]}, )"),
               {"a seize needs a player unit with \"lord\": true"});
  requireError(fighting(foe, R"("objective": {"type": "survive", "turns": 0}, )"),
               {"survive 0 turns is out of range 1..99"});
  requireError(fighting(foe, R"("objective": {"type": "rout", "turns": 3}, )"),
               {"of type rout has the key \"turns\""});
  requireError(scenario(kLord, R"("objective": {"type": "rout"}, )"),
               {"no unit has \"hp\"", "an objective is for a board that fights"});
  requireError(fighting(foe, R"("terrain_defence": {"lava": 1}, )"),
               {"unknown terrain \"lava\"", "the map's terrains: plains, forest"});
  requireError(fighting(foe, R"("terrain_defence": {"forest": 21}, )"),
               {"terrain \"forest\" has defence 21, out of range 0..20"});
  const auto survive = parse(fighting(foe, R"("objective": {"type": "survive", "turns": 8}, )"));
  REQUIRE(survive);
  CHECK(survive->objective->turns == 8);
}
