#pragma once
// Line of sight in the demo (issue 39, SPEC §11.8): why a cell in attack distance is not red, and
// the sight lines from a stopping cell, for the selected unit. No GL: the panel says the first,
// the board draws the second.

#include <optional>
#include <vector>

#include "app/rules/scene.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

// With the board's sight on and a unit selected: `cell` is neither reached nor attackable in
// `range` (the selected unit's), yet some cell the unit can stop on lies at a distance in its
// attack set from it, and none of those sees it. False otherwise.
bool outOfSight(const Scene& scene, const RangeResult& range, Cell cell);

// One line from the stopping cell to a cell of its attack: clear, or hidden by `blocker`, the
// first sight-blocking cell the segment crosses.
struct SightLine {
  Cell to;
  std::optional<Cell> blocker;
};

// The lines from `from` to every cell of the map at a distance in the selected unit's attack
// set, in row order; empty when sight is off, nothing is selected, or the board is hex.
std::vector<SightLine> sightLinesFrom(const Scene& scene, Cell from);

}  // namespace tactics::app
