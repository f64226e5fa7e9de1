// A game's own data in scenarios (SPEC §6 "props") and the scenario writer: props are kept as
// they were read, every other stranger is still an error, and parse -> write -> parse gives the
// same scenario, for hand-written ones, every shipped one and the Tiled sample level.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "random_cases.h"
#include "tactics/io/map_image.h"
#include "tactics/io/scenario.h"

using namespace tactics;

namespace {

const CostMap kMap = testing::mapFromRows({{0, 0, 76, 178, 0, 0},
                                           {0, 0, 0, 255, 0, 0},
                                           {0, 76, 0, 0, 0, 0}});

const std::string kFile = "levels/test.json";

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

Expected<CostMap> fakeLoader(const std::string& path, const TerrainNames* /*terrains*/) {
  if (path == "maps/test.png") return kMap;
  return Error{"cannot read map '" + path + "': no such file"};
}

Expected<Scenario> parse(const std::string& json, const std::string& path = kFile) {
  return parseScenario(bytesOf(json), path, fakeLoader);
}

const std::string kWithProps = R"({
  "map": "../maps/test.png",
  "props": {"title": "Chapter 1: Dawn", "turns": 20, "weather": null, "win": ["rout", {"boss": "Gar"}]},
  "classes": {"armour": "1,3,6,x,x"},
  "units": [
    {"name": "Lord", "team": "player", "at": [0, 0], "move": 5,
     "props": {"hp": 20, "portrait": "lord.png", "items": [{"name": "Rapier", "uses": 40}], "big": 12345678901234567890,
               "ratio": 0.1, "text": "\u00e9t\u00e9 \"quoted\"\n"}},
    {"name": "Knight", "team": "ally", "at": [4, 1], "move": 4, "attack": "1-2", "class": "armour", "props": {}},
    {"name": "Bow", "team": "enemy", "at": [5, 0], "move": 0, "attack": "0"}
  ]
})";

// Every field of two scenarios, props compared as JSON values.
void requireSame(const Scenario& a, const Scenario& b) {
  CHECK(a.mapPath == b.mapPath);
  CHECK(a.map.greyValues() == b.map.greyValues());
  CHECK(a.classes == b.classes);
  CHECK(a.props == b.props);
  CHECK(a.rules.zoc == b.rules.zoc);
  REQUIRE(a.units.size() == b.units.size());
  for (std::size_t i = 0; i < a.units.size(); ++i) {
    INFO("unit " << i);
    const Unit& x = a.units[i];
    const Unit& y = b.units[i];
    CHECK(x.name == y.name);
    CHECK(x.team == y.team);
    CHECK(x.cell == y.cell);
    CHECK(x.moveRange == y.moveRange);
    CHECK(x.attack == y.attack);
    CHECK(x.className == y.className);
    CHECK(x.movement == y.movement);
    CHECK(x.props == y.props);
    CHECK(x.skills == y.skills);
    CHECK(x.hidden == y.hidden);
    CHECK(x.hp == y.hp);
    CHECK(x.str == y.str);
    CHECK(x.def == y.def);
    CHECK(x.spd == y.spd);
    CHECK(x.lord == y.lord);
  }
  CHECK(a.defence == b.defence);
  CHECK(a.objective == b.objective);
}

// Writes `scenario` for `path`, parses the text back through `loader`, and checks both agree.
void requireRoundTrip(const Scenario& scenario, const std::string& path, const MapLoader& loader) {
  const auto text = formatScenario(scenario, path);
  INFO((text ? *text : text.error()));
  REQUIRE(text);
  const auto again = parseScenario(bytesOf(*text), path, loader);
  INFO((again ? "" : again.error()));
  REQUIRE(again);
  requireSame(scenario, *again);
  // And writing that gives the same text.
  const auto second = formatScenario(*again, path);
  REQUIRE(second);
  CHECK(*second == *text);
}

}  // namespace

TEST_CASE("props on the scenario and on units are kept as JSON, byte-equal as values",
          "[core][scenario]") {
  const auto parsed = parse(kWithProps);
  INFO((parsed ? "" : parsed.error()));
  REQUIRE(parsed);
  const auto original = nlohmann::json::parse(kWithProps);
  CHECK(nlohmann::json::parse(parsed->props) == original["props"]);
  CHECK(nlohmann::json::parse(parsed->units[0].props) == original["units"][0]["props"]);
  CHECK(parsed->units[1].props == "{}");
  CHECK(parsed->units[2].props.empty());  // none given
  // The 20-digit integer is not rounded through a double.
  CHECK(parsed->units[0].props.find("12345678901234567890") != std::string::npos);
}

TEST_CASE("props must be objects, and other strangers stay errors", "[core][scenario]") {
  const auto error = [](const std::string& json) {
    const auto parsed = parse(json);
    REQUIRE_FALSE(parsed);
    CHECK(parsed.error().rfind("scenario '" + kFile + "': ", 0) == 0);
    CHECK(parsed.error().find('\n') == std::string::npos);
    return parsed.error();
  };
  const std::string lord = R"({"name": "Lord", "team": "player", "at": [0, 0], "move": 5})";
  const auto unitWith = [&](const std::string& props) {
    return R"({"map": "../maps/test.png", "units": [)" + lord +
           R"(, {"name": "Bad", "team": "enemy", "at": [1, 0], "move": 1, "props": )" + props + "}]}";
  };
  for (const std::string props : {"[]", "3", "\"hp\"", "null", "true"}) {
    INFO(props);
    const std::string message = error(unitWith(props));
    CHECK(message.find("units[1] (\"Bad\"): \"props\" is") != std::string::npos);
    CHECK(message.find("expected an object") != std::string::npos);
  }
  CHECK(error(R"({"map": "../maps/test.png", "props": [1], "units": [)" + lord + "]}")
            .find("\"props\" is an array; expected an object") != std::string::npos);
  CHECK(error(R"({"map": "../maps/test.png", "prop": {}, "units": [)" + lord + "]}")
            .find("unknown key \"prop\"; allowed keys: map, terrains, classes, units, rules, props") != std::string::npos);
  CHECK(error(unitWith(R"({"a": 1, "a": 2})")).find("\"a\" appears twice") != std::string::npos);
  // Props nest as deep as a game needs, within the scenario's limit.
  std::string deep = "1";
  for (int i = 0; i < 25; ++i) deep = "{\"k\": " + deep + "}";
  CHECK(parse(unitWith(deep)));
  std::string tooDeep = "1";
  for (int i = 0; i < 40; ++i) tooDeep = "[" + tooDeep + "]";
  CHECK(error(unitWith("{\"k\": " + tooDeep + "}")).find("nested more than 32") != std::string::npos);
}

TEST_CASE("a written scenario parses back to the same scenario", "[core][scenario]") {
  const auto parsed = parse(kWithProps);
  REQUIRE(parsed);
  requireRoundTrip(*parsed, kFile, fakeLoader);
  const auto text = formatScenario(*parsed, kFile);
  REQUIRE(text);
  // The shipped layout: map relative to the file, every class, one unit a line, all fields.
  CHECK(text->rfind("{\n  \"map\": \"../maps/test.png\",\n  \"classes\": { \"armour\": "
                    "\"1,3,6,x,x\", \"foot\": \"1,2,4,8,x\" },\n  \"props\": {",
                    0) == 0);
  CHECK(text->find(R"({ "name": "Bow", "team": "enemy", "at": [5, 0], "move": 0, "attack": "0", "class": "foot" })") !=
        std::string::npos);
  CHECK(text->find(R"("attack": "1-2", "class": "armour", "props": {} })") != std::string::npos);
}

TEST_CASE("the written map path is relative to where the scenario is written", "[core][scenario]") {
  const auto parsed = parse(kWithProps);
  REQUIRE(parsed);
  const auto mapLine = [&](const std::string& path) {
    const auto text = formatScenario(*parsed, path);
    REQUIRE(text);
    return nlohmann::json::parse(*text)["map"].get<std::string>();
  };
  CHECK(mapLine("levels/test.json") == "../maps/test.png");
  CHECK(mapLine("maps/test.json") == "test.png");
  CHECK(mapLine("saves/deep/one.json") == "../../maps/test.png");
  CHECK(mapLine("top.json") == "maps/test.png");
  // Saved elsewhere, the map is still the same file.
  const auto loader = [](const std::string& path, const TerrainNames*) -> Expected<CostMap> {
    if (std::filesystem::path(path).lexically_normal() == "maps/test.png") return kMap;
    return Error{"cannot read map '" + path + "': no such file"};
  };
  requireRoundTrip(*parsed, "saves/deep/one.json", loader);
  requireRoundTrip(*parsed, "top.json", loader);
  // An absolute map stays absolute for a scenario given by a relative path, and is made relative
  // for one given by an absolute path.
  Scenario absolute = *parsed;
  absolute.mapPath = "/srv/maps/test.png";
  const auto anyMap = [](const std::string&, const TerrainNames*) -> Expected<CostMap> { return kMap; };
  requireRoundTrip(absolute, "levels/test.json", anyMap);
  const auto text = formatScenario(absolute, "/srv/levels/test.json");
  REQUIRE(text);
  CHECK(nlohmann::json::parse(*text)["map"] == "../maps/test.png");
  requireRoundTrip(absolute, "/srv/levels/test.json", anyMap);
}

TEST_CASE("a scenario the writer cannot write faithfully is an error, not a file", "[core][scenario]") {
  auto parsed = parse(kWithProps);
  REQUIRE(parsed);
  Scenario edited = *parsed;
  edited.units[1].movement = MovementClass({1, 1, 1, 1, MovementClass::kImpassable});
  auto text = formatScenario(edited, kFile);
  REQUIRE_FALSE(text);
  CHECK(text.error().find("units[1] (\"Knight\")") != std::string::npos);
  CHECK(text.error().find("is not its class \"armour\"") != std::string::npos);
  edited = *parsed;
  edited.units[0].className = "dragon";
  text = formatScenario(edited, kFile);
  REQUIRE_FALSE(text);
  CHECK(text.error().find("class \"dragon\" is not among") != std::string::npos);
  edited = *parsed;
  edited.units[2].props = "[1, 2]";
  text = formatScenario(edited, kFile);
  REQUIRE_FALSE(text);
  CHECK(text.error().find("units[2] (\"Bow\")") != std::string::npos);
  edited = *parsed;
  edited.props = "{oops";
  text = formatScenario(edited, kFile);
  REQUIRE_FALSE(text);
  CHECK(text.error().find("not JSON") != std::string::npos);
  edited = *parsed;
  edited.units[0].name = "L\xff";
  text = formatScenario(edited, kFile);
  REQUIRE_FALSE(text);
  CHECK(text.error().find("UTF-8") != std::string::npos);
}

TEST_CASE("every shipped scenario and the Tiled sample level survive a round trip", "[core][scenario]") {
  namespace fs = std::filesystem;
  const auto fromDisk = [](const std::string& path, const TerrainNames*) { return loadMap(path); };
  int checked = 0;
  for (const char* folder : {"assets/scenarios", "assets/maps"}) {
    for (const auto& entry : fs::directory_iterator(fs::path(TACTICS_SOURCE_DIR) / folder)) {
      const auto scenario = loadScenario(entry.path().string());
      if (!scenario) continue;  // a map with no units of its own
      INFO(entry.path().string());
      // Written as a scenario beside the shipped ones.
      const std::string path = std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/written.json";
      requireRoundTrip(*scenario, path, fromDisk);
      ++checked;
    }
  }
  CHECK(checked >= 8);
}

TEST_CASE("rules and skills are written back and read again", "[core][scenario]") {
  const std::string json = R"({"map": "../maps/test.png", "rules": {"zoc": true}, "units": [
    {"name": "Rogue", "team": "player", "at": [0, 0], "move": 5, "skills": ["skirmisher", "pass"]},
    {"name": "Bow", "team": "enemy", "at": [5, 0], "move": 0, "skills": []}]})";
  const auto scenario = parse(json);
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  CHECK(scenario->rules.zoc);
  CHECK(formatSkills(scenario->units[0].skills) == "pass,skirmisher");
  CHECK(scenario->units[1].skills.empty());
  requireRoundTrip(*scenario, kFile, fakeLoader);
  const auto text = formatScenario(*scenario, kFile);
  REQUIRE(text);
  CHECK(text->find(R"("rules": { "zoc": true })") != std::string::npos);
  CHECK(text->find(R"("skills": ["pass", "skirmisher"])") != std::string::npos);
  // Off rules and no skills are left out, as before.
  Scenario plain = *scenario;
  plain.rules.zoc = false;
  for (Unit& unit : plain.units) unit.skills = Skills{};
  const auto plainText = formatScenario(plain, kFile);
  REQUIRE(plainText);
  CHECK(plainText->find("rules") == std::string::npos);
  CHECK(plainText->find("skills") == std::string::npos);
  requireRoundTrip(plain, kFile, fakeLoader);
}

TEST_CASE("attack sets are written as they were read (SPEC 11.4)", "[core][scenario][attack]") {
  const std::string json = R"({"map": "../maps/test.png", "units": [
    {"name": "Lord", "team": "player", "at": [0, 0], "move": 5, "attack": "1,3"},
    {"name": "Mage", "team": "enemy", "at": [5, 0], "move": 2, "attack": "6,1-2,2-4"},
    {"name": "Bow", "team": "enemy", "at": [4, 2], "move": 2, "attack": "2"}]})";
  const auto scenario = parse(json);
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  const auto text = formatScenario(*scenario, kFile);
  REQUIRE(text);
  CHECK(text->find(R"("attack": "1,3")") != std::string::npos);
  CHECK(text->find(R"("attack": "6,1-2,2-4")") != std::string::npos);
  CHECK(text->find(R"("attack": "1-2")") != std::string::npos);
  requireRoundTrip(*scenario, kFile, fakeLoader);
}

TEST_CASE("a hidden enemy is written back hidden, and nobody else is (SPEC 11.5)",
          "[core][scenario][fog]") {
  const std::string json = R"({"map": "../maps/test.png", "units": [
    {"name": "Lord", "team": "player", "at": [0, 0], "move": 5},
    {"name": "Lurker", "team": "enemy", "at": [5, 0], "move": 3, "hidden": true},
    {"name": "Guard", "team": "enemy", "at": [4, 0], "move": 3, "hidden": false}]})";
  const auto scenario = parse(json);
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  requireRoundTrip(*scenario, kFile, fakeLoader);
  const auto text = formatScenario(*scenario, kFile);
  REQUIRE(text);
  CHECK(text->find(R"("name": "Lurker")") < text->find(R"("hidden": true)"));
  CHECK(text->find(R"("hidden": true)") == text->rfind(R"("hidden": true)"));
  CHECK(text->find("false") == std::string::npos);
}

TEST_CASE("combat stats, terrain defence and the objective are written back (SPEC 14)",
          "[core][scenario][combat]") {
  const std::string json = R"({"map": "../maps/test.png",
    "terrain_defence": {"hills": 2, "forest": 3}, "objective": {"type": "seize", "at": [5, 2]},
    "units": [
    {"name": "Lord", "team": "player", "at": [0, 0], "move": 5, "hp": 20, "str": 7, "def": 4,
     "spd": 6, "lord": true},
    {"name": "Ally", "team": "ally", "at": [1, 0], "move": 4},
    {"name": "Bow", "team": "enemy", "at": [5, 0], "move": 0, "hp": 9, "str": 5}]})";
  const auto scenario = parse(json);
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  CHECK(scenario->units[0].hp == 20);
  CHECK(scenario->units[0].lord);
  CHECK(scenario->units[1].hp == 0);
  CHECK((scenario->units[2].def == 0 && scenario->units[2].spd == 0));
  CHECK(scenario->defence.of(1) == 3);
  CHECK(scenario->defence.of(2) == 2);
  CHECK(scenario->defence.of(3) == 2);  // mountains keep their default
  REQUIRE(scenario->objective);
  CHECK(scenario->objective->at == Cell{5, 2});
  requireRoundTrip(*scenario, kFile, fakeLoader);
  const auto text = formatScenario(*scenario, kFile);
  REQUIRE(text);
  CHECK(text->find(R"("terrain_defence": { "forest": 3, "hills": 2 })") != std::string::npos);
  CHECK(text->find(R"("objective": { "type": "seize", "at": [5, 2] })") != std::string::npos);
  CHECK(text->find(R"("hp": 20, "str": 7, "def": 4, "spd": 6, "lord": true)") != std::string::npos);
  // A board without hp writes none of it.
  Scenario plain = *scenario;
  plain.objective.reset();
  plain.defence = TerrainDefence::defaults(plain.map);
  for (Unit& unit : plain.units) {
    unit.hp = 0;
    unit.lord = false;
  }
  const auto plainText = formatScenario(plain, kFile);
  REQUIRE(plainText);
  CHECK(plainText->find("hp") == std::string::npos);
  CHECK(plainText->find("objective") == std::string::npos);
  CHECK(plainText->find("terrain_defence") == std::string::npos);
}

TEST_CASE("line of sight and its blocking terrains are read and written back (SPEC 11.8)",
          "[core][scenario][sight]") {
  const std::string json = R"({"map": "../maps/test.png", "rules": {"sight": true},
    "blocks_sight": ["wall", "forest"], "units": [
    {"name": "Bow", "team": "player", "at": [0, 0], "move": 5, "attack": "2-3"}]})";
  const auto scenario = parse(json);
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  CHECK(scenario->rules.sight.on);
  CHECK(scenario->rules.sight.blockers == ((std::uint64_t{1} << 1) | (std::uint64_t{1} << 4)));
  requireRoundTrip(*scenario, kFile, fakeLoader);
  const auto text = formatScenario(*scenario, kFile);
  REQUIRE(text);
  CHECK(text->find(R"("rules": { "sight": true })") != std::string::npos);
  CHECK(text->find(R"("blocks_sight": ["forest", "wall"])") != std::string::npos);
  // Errors name the key and what is allowed.
  const auto bad = [](const std::string& input) {
    const auto parsed = parse(input);
    REQUIRE_FALSE(parsed);
    return parsed.error();
  };
  const std::string unit = R"("units": [{"name": "Bow", "team": "player", "at": [0, 0], "move": 5}])";
  CHECK(bad(R"({"map": "../maps/test.png", "rules": {"sight": 1}, )" + unit + "}")
            .find("; expected true or false") != std::string::npos);
  CHECK(bad(R"({"map": "../maps/test.png", "rules": {"sight": 1}, )" + unit + "}")
            .find("\"rules\" \"sight\" is ") != std::string::npos);
  CHECK(bad(R"({"map": "../maps/test.png", "blocks_sight": ["lava"], )" + unit + "}")
            .find("\"blocks_sight\": unknown terrain \"lava\"; the map's terrains: plains") !=
        std::string::npos);
  CHECK(bad(R"({"map": "../maps/test.png", "blocks_sight": ["wall", "wall"], )" + unit + "}")
            .find("terrain \"wall\" is named twice") != std::string::npos);
  CHECK(bad(R"({"map": "../maps/test.png", "grid": "hex-y-odd", "rules": {"sight": true}, )" +
            unit + "}")
            .find("line of sight (\"rules\" \"sight\") is defined on square boards only, and "
                  "this board is hex-y-odd (SPEC 11.8)") != std::string::npos);
}
