#include "app/rules/terrain_edit.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>

#include "tactics/io/file_io.h"
#include "tactics/io/png.h"
#include "tactics/io/tiled_map.h"
#include "tactics/solver/route.h"

namespace tactics::app {

void CellSpan::add(Cell c) {
  if (empty()) {
    *this = {c.x, c.y, c.x, c.y};
    return;
  }
  x0 = std::min(x0, c.x);
  y0 = std::min(y0, c.y);
  x1 = std::max(x1, c.x);
  y1 = std::max(y1, c.y);
}

void CellSpan::add(const CellSpan& other) {
  if (other.empty()) return;
  add(Cell{other.x0, other.y0});
  add(Cell{other.x1, other.y1});
}

std::vector<Cell> lineCells(Cell from, Cell to, GridLayout layout) {
  if (isHex(layout)) {
    // Bresenham's diagonals are not neighbours on a hex board: the route's line, which is.
    std::vector<Cell> cells{from};
    const std::vector<Cell> rest = cellsBetween(from, to, layout);
    cells.insert(cells.end(), rest.begin(), rest.end());
    return cells;
  }
  std::vector<Cell> cells;
  const int dx = std::abs(to.x - from.x);
  const int dy = -std::abs(to.y - from.y);
  const int sx = from.x < to.x ? 1 : -1;
  const int sy = from.y < to.y ? 1 : -1;
  int error = dx + dy;
  Cell c = from;
  while (true) {
    cells.push_back(c);
    if (c == to) break;
    const int twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      c.x += sx;
    }
    if (twice <= dx) {
      error += dx;
      c.y += sy;
    }
  }
  return cells;
}

std::vector<Cell> brushCells(Cell centre, int size) {
  size = std::clamp(size, 1, kMaxBrush);
  std::vector<Cell> cells;
  const int before = (size - 1) / 2;
  for (int y = centre.y - before; y < centre.y - before + size; ++y) {
    for (int x = centre.x - before; x < centre.x - before + size; ++x) cells.push_back({x, y});
  }
  return cells;
}

namespace {

bool sameUnit(const Unit& a, const Unit& b) {
  return a.name == b.name && a.team == b.team && a.cell == b.cell && a.moveRange == b.moveRange &&
         a.attack == b.attack && a.movement == b.movement && a.className == b.className &&
         a.props == b.props && a.skills == b.skills && a.hidden == b.hidden && a.hp == b.hp &&
         a.str == b.str && a.def == b.def && a.spd == b.spd && a.lord == b.lord;
}

bool sameUnits(const std::vector<Unit>& a, const std::vector<Unit>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), sameUnit);
}

// A unit edit's step put back (`to` its before or after, `from` the other): only what the step
// changed, so that taking back a rule changed during a game leaves the units where they now are.
void restore(LevelUnits& level, const LevelUnits& to, const LevelUnits& from) {
  if (!sameUnits(to.units, from.units)) level.units = to.units;
  level.rules = to.rules;
  level.defence = to.defence;
  level.objective = to.objective;
}

}  // namespace

bool sameLevel(const LevelUnits& a, const LevelUnits& b) {
  return sameLevel(a, b.units, b.rules, b.defence, b.objective);
}

bool sameLevel(const LevelUnits& a, const std::vector<Unit>& units, BoardRules rules,
               const TerrainDefence& defence, const std::optional<Objective>& objective) {
  return a.rules == rules && a.defence == defence && a.objective == objective &&
         sameUnits(a.units, units);
}

// Paints one cell unless it is outside, already that class, or under a unit that could not
// stand on the new class.
bool TerrainEditor::paintCell(CostMap& map, const std::vector<Unit>& units, Cell cell,
                              int terrain, EditResult& result) {
  if (!map.contains(cell) || map.terrain(cell) == terrain) return false;
  if (const auto who = unitAt(units, cell); who && !units[*who].movement.passable(terrain)) {
    ++result.refused;
    return false;
  }
  const std::uint8_t before = map.grey(cell);
  map.setTerrain(cell, terrain);  // its canonical grey, or its index on a map of named terrains
  stroke_.push_back({cell, before, map.grey(cell)});
  result.changed.add(cell);
  return true;
}

EditResult TerrainEditor::strokeTo(CostMap& map, const std::vector<Unit>& units, Cell cell,
                                   int terrain, int brush) {
  EditResult result;
  terrain = std::clamp(terrain, 0, map.paintableTerrains() - 1);
  const Cell from = last_.value_or(cell);
  for (const Cell centre : lineCells(from, cell, map.layout())) {
    for (const Cell c : brushCells(centre, brush)) paintCell(map, units, c, terrain, result);
  }
  last_ = cell;
  return result;
}

void TerrainEditor::endStroke() {
  last_.reset();
  if (!stroke_.empty()) push({std::exchange(stroke_, {}), std::nullopt});
}

EditResult TerrainEditor::fill(CostMap& map, const std::vector<Unit>& units, Cell cell,
                               int terrain) {
  endStroke();
  EditResult result;
  terrain = std::clamp(terrain, 0, map.paintableTerrains() - 1);
  if (!map.contains(cell)) return result;
  const int from = map.terrain(cell);
  if (from == terrain) return result;
  // The region is found first, on the map as it was, then painted.
  Grid<std::uint8_t> seen(map.width(), map.height(), 0);
  std::vector<Cell> region;
  std::vector<Cell> todo = {cell};
  seen[cell] = 1;
  while (!todo.empty()) {
    const Cell c = todo.back();
    todo.pop_back();
    region.push_back(c);
    const Topology topology = map.topology();
    for (int k = 0; k < topology.neighbourCount(); ++k) {
      const Cell next = topology.neighbour(c, k);
      if (!map.contains(next) || seen[next] || map.terrain(next) != from) continue;
      seen[next] = 1;
      todo.push_back(next);
    }
  }
  for (const Cell c : region) paintCell(map, units, c, terrain, result);
  if (!stroke_.empty()) push({std::exchange(stroke_, {}), std::nullopt});
  return result;
}

void TerrainEditor::push(Step step) {
  undo_.push_back(std::move(step));
  if (undo_.size() > kUndoSteps) undo_.pop_front();
  redo_.clear();
}

void TerrainEditor::recordUnits(LevelUnits before, LevelUnits after) {
  endStroke();
  push({{}, UnitsChange{std::move(before), std::move(after)}});
}

EditResult TerrainEditor::undo(CostMap& map, LevelUnits& level) {
  endStroke();
  EditResult result;
  if (undo_.empty()) return result;
  Step step = std::move(undo_.back());
  undo_.pop_back();
  // Backwards, so a cell a stroke crossed twice ends on its first "before".
  for (auto it = step.cells.rbegin(); it != step.cells.rend(); ++it) {
    if (!map.contains(it->cell)) continue;
    map.setGrey(it->cell, it->before);
    result.changed.add(it->cell);
  }
  if (step.units) {
    restore(level, step.units->before, step.units->after);
    result.unitsChanged = true;
  }
  redo_.push_back(std::move(step));
  return result;
}

EditResult TerrainEditor::redo(CostMap& map, LevelUnits& level) {
  endStroke();
  EditResult result;
  if (redo_.empty()) return result;
  Step step = std::move(redo_.back());
  redo_.pop_back();
  for (const Change& change : step.cells) {
    if (!map.contains(change.cell)) continue;
    map.setGrey(change.cell, change.after);
    result.changed.add(change.cell);
  }
  if (step.units) {
    restore(level, step.units->after, step.units->before);
    result.unitsChanged = true;
  }
  undo_.push_back(std::move(step));
  return result;
}

void TerrainEditor::clear() {
  undo_.clear();
  redo_.clear();
  stroke_.clear();
  last_.reset();
}

Expected<CostMap> newTerrainMap(int width, int height, int terrain,
                                const std::vector<std::string>& names) {
  if (width < 1 || width > kMaxMapSide || height < 1 || height > kMaxMapSide) {
    return Error{"a new map must be 1.." + std::to_string(kMaxMapSide) + " cells per side, not " +
                 std::to_string(width) + "x" + std::to_string(height)};
  }
  const int terrains = static_cast<int>(names.size());
  if (terrain < 0 || terrain >= terrains) {
    return Error{"terrain must be 0.." + std::to_string(terrains - 1) + ", not " +
                 std::to_string(terrain)};
  }
  const std::vector<std::uint8_t> cells(
      static_cast<std::size_t>(width) * static_cast<std::size_t>(height),
      static_cast<std::uint8_t>(terrain));
  if (names == defaultTerrainNames()) {
    std::vector<std::uint8_t> grey(cells.size(), kCanonicalGrey[static_cast<std::size_t>(terrain)]);
    return CostMap(width, height, std::move(grey));
  }
  return CostMap::named(width, height, cells, names);
}

namespace {

bool endsWithPng(const std::string& path) {
  if (path.size() < 4) return false;
  std::string tail = path.substr(path.size() - 4);
  std::transform(tail.begin(), tail.end(), tail.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return tail == ".png";
}

}  // namespace

std::vector<std::uint8_t> terrainPngBytes(const CostMap& map) {
  std::vector<std::uint8_t> grey = map.greyImage();
  if (!map.indexed()) {  // painted greys are canonical already; a loaded image's may not be
    for (std::uint8_t& value : grey) value = kCanonicalGrey[static_cast<std::size_t>(terrainClass(value))];
  }
  return encodePng(map.width(), map.height(), 1, grey);
}

std::optional<std::string> saveTerrainPng(const CostMap& map, const std::string& path,
                                          const std::string& tiledPath) {
  if (path.empty()) return "save as: give a file name ending in .png";
  if (isTiledMapPath(path) || !endsWithPng(path)) {
    return "save as '" + path + "': the terrain is saved as a greyscale .png, never as a Tiled map";
  }
  if (!tiledPath.empty() && sameFile(path, tiledPath)) {
    return "save as '" + path + "' is the open Tiled map; save the terrain as a new .png";
  }
  if (auto problem = greyImageProblem(map)) return "save as '" + path + "': the map " + *problem;
  if (auto problem = checkWritable(path)) return "save as: " + *problem;
  const std::vector<std::uint8_t> png = terrainPngBytes(map);
  if (png.empty()) return "save as '" + path + "': cannot encode the PNG";
  if (auto problem = writeFileAtomically(path, png)) return "save as: " + *problem;
  return std::nullopt;
}

}  // namespace tactics::app
