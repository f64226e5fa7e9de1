#pragma once
// What the board marks of SPEC §11.2's zone of control for the selected unit: the cells where
// its travel halts, as the rules seam (tactics/solver/move_rules.h) bakes them for its query,
// never worked out again here. No GL: the renderer draws the cells it is handed.

#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/units.h"

namespace tactics::app {

// The cells of `query`'s reach that the rules seam marks as halting travel (a zone of control
// cell the mover may enter), in row order. With `range`, the solve of that query on `map`, only
// the cells it reached: a halting cell behind a wall halts nothing. Empty when ZOC is off, the
// mover is a skirmisher or units are ignored (SPEC §11.6).
std::vector<Cell> haltingCells(const CostMap& map, const RangeQuery& query,
                               const RangeResult* range = nullptr);

// The side whose colour the borders take: the units whose zones of control halt a mover of
// `team` (enemies for players and allies; players for enemies).
Team hostileTeam(Team mover);

}  // namespace tactics::app
