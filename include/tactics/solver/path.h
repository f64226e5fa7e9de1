#pragma once
// Paths from parents: how the demo draws its arrow and walks a unit.

#include <vector>

#include "tactics/solver/grid.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/topology.h"

namespace tactics {

// The cells from the unit to `target`, both included, following parent directions back from
// the target. Empty when the target is not reached or the parents do not lead to `unit` (a
// corrupt result); never loops.
std::vector<Cell> pathTo(const Grid<Direction>& parents, const Topology& topology, Cell unit,
                         Cell target);
// The same through a result's parents, on its layout.
inline std::vector<Cell> pathTo(const RangeResult& range, Cell unit, Cell target) {
  return pathTo(range.parent, Topology(range.layout), unit, target);
}

}  // namespace tactics
