#pragma once
// The answer of a solve, whichever backend produced it, and its encoding as the RGBA8 state
// texture of SPEC §4.

#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/topology.h"

namespace tactics {

enum class Reach : std::uint8_t { None, Reached, Attackable };

struct RangeResult {
  Grid<Reach> reach;
  Grid<int> travelCost;        // exact cheapest cost of reached cells, -1 elsewhere
  Grid<Direction> parent;      // towards the unit; None at the start and on unreached cells
  GridLayout layout = GridLayout::Square;  // the board's grid: what a parent's neighbour k means
  int passes = 0;              // relaxation passes run (or, on the CPU, that the GPU would run)
  // Outside this box every cell holds the defaults (None, -1, None): all a solver refilling the
  // result in place has to clear. The whole grid unless a solver says less, so that a result
  // edited by hand is always cleared in full.
  CellBox written;

  RangeResult() = default;
  RangeResult(int width, int height, GridLayout grid = GridLayout::Square)
      : reach(width, height, Reach::None),
        travelCost(width, height, -1),
        parent(width, height, Direction::None),
        layout(grid),
        written{0, 0, width - 1, height - 1} {}

  [[nodiscard]] int width() const { return reach.width(); }
  [[nodiscard]] int height() const { return reach.height(); }
  [[nodiscard]] bool reached(Cell c) const { return reach[c] == Reach::Reached; }
};

// What a cell is in a range answer: the C API's TG_CELL_*, the Python module's KIND_*, the
// letters . A M P S of `solve --json`'s grid.
enum class CellKind : std::uint8_t {
  None = 0,    // out of reach
  Attack = 1,  // attackable, not reached
  Move = 2,    // reached, and the unit may stop there
  Pass = 3,    // reached through a friend's (or, with `pass`, a foe's) cell, not a stop
  Start = 4,   // the unit's own cell
};
// The kind of cell `c` in `result`, the answer to `query`: a reached cell where another unit
// stands is passed through unless units are ignored. O(units).
CellKind cellKind(const RangeQuery& query, const RangeResult& result, Cell c);
// The kind of every cell, row by row from the top, into `kinds` (width * height bytes).
void writeKinds(const RangeQuery& query, const RangeResult& result, std::uint8_t* kinds);

// A result as the masks a program reads (the Python module's, the C API's, a batch's), width *
// height cells row by row from the top, any pointer null to skip it: travel cost (-1
// unreached), CellKind, and the parent as parentCode() writes it (the neighbour k: 0 up .. 3
// right, 4 none on a square board; 0..5, 255 none on a hex board).
void writeMasks(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent);

// SPEC §4 byte values.
namespace state_bytes {
inline constexpr std::uint8_t kReached = 255;
inline constexpr std::uint8_t kAttackable = 128;
inline constexpr std::uint8_t kNone = 0;
inline constexpr std::uint8_t kNoParent = 255;  // A with no parent, square or hex
}  // namespace state_bytes

// Makes `result` a width x height result of `layout` with every cell at its defaults and an empty
// written box, clearing only the old written box when the size is unchanged: O(cells last
// written).
void clearForRefill(RangeResult& result, int width, int height, GridLayout layout);

// RGBA8 bytes, row 0 = the map's top row: R grey, G reach, B travel cost, A parent direction
// (stateParentByte of the map's layout).
std::vector<std::uint8_t> encodeState(const CostMap& map, const RangeResult& result);
// Decodes the state bytes of `box` (row by row from its top row) into those cells of `result`,
// using the SPEC's reading thresholds for result.layout, and adds the box to result.written.
void decodeStateBox(const CellBox& box, const std::vector<std::uint8_t>& rgba, RangeResult& result);
// The same from texels `rowBytes` apart row by row (a box inside a bigger one), read in place.
void decodeStateBox(const CellBox& box, const std::uint8_t* rgba, std::size_t rowBytes,
                    RangeResult& result);
// Reads state bytes back into a result (passes is left 0), using the SPEC's reading thresholds.
RangeResult decodeState(int width, int height, GridLayout layout,
                        const std::vector<std::uint8_t>& rgba);

}  // namespace tactics
