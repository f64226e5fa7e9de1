#pragma once
// The path arrow, Fire Emblem style: one piece per cell of the path, each joining the sides of
// the cell the path enters and leaves. The tail starts under the unit, the body runs straight or
// turns a corner, and the head points the way the unit walks into the last cell. No GL: the
// arrow shader draws each piece from its two sides.

#include <vector>

#include "tactics/solver/grid.h"
#include "tactics/solver/topology.h"

namespace tactics::app {

enum class ArrowShape { Tail, Straight, Corner, Head };

// A side is neighbour k's side of the cell (Direction's "the neighbour is neighbour k"): on a
// square board Up, Down, Left, Right; on a hex board one of the six edges in SPEC §13's order.
struct ArrowPiece {
  Cell cell;
  ArrowShape shape = ArrowShape::Straight;
  Direction from = Direction::None;  // side of the cell the path comes in through
  Direction to = Direction::None;    // side it leaves through (the head's pointing direction)
};

// The side of `a` that faces `b`, for neighbouring cells; None otherwise.
Direction sideTowards(Cell a, Cell b, GridLayout layout = GridLayout::Square);

// The side across the cell from `side` (the way a path goes on straight).
Direction oppositeSide(Direction side, GridLayout layout = GridLayout::Square);

// Pieces for a path from the unit to the target (both included). Paths shorter than two cells,
// or with a gap between consecutive cells, have no arrow.
std::vector<ArrowPiece> arrowPieces(const std::vector<Cell>& path,
                                    GridLayout layout = GridLayout::Square);

}  // namespace tactics::app
