// Hexagonal Tiled maps (SPEC §13): the fixtures Tiled 1.8 wrote in each of its four stagger
// layouts (TMX and TMJ), their units on the hexagons Tiled draws under them, the cell under a
// pixel against the hexagons of Tiled's grid, the units writer's round trip, and the errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "tactics/io/file_io.h"
#include "tactics/io/scenario.h"
#include "tactics/io/tiled_geometry.h"
#include "tactics/io/tiled_map.h"
#include "tactics/io/tiled_units_writer.h"

using namespace tactics;

namespace {

const std::string kFixtures = std::string(TACTICS_SOURCE_DIR) + "/tests/fixtures/tiled/";

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

const ReadFile kNoFiles = [](const std::string&) -> Expected<std::vector<std::uint8_t>> {
  return Error{"no such file"};
};

// make_fixtures.py's hex levels: the level's ground with plains at 0,2, and where Tiled draws
// each level's three units (worked out from the hexagons of Tiled's grid, not from the reader).
const std::vector<std::string> kHexTerrain = {
    "001122",
    "033440",
    "001230",
    "000000",
};

struct HexFixture {
  const char* name;
  GridLayout layout;
  Cell lord;   // a point where the square cell under it is another
  Cell rider;  // a tile object whose bottom-left corner lies over another hexagon
};

const std::array<HexFixture, 4> kHexFixtures = {{
    {"hex-y-odd", GridLayout::HexYOdd, {1, 1}, {0, 2}},
    {"hex-y-even", GridLayout::HexYEven, {1, 0}, {0, 2}},
    {"hex-x-odd", GridLayout::HexXOdd, {2, 0}, {2, 2}},
    {"hex-x-even", GridLayout::HexXEven, {1, 0}, {1, 2}},
}};

std::vector<std::string> terrainRows(const CostMap& map) {
  std::vector<std::string> rows;
  for (int y = 0; y < map.height(); ++y) {
    std::string row;
    for (int x = 0; x < map.width(); ++x) row += static_cast<char>('0' + map.terrain({x, y}));
    rows.push_back(row);
  }
  return rows;
}

// The image a Tiled map's twin would be: the canonical greys of kHexTerrain.
CostMap imageTwin(GridLayout layout) {
  std::vector<std::uint8_t> grey;
  for (const std::string& row : kHexTerrain) {
    for (char c : row) grey.push_back(kCanonicalGrey[static_cast<std::size_t>(c - '0')]);
  }
  CostMap map(6, 4, std::move(grey));
  map.setLayout(layout);
  return map;
}

// Tiled's grid as it draws it: the hexagon of cell c, corner by corner, from the same sizes
// Tiled derives (a slanted edge takes half of what the flat side leaves, in whole pixels).
struct Hexagon {
  std::array<PixelPoint, 6> corners;
};

Hexagon tiledHexagon(GridLayout layout, int tileWidth, int tileHeight, int side, Cell c) {
  const bool staggerX = layout == GridLayout::HexXOdd || layout == GridLayout::HexXEven;
  const bool even = layout == GridLayout::HexYEven || layout == GridLayout::HexXEven;
  const int sideX = staggerX ? side : 0;
  const int sideY = staggerX ? 0 : side;
  const int slopeX = (tileWidth - sideX) / 2;
  const int slopeY = (tileHeight - sideY) / 2;
  const int boxWidth = 2 * slopeX + sideX;
  const int boxHeight = 2 * slopeY + sideY;
  double x = 0;
  double y = 0;
  if (staggerX) {
    const bool shifted = ((c.x & 1) != 0) != even;
    x = c.x * (slopeX + sideX);
    y = c.y * (boxHeight + sideY) + (shifted ? slopeY + sideY : 0);
    return {{PixelPoint{x, y + slopeY}, PixelPoint{x + slopeX, y},
             PixelPoint{x + slopeX + sideX, y}, PixelPoint{x + boxWidth, y + slopeY},
             PixelPoint{x + slopeX + sideX, y + boxHeight}, PixelPoint{x + slopeX, y + boxHeight}}};
  }
  const bool shifted = ((c.y & 1) != 0) != even;
  x = c.x * (boxWidth + sideX) + (shifted ? slopeX + sideX : 0);
  y = c.y * (slopeY + sideY);
  return {{PixelPoint{x + slopeX, y}, PixelPoint{x + boxWidth, y + slopeY},
           PixelPoint{x + boxWidth, y + slopeY + sideY}, PixelPoint{x + slopeX, y + boxHeight},
           PixelPoint{x, y + slopeY + sideY}, PixelPoint{x, y + slopeY}}};
}

// Strictly inside the (convex) hexagon: every edge turns the same way.
bool inside(const Hexagon& h, PixelPoint p) {
  int sign = 0;
  for (std::size_t i = 0; i < h.corners.size(); ++i) {
    const PixelPoint a = h.corners[i];
    const PixelPoint b = h.corners[(i + 1) % h.corners.size()];
    if (a.x == b.x && a.y == b.y) continue;  // a side of length 0 (hexsidelength 0)
    const double cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross == 0) return false;
    const int s = cross > 0 ? 1 : -1;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  return true;
}

// How far p lies from the hexagon's outline.
double distanceToOutline(const Hexagon& h, PixelPoint p) {
  double best = -1;
  for (std::size_t i = 0; i < h.corners.size(); ++i) {
    const PixelPoint a = h.corners[i];
    const PixelPoint b = h.corners[(i + 1) % h.corners.size()];
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double length = dx * dx + dy * dy;
    const double t =
        length == 0 ? 0 : std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0.0, 1.0);
    const double d = std::hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
    if (best < 0 || d < best) best = d;
  }
  return best;
}

}  // namespace

TEST_CASE("a hexagonal Tiled map gives its layout and its terrain in TMX and TMJ",
          "[core][tiled][hex]") {
  for (const HexFixture& fixture : kHexFixtures) {
    for (const char* extension : {".tmx", ".tmj"}) {
      const std::string path = kFixtures + fixture.name + extension;
      INFO(path);
      const auto map = loadTiledMap(path);
      REQUIRE(map);
      CHECK(map->costMap.layout() == fixture.layout);
      CHECK(terrainRows(map->costMap) == kHexTerrain);
      // Its image twin: the same cells on the same grid.
      const CostMap twin = imageTwin(fixture.layout);
      CHECK(map->costMap.greyValues() == twin.greyValues());
      CHECK(map->costMap.topology() == twin.topology());
      CHECK(map->hexSideLength > 0);
    }
  }
}

TEST_CASE("a hexagonal Tiled map reads the same in the gzip and XML tile encodings",
          "[core][tiled][hex]") {
  // The encodings Tiled's own fixtures above leave out (csv, base64, zlib and zstd are there):
  // hex-y-odd.tmx with its layer re-encoded (tools-free: gzip of the gids, or one <tile> each).
  const auto csv = loadTiledMap(kFixtures + "hex-y-odd.tmx");
  REQUIRE(csv);
  for (const char* name : {"hex-y-odd-gzip.tmx", "hex-y-odd-xml.tmx"}) {
    INFO(name);
    const auto map = loadTiledMap(kFixtures + name);
    INFO((map ? "" : map.error()));
    REQUIRE(map);
    CHECK(map->costMap.layout() == GridLayout::HexYOdd);
    CHECK(map->costMap.greyValues() == csv->costMap.greyValues());
  }
}

TEST_CASE("units of a hexagonal Tiled map stand on the hexagon Tiled draws under them",
          "[core][tiled][hex][scenario]") {
  for (const HexFixture& fixture : kHexFixtures) {
    for (const char* extension : {".tmx", ".tmj"}) {
      const std::string path = kFixtures + fixture.name + extension;
      INFO(path);
      const auto scenario = loadScenario(path);
      REQUIRE(scenario);
      CHECK(scenario->map.layout() == fixture.layout);
      REQUIRE(scenario->units.size() == 3);
      CHECK(scenario->units[0].cell == fixture.lord);
      CHECK(scenario->units[1].cell == fixture.rider);
      CHECK(scenario->units[2].cell == Cell{5, 3});  // a point at the centre of 5,3
    }
  }
}

TEST_CASE("the cell under a pixel is the hexagon Tiled draws there, but for slivers at its edges",
          "[core][tiled][hex]") {
  struct Size {
    int tileWidth, tileHeight, side;
  };
  // Even and odd sizes, a side of 0 (diamonds) and a side that is the whole tile (bricks).
  const std::array<Size, 4> sizes = {{{16, 16, 8}, {14, 17, 7}, {32, 28, 0}, {9, 12, 12}}};
  for (GridLayout layout : {GridLayout::HexYOdd, GridLayout::HexYEven, GridLayout::HexXOdd,
                            GridLayout::HexXEven}) {
    for (const Size& size : sizes) {
      const bool staggerX = layout == GridLayout::HexXOdd || layout == GridLayout::HexXEven;
      if (size.side > (staggerX ? size.tileWidth : size.tileHeight)) continue;
      const TiledGeometry geometry(layout, size.tileWidth, size.tileHeight, size.side);
      REQUIRE(geometry.valid());
      int insideOwn = 0;
      int points = 0;
      // Points a third of a pixel off the whole pixels, so none lies on an edge.
      for (double y = -10 + 1.0 / 3; y < 70; y += 1.7) {
        for (double x = -10 + 1.0 / 3; x < 70; x += 1.3) {
          const auto cell = geometry.cellAt({x, y});
          REQUIRE(cell);
          INFO(layoutName(layout) << " " << size.tileWidth << "x" << size.tileHeight << " side "
                                  << size.side << " at " << x << "," << y << " -> "
                                  << toString(*cell));
          // Tiled highlights the nearest of a few centres, and its hexagons are not regular, so
          // near a slanted edge it may pick the cell across it; never farther than that.
          const Hexagon own = tiledHexagon(layout, size.tileWidth, size.tileHeight, size.side, *cell);
          const bool in = inside(own, {x, y});
          CHECK((in || distanceToOutline(own, {x, y}) < 2.5));
          ++points;
          insideOwn += in;
          // The centre the writer uses reads back as the cell.
          CHECK(geometry.cellAt(geometry.cellCentre(*cell)) == cell);
        }
      }
      CHECK(insideOwn > points * 9 / 10);
    }
  }
}

TEST_CASE("units written into a hexagonal map read back on their cells", "[core][tiled][hex]") {
  for (const HexFixture& fixture : kHexFixtures) {
    const std::string path = kFixtures + fixture.name + ".tmx";
    INFO(path);
    auto scenario = loadScenario(path);
    REQUIRE(scenario);
    // Every cell that is no wall, in turn, holds the first unit; the others keep theirs.
    for (int y = 0; y < 4; ++y) {
      for (int x = 0; x < 6; ++x) {
        const Cell cell{x, y};
        if (scenario->map.terrain(cell) == 4 || cell == scenario->units[1].cell ||
            cell == scenario->units[2].cell) {
          continue;
        }
        std::vector<Unit> units = scenario->units;
        units[0].cell = cell;
        const auto bytes = readFileBytes(path);
        REQUIRE(bytes);
        const auto written = tmxWithUnits(*bytes, path, units, scenario->classes);
        REQUIRE(written);
        const auto back = parseScenarioFile(*written, path, [](const std::string& other) {
          return readFileBytes(other);
        });
        REQUIRE(back);
        CHECK(back->units[0].cell == cell);
        CHECK(back->units[1].cell == units[1].cell);
        CHECK(back->units[2].cell == units[2].cell);
        CHECK(back->map.layout() == fixture.layout);
      }
    }
  }
}

namespace {

std::string hexTmx(const std::string& attributes) {
  return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" )" + attributes + R"( width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="ground" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
 </tileset>
 <layer name="ground" width="2" height="1"><data encoding="csv">1,1</data></layer>
</map>
)";
}

std::string hexTmj(const std::string& members) {
  return R"({"type": "map", "width": 2, "height": 1, "tilewidth": 16, "tileheight": 16, )" +
         members + R"(, "tilesets": [{"firstgid": 1, "name": "ground", "tilewidth": 16,
    "tileheight": 16, "tilecount": 1, "columns": 1,
    "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "plains"}]}]}],
  "layers": [{"type": "tilelayer", "name": "ground", "width": 2, "height": 1, "data": [1, 1]}]})";
}

void requireMapError(const std::string& text, const std::string& path,
                     const std::vector<std::string>& mentions) {
  const auto map = parseTiledMap(bytesOf(text), path, kNoFiles);
  REQUIRE_FALSE(map);
  INFO("error: " << map.error());
  CHECK(map.error().find(path) != std::string::npos);
  CHECK(map.error().find('\n') == std::string::npos);
  for (const std::string& mention : mentions) CHECK(map.error().find(mention) != std::string::npos);
}

}  // namespace

TEST_CASE("a hexagonal map's stagger is read as Tiled reads it and checked",
          "[core][tiled][hex]") {
  const auto layoutOf = [](const std::string& text, const std::string& path) {
    const auto map = parseTiledMap(bytesOf(text), path, kNoFiles);
    REQUIRE(map);
    return map->costMap.layout();
  };
  CHECK(layoutOf(hexTmx(R"(orientation="hexagonal" hexsidelength="8" staggeraxis="x" staggerindex="even")"),
                 "a.tmx") == GridLayout::HexXEven);
  // Tiled's defaults for what a file leaves out: stagger along y, odd rows shifted.
  CHECK(layoutOf(hexTmx(R"(orientation="hexagonal")"), "a.tmx") == GridLayout::HexYOdd);
  CHECK(layoutOf(hexTmj(R"("orientation": "hexagonal", "hexsidelength": 8, "staggeraxis": "y", "staggerindex": "even")"),
                 "a.tmj") == GridLayout::HexYEven);
  CHECK(layoutOf(hexTmj(R"("orientation": "orthogonal")"), "a.tmj") == GridLayout::Square);

  requireMapError(hexTmx(R"(orientation="hexagonal" staggeraxis="z")"), "a.tmx",
                  {"staggeraxis", "\"z\"", "x or y"});
  requireMapError(hexTmj(R"("orientation": "hexagonal", "staggerindex": "middle")"), "a.tmj",
                  {"staggerindex", "\"middle\"", "odd or even"});
  requireMapError(hexTmx(R"(orientation="hexagonal" hexsidelength="17")"), "a.tmx",
                  {"hexsidelength is 17", "0..16"});
  // Isometric and isometric staggered stay errors, in both formats.
  requireMapError(hexTmx(R"(orientation="isometric")"), "a.tmx",
                  {"isometric", "orthogonal and hexagonal"});
  requireMapError(hexTmj(R"("orientation": "staggered", "staggeraxis": "y")"), "a.tmj",
                  {"staggered", "orthogonal and hexagonal"});
}

TEST_CASE("a scenario's grid reads its image map as that layout", "[core][scenario][hex]") {
  const auto loader = [](const std::string& path, const TerrainNames*) -> Expected<CostMap> {
    if (path == "maps/a.png") return CostMap(6, 4, std::vector<std::uint8_t>(24, 0));
    if (path == "maps/a.tmx") {
      auto map = loadTiledMap(kFixtures + "hex-x-odd.tmx");
      if (!map) return Error{map.error()};
      return map->costMap;
    }
    return Error{"no such file"};
  };
  const auto parse = [&](const std::string& map, const std::string& grid) {
    const std::string json = R"({"map": ")" + map + "\", " + grid +
                             R"("units": [{"name": "Lord", "team": "player", "at": [0, 0], "move": 3}]})";
    return parseScenario(bytesOf(json), "levels/../s.json", loader);
  };
  for (GridLayout layout : kGridLayouts) {
    const auto scenario = parse("maps/a.png", "\"grid\": \"" + std::string(layoutName(layout)) + "\", ");
    REQUIRE(scenario);
    CHECK(scenario->map.layout() == layout);
  }
  const auto square = parse("maps/a.png", "");
  REQUIRE(square);
  CHECK(square->map.layout() == GridLayout::Square);

  // A Tiled map gives its own layout; a grid may only repeat it.
  const auto tiled = parse("maps/a.tmx", "");
  REQUIRE(tiled);
  CHECK(tiled->map.layout() == GridLayout::HexXOdd);
  CHECK(parse("maps/a.tmx", R"("grid": "hex-x-odd", )"));
  const auto disagree = parse("maps/a.tmx", R"("grid": "hex-y-even", )");
  REQUIRE_FALSE(disagree);
  CHECK(disagree.error().rfind("scenario 'levels/../s.json': ", 0) == 0);
  CHECK(disagree.error().find("\"hex-y-even\"") != std::string::npos);
  CHECK(disagree.error().find("hex-x-odd") != std::string::npos);
  CHECK(disagree.error().find("'maps/a.tmx'") != std::string::npos);

  for (const std::string bad : {R"("hex")", R"("Hex-Y-Odd")", "3", "null", R"(["square"])"}) {
    const auto parsed = parse("maps/a.png", "\"grid\": " + bad + ", ");
    REQUIRE_FALSE(parsed);
    INFO(parsed.error());
    CHECK(parsed.error().rfind("scenario 'levels/../s.json': \"grid\" is ", 0) == 0);
    CHECK(parsed.error().find(layoutNames()) != std::string::npos);
    CHECK(parsed.error().find('\n') == std::string::npos);
  }
}

TEST_CASE("the scenario writer keeps a hex grid and writes none for square", "[core][scenario][hex]") {
  Scenario scenario;
  scenario.map = CostMap(3, 2, std::vector<std::uint8_t>(6, 0));
  scenario.mapPath = "maps/a.png";
  scenario.classes = {{"foot", MovementClass()}};
  Unit lord;
  lord.name = "Lord";
  lord.team = Team::Player;
  lord.cell = {1, 1};
  lord.moveRange = 3;
  lord.className = "foot";
  scenario.units = {lord};
  const auto loader = [&](const std::string&, const TerrainNames*) -> Expected<CostMap> {
    return CostMap(3, 2, std::vector<std::uint8_t>(6, 0));
  };
  for (GridLayout layout : kGridLayouts) {
    scenario.map.setLayout(layout);
    const auto text = formatScenario(scenario, "s.json");
    REQUIRE(text);
    INFO(*text);
    CHECK((text->find("\"grid\"") != std::string::npos) == isHex(layout));
    const auto back = parseScenario(bytesOf(*text), "s.json", loader);
    REQUIRE(back);
    CHECK(back->map.layout() == layout);
  }
}

TEST_CASE("the sample hex level loads with its units at the centres of their hexagons",
          "[core][tiled][hex]") {
  const std::string path = std::string(TACTICS_SOURCE_DIR) + "/assets/maps/hexvale.tmx";
  const auto map = loadTiledMap(path);
  REQUIRE(map);
  CHECK(map->costMap.layout() == GridLayout::HexYOdd);
  const auto scenario = loadScenario(path);
  REQUIRE(scenario);
  const TiledGeometry geometry(map->costMap.layout(), map->tileWidth, map->tileHeight,
                               map->hexSideLength);
  REQUIRE(map->unitLayers.size() == 1);
  REQUIRE(map->unitLayers.front().size() == scenario->units.size());
  // make_hex_level.py puts each unit at its hexagon's centre, as the units writer does.
  for (std::size_t i = 0; i < scenario->units.size(); ++i) {
    const TiledObject& object = map->unitLayers.front()[i];
    const PixelPoint centre = geometry.cellCentre(scenario->units[i].cell);
    INFO(object.name << " at " << *object.x << "," << *object.y);
    CHECK(std::fabs(centre.x - *object.x) <= 1);
    CHECK(std::fabs(centre.y - *object.y) <= 1);
  }
}

TEST_CASE("a tile object's anchor on hex follows its tileset's objectalignment",
          "[core][tiled][hex][scenario]") {
  // make_hex_level's Rider on hex-y-odd: a 16x16 tile whose bottom edge's middle, a pixel up,
  // is 11,26, in cell 0,2 (its bottom-left corner 3,27 lies in another hexagon). Each alignment
  // names another point of the same tile.
  const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> placements = {
      {"", {"3", "27"}},          {"bottomleft", {"3", "27"}}, {"bottom", {"11", "27"}},
      {"bottomright", {"19", "27"}}, {"center", {"11", "19"}},  {"left", {"3", "19"}},
      {"right", {"19", "19"}},    {"top", {"11", "11"}},       {"topleft", {"3", "11"}},
      {"topright", {"19", "11"}}, {"unspecified", {"3", "27"}}};
  for (const auto& [alignment, at] : placements) {
    INFO("objectalignment '" << alignment << "'");
    const std::string text = R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="6" height="4" tilewidth="16" tileheight="16" infinite="0" hexsidelength="8" staggeraxis="y" staggerindex="odd">
 <tileset firstgid="1" name="ground" tilewidth="16" tileheight="16" tilecount="1" columns="1")" +
                             (alignment.empty() ? "" : " objectalignment=\"" + alignment + "\"") +
                             R"(>
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
 </tileset>
 <layer name="ground" width="6" height="4"><data encoding="csv">1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1</data></layer>
 <objectgroup name="units">
  <object id="1" name="Rider" gid="1" x=")" + at.first + R"(" y=")" + at.second +
                             R"(" width="16" height="16"><properties><property name="team" value="player"/><property name="move" type="int" value="3"/></properties></object>
 </objectgroup>
</map>
)";
    const auto scenario = parseScenarioFile(bytesOf(text), "a.tmx", kNoFiles);
    REQUIRE(scenario);
    CHECK(scenario->units.at(0).cell == Cell{0, 2});
  }
}
