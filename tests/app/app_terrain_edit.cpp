// Painting terrain: brush, lines without gaps, flood fill, undo/redo by stroke, new maps, saving
// as canonical greys and reading the classes back, and the refusals.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <utility>

#include "app/rules/terrain_edit.h"
#include "tactics/io/file_io.h"
#include "temp_paths.h"
#include "tactics/io/map_image.h"

using tactics::Cell;
using tactics::CostMap;
using tactics::kCanonicalGrey;
using tactics::Unit;
using namespace tactics::app;

namespace {

CostMap plains(int width, int height) {
  return CostMap(width, height,
                 std::vector<std::uint8_t>(static_cast<std::size_t>(width * height), 0));
}

std::vector<int> classes(const CostMap& map) {
  std::vector<int> out;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) out.push_back(map.terrain({x, y}));
  }
  return out;
}

int countClass(const CostMap& map, int terrain) {
  int n = 0;
  for (const int t : classes(map)) n += t == terrain ? 1 : 0;
  return n;
}

Unit footUnit(Cell cell) {
  Unit unit;
  unit.name = "Lord";
  unit.cell = cell;
  return unit;  // foot: walls (class 4) impassable
}

const std::vector<Unit> kNoUnits;

}  // namespace

TEST_CASE("a one-cell brush paints the cell with the canonical grey of the class") {
  CostMap map = plains(6, 4);
  TerrainEditor editor;
  const EditResult result = editor.strokeTo(map, kNoUnits, {2, 1}, 3, 1);
  editor.endStroke();
  CHECK(map.grey({2, 1}) == kCanonicalGrey[3]);
  CHECK(countClass(map, 3) == 1);
  CHECK(result.changed.x0 == 2);
  CHECK(result.changed.y0 == 1);
  CHECK(result.changed.x1 == 2);
  CHECK(result.changed.y1 == 1);
}

TEST_CASE("brush sizes 1 to 5 paint a square of that side, clipped at the map edge") {
  for (int size = 1; size <= kMaxBrush; ++size) {
    CostMap map = plains(12, 12);
    TerrainEditor editor;
    editor.strokeTo(map, kNoUnits, {6, 6}, 1, size);
    editor.endStroke();
    CHECK(countClass(map, 1) == size * size);
    CostMap corner = plains(12, 12);
    editor.strokeTo(corner, kNoUnits, {0, 0}, 1, size);
    const int inside = size - (size - 1) / 2;  // the part of the square right and below
    CHECK(countClass(corner, 1) == inside * inside);
  }
}

TEST_CASE("successive samples of a stroke are joined by a line with no gaps") {
  CostMap map = plains(20, 20);
  TerrainEditor editor;
  editor.strokeTo(map, kNoUnits, {1, 2}, 2, 1);
  editor.strokeTo(map, kNoUnits, {15, 9}, 2, 1);
  editor.endStroke();
  // Every painted cell touches another (8-neighbourhood) and both ends are painted.
  CHECK(map.terrain({1, 2}) == 2);
  CHECK(map.terrain({15, 9}) == 2);
  CHECK(countClass(map, 2) == 15);  // one cell per column: the longer axis is 14 steps
  for (const Cell c : lineCells({1, 2}, {15, 9})) CHECK(map.terrain(c) == 2);
  const auto line = lineCells({3, 18}, {0, 0});
  for (std::size_t i = 1; i < line.size(); ++i) {
    CHECK(std::abs(line[i].x - line[i - 1].x) <= 1);
    CHECK(std::abs(line[i].y - line[i - 1].y) <= 1);
  }
  CHECK(line.front() == Cell{3, 18});
  CHECK(line.back() == Cell{0, 0});
}

TEST_CASE("flood fill repaints the 4-connected region of the same class only") {
  // A wall ring around (2..3, 2..3) with a diagonal gap the fill must not leak through.
  CostMap map = plains(7, 7);
  for (int i = 1; i <= 4; ++i) {
    map.setGrey({i, 1}, 255);
    map.setGrey({i, 4}, 255);
    map.setGrey({1, i}, 255);
    map.setGrey({4, i}, 255);
  }
  map.setGrey({4, 4}, 0);  // the corner opens only diagonally
  TerrainEditor editor;
  editor.fill(map, kNoUnits, {2, 2}, 1);
  CHECK(countClass(map, 1) == 4);
  CHECK(map.terrain({0, 0}) == 0);
  CHECK(map.terrain({4, 4}) == 0);
  // Filling the outside reaches round the ring, corner included.
  editor.fill(map, kNoUnits, {0, 0}, 2);
  CHECK(countClass(map, 2) == 49 - 4 - 11);
  CHECK(editor.undoSteps() == 2);
}

TEST_CASE("undo and redo take back whole strokes in order, and a new edit drops the redos") {
  CostMap map = plains(10, 10);
  const auto start = classes(map);
  TerrainEditor editor;
  LevelUnits level;
  editor.strokeTo(map, kNoUnits, {1, 1}, 1, 1);
  editor.strokeTo(map, kNoUnits, {8, 1}, 1, 1);
  editor.endStroke();
  const auto afterFirst = classes(map);
  editor.strokeTo(map, kNoUnits, {1, 1}, 4, 2);  // crosses the first stroke
  editor.strokeTo(map, kNoUnits, {1, 8}, 4, 2);
  editor.endStroke();
  const auto afterSecond = classes(map);
  CHECK(editor.undoSteps() == 2);

  CHECK_FALSE(editor.undo(map, level).changed.empty());
  CHECK(classes(map) == afterFirst);
  editor.undo(map, level);
  CHECK(classes(map) == start);
  CHECK(editor.undo(map, level).changed.empty());  // nothing left
  editor.redo(map, level);
  CHECK(classes(map) == afterFirst);
  editor.redo(map, level);
  CHECK(classes(map) == afterSecond);

  editor.undo(map, level);
  editor.strokeTo(map, kNoUnits, {5, 5}, 3, 1);
  editor.endStroke();
  CHECK(editor.redoSteps() == 0);
  CHECK(editor.redo(map, level).changed.empty());
}

TEST_CASE("at least 100 strokes can be undone, back to the first") {
  CostMap map = plains(16, 16);
  const auto start = classes(map);
  TerrainEditor editor;
  LevelUnits level;
  for (int i = 0; i < 150; ++i) {
    editor.strokeTo(map, kNoUnits, {i % 16, (i / 16) % 16}, 1 + i % 4, 1);
    editor.endStroke();
  }
  CHECK(editor.undoSteps() >= 100);
  const std::size_t kept = editor.undoSteps();
  for (std::size_t i = 0; i < kept; ++i) CHECK_FALSE(editor.undo(map, level).changed.empty());
  if (kept >= 150) CHECK(classes(map) == start);
  CHECK(editor.undo(map, level).changed.empty());
}

TEST_CASE("a cell a unit stands on refuses classes that unit cannot enter") {
  CostMap map = plains(5, 5);
  const std::vector<Unit> units = {footUnit({2, 2})};
  TerrainEditor editor;
  const EditResult wall = editor.strokeTo(map, units, {2, 2}, 4, 3);
  editor.endStroke();
  CHECK(wall.refused == 1);
  CHECK(map.terrain({2, 2}) == 0);
  CHECK(countClass(map, 4) == 8);
  const EditResult hills = editor.strokeTo(map, units, {2, 2}, 2, 1);
  editor.endStroke();
  CHECK(hills.refused == 0);
  CHECK(map.terrain({2, 2}) == 2);
  // The fill flows round the unit but leaves its cell.
  CostMap open = plains(5, 5);
  const EditResult filled = editor.fill(open, units, {0, 0}, 4);
  CHECK(filled.refused == 1);
  CHECK(countClass(open, 4) == 24);
}

TEST_CASE("a new map has the asked size and class, within 1..4096 per side") {
  auto map = newTerrainMap(64, 48, 1);
  REQUIRE(map);
  CHECK(map->width() == 64);
  CHECK(map->height() == 48);
  CHECK(countClass(*map, 1) == 64 * 48);
  CHECK(newTerrainMap(1, 4096, 0));
  CHECK_FALSE(newTerrainMap(0, 10, 0));
  CHECK_FALSE(newTerrainMap(10, 4097, 0));
  CHECK_FALSE(newTerrainMap(10, 10, 5));
}

TEST_CASE("saving writes canonical greys that load back as the same classes") {
  CostMap map = plains(9, 7);
  map.setGrey({1, 1}, 60);   // forest, not canonical
  map.setGrey({2, 1}, 140);  // hills
  map.setGrey({3, 1}, 200);  // mountains
  map.setGrey({4, 1}, 250);  // wall
  TerrainEditor editor;
  editor.fill(map, kNoUnits, {8, 6}, 3);
  const std::string path =
      tactics::testing::uniqueTempPath("terrain_edit_save").string() + ".png";
  REQUIRE_FALSE(saveTerrainPng(map, path, ""));
  auto loaded = tactics::loadMap(path);
  REQUIRE(loaded);
  CHECK(classes(*loaded) == classes(map));
  std::set<int> greys(loaded->greyValues().begin(), loaded->greyValues().end());
  for (const int grey : greys) {
    CHECK(std::find(kCanonicalGrey.begin(), kCanonicalGrey.end(), grey) != kCanonicalGrey.end());
  }
  std::filesystem::remove(path);
}

TEST_CASE("saving refuses Tiled paths, the open Tiled map and non-PNG names, writing nothing") {
  const CostMap map = plains(4, 4);
  const auto dir = tactics::testing::uniqueTempPath("terrain_edit_refuse");
  std::filesystem::create_directories(dir);
  const std::string tmx = (dir / "level.tmx").string();
  { std::ofstream(tmx) << "<map/>"; }
  CHECK(saveTerrainPng(map, tmx, tmx));
  CHECK(saveTerrainPng(map, (dir / "level.tmj").string(), tmx));
  CHECK(saveTerrainPng(map, (dir / "level.bmp").string(), tmx));
  CHECK(saveTerrainPng(map, "", tmx));
  // A .png that is (a link to) the open map is still the open map.
  const std::string link = (dir / "level.png").string();
  std::filesystem::create_symlink(tmx, link);
  CHECK(saveTerrainPng(map, link, tmx));
  std::ifstream still(tmx);
  std::string text;
  std::getline(still, text);
  CHECK(text == "<map/>");
  CHECK(saveTerrainPng(map, (dir / "missing" / "x.png").string(), ""));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a map of named terrains paints any of them and saves as greys only without the extras",
          "[terrains]") {
  // Eight terrains, all sand (5) but one plains cell.
  std::vector<std::uint8_t> cells(12, 5);
  cells[0] = 0;
  CostMap map = CostMap::named(4, 3, cells, {"plains", "forest", "hills", "mountains", "wall",
                                             "sand", "bridge", "shallows"});
  TerrainEditor editor;
  LevelUnits level;
  editor.strokeTo(map, kNoUnits, {1, 0}, 7, 1);  // shallows, beyond the fifth
  editor.endStroke();
  CHECK(map.terrain({1, 0}) == 7);
  editor.undo(map, level);
  CHECK(map.terrain({1, 0}) == 5);
  const auto dir = tactics::testing::uniqueTempPath("terrain_edit_named");
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "desert.png").string();
  const auto refused = saveTerrainPng(map, path, "");
  REQUIRE(refused);
  CHECK(refused->find("uses terrains beyond the fifth (sand)") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
  // Painted back to the five, it saves, each cell its canonical grey.
  editor.fill(map, kNoUnits, {2, 2}, 2);
  REQUIRE_FALSE(saveTerrainPng(map, path, ""));
  auto loaded = tactics::loadMap(path);
  REQUIRE(loaded);
  CHECK(classes(*loaded) == classes(map));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a new map keeps the open map's named terrains", "[terrains]") {
  const std::vector<std::string> names = {"plains", "forest", "hills", "mountains", "wall", "sand"};
  auto map = newTerrainMap(5, 4, 5, names);
  REQUIRE(map);
  CHECK(map->indexed());
  CHECK(map->terrainNames() == names);
  CHECK(countClass(*map, 5) == 20);
  CHECK_FALSE(newTerrainMap(5, 4, 6, names));
}

TEST_CASE("a renamed image map paints only the five terrains a grey can hold", "[terrains]") {
  CostMap map = plains(3, 2);
  map.rename({"plains", "forest", "hills", "mountains", "wall", "sand"});
  CHECK(map.paintableTerrains() == 5);
  TerrainEditor editor;
  editor.strokeTo(map, kNoUnits, {1, 0}, 5, 1);  // sand: no grey holds it, so the last class
  editor.endStroke();
  CHECK(map.terrain({1, 0}) == 4);
  CHECK(map.grey({1, 0}) == kCanonicalGrey[4]);
}

TEST_CASE("a unit edit is one undo step among the strokes, and takes back only what it changed") {
  CostMap map = plains(6, 6);
  TerrainEditor editor;
  Unit knight;
  knight.name = "Knight";
  knight.cell = {2, 2};
  LevelUnits level{{knight}, {}, {}, {}};
  editor.strokeTo(map, level.units, {0, 0}, 1, 1);
  editor.endStroke();
  // Deleting the Knight, then turning on zone of control: two steps after the stroke.
  editor.recordUnits(level, LevelUnits{{}, {}, {}, {}});
  level.units.clear();
  editor.recordUnits(LevelUnits{{}, {}, {}, {}}, LevelUnits{{}, tactics::BoardRules{true}, {}, {}});
  level.rules.zoc = true;
  CHECK(editor.undoSteps() == 3);

  EditResult back = editor.undo(map, level);
  CHECK(back.unitsChanged);
  CHECK(back.changed.empty());
  CHECK_FALSE(level.rules.zoc);
  CHECK(level.units.empty());  // the rule's step left the units as they are
  back = editor.undo(map, level);
  REQUIRE(level.units.size() == 1);
  CHECK(level.units[0].name == "Knight");
  CHECK(map.terrain({0, 0}) == 1);  // the stroke is still there
  CHECK_FALSE(editor.undo(map, level).changed.empty());
  CHECK(map.terrain({0, 0}) == 0);

  editor.redo(map, level);
  editor.redo(map, level);
  CHECK(level.units.empty());
  CHECK(editor.redo(map, level).unitsChanged);
  CHECK(level.rules.zoc);
  CHECK(sameLevel(level, LevelUnits{{}, tactics::BoardRules{true}, {}, {}}));
}

TEST_CASE("on a hex board the fill flows to the six neighbours and lines step through them") {
  // The square test's ring, on hex-y-odd: its opened corner (4,4) is a neighbour of (3,3) (row 3
  // is shifted), so the fill leaks out and repaints everything but the 11 walls.
  CostMap map = plains(7, 7);
  map.setLayout(tactics::GridLayout::HexYOdd);
  for (int i = 1; i <= 4; ++i) {
    map.setGrey({i, 1}, 255);
    map.setGrey({i, 4}, 255);
    map.setGrey({1, i}, 255);
    map.setGrey({4, i}, 255);
  }
  map.setGrey({4, 4}, 0);
  TerrainEditor editor;
  editor.fill(map, kNoUnits, {2, 2}, 1);
  CHECK(countClass(map, 1) == 49 - 11);
  const tactics::Topology topology = map.topology();
  for (const auto& [from, to] : {std::pair<Cell, Cell>{{1, 2}, {15, 9}}, {{3, 18}, {0, 0}}}) {
    const auto line = lineCells(from, to, tactics::GridLayout::HexYOdd);
    CHECK(line.front() == from);
    CHECK(line.back() == to);
    for (std::size_t i = 1; i < line.size(); ++i) CHECK(topology.neighbourIndex(line[i - 1], line[i]) >= 0);
  }
}
