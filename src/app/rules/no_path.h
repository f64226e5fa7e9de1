#pragma once
// Why there is no path (issue 22, item 4): with paths beyond one turn on, a hovered cell the
// selected unit's field never reaches says "no path", and names the unit standing in the way
// when there is one: a hostile unit whose removal alone would open a way. No GL.

#include <cstddef>
#include <optional>
#include <string>

#include "app/rules/scene.h"
#include "tactics/solver/distance_field.h"

namespace tactics::app {

struct NoPath {
  // The blocking unit nearest the target (Manhattan distance, then roster order) whose removal
  // alone makes the target reachable; none when no single unit does (walls, water, or a way
  // shut by two units or more).
  std::optional<std::size_t> blocker;
};

// Given the selected unit's field (solveFieldReference of fieldQueryFrom(units, selected)):
// nullopt when nothing is selected, the target is outside the map, the field reaches it, or a
// hostile unit stands on it (the hover names that unit). Otherwise one solve with every blocker
// removed, and when that reaches the target, one per blocker until one alone opens the way:
// call it when the hovered cell changes, not every frame.
std::optional<NoPath> explainNoPath(const Scene& scene, const DistanceField& field, Cell target);

// "no path", or "blocked by Fighter at 17,3".
std::string describe(const NoPath& noPath, const Scene& scene);

}  // namespace tactics::app
