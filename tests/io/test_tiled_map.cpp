// Tiled maps (SPEC §9): the fixtures Tiled 1.8 wrote in every layer encoding, the terrain rules,
// the topmost-layer rule and every error, each naming the file and the place.
#include <catch2/catch.hpp>

#include <stb_image.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tiled_document.h"
#include "tactics/io/tiled_map.h"
#include "tactics/io/map_image.h"

using namespace tactics;

namespace {

const std::string kFixtures = std::string(TACTICS_SOURCE_DIR) + "/tests/fixtures/tiled/";

// The fixture level as designed in make_fixtures.py: ground, a decor layer in a group (flowers,
// a bridge, flipped forest and hills, a flipped mountain), hidden walls and a props tile on top.
const std::vector<std::string> kLevelTerrain = {
    "301122",
    "233440",
    "401230",
    "001204",
};

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

// Files a test map may name, by path; anything else is missing.
ReadFile filesFrom(std::map<std::string, std::string> files) {
  return [files](const std::string& path) -> Expected<std::vector<std::uint8_t>> {
    const auto found = files.find(path);
    if (found == files.end()) return Error{"no such file"};
    return bytesOf(found->second);
  };
}

Expected<TiledMap> parseText(const std::string& text, const std::string& path = "test.tmx",
                             const ReadFile& files = filesFrom({})) {
  return parseTiledMap(bytesOf(text), path, files);
}

// Terrain classes as rows of digits.
std::vector<std::string> terrainRows(const CostMap& map) {
  std::vector<std::string> rows;
  for (int y = 0; y < map.height(); ++y) {
    std::string row;
    for (int x = 0; x < map.width(); ++x) row += static_cast<char>('0' + map.terrain({x, y}));
    rows.push_back(row);
  }
  return rows;
}

// A tileset of five tiles, one per terrain class (tile 5 has none), embedded in a TMX map.
const std::string kTerrainTileset =
    R"(<tileset firstgid="1" name="ground" tilewidth="8" tileheight="8" tilecount="6" columns="6">
  <image source="art/ground.png" width="48" height="8"/>
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="forest"/></properties></tile>
  <tile id="2"><properties><property name="terrain" value="hills"/></properties></tile>
  <tile id="3"><properties><property name="terrain" value="mountains"/></properties></tile>
  <tile id="4"><properties><property name="terrain" value="wall"/></properties></tile>
 </tileset>)";

// A TMX map `width` x `height` with the given tilesets and layers.
std::string tmx(const std::string& inner, int width = 2, int height = 1,
                const std::string& attributes = R"(orientation="orthogonal" infinite="0")") {
  return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" )" + attributes + R"( width=")" + std::to_string(width) + R"(" height=")" +
         std::to_string(height) + R"(" tilewidth="8" tileheight="8">
)" + inner + "\n</map>\n";
}

std::string csvLayer(const std::string& name, const std::string& csv, int width = 2, int height = 1,
                     const std::string& extra = "") {
  return R"( <layer name=")" + name + R"(" width=")" + std::to_string(width) + R"(" height=")" +
         std::to_string(height) + "\"" + extra + R"(><data encoding="csv">)" + csv +
         "</data></layer>";
}

void requireError(const Expected<TiledMap>& map, const std::vector<std::string>& mentions) {
  REQUIRE_FALSE(map);
  INFO("error: " << map.error());
  for (const std::string& mention : mentions) CHECK(map.error().find(mention) != std::string::npos);
  CHECK(map.error().find('\n') == std::string::npos);
}

}  // namespace

TEST_CASE("every layer encoding Tiled writes gives the same cost map", "[core][tiled]") {
  const std::vector<std::string> files = {
      "level-xml.tmx",  "level-csv.tmx",  "level-base64.tmx", "level-zlib.tmx",
      "level-gzip.tmx", "level-zstd.tmx", "level-csv.tmj",    "level-base64.tmj",
      "level-zlib.tmj", "level-gzip.tmj", "level-zstd.tmj",   "level-tsj.tmx",
      "level-tsj.json", "level-embedded.tmx", "level-embedded.tmj"};
  for (const std::string& file : files) {
    INFO(file);
    const auto map = loadTiledMap(kFixtures + file);
    REQUIRE(map);
    CHECK(terrainRows(map->costMap) == kLevelTerrain);
    for (std::uint8_t grey : map->costMap.greyValues()) {
      CHECK(std::find(kCanonicalGrey.begin(), kCanonicalGrey.end(), grey) != kCanonicalGrey.end());
    }
    // loadMap takes the same route for a Tiled file.
    const auto viaLoadMap = loadMap(kFixtures + file);
    REQUIRE(viaLoadMap);
    CHECK(viaLoadMap->greyValues() == map->costMap.greyValues());
  }
}

TEST_CASE("a Tiled map keeps what a renderer needs: layers, raw gids and tilesets", "[core][tiled]") {
  for (const std::string file : {"level-zstd.tmx", "level-zstd.tmj", "level-tsj.json"}) {
    INFO(file);
    const auto map = loadTiledMap(kFixtures + file);
    REQUIRE(map);
    CHECK(map->tileWidth == 16);
    CHECK(map->tileHeight == 16);
    REQUIRE(map->layers.size() == 3);
    CHECK(map->layers[0].name == "ground");
    CHECK(map->layers[1].name == "details/decor");
    CHECK(map->layers[2].name == "secret walls");
    CHECK(map->layers[0].visible);
    CHECK_FALSE(map->layers[2].visible);
    // Flip bits stay in the raw gids: a mountain (gid 4) flipped horizontally at 0,0.
    CHECK(map->layers[1].gids[0] == (4u | kGidFlipHorizontal));
    CHECK(map->layers[1].gids[3 * 6 + 3] == (3u | kGidFlipVertical | kGidFlipDiagonal));

    REQUIRE(map->tilesets.size() == 2);
    const TiledTileset& terrain = map->tilesets[0];
    CHECK(terrain.firstGid == 1);
    CHECK(terrain.name == "terrain");
    CHECK(terrain.tileCount == 8);
    CHECK(terrain.columns == 8);
    CHECK(terrain.tileWidth == 16);
    CHECK(terrain.imageWidth == 128);
    CHECK(terrain.imageHeight == 16);
    REQUIRE(terrain.transparent);
    CHECK(*terrain.transparent == std::array<std::uint8_t, 3>{255, 0, 255});
    CHECK(std::filesystem::equivalent(terrain.imagePath, kFixtures + "images/tiles.png"));
    const TiledTileset& props = map->tilesets[1];
    CHECK(props.firstGid == 9);
    CHECK(props.tileCount == 2);
    CHECK_FALSE(props.transparent);
    CHECK(std::filesystem::equivalent(props.imagePath, kFixtures + "images/props.png"));
  }
}

TEST_CASE("image paths are relative to the file that names them", "[core][tiled]") {
  const auto files = filesFrom({{"levels/sets/ground.tsx",
                                 R"(<tileset name="g" tilewidth="8" tileheight="8" tilecount="1" columns="1">
  <image source="../../art/g.png" width="8" height="8"/>
  <tile id="0" type="plains"/></tileset>)"}});
  const auto map = parseText(
      tmx(R"(<tileset firstgid="1" source="sets/ground.tsx"/>
<tileset firstgid="2" name="e" tilewidth="8" tileheight="8" tilecount="1" columns="1">
  <image source="pics/e.png" width="8" height="8"/></tileset>)" +
          csvLayer("l", "1,1") + csvLayer("art", "2,0")),
      "levels/one.tmx", files);
  INFO((map ? "" : map.error()));
  REQUIRE(map);
  CHECK(map->tilesets[0].imagePath == "art/g.png");
  CHECK(map->tilesets[0].source == "levels/sets/ground.tsx");
  CHECK(map->tilesets[1].imagePath == "levels/pics/e.png");
  CHECK(map->tilesets[1].source == "levels/one.tmx");
}

TEST_CASE("terrain comes from the terrain property, else the tile's class or type", "[core][tiled]") {
  const std::string tileset =
      R"(<tileset firstgid="1" name="mixed" tilewidth="8" tileheight="8" tilecount="8" columns="8">
  <tile id="0"><properties><property name="terrain" value="hills"/></properties></tile>
  <tile id="1"><properties><property name="terrain" type="int" value="3"/></properties></tile>
  <tile id="2" class="forest"/>
  <tile id="3" type="wall"/>
  <tile id="4" class="forest"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="5" class="lava"/>
  <tile id="6"><properties><property name="speed" value="wall"/></properties></tile>
 </tileset>)";
  // Tiles 6 and 7 (no terrain) sit on top of mountains: the layer below decides.
  const auto map = parseText(tmx(tileset + csvLayer("under", "2,2,2,2,2,2,2,2", 8) +
                                 csvLayer("over", "1,2,3,4,5,6,7,8", 8), 8));
  REQUIRE(map);
  CHECK(terrainRows(map->costMap) == std::vector<std::string>{"23140333"});

  // The same rules in JSON, where Tiled 1.9 wrote `class` and other versions `type`.
  const std::string json = R"({"type":"map","orientation":"orthogonal","infinite":false,
    "width":4,"height":1,"tilewidth":8,"tileheight":8,
    "tilesets":[{"firstgid":1,"name":"j","tilewidth":8,"tileheight":8,"tilecount":4,"columns":4,
      "tiles":[{"id":0,"class":"hills"},{"id":1,"type":"forest"},
               {"id":2,"properties":[{"name":"terrain","type":"int","value":4}]},
               {"id":3,"type":"plains","properties":[{"name":"terrain","type":"string","value":"mountains"}]}]}],
    "layers":[{"type":"tilelayer","name":"l","width":4,"height":1,"data":[1,2,3,4]}]})";
  const auto fromJson = parseText(json, "test.tmj");
  REQUIRE(fromJson);
  CHECK(terrainRows(fromJson->costMap) == std::vector<std::string>{"2143"});
}

TEST_CASE("a terrain property that is not a terrain is an error naming tileset and tile", "[core][tiled]") {
  const auto withProperty = [](const std::string& property) {
    return tmx(R"(<tileset firstgid="1" name="bad" tilewidth="8" tileheight="8" tilecount="3" columns="3">
  <tile id="0" type="plains"/>
  <tile id="2">)" + property + R"(</tile></tileset>)" + csvLayer("l", "1,1"));
  };
  requireError(parseText(withProperty(R"(<properties><property name="terrain" value="lava"/></properties>)")),
               {"test.tmx", "tileset 'bad'", "tile 2", "'lava'", "plains, forest"});
  requireError(parseText(withProperty(R"(<properties><property name="terrain" type="int" value="5"/></properties>)")),
               {"test.tmx", "tileset 'bad'", "tile 2", "5", "0..4"});
  requireError(parseText(withProperty(R"(<properties><property name="terrain" type="float" value="1.5"/></properties>)")),
               {"test.tmx", "tileset 'bad'", "tile 2", "float"});
  const std::string json = R"({"type":"map","orientation":"orthogonal","width":1,"height":1,
    "tilewidth":8,"tileheight":8,"tilesets":[{"firstgid":1,"name":"bad","tilewidth":8,"tileheight":8,
    "tilecount":1,"tiles":[{"id":0,"properties":[{"name":"terrain","type":"int","value":-1}]}]}],
    "layers":[{"type":"tilelayer","name":"l","width":1,"height":1,"data":[1]}]})";
  requireError(parseText(json, "x.tmj"), {"x.tmj", "tileset 'bad'", "tile 0", "-1"});
  // An external tileset's errors name its file.
  const auto files = filesFrom({{"sets/t.tsx", R"(<tileset name="t" tilewidth="8" tileheight="8" tilecount="1">
  <tile id="0"><properties><property name="terrain" value="swamp"/></properties></tile></tileset>)"}});
  requireError(parseText(tmx(R"(<tileset firstgid="1" source="sets/t.tsx"/>)" + csvLayer("l", "1,1")),
                         "test.tmx", files),
               {"test.tmx", "tileset 'sets/t.tsx'", "tile 0", "swamp"});
}

TEST_CASE("the topmost layer with a terrain decides, visible or not", "[core][tiled]") {
  // Layer order: ground, then a hidden layer, then a group with a top layer.
  const std::string layers =
      csvLayer("ground", "1,1,1,1", 4) + csvLayer("hidden", "5,5,0,6", 4, 1, R"( visible="0")") +
      R"( <group name="g" visible="0">)" + csvLayer("top", "2,0,6,0", 4) + " </group>";
  const auto map = parseText(tmx(kTerrainTileset + layers, 4));
  REQUIRE(map);
  // 0: top forest over hidden wall; 1: hidden wall; 2: top has no terrain, ground; 3: neither.
  CHECK(terrainRows(map->costMap) == std::vector<std::string>{"1400"});
  REQUIRE(map->layers.size() == 3);
  CHECK(map->layers[2].name == "g/top");
  CHECK_FALSE(map->layers[1].visible);
  CHECK_FALSE(map->layers[2].visible);
}

TEST_CASE("flip and rotation bits do not change a tile's terrain", "[core][tiled]") {
  const auto map = parseText(tmx(
      kTerrainTileset + csvLayer("l", "2147483652,1073741829,536870915,268435458", 4), 4));
  REQUIRE(map);
  CHECK(terrainRows(map->costMap) == std::vector<std::string>{"3421"});
}

TEST_CASE("maps that are not orthogonal or hexagonal finite grids are refused", "[core][tiled]") {
  // Hexagonal maps are grids too (SPEC §13; tests/io/test_tiled_hex.cpp).
  for (const std::string orientation : {"isometric", "staggered"}) {
    requireError(parseText(tmx(kTerrainTileset + csvLayer("l", "1,1"), 2, 1,
                               "orientation=\"" + orientation + "\"")),
                 {"test.tmx", orientation, "orthogonal"});
  }
  requireError(parseText(tmx(kTerrainTileset, 2, 1, R"(orientation="orthogonal" infinite="1")")),
               {"test.tmx", "infinite", "finite"});
  requireError(parseText(R"({"type":"map","orientation":"orthogonal","infinite":true,"width":2,
    "height":1,"tilewidth":8,"tileheight":8,"layers":[]})", "inf.tmj"),
               {"inf.tmj", "infinite"});
  requireError(parseText(tmx(kTerrainTileset, 4097, 1)), {"test.tmx", "4097x1", "1..4096"});
  requireError(parseText(tmx(kTerrainTileset, 3, 5000)), {"test.tmx", "3x5000", "1..4096"});
}

TEST_CASE("unknown encodings and compressions are refused, naming the layer", "[core][tiled]") {
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="sea" width="2" height="1"><data encoding="hex">0101</data></layer>)")),
               {"test.tmx", "layer 'sea'", "'hex'", "csv", "base64"});
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="sea" width="2" height="1"><data encoding="base64" compression="lz4">AQAAAAEAAAA=</data></layer>)")),
               {"test.tmx", "layer 'sea'", "'lz4'", "zlib, gzip or zstd"});
  requireError(parseText(R"({"type":"map","orientation":"orthogonal","width":2,"height":1,
    "tilewidth":8,"tileheight":8,"tilesets":[],"layers":[{"type":"tilelayer","name":"sea",
    "width":2,"height":1,"encoding":"base64","compression":"brotli","data":"AQAAAAEAAAA="}]})",
                         "c.tmj"),
               {"c.tmj", "layer 'sea'", "'brotli'"});
  // Corrupt compressed data.
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="sea" width="2" height="1"><data encoding="base64" compression="zlib">AQAAAAEAAAA=</data></layer>)")),
               {"test.tmx", "layer 'sea'", "zlib"});
  // Two gids compressed, then "junk": refused like trailing bytes after a zstd frame.
  const auto layer = [](const std::string& compression, const std::string& data) {
    return tmx(kTerrainTileset + R"(<layer name="sea" width="2" height="1"><data encoding="base64" compression=")" +
               compression + "\">" + data + "</data></layer>");
  };
  CHECK(parseText(layer("zlib", "eJxjZGBgYARiAAAUAAM=")));
  requireError(parseText(layer("zlib", "eJxjZGBgYARiAAAUAANqdW5r")),
               {"test.tmx", "layer 'sea'", "4 bytes after the end of its stream"});
  requireError(parseText(layer("gzip", "H4sIAAAAAAACA2NkYGBgBGIAkrg0EQgAAABqdW5r")),
               {"test.tmx", "layer 'sea'", "4 bytes after the end of its stream"});
}

TEST_CASE("layer data must hold exactly width x height tiles", "[core][tiled]") {
  requireError(parseText(tmx(kTerrainTileset + csvLayer("short", "1,1,1", 2, 2), 2, 2)),
               {"test.tmx", "layer 'short'", "3 tiles", "4"});
  requireError(parseText(tmx(kTerrainTileset + csvLayer("long", "1,1,1", 2, 1), 2, 1)),
               {"test.tmx", "layer 'long'", "3 tiles", "2"});
  // base64 of one gid (4 bytes) for a two-cell map.
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="b" width="2" height="1"><data encoding="base64">AQAAAA==</data></layer>)")),
               {"test.tmx", "layer 'b'", "1 tiles", "2"});
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="x" width="2" height="1"><data><tile gid="1"/></data></layer>)")),
               {"test.tmx", "layer 'x'", "1 tiles", "2"});
  requireError(parseText(R"({"type":"map","orientation":"orthogonal","width":2,"height":1,
    "tilewidth":8,"tileheight":8,"tilesets":[],"layers":[{"type":"tilelayer","name":"j",
    "width":2,"height":1,"data":[1,1,1]}]})", "j.tmj"),
               {"j.tmj", "layer 'j'", "3 tiles", "2"});
}

TEST_CASE("a gid beyond every tileset is an error naming layer and cell", "[core][tiled]") {
  requireError(parseText(tmx(kTerrainTileset + csvLayer("ground", "1,1,1,7", 2, 2), 2, 2)),
               {"test.tmx", "layer 'ground'", "cell 1,1", "gid 7", "1..6"});
  // Flip bits do not hide a bad gid.
  requireError(parseText(tmx(kTerrainTileset + csvLayer("ground", "1,2147483655"))),
               {"layer 'ground'", "cell 1,0", "gid 7"});
}

TEST_CASE("a cell no layer gives a terrain is an error naming the cell", "[core][tiled]") {
  requireError(parseText(tmx(kTerrainTileset + csvLayer("a", "1,1,0,0", 2, 2) +
                             csvLayer("b", "0,0,0,6", 2, 2), 2, 2)),
               {"test.tmx", "cell 0,1", "(and 1 more)", "no terrain"});
}

TEST_CASE("a missing external tileset is an error naming it", "[core][tiled]") {
  requireError(parseText(tmx(R"(<tileset firstgid="1" source="gone.tsx"/>)" + csvLayer("l", "1,1")),
                         "maps/a.tmx"),
               {"maps/a.tmx", "gone.tsx", "no such file"});
  requireError(loadTiledMap(kFixtures + "no-such-level.tmx"), {"no-such-level.tmx", "no such file"});
}

TEST_CASE("a .json map must be a Tiled map, and a scenario is told apart", "[core][tiled]") {
  requireError(parseText(R"({"map":"a.png","units":[]})", "s.json"),
               {"s.json", "scenario", "\"type\": \"map\""});
  requireError(parseText(R"({"type":"tileset"})", "t.json"), {"t.json", "\"type\": \"map\""});
  requireError(parseText(R"({"type":"map",)", "broken.tmj"), {"broken.tmj", "not valid JSON", "line 1"});
  requireError(parseText("<map", "broken.tmx"), {"broken.tmx", "not valid XML", "line 1"});
  requireError(parseText("<tileset/>", "t.tmx"), {"t.tmx", "<tileset>", "expected <map>"});
}

TEST_CASE("the shipped sample level loads with its tileset art", "[core][tiled]") {
  const auto map = loadTiledMap(std::string(TACTICS_SOURCE_DIR) + "/assets/maps/riverford.tmx");
  INFO((map ? "" : map.error()));
  REQUIRE(map);
  CHECK(map->costMap.width() >= 30);
  CHECK(map->costMap.height() >= 20);
  CHECK(map->layers.size() >= 2);
  REQUIRE(map->tilesets.size() == 1);
  const TiledTileset& tileset = map->tilesets[0];
  // The image the tileset names is there and has the size the .tsx gives.
  int width = 0;
  int height = 0;
  int channels = 0;
  REQUIRE(stbi_info(tileset.imagePath.c_str(), &width, &height, &channels));
  CHECK(width == tileset.imageWidth);
  CHECK(height == tileset.imageHeight);
  CHECK(tileset.columns * tileset.tileWidth == width);
  CHECK((tileset.tileCount + tileset.columns - 1) / tileset.columns * tileset.tileHeight == height);
  // Every terrain class appears: the level is made for movement classes to matter.
  std::array<int, kTerrainClasses> seen{};
  for (std::uint8_t grey : map->costMap.greyValues()) ++seen[static_cast<std::size_t>(terrainClass(grey))];
  for (int count : seen) CHECK(count > 0);
}

TEST_CASE("a tileset without tilecount holds the tiles its image holds", "[core][tiled]") {
  // 2 columns x 1 row of 8 px tiles with a 1 px margin and 2 px spacing: 1+8+2+8+1 = 20 wide.
  const std::string tileset =
      R"(<tileset firstgid="1" name="old" tilewidth="8" tileheight="8" margin="1" spacing="2">
  <image source="old.png" width="20" height="10"/>
  <tile id="1" type="forest"/></tileset>)";
  const auto map = parseText(tmx(tileset + csvLayer("l", "2,2")));
  REQUIRE(map);
  CHECK(map->tilesets[0].tileCount == 2);
  CHECK(map->tilesets[0].columns == 2);
  CHECK(map->tilesets[0].margin == 1);
  CHECK(map->tilesets[0].spacing == 2);
  requireError(parseText(tmx(tileset + csvLayer("l", "2,3"))), {"cell 1,0", "gid 3", "1..2"});
}

// fuzz_tiled found this: nlohmann throws out_of_range, not parse_error, for a number too large
// for any C++ type, and it escaped the parser.
TEST_CASE("a TMJ number too large for any type is an error, not an exception", "[core][tiled]") {
  for (const char* number : {"-222222220e000000000000015985590", "1e999999"}) {
    INFO(number);
    const auto map = parseText(std::string("{\"width\": ") + number + ", \"height\": 1}", "big.tmj");
    REQUIRE_FALSE(map);
    CHECK(map.error().find("big.tmj") != std::string::npos);
    CHECK(map.error().find("not valid JSON") != std::string::npos);
  }
}

TEST_CASE("group layers nest at most 100 deep, in both formats, without exhausting the stack",
          "[core][tiled]") {
  // Groups `depth` deep around one layer: 100 load, 101 and 20,000 are refused (20,000 nested
  // readers used to overflow the stack).
  const auto nestedTmx = [](int depth) {
    std::string open, close;
    for (int i = 0; i < depth; ++i) {
      open += "<group name=\"g\">";
      close += "</group>";
    }
    return tmx(kTerrainTileset + open + csvLayer("ground", "1,2") + close);
  };
  const auto nestedTmj = [](int depth) {
    std::string open, close;
    for (int i = 0; i < depth; ++i) {
      open += R"({"type":"group","name":"g","layers":[)";
      close += "]}";
    }
    return R"({"type":"map","orientation":"orthogonal","width":2,"height":1,"tilewidth":8,
      "tileheight":8,"tilesets":[{"firstgid":1,"name":"t","tilewidth":8,"tileheight":8,
      "tilecount":2,"columns":2,"image":"t.png","imagewidth":16,"imageheight":8,
      "tiles":[{"id":0,"type":"plains"},{"id":1,"type":"forest"}]}],"layers":[)" +
           open + R"({"type":"tilelayer","name":"ground","width":2,"height":1,"data":[1,2]})" +
           close + "]}";
  };
  for (const int depth : {0, 100}) {
    INFO("depth " << depth);
    const auto xml = parseText(nestedTmx(depth));
    REQUIRE(xml);
    CHECK(terrainRows(xml->costMap) == std::vector<std::string>{"01"});
    const auto json = parseText(nestedTmj(depth), "n.tmj");
    INFO((json ? "" : json.error()));
    REQUIRE(json);
    CHECK(terrainRows(json->costMap) == std::vector<std::string>{"01"});
  }
  for (const int depth : {101, 20000}) {
    INFO("depth " << depth);
    requireError(parseText(nestedTmx(depth)), {"test.tmx", "nest more than 100 deep"});
    requireError(parseText(nestedTmj(depth), "n.tmj"), {"n.tmj", "nest more than 100 deep"});
  }
}

TEST_CASE("a NUL byte in a TMJ map is refused, not taken for the end of the text", "[core][tiled]") {
  const std::string map = R"({"type":"map","orientation":"orthogonal","width":1,"height":1,
    "tilewidth":8,"tileheight":8,"tilesets":[],"layers":[]})";
  requireError(parseText(map + std::string("\0 garbage {{{", 13), "n.tmj"),
               {"n.tmj", "NUL byte at offset"});
}

TEST_CASE("a map's tile layers hold at most 2^27 tiles in all, checked before decoding one more",
          "[core][tiled]") {
  tiled::TiledDocument document;
  document.width = 4096;
  document.height = 4096;
  document.layers.resize(7);  // the gids themselves do not matter to the check
  CHECK_FALSE(tiled::checkRoomForLayer(document));
  document.layers.resize(8);
  const auto full = tiled::checkRoomForLayer(document);
  REQUIRE(full);
  CHECK(*full == "its tile layers hold more than 134217728 tiles in all (layer 9 of 4096x4096); "
                 "merge layers or make the map smaller");
  document.width = 1024;
  document.height = 1024;
  document.layers.resize(127);
  CHECK_FALSE(tiled::checkRoomForLayer(document));
  document.layers.resize(128);
  CHECK(tiled::checkRoomForLayer(document));
}

TEST_CASE("what Tiled never writes is refused: compressed CSV, a layer of another size, two "
          "<data>, tilesets sharing a firstgid", "[core][tiled]") {
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="sea" width="2" height="1"><data encoding="csv" compression="zlib">1,1</data></layer>)")),
               {"test.tmx", "layer 'sea'", "compressed but not base64"});
  requireError(parseText(R"({"type":"map","orientation":"orthogonal","width":2,"height":1,
    "tilewidth":8,"tileheight":8,"tilesets":[],"layers":[{"type":"tilelayer","name":"sea",
    "width":2,"height":1,"compression":"zlib","data":[1,1]}]})", "c.tmj"),
               {"c.tmj", "layer 'sea'", "compressed but not base64"});
  requireError(parseText(tmx(kTerrainTileset + csvLayer("tall", "1,1", 1, 2), 2, 1)),
               {"test.tmx", "layer 'tall'", "it is 1x2 but the map is 2x1"});
  requireError(parseText(R"({"type":"map","orientation":"orthogonal","width":2,"height":1,
    "tilewidth":8,"tileheight":8,"tilesets":[],"layers":[{"type":"tilelayer","name":"j",
    "width":1,"height":2,"data":[1,1]}]})", "j.tmj"),
               {"j.tmj", "layer 'j'", "it is 1x2 but the map is 2x1"});
  requireError(parseText(tmx(kTerrainTileset +
                             R"(<layer name="two" width="2" height="1"><data encoding="csv">1,1</data><data encoding="csv">2,2</data></layer>)")),
               {"test.tmx", "layer 'two'", "more than one <data>"});
  std::string second = kTerrainTileset;
  second.replace(second.find("name=\"ground\""), 13, "name=\"again\"");
  requireError(parseText(tmx(kTerrainTileset + second + csvLayer("ground", "1,1"))),
               {"test.tmx", "tilesets 'ground' and 'again' both start at firstgid 1"});
  // A tileset with neither tilecount nor image holds no gids, and the error says why.
  requireError(parseText(tmx(R"(<tileset firstgid="1" name="bare" tilewidth="8" tileheight="8"/>)" +
                             csvLayer("ground", "1,1"))),
               {"test.tmx", "gid 1 belongs to no tileset",
                "no gids ('bare': no tilecount, and no image to count its tiles)"});
}
