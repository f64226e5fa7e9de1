// Named terrains (SPEC §11.1) in the readers and the writer: a scenario's "terrains" and classes
// written as objects, a Tiled map's `terrains` property and tiles naming any listed terrain, the
// scenario's list overriding the map's, and every bad input refused naming what is wrong.
#include <catch2/catch.hpp>

#include <map>

#include "tactics/io/scenario.h"
#include "tactics/io/tiled_map.h"

using namespace tactics;

namespace {

const std::string kFile = "levels/test.json";

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

// A 6x3 map of plains (grey 0) with forest at 1,0: what an image map gives.
Expected<CostMap> greyLoader(const std::string&, const TerrainNames*) {
  std::vector<std::uint8_t> grey(18, 0);
  grey[1] = kCanonicalGrey[1];
  return CostMap(6, 3, grey);
}

Expected<Scenario> parse(const std::string& json) {
  return parseScenario(bytesOf(json), kFile, greyLoader);
}

const std::string kSeven =
    R"("terrains": ["plains", "forest", "hills", "mountains", "wall", "sand", "bridge"], )";
const std::string kLord = R"({"name": "Lord", "team": "player", "at": [0, 0], "move": 5})";

std::string scenario(const std::string& head, const std::string& units = kLord) {
  return R"({"map": "../maps/test.png", )" + head + R"("units": [)" + units + "]}";
}

void requireError(const Expected<Scenario>& parsed, const std::vector<std::string>& mentions) {
  REQUIRE_FALSE(parsed);
  INFO("error: " << parsed.error());
  CHECK(parsed.error().find('\n') == std::string::npos);
  for (const auto& mention : mentions) CHECK(parsed.error().find(mention) != std::string::npos);
}

std::string names(int count) {
  std::string list = "[";
  for (int i = 0; i < count; ++i) list += (i ? ", \"t" : "\"t") + std::to_string(i) + "\"";
  return list + "]";
}

}  // namespace

TEST_CASE("named terrains: a scenario lists them and a class prices each by name",
          "[core][scenario][terrains]") {
  const auto parsed = parse(scenario(kSeven + R"("classes": {"camel": {"plains": 2, "forest": 3,
      "hills": 4, "mountains": "x", "wall": "x", "sand": 1, "bridge": 2}}, )"));
  INFO((parsed ? "" : parsed.error()));
  REQUIRE(parsed);
  CHECK(parsed->terrains.size() == 7);
  CHECK(parsed->map.terrainCount() == 7);
  CHECK(parsed->map.terrainName(5) == "sand");
  // An image map keeps its greys; the classes name terrains it cannot hold.
  CHECK_FALSE(parsed->map.indexed());
  CHECK(parsed->map.terrain({1, 0}) == 1);
  const MovementClass& camel = parsed->classes.at("camel");
  CHECK(camel.cost(0) == 2);
  CHECK(camel.cost(5) == 1);
  CHECK(camel.cost(6) == 2);
  CHECK_FALSE(camel.passable(3));
  CHECK_FALSE(camel.passable(7));
  CHECK(camel.toString() == "2,3,4,x,x,1,2");
  // The five-entry form leaves the later terrains impassable.
  CHECK_FALSE(parsed->classes.at("foot").passable(5));
  // Written back as read: the list, and the object form for a class that prices terrains 5+.
  const auto text = formatScenario(*parsed, kFile);
  REQUIRE(text);
  INFO(*text);
  CHECK(text->find(R"("terrains": ["plains", "forest", "hills", "mountains", "wall", "sand", "bridge"])") !=
        std::string::npos);
  CHECK(text->find(R"("camel": { "plains": 2, "forest": 3, "hills": 4, "mountains": "x", "wall": "x", "sand": 1, "bridge": 2 })") !=
        std::string::npos);
  CHECK(text->find(R"("foot": "1,2,4,8,x")") != std::string::npos);
  const auto again = parse(*text);
  REQUIRE(again);
  CHECK(again->classes.at("camel") == camel);
  CHECK(again->terrains == parsed->terrains);
}

TEST_CASE("named terrains: bad lists and bad class objects are refused",
          "[core][scenario][terrains]") {
  requireError(parse(scenario(R"("terrains": )" + names(65) + ", ")),
               {"\"terrains\" has 65 names", "5..64"});
  requireError(parse(scenario(R"("terrains": )" + names(4) + ", ")), {"has 4 names", "5..64"});
  requireError(parse(scenario(R"("terrains": ["plains", "forest", "hills", "mountains", "wall", "sand", "sand"], )")),
               {"'sand' is named twice"});
  requireError(parse(scenario(R"("terrains": ["plains", "forest", "hills", "mountains", "wall", "abcdefghijklmnopqrstuvwxy"], )")),
               {"name 5 'abcdefghijklmnopqrstuvwxy' is not allowed", "1..24 characters"});
  requireError(parse(scenario(R"("terrains": ["plains", "forest", "hills", "mountains", "wall", "Sand"], )")),
               {"'Sand' is not allowed", "a-z 0-9 _ -"});
  requireError(parse(scenario(R"("terrains": "sand", )")), {"\"terrains\" is a string", "list"});
  requireError(parse(scenario(R"("terrains": ["plains", "forest", "hills", "mountains", "wall", 5], )")),
               {"holds a whole number (5), not a name"});
  // A class object names every terrain once, only listed ones, with costs 1..15 or "x".
  const std::string camel = R"("plains": 2, "forest": 3, "hills": 4, "mountains": "x", "wall": "x", "sand": 1)";
  requireError(parse(scenario(kSeven + R"("classes": {"camel": {)" + camel + "}}, ")),
               {"class \"camel\"", "gives no cost for the terrain \"bridge\"", "sand, bridge"});
  requireError(parse(scenario(kSeven + R"("classes": {"camel": {)" + camel + R"(, "bridge": 1, "lava": 2}}, )")),
               {"class \"camel\"", "names the terrain \"lava\"", "does not list"});
  requireError(parse(scenario(kSeven + R"("classes": {"camel": {)" + camel + R"(, "bridge": 16}}, )")),
               {"the cost of \"bridge\" is", "1..15 or \"x\""});
  // Without a list, an object names the five terrains of SPEC §1.
  const auto five = parse(scenario(R"("classes": {"k": {"plains": 1, "forest": 1, "hills": 1, "mountains": 1, "wall": "x"}}, )"));
  INFO((five ? "" : five.error()));
  REQUIRE(five);
  CHECK(five->classes.at("k").toString() == "1,1,1,1,x");
}

namespace {

// A Tiled map whose tiles name terrains; `properties` inside <map>.
std::string desertTmx(const std::string& properties, const std::string& tileTerrain = "sand",
                      const std::string& type = "") {
  const std::string typed = type.empty() ? "" : R"( type=")" + type + R"(")";
  return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="1" tilewidth="8" tileheight="8" infinite="0">
)" + properties + R"(
 <tileset firstgid="1" name="desert" tilewidth="8" tileheight="8" tilecount="3" columns="3">
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="1"><properties><property name="terrain")" + typed + R"( value=")" + tileTerrain + R"("/></properties></tile>
  <tile id="2"><properties><property name="terrain" type="int" value="1"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="3" height="1"><data encoding="csv">1,2,3</data></layer>
</map>
)";
}

const std::string kDesertProperty =
    R"(<properties><property name="terrains" value="[&quot;plains&quot;, &quot;forest&quot;, &quot;hills&quot;, &quot;mountains&quot;, &quot;wall&quot;, &quot;shallows&quot;, &quot;sand&quot;]"/></properties>)";

Expected<TiledMap> parseTmx(const std::string& text, const TerrainNames* terrains = nullptr) {
  return parseTiledMap(bytesOf(text), "maps/desert.tmx",
                       [](const std::string&) -> Expected<std::vector<std::uint8_t>> {
                         return Error{"no such file"};
                       },
                       terrains);
}

}  // namespace

TEST_CASE("named terrains: a Tiled map lists them and its tiles name any of them",
          "[core][tiled][terrains]") {
  const auto map = parseTmx(desertTmx(kDesertProperty));
  INFO((map ? "" : map.error()));
  REQUIRE(map);
  const CostMap& costs = map->costMap;
  CHECK(costs.indexed());
  CHECK(costs.terrainCount() == 7);
  CHECK(costs.terrain({0, 0}) == 0);
  CHECK(costs.terrain({1, 0}) == 6);  // sand
  CHECK(costs.terrain({2, 0}) == 1);  // an int names an index
  // The state texture's R is the index on such a map.
  CHECK(costs.grey({1, 0}) == 6);
  CHECK(costs.terrainsBeyondFifth() == std::vector<std::string>{"sand"});

  // A tile may name a terrain by index too; one the list does not have is an error naming the
  // map, the tileset, the tile and the name.
  REQUIRE(parseTmx(desertTmx(kDesertProperty, "6", "int")));
  const auto unlisted = parseTmx(desertTmx(kDesertProperty, "lava"));
  REQUIRE_FALSE(unlisted);
  CHECK(unlisted.error().find("maps/desert.tmx") != std::string::npos);
  CHECK(unlisted.error().find("tileset 'desert'") != std::string::npos);
  CHECK(unlisted.error().find("tile 1") != std::string::npos);
  CHECK(unlisted.error().find("'lava' is not listed") != std::string::npos);
  CHECK(unlisted.error().find("shallows, sand") != std::string::npos);
  const auto beyond = parseTmx(desertTmx(kDesertProperty, "7", "int"));
  REQUIRE_FALSE(beyond);
  CHECK(beyond.error().find("its terrain 7 is not listed") != std::string::npos);
  // Without the property only the five of SPEC §9.
  const auto plain = parseTmx(desertTmx(""));
  REQUIRE_FALSE(plain);
  CHECK(plain.error().find("'sand' is not listed") != std::string::npos);
  // A bad property names itself.
  const auto bad = parseTmx(desertTmx(R"(<properties><property name="terrains" value="[&quot;plains&quot;]"/></properties>)"));
  REQUIRE_FALSE(bad);
  CHECK(bad.error().find("its map property \"terrains\" has 1 names") != std::string::npos);
}

TEST_CASE("named terrains: a scenario's list overrides the Tiled map's", "[core][tiled][terrains]") {
  // The scenario swaps the order: sand is now index 5, shallows 6.
  const TerrainNames scenarioList = {"plains", "forest", "hills", "mountains", "wall", "sand",
                                     "shallows"};
  const auto map = parseTmx(desertTmx(kDesertProperty), &scenarioList);
  INFO((map ? "" : map.error()));
  REQUIRE(map);
  CHECK(map->costMap.terrain({1, 0}) == 5);
  CHECK(map->costMap.terrainNames() == scenarioList);
  // And a map with no list of its own is read against the scenario's.
  const auto bare = parseTmx(desertTmx(""), &scenarioList);
  REQUIRE(bare);
  CHECK(bare->costMap.terrain({1, 0}) == 5);
}

TEST_CASE("a tile whose class names no terrain falls back on its type", "[core][tiled][terrains]") {
  const std::string tmx = R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1">
  <tile id="0" class="decor" type="forest"/>
 </tileset>
 <layer id="1" name="ground" width="1" height="1"><data encoding="csv">1</data></layer>
</map>
)";
  const auto map = parseTmx(tmx);
  INFO((map ? "" : map.error()));
  REQUIRE(map);
  CHECK(map->costMap.terrain({0, 0}) == 1);
}
