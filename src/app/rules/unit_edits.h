#pragma once
// The edits the panel makes to a unit, clamped to the SPEC's limits whatever number the widget
// hands over (Ctrl+click on an ImGui slider lets a user type any value). No GL: the panel calls
// these and the tests feed them out-of-range values.

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
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

// The panel's attack field (SPEC §3, §11.4): the text as typed, validated as it is typed. The
// unit's attack changes only when the text is valid; until then the field says why not.
struct AttackField {
  std::optional<std::size_t> unit;  // whose attack the text holds
  AttackRange shown;                // the unit's attack when the text was last in step with it
  std::string text;
  std::string error;                // why the text is not an attack; empty while it is one
};

// What the panel remembers between edits: the attack range a unit had before "Can attack" was
// unticked, so ticking it again restores it; the attack field being typed in; the units whose
// stats were changed during the game (a new board forgets them all).
struct UnitEditMemory {
  std::map<std::size_t, AttackRange> attackBeforeDisabling;
  AttackField attackField;
  std::set<std::size_t> changedInGame;
};

// Tweaking ranges is what the demo is for, but never by accident: the player's own units may be
// changed at any time, the computer's (enemies and allies) only in the level editor.
[[nodiscard]] bool mayEditStats(const Unit& unit, bool editing);
// After the panel changed units[index]'s stats: during a game the unit is marked as changed
// (the panel says so beside its name); in the level editor the stats are the level's own, and
// every mark goes.
void noteStatEdit(UnitEditMemory& memory, std::size_t index, bool editing);

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

// Brings the attack field in step with units[index] before it is drawn: another unit, or an
// attack changed elsewhere (the editor, a move, a new board), puts formatAttackRange of the
// unit's attack in the field; a text being typed, valid or not, stays.
void syncAttackField(AttackField& field, std::size_t index, const Unit& unit);
// The field's new text: read with parseAttackRange. Valid, the unit takes the attack at once and
// the error clears; invalid, the unit keeps its attack and the error says why.
void typeAttack(AttackField& field, Unit& unit, std::string text);

// A skill (SPEC §11.3) on or off.
void setSkill(Unit& unit, Skill skill, bool on);

}  // namespace tactics::app
