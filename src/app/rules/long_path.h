#pragma once
// Paths beyond one turn in the demo (issue 10): with Shift held or G on, hovering a cell outside
// the selected unit's blue area shows the whole cheapest path there from the unit's
// single-source field, with the end of every turn marked. Showing it never moves anyone: a
// click there does what it always did. No GL.

#include <optional>
#include <vector>

#include "app/rules/scene.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/turn_path.h"

namespace tactics::app {

struct LongPath {
  std::vector<Cell> path;  // from the unit to the hovered cell, both included
  TurnPlan turns;          // indices into path where each turn ends
};

// The long path for the selected unit to `target`, given its field (fieldQueryFrom(units,
// selected)) and its range (null when not solved). Nullopt when nothing is selected, the target
// is inside the blue area (reached: the ordinary arrow shows it) or the field does not reach it.
// Turns end only where no other unit stands.
std::optional<LongPath> longPathTo(const Scene& scene, const DistanceField& field,
                                   const RangeResult* range, Cell target);

}  // namespace tactics::app
