// Units placed in the Tiled editor (SPEC §9): a map's `units` object layer read as a scenario, from
// the fixtures Tiled 1.8 wrote (TMX, TMJ and a .json map) and from small hand-written maps for
// every error, each naming the map and the object.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "tactics/io/map_image.h"
#include "tactics/io/scenario.h"
#include "tactics/io/tiled_map.h"

using namespace tactics;

namespace {

const std::string kFixtures = std::string(TACTICS_SOURCE_DIR) + "/tests/fixtures/tiled/";

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

const ReadFile kNoFiles = [](const std::string&) -> Expected<std::vector<std::uint8_t>> {
  return Error{"no such file"};
};

// A 4x3 TMX map of 16-pixel tiles, plains but for a wall at 3,0, with `objects` as its `units`
// layer (unless `layers` replaces it) and `properties` as the map's.
std::string unitsTmx(const std::string& objects, const std::string& properties = "",
                     const std::string& layers = "") {
  return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="4" height="3" tilewidth="16" tileheight="16" infinite="0">
)" + properties + R"(
 <tileset firstgid="1" name="ground" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="wall"/></properties></tile>
 </tileset>
 <layer name="ground" width="4" height="3"><data encoding="csv">1,1,1,2,1,1,1,1,1,1,1,1</data></layer>
)" + (layers.empty() ? R"( <objectgroup name="units">)" + objects + "</objectgroup>" : layers) +
         "\n</map>\n";
}

// A point object with the given properties, e.g. point(3, "Lord", 8, 8, team("player") + move(5)).
std::string property(const std::string& name, const std::string& value, const std::string& type = "") {
  return R"(<property name=")" + name + "\"" + (type.empty() ? "" : R"( type=")" + type + "\"") +
         R"( value=")" + value + R"("/>)";
}
std::string team(const std::string& value) { return property("team", value); }
std::string move(const std::string& value) { return property("move", value, "int"); }

std::string object(int id, const std::string& name, const std::string& x, const std::string& y,
                   const std::string& properties, const std::string& shape = "<point/>",
                   const std::string& attributes = "") {
  return R"(<object id=")" + std::to_string(id) + R"(" name=")" + name + R"(" x=")" + x +
         R"(" y=")" + y + "\"" + attributes + "><properties>" + properties + "</properties>" +
         shape + "</object>";
}

// The Lord at 0,0, a valid unit to put other objects beside.
const std::string kLord = object(1, "Lord", "8", "8", team("player") + move("5"));

Expected<Scenario> parseTmx(const std::string& text, const std::string& path = "levels/a.tmx") {
  return parseScenarioFile(bytesOf(text), path, kNoFiles);
}

// Reading fails with one line that names the map and holds every piece of `mentions`.
void requireError(const Expected<Scenario>& scenario, const std::vector<std::string>& mentions,
                  const std::string& path = "levels/a.tmx") {
  REQUIRE_FALSE(scenario);
  INFO("error: " << scenario.error());
  CHECK(scenario.error().rfind("map '" + path + "': ", 0) == 0);
  CHECK(scenario.error().find('\n') == std::string::npos);
  for (const std::string& mention : mentions) {
    CHECK(scenario.error().find(mention) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("the fixture's units layer gives the same scenario from TMX, TMJ and a .json map",
          "[core][tiled][scenario]") {
  for (const char* name : {"units.tmx", "units.tmj", "units.json"}) {
    const std::string path = kFixtures + name;
    const auto scenario = loadScenario(path);
    INFO(name << ": " << (scenario ? "ok" : scenario.error()));
    REQUIRE(scenario);
    CHECK(scenario->mapPath == path);
    CHECK(scenario->map.sizeText() == "6x4");
    // The presets, and the map's own class from its multi-line `classes` property.
    CHECK(scenario->classes.size() == 5);
    CHECK(scenario->classes.at("runner").toString() == "1,1,2,4,x");
    CHECK(scenario->classes.at("mounted").toString() == "1,3,5,x,x");
    REQUIRE(scenario->units.size() == 4);
    const auto& units = scenario->units;
    CHECK(units[0].name == "Lord");
    CHECK(units[0].team == Team::Player);
    CHECK(units[0].cell == Cell{1, 0});  // the point 24,8
    CHECK(units[0].moveRange == 4);
    CHECK(units[0].attack == AttackRange{1, 1});
    CHECK(units[0].className == "foot");
    // A tile object's y is its bottom edge: 16,48 is the tile over cell 1,2.
    CHECK(units[1].name == "Rider");
    CHECK(units[1].cell == Cell{1, 2});
    CHECK(units[1].moveRange == 6);
    CHECK(units[1].className == "runner");
    CHECK(units[1].movement.toString() == "1,1,2,4,x");
    // 80,16 lies on the corner of cell 5,1; attack "1" is 1-1; no class is foot.
    CHECK(units[2].name == "Bandit");
    CHECK(units[2].team == Team::Enemy);
    CHECK(units[2].cell == Cell{5, 1});
    CHECK(units[2].attack == AttackRange{1, 1});
    CHECK(units[2].movement == MovementClass());
    // Fractional pixels round down: 72.5,63.9 is in cell 4,3.
    CHECK(units[3].name == "Guard");
    CHECK(units[3].team == Team::Ally);
    CHECK(units[3].cell == Cell{4, 3});
    CHECK(units[3].attack.none());
    CHECK(units[3].className == "armour");
    CHECK(units[3].props.empty());
  }
}

TEST_CASE("a Tiled map's units are the units the same JSON scenario gives", "[core][tiled][scenario]") {
  const std::string path = kFixtures + "units.tmx";
  const auto tiled = loadScenario(path);
  REQUIRE(tiled);
  const std::string json = R"({"map": "units.tmx",
    "classes": {"mounted": "1,3,5,x,x", "armour": "1,3,6,x,x", "flier": "1,1,1,1,x", "runner": "1,1,2,4,x"},
    "units": [
      {"name": "Lord", "team": "player", "at": [1, 0], "move": 4, "attack": "1-1", "class": "foot"},
      {"name": "Rider", "team": "player", "at": [1, 2], "move": 6, "class": "runner"},
      {"name": "Bandit", "team": "enemy", "at": [5, 1], "move": 3, "attack": "1"},
      {"name": "Guard", "team": "ally", "at": [4, 3], "move": 2, "attack": "0", "class": "armour"}]})";
  const auto scenario =
      parseScenario(bytesOf(json), kFixtures + "units-scenario.json",
                    [](const std::string& map, const TerrainNames*) { return loadMap(map); });
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  CHECK(scenario->mapPath == tiled->mapPath);
  CHECK(scenario->map.greyValues() == tiled->map.greyValues());
  CHECK(scenario->classes == tiled->classes);
  REQUIRE(scenario->units.size() == tiled->units.size());
  for (std::size_t i = 0; i < scenario->units.size(); ++i) {
    const Unit& a = scenario->units[i];
    const Unit& b = tiled->units[i];
    INFO("unit " << i);
    CHECK(a.name == b.name);
    CHECK(a.team == b.team);
    CHECK(a.cell == b.cell);
    CHECK(a.moveRange == b.moveRange);
    CHECK(a.attack == b.attack);
    CHECK(a.className == b.className);
    CHECK(a.movement == b.movement);
  }
}

TEST_CASE("as a map, a Tiled map with units is only its terrain", "[core][tiled]") {
  const auto withUnits = loadMap(kFixtures + "units.tmx");
  const auto without = loadMap(kFixtures + "level-csv.tmx");
  REQUIRE(withUnits);
  REQUIRE(without);
  CHECK(withUnits->greyValues() == without->greyValues());
  const auto tiled = loadTiledMap(kFixtures + "units.tmj");
  REQUIRE(tiled);
  REQUIRE(tiled->unitLayers.size() == 1);  // the layer named "notes" is no units layer
  CHECK(tiled->unitLayers[0].size() == 4);
  CHECK(tiled->unitLayers[0][1].shape == TiledObjectShape::Tile);
}

TEST_CASE("a Tiled map without a units layer given as a scenario says to use --map",
          "[core][tiled][scenario]") {
  for (const char* name : {"level-csv.tmx", "level-csv.tmj", "level-tsj.json"}) {
    const std::string path = kFixtures + name;
    const auto scenario = loadScenario(path);
    REQUIRE_FALSE(scenario);
    CHECK(scenario.error() ==
          path + " is a Tiled map without a 'units' object layer; use --map " + path);
  }
  // A tile layer named "units" is no object layer.
  const auto tileLayer = parseTmx(unitsTmx(
      "", "", R"( <layer name="units" width="4" height="3"><data encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0</data></layer>)"));
  REQUIRE_FALSE(tileLayer);
  CHECK(tileLayer.error() ==
        "levels/a.tmx is a Tiled map without a 'units' object layer; use --map levels/a.tmx");
}

TEST_CASE("only point and tile objects are units", "[core][tiled][scenario]") {
  const std::vector<std::pair<std::string, std::string>> shapes = {
      {"", "a rectangle"},
      {"<ellipse/>", "an ellipse"},
      {R"(<polygon points="0,0 8,0 8,8"/>)", "a polygon"},
      {R"(<polyline points="0,0 8,8"/>)", "a polyline"},
      {"<text>Hi</text>", "a text object"}};
  for (const auto& [shape, name] : shapes) {
    requireError(parseTmx(unitsTmx(kLord + object(7, "Brigand", "24", "8",
                                                  team("enemy") + move("4"), shape,
                                                  R"( width="8" height="8")"))),
                 {"'units' layer, object 7 (\"Brigand\")", "is " + name, "point or a tile object"});
  }
  requireError(parseTmx(unitsTmx(R"(<object id="4" name="Pal" template="pal.tx" x="8" y="8"/>)")),
               {"object 4 (\"Pal\")", "template 'pal.tx'", "detach"});
}

TEST_CASE("a unit stands in the cell holding its position, on the map, alone",
          "[core][tiled][scenario]") {
  const auto cellOf = [](const std::string& x, const std::string& y, bool tile) {
    const auto scenario = parseTmx(unitsTmx(object(1, "U", x, y, team("player") + move("1"),
                                                   tile ? "" : "<point/>",
                                                   tile ? R"( gid="1")" : "")));
    INFO((scenario ? "" : scenario.error()));
    REQUIRE(scenario);
    return scenario->units.at(0).cell;
  };
  CHECK(cellOf("0", "0", false) == Cell{0, 0});
  CHECK(cellOf("15.99", "16", false) == Cell{0, 1});
  CHECK(cellOf("63.5", "47", false) == Cell{3, 2});
  // A tile object's y is its bottom edge: (y - 1) / tileheight.
  CHECK(cellOf("16", "16", true) == Cell{1, 0});
  CHECK(cellOf("16", "17", true) == Cell{1, 1});
  CHECK(cellOf("0", "48", true) == Cell{0, 2});

  requireError(parseTmx(unitsTmx(kLord + object(2, "Far", "64", "8", team("enemy") + move("1")))),
               {"object 2 (\"Far\")", "x 64, y 8", "outside the 4x3 map"});
  requireError(parseTmx(unitsTmx(kLord + object(2, "Up", "8", "-0.5", team("enemy") + move("1")))),
               {"object 2 (\"Up\")", "outside"});
  // The tile whose bottom edge is at 49 pixels stands on row 3, below the map.
  requireError(parseTmx(unitsTmx(kLord + object(2, "Low", "0", "49", team("enemy") + move("1"),
                                                "", R"( gid="1")"))),
               {"object 2 (\"Low\")", "outside"});
  requireError(parseTmx(unitsTmx(kLord + object(2, "Odd", "1e999", "8", team("enemy") + move("1")))),
               {"object 2 (\"Odd\")", "position that is not a number"});
  requireError(parseTmx(unitsTmx(kLord + object(2, "Twin", "15", "15", team("enemy") + move("1")))),
               {"object 2 (\"Twin\") stands at 0,0, the cell of object 1 (\"Lord\")",
                "no two units"});
  requireError(parseTmx(unitsTmx(object(2, "Mason", "56", "8", team("player") + move("1")))),
               {"object 2 (\"Mason\")", "stands at 3,0 on wall", "cannot enter"});
}

TEST_CASE("a unit's properties are typed and checked as in a scenario", "[core][tiled][scenario]") {
  const auto withProperties = [](const std::string& properties) {
    return parseTmx(unitsTmx(kLord + object(9, "Bad", "24", "24", properties)));
  };
  requireError(withProperties(move("3")), {"object 9 (\"Bad\")", "no property \"team\""});
  requireError(withProperties(team("enemy")), {"object 9 (\"Bad\")", "no property \"move\""});
  requireError(withProperties(team("enemy") + property("move", "5")),
               {"object 9 (\"Bad\")", "property \"move\" has type string (\"5\")", "int 0..255"});
  requireError(withProperties(team("enemy") + property("move", "5", "float")),
               {"property \"move\" has type float"});
  requireError(withProperties(team("enemy") + move("five")), {"\"five\" is not an int"});
  requireError(withProperties(team("enemy") + move("300")),
               {"object 9 (\"Bad\")", "\"move\" 300 is out of range 0..255"});
  requireError(withProperties(team("enemy") + move("-1")), {"\"move\" -1 is out of range"});
  requireError(withProperties(team("pirate") + move("3")),
               {"object 9 (\"Bad\")", "\"team\" \"pirate\" is not a team", "player"});
  requireError(withProperties(property("team", "1", "int") + move("3")),
               {"property \"team\" has type int", "expected a string"});
  requireError(withProperties(team("enemy") + move("3") + property("attack", "9-2")),
               {"object 9 (\"Bad\")", "\"attack\""});
  requireError(withProperties(team("enemy") + move("3") + property("attack", "2", "int")),
               {"property \"attack\" has type int"});
  requireError(withProperties(team("enemy") + move("3") + property("class", "dragon")),
               {"\"class\" \"dragon\" is not defined", "armour, flier, foot, mounted"});
  requireError(withProperties(team("enemy") + move("3") + property("mana", "20", "int")),
               {"object 9 (\"Bad\")", "has the property \"mana\"", "team (string), move (int)"});
  requireError(withProperties(team("enemy") + move("3") + property("props", "{}")),
               {"has the property \"props\""});
  requireError(withProperties(team("enemy") + move("3") + move("4")),
               {"property \"move\" twice"});
  requireError(parseTmx(unitsTmx(kLord + object(9, "", "24", "24", team("enemy") + move("3")))),
               {"object 9: has no name"});
  requireError(parseTmx(unitsTmx(kLord + object(9, std::string(33, 'n'), "24", "24",
                                                team("enemy") + move("3")))),
               {"object 9:", "1..32 characters"});
}

TEST_CASE("a map's classes property defines classes beside the presets", "[core][tiled][scenario]") {
  const auto withClasses = [](const std::string& classes, const std::string& type = "") {
    return parseTmx(unitsTmx(
        object(1, "Lord", "8", "8", team("player") + move("5") + property("class", "climber")),
        "<properties>" + property("classes", classes, type) + "</properties>"));
  };
  const auto good = withClasses(R"({&quot;climber&quot;: &quot;1,1,1,1,1&quot;, &quot;foot&quot;: &quot;2,2,2,2,x&quot;})");
  INFO((good ? "" : good.error()));
  REQUIRE(good);
  CHECK(good->units[0].movement.toString() == "1,1,1,1,1");
  CHECK(good->classes.at("foot").toString() == "2,2,2,2,x");  // a preset may be redefined
  CHECK(good->classes.at("flier").toString() == "1,1,1,1,x");
  requireError(withClasses("{&quot;climber&quot;: 3}"),
               {"map property \"classes\"", "class \"climber\" is a whole number"});
  requireError(withClasses("{broken"), {"map property \"classes\"", "JSON syntax error"});
  requireError(withClasses("[1]"), {"map property \"classes\"", "\"classes\" is an array"});
  requireError(withClasses("3", "int"), {"map property \"classes\" has type int", "JSON"});
  requireError(withClasses("{&quot;climber&quot;: &quot;1,1,1,1&quot;}"), {"\"classes\"", "climber"});
}

TEST_CASE("the units layer: one, anywhere, with 1..256 objects", "[core][tiled][scenario]") {
  requireError(parseTmx(unitsTmx("")), {"'units' layer has 0 objects", "1..256"});
  std::string many;
  for (int i = 0; i < 257; ++i) many += object(i + 1, "U", "8", "8", team("player") + move("1"));
  requireError(parseTmx(unitsTmx(many)), {"'units' layer has 257 objects"});
  requireError(parseTmx(unitsTmx(kLord, "",
                                 R"( <objectgroup name="units">)" + kLord +
                                     R"(</objectgroup><objectgroup name="units"/>)")),
               {"2 object layers named 'units'"});
  // Inside a group layer, as tile layers may be.
  const auto grouped = parseTmx(unitsTmx(
      "", "", R"( <group name="actors"><objectgroup name="units">)" + kLord + "</objectgroup></group>"));
  INFO((grouped ? "" : grouped.error()));
  REQUIRE(grouped);
  CHECK(grouped->units.at(0).name == "Lord");
}

TEST_CASE("TMJ units: typed properties, mistyped values and Tiled's old property objects",
          "[core][tiled][scenario]") {
  const auto tmj = [](const std::string& object, const std::string& properties = "[]") {
    const std::string text = R"({"type": "map", "orientation": "orthogonal", "width": 2, "height": 1,
      "tilewidth": 16, "tileheight": 16, "properties": )" + properties + R"(,
      "tilesets": [{"firstgid": 1, "name": "g", "tilewidth": 16, "tileheight": 16, "tilecount": 1,
        "tiles": [{"id": 0, "type": "plains"}]}],
      "layers": [{"type": "tilelayer", "name": "ground", "width": 2, "height": 1, "data": [1, 1]},
                 {"type": "objectgroup", "name": "units", "objects": [)" + object + "]}]}";
    return parseScenarioFile(bytesOf(text), "levels/a.tmj", kNoFiles);
  };
  const auto good = tmj(R"({"id": 3, "name": "Lord", "x": 20, "y": 4, "point": true,
    "properties": [{"name": "team", "type": "string", "value": "enemy"},
                   {"name": "move", "type": "int", "value": 6}]})");
  INFO((good ? "" : good.error()));
  REQUIRE(good);
  CHECK(good->units.at(0).cell == Cell{1, 0});
  CHECK(good->units.at(0).team == Team::Enemy);
  CHECK(good->units.at(0).moveRange == 6);
  // Before Tiled 1.2 properties were one object, their types beside them.
  const auto old = tmj(R"({"id": 3, "name": "Lord", "x": 4, "y": 4, "point": true,
    "properties": {"team": "player", "move": 2}, "propertytypes": {"team": "string", "move": "int"}})");
  INFO((old ? "" : old.error()));
  REQUIRE(old);
  CHECK(old->units.at(0).moveRange == 2);
  requireError(tmj(R"({"id": 3, "name": "Lord", "x": 4, "y": 4, "point": true,
    "properties": [{"name": "team", "type": "string", "value": "enemy"},
                   {"name": "move", "type": "int", "value": "6"}]})"),
               {"object 3 (\"Lord\")", "property \"move\"", "not an int"}, "levels/a.tmj");
  requireError(tmj(R"({"id": 3, "name": "Lord", "x": 4, "y": 4, "point": true,
    "properties": [{"name": "team", "type": "string", "value": "enemy"},
                   {"name": "move", "type": "float", "value": 6.5}]})"),
               {"property \"move\" has type float"}, "levels/a.tmj");
  requireError(tmj(R"({"id": 3, "name": "Box", "x": 4, "y": 4, "width": 8, "height": 8})"),
               {"object 3 (\"Box\")", "is a rectangle"}, "levels/a.tmj");
  requireError(tmj(R"({"id": 3, "name": "Pal", "x": "4", "y": 4, "point": true})"),
               {"object 3 (\"Pal\")", "position that is not a number"}, "levels/a.tmj");
  requireError(tmj(R"({"id": 3, "name": "Lord", "x": 4, "y": 4, "point": true,
    "properties": [{"name": "team", "type": "string", "value": "enemy"},
                   {"name": "move", "type": "int", "value": 2}]})",
                   R"([{"name": "classes", "type": "string", "value": "{\"a\": 1}"}])"),
               {"map property \"classes\"", "class \"a\""}, "levels/a.tmj");
  const auto notObjects = parseScenarioFile(
      bytesOf(R"({"type": "map", "width": 1, "height": 1, "tilewidth": 16, "tileheight": 16,
        "layers": [{"type": "objectgroup", "name": "units", "objects": [5]}]})"),
      "levels/b.tmj", kNoFiles);
  REQUIRE_FALSE(notObjects);
  CHECK(notObjects.error().find("'units'") != std::string::npos);
}

TEST_CASE("a Tiled unit's skills and the map's rules property", "[core][tiled][scenario]") {
  const auto withSkills = [](const std::string& skills, const std::string& type = "") {
    return parseTmx(unitsTmx(
        object(1, "Lord", "8", "8", team("player") + move("5") + property("skills", skills, type))));
  };
  const auto good = withSkills("skirmisher,pass");
  INFO((good ? "" : good.error()));
  REQUIRE(good);
  CHECK(formatSkills(good->units[0].skills) == "pass,skirmisher");
  const auto empty = withSkills("");
  REQUIRE(empty);
  CHECK(empty->units[0].skills.empty());
  requireError(withSkills("pass,fly"), {"Lord", "property \"skills\"", "unknown skill 'fly'", "skirmisher"});
  requireError(withSkills("pass,pass"), {"property \"skills\"", "named twice"});
  requireError(withSkills("3", "int"), {"property \"skills\" has type int", "expected a string"});

  const auto withRules = [](const std::string& rules, const std::string& type = "") {
    return parseTmx(unitsTmx(object(1, "Lord", "8", "8", team("player") + move("5")),
                             "<properties>" + property("rules", rules, type) + "</properties>"));
  };
  const auto zoc = withRules("{&quot;zoc&quot;: true}");
  INFO((zoc ? "" : zoc.error()));
  REQUIRE(zoc);
  CHECK(zoc->rules.zoc);
  const auto none = parseTmx(unitsTmx(kLord));
  REQUIRE(none);
  CHECK_FALSE(none->rules.zoc);
  requireError(withRules("{&quot;zoc&quot;: &quot;yes&quot;}"),
               {"map property \"rules\"", "\"zoc\" is a string", "true or false"});
  requireError(withRules("{&quot;haste&quot;: true}"), {"map property \"rules\"", "unknown key \"haste\""});
  requireError(withRules("{broken"), {"map property \"rules\"", "JSON syntax error"});
  requireError(withRules("1", "int"), {"map property \"rules\" has type int"});
}

TEST_CASE("a JSON scenario naming a Tiled map plays by the map's rules unless it has its own",
          "[core][tiled][scenario]") {
  // SPEC §11.2: a Tiled map may carry `rules`; the scenario's win.
  const std::string zocMap = unitsTmx(
      kLord, "<properties>" + property("rules", "{&quot;zoc&quot;: true}") + "</properties>");
  const std::string badMap =
      unitsTmx(kLord, "<properties>" + property("rules", "{&quot;zoc&quot;: 2}") + "</properties>");
  const std::map<std::string, std::string> files = {
      {"levels/zoc.tmx", zocMap}, {"levels/plain.tmx", unitsTmx(kLord)}, {"levels/bad.tmx", badMap}};
  const ReadFile readFile = [&files](const std::string& path) -> Expected<std::vector<std::uint8_t>> {
    const auto found = files.find(path);
    if (found == files.end()) return Error{"no such file"};
    return bytesOf(found->second);
  };
  const auto load = [&](const std::string& map, const std::string& rules) {
    const std::string json = R"({"map": ")" + map + R"(", )" + rules +
                             R"("units": [{"name": "Lord", "team": "player", "at": [0, 0], "move": 3}]})";
    return parseScenarioFile(bytesOf(json), "levels/board.json", readFile);
  };
  const auto inherits = load("zoc.tmx", "");
  INFO((inherits ? "" : inherits.error()));
  REQUIRE(inherits);
  CHECK(inherits->rules.zoc);
  CHECK(inherits->units.size() == 1);  // the scenario's units, not the map's
  const auto overrides = load("zoc.tmx", R"("rules": {"zoc": false}, )");
  REQUIRE(overrides);
  CHECK_FALSE(overrides->rules.zoc);
  const auto own = load("plain.tmx", R"("rules": {"zoc": true}, )");
  REQUIRE(own);
  CHECK(own->rules.zoc);
  const auto neither = load("plain.tmx", "");
  REQUIRE(neither);
  CHECK_FALSE(neither->rules.zoc);
  // The map's bad rules matter only when the scenario falls back on them.
  const auto bad = load("bad.tmx", "");
  REQUIRE_FALSE(bad);
  INFO(bad.error());
  CHECK(bad.error().rfind("scenario 'levels/board.json': \"map\" 'bad.tmx': its map property \"rules\"", 0) == 0);
  CHECK(bad.error().find("\"zoc\" is a whole number (2); expected true or false") != std::string::npos);
  CHECK(load("bad.tmx", R"("rules": {"zoc": true}, )"));
}

TEST_CASE("a Tiled unit's attack property may be a set of ranges", "[core][tiled][scenario][attack]") {
  const auto withAttack = [](const std::string& attack) {
    return parseTmx(unitsTmx(object(1, "Lord", "8", "8", team("player") + move("5") + property("attack", attack))));
  };
  const auto good = withAttack("1,3");
  INFO((good ? "" : good.error()));
  REQUIRE(good);
  CHECK(good->units[0].attack == AttackRange::list({{1, 1}, {3, 3}}));
  requireError(withAttack("1,,3"), {"Lord", "\"attack\" '1,,3'", "empty entry"});
  requireError(withAttack("0,2"), {"Lord", "starts at 0"});
}

TEST_CASE("a Tiled unit may be hidden: a bool property, on an enemy only (SPEC 11.5)",
          "[core][tiled][scenario][fog]") {
  const auto withHidden = [](const std::string& teamName, const std::string& value,
                             const std::string& type = "bool") {
    return parseTmx(unitsTmx(object(1, "Lurker", "8", "8",
                                    team(teamName) + move("5") + property("hidden", value, type))));
  };
  const auto hidden = withHidden("enemy", "true");
  INFO((hidden ? "" : hidden.error()));
  REQUIRE(hidden);
  CHECK(hidden->units[0].hidden);
  const auto shown = withHidden("enemy", "false");
  REQUIRE(shown);
  CHECK_FALSE(shown->units[0].hidden);
  requireError(withHidden("player", "true"), {"Lurker", "player unit", "only an enemy"});
  requireError(withHidden("enemy", "true", "string"),
               {"Lurker", "property \"hidden\" has type string", "expected a bool"});
  requireError(withHidden("enemy", "1"), {"property \"hidden\"", "not a bool", "true or false"});
}

TEST_CASE("a Tiled unit's combat stats are int and bool properties, the objective a map property",
          "[core][tiled][scenario][combat]") {
  const std::string stats = property("hp", "20", "int") + property("str", "6", "int") +
                            property("lord", "true", "bool");
  const std::string lord = object(1, "Lord", "8", "8", team("player") + move("5") + stats);
  const std::string foe =
      object(2, "Foe", "40", "24", team("enemy") + move("3") + property("hp", "9", "int"));
  const std::string objective =
      R"(<properties><property name="objective" value="{&quot;type&quot;: &quot;survive&quot;, &quot;turns&quot;: 5}"/>)"
      R"(<property name="terrain_defence" value="{&quot;plains&quot;: 1}"/></properties>)";
  const auto read = parseTmx(unitsTmx(lord + foe, objective));
  INFO((read ? "" : read.error()));
  REQUIRE(read);
  CHECK(read->units[0].hp == 20);
  CHECK(read->units[0].str == 6);
  CHECK(read->units[0].lord);
  CHECK(read->units[1].hp == 9);
  REQUIRE(read->objective);
  CHECK(read->objective->turns == 5);
  CHECK(read->defence.of(0) == 1);
  requireError(parseTmx(unitsTmx(lord + foe.substr(0, foe.find("<property name=\"hp\"")) +
                                 "</properties><point/></object>")),
               {"units[1] (\"Foe\") has no \"hp\"", "every player and enemy unit needs hp"});
  requireError(parseTmx(unitsTmx(object(1, "Lord", "8", "8",
                                        team("player") + move("5") + property("hp", "x", "string")))),
               {"property \"hp\" has type string", "expected an int 1..99"});
  requireError(parseTmx(unitsTmx(lord + foe, R"(<properties><property name="objective" value="{}"/></properties>)")),
               {"its map property \"objective\"", "expected {\"type\": \"rout\"}"});
}
