#pragma once
// Painting terrain in the demo: brush strokes (a square brush stamped along the line between
// mouse samples), flood fill, undo/redo by stroke, a new blank map and saving it as a
// greyscale PNG. Units cannot be painted under: a cell a unit stands on keeps its terrain when
// the new class is impassable for that unit. No GL: the demo uploads the cells a step changed.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/combat.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/objective.h"
#include "tactics/solver/units.h"

namespace tactics::app {

inline constexpr int kMaxBrush = 5;
inline constexpr std::size_t kUndoSteps = 200;  // strokes kept for undo (SPEC asks for 100+)

// The cells an edit changed: x0..x1, y0..y1 inclusive; empty when x1 < x0.
struct CellSpan {
  int x0 = 0;
  int y0 = 0;
  int x1 = -1;
  int y1 = -1;
  [[nodiscard]] bool empty() const { return x1 < x0 || y1 < y0; }
  void add(Cell c);
  void add(const CellSpan& other);
};

// What one call changed: the cells, how many cells were refused for a unit standing there, and
// whether the units or the board rules changed (an undo or redo of a unit edit).
struct EditResult {
  CellSpan changed;
  int refused = 0;
  bool unitsChanged = false;
};

// The level beyond its terrain: its units (with their SPEC §14 stats), board rules (SPEC §6,
// §11.2), terrain defence and objective (SPEC §14), as a unit edit's undo step holds them, whole
// before and after (a level has few units).
struct LevelUnits {
  std::vector<Unit> units;
  BoardRules rules;
  TerrainDefence defence;
  std::optional<Objective> objective;
};
[[nodiscard]] bool sameLevel(const LevelUnits& a, const LevelUnits& b);
// The same, against a board's units, rules, defence and objective as they stand (no copy).
[[nodiscard]] bool sameLevel(const LevelUnits& a, const std::vector<Unit>& units, BoardRules rules,
                             const TerrainDefence& defence,
                             const std::optional<Objective>& objective);

// The cells of the line from `from` to `to`, both included, with no gaps: on a square board each
// a step to a neighbour or a diagonal (Bresenham); on a hex board each a step to a neighbour
// (cellsBetween's line, SPEC §13).
std::vector<Cell> lineCells(Cell from, Cell to, GridLayout layout = GridLayout::Square);

// The square brush of side `size` (1..kMaxBrush) around `centre`: from centre - (size-1)/2 to
// centre + size/2 on each axis, clipped to nothing outside the map by the caller.
std::vector<Cell> brushCells(Cell centre, int size);

class TerrainEditor {
 public:
  // A stroke: paint `terrain` (0..4) with a brush of `brush` cells along the line from the
  // previous sample (or `cell` for the first) to `cell`. Every sample of one stroke is one undo
  // step, closed by endStroke().
  EditResult strokeTo(CostMap& map, const std::vector<Unit>& units, Cell cell, int terrain,
                      int brush);
  void endStroke();
  [[nodiscard]] bool stroking() const { return last_.has_value(); }

  // Fills the 4-connected region of `cell`'s terrain class with `terrain`: one undo step.
  EditResult fill(CostMap& map, const std::vector<Unit>& units, Cell cell, int terrain);

  // A unit edit (placing, moving, removing or changing units, or the board rules, terrain
  // defence or objective): one undo step in the same history as the strokes.
  void recordUnits(LevelUnits before, LevelUnits after);

  // Takes back or redoes the last step: the result says which cells changed, and whether `level`
  // (the board's units and rules, to be put back on the board) did.
  EditResult undo(CostMap& map, LevelUnits& level);
  EditResult redo(CostMap& map, LevelUnits& level);
  [[nodiscard]] std::size_t undoSteps() const { return undo_.size(); }
  [[nodiscard]] std::size_t redoSteps() const { return redo_.size(); }

  // Forgets every step (a new map was opened).
  void clear();

 private:
  struct Change {
    Cell cell;
    std::uint8_t before = 0;
    std::uint8_t after = 0;
  };
  struct UnitsChange {
    LevelUnits before;
    LevelUnits after;
  };
  // One undo step: a stroke's or a fill's cells, or a unit edit.
  struct Step {
    std::vector<Change> cells;
    std::optional<UnitsChange> units;
  };

  bool paintCell(CostMap& map, const std::vector<Unit>& units, Cell cell, int terrain,
                 EditResult& result);
  void push(Step step);

  std::deque<Step> undo_;
  std::deque<Step> redo_;
  std::vector<Change> stroke_;  // the open stroke's changes
  std::optional<Cell> last_;    // the open stroke's last sample
};

// A blank map of `width` x `height` (1..kMaxMapSide each) cells of `terrain`, with the terrains
// `names` (SPEC §11.1; the open map's, so New map keeps them).
Expected<CostMap> newTerrainMap(int width, int height, int terrain,
                                const std::vector<std::string>& names = defaultTerrainNames());

// The map's classes as a greyscale PNG with the canonical greys (empty when it cannot be encoded).
std::vector<std::uint8_t> terrainPngBytes(const CostMap& map);

// Saves the map's classes as a greyscale PNG with the canonical greys (kCanonicalGrey), whole or
// not at all. Refuses a path that is not .png, or that is the open Tiled map `tiledPath`.
std::optional<std::string> saveTerrainPng(const CostMap& map, const std::string& path,
                                          const std::string& tiledPath);

}  // namespace tactics::app
