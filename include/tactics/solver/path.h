#pragma once
// Paths from parents: how the demo draws its arrow and walks a unit.

#include <vector>

#include "tactics/solver/grid.h"
#include "tactics/solver/range_result.h"

namespace tactics {

// The cells from the unit to `target`, both included, following parent directions back from
// the target. Empty when the target is not reached or the parents do not lead to `unit` (a
// corrupt result); never loops.
std::vector<Cell> pathTo(const Grid<Direction>& parents, Cell unit, Cell target);

}  // namespace tactics
