#pragma once
// Paths beyond one turn (issue 10): the whole cheapest path from a unit to a far cell, read off
// a single-source distance field (fieldQueryFrom), and where each turn of walking it ends.
// Pure, no GL: the demo draws what these return.

#include <cstddef>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/grid.h"

namespace tactics {

// The cheapest path from the field's source to `target`, both included, walking back from the
// target: each cell's parent is the first neighbour in the map's order (up, down, left, right on
// a square board; SPEC §13's on a hex one) whose field value plus the cell's entry cost for
// `movement` equals the cell's value. Empty when the
// field does not reach the target.
std::vector<Cell> cheapestPath(const CostMap& map, const MovementClass& movement,
                               const DistanceField& field, Cell target);

// Where the turns end on a path walked with Movement Range `moveRange`: entry[i] is the cost of
// entering path[i] (entry[0] is ignored), canStop[i] whether the unit may end a turn there (not
// on another unit). Walking from the start of a turn, it ends on the farthest stopping cell whose
// cost from the turn's start is within the range; when there is none, on the next cell if that
// is a stopping cell (the one-step rule, SPEC §2). `ends` are indices into the path, one per
// turn; `complete` is true when the last one is the path's last cell. A path of one cell takes
// no turn.
struct TurnPlan {
  std::vector<std::size_t> ends;
  bool complete = false;
};
TurnPlan planTurns(const std::vector<int>& entry, const std::vector<bool>& canStop, int moveRange);

}  // namespace tactics
