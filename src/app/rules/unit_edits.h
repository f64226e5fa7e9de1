#pragma once
// The edits the panel makes to a unit, clamped to the SPEC's limits whatever number the widget
// hands over (Ctrl+click on an ImGui slider lets a user type any value). No GL: the panel calls
// these and the tests feed them out-of-range values.

#include <array>
#include <cstddef>
#include <map>
#include <string_view>

#include "tactics/solver/units.h"

namespace tactics::app {

// The movement classes the panel offers, named as the scenarios name them. Class 4 (walls and
// deep water) is impassable to all of them, fliers included.
struct MovementPreset {
  std::string_view name;
  MovementClass movement;
};
const std::array<MovementPreset, 4>& movementPresets();

// What the panel remembers between edits: the attack range a unit had before "Can attack" was
// unticked, so ticking it again restores it.
struct UnitEditMemory {
  std::map<std::size_t, AttackRange> attackBeforeDisabling;
};

void setMoveRange(Unit& unit, int value);  // 0..255
// Attack min 1..max of the attack set's first (or only) range; raising it above max raises max
// with it.
void setAttackMin(Unit& unit, int value);
// Attack max 0..255 of the first (or only) range; 0 means no attack range. Lowering it below min
// lowers min with it.
void setAttackMax(Unit& unit, std::size_t index, int value, UnitEditMemory& memory);
void setCanAttack(Unit& unit, std::size_t index, bool canAttack, UnitEditMemory& memory);
// Entry cost of a terrain class, 1..15.
void setTerrainCost(Unit& unit, int terrain, int value);
// Impassable, or passable at cost 1.
void setPassable(Unit& unit, int terrain, bool passable);
void applyPreset(Unit& unit, const MovementPreset& preset);

}  // namespace tactics::app
