#pragma once
// Where a computer-controlled unit moves on its phase (issue 7's enemy and ally phases): towards
// the other side, with its own solved range. Pure: the mover's RangeResult (from the CPU
// reference or the GPU, it does not matter) and the units in, a cell out. No combat.

#include <cstddef>
#include <vector>

#include "tactics/solver/distance_field.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/units.h"

namespace tactics {

// Whom a team moves against: enemies go for player units, allies for enemies; players are moved
// by the player.
bool isTarget(Team mover, Team other);

// The cell units[mover] moves to, given `range`, its solve (queryFor(units, mover)):
// - the cheapest stopping cell from which a target lies at a distance in its attack set (ties: the
//   smaller y, then the smaller x);
// - when there is none, the stopping cell with the smallest distance to any target (ties: the
//   cheaper travel cost, then the smaller y, then the smaller x): the nearest-target rule.
// Distances are the board's (Manhattan on a square board, the hex distance on a hex one: the
// range's layout, SPEC §13).
// A stopping cell is reached and free of other units; the mover's own cell counts, so with no
// target at all it stays where it is. Only units the mover's side knows of (knownTo, SPEC §11.5)
// count: an ally neither hunts a hidden enemy nor avoids its cell.
Cell chooseDestination(const RangeResult& range, const std::vector<Unit>& units, std::size_t mover);

// The same with the mover's distance field (SPEC §10: fieldQueryFor(units, its team, its class);
// issue 10, enemies that find their way round walls and rivers): when no target is within attack
// range of a stopping cell, the stopping cell with the lowest field value (ties: the cheaper
// travel cost, then the smaller y, then the smaller x); a cell the field does not reach never
// wins. When no stopping cell has a field value (the mover is walled off from every target),
// the nearest-target rule above decides, so a unit still edges towards a target it may reach on
// a later turn once others have moved. A null field is the nearest-target rule.
Cell chooseDestination(const RangeResult& range, const std::vector<Unit>& units, std::size_t mover,
                       const DistanceField* field);

// The same on a board with line of sight on (SPEC §11.8): a target counts as in range of a
// stopping cell only when it is also in sight of it. `sight` holds the map's blockers (baked over
// the whole map, or at least the reach of the mover's attack around its range); null: no sight.
Cell chooseDestination(const RangeResult& range, const std::vector<Unit>& units, std::size_t mover,
                       const DistanceField* field, const SightWindow* sight);

}  // namespace tactics
