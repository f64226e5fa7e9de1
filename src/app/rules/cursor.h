#pragma once
// The keyboard cursor, Fire Emblem style: arrow keys or WASD move a cell cursor (the hovered
// cell, shared with the mouse), Z or Enter acts as a left click on it, X or Esc cancels, Tab
// selects the next player unit that has yet to move. No GL: the demo maps its keys to these.

#include <optional>

#include "app/rules/scene.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

enum class CursorKey { Up, Down, Left, Right, Confirm, Cancel, NextUnit, Wait };

// The cell the cursor is on: the hovered cell, else the selected unit's, else the first player
// unit's, else the map's top-left cell.
Cell cursorCell(const Scene& scene);

// One key press, with the range of the current selection (null when none):
// - Up/Down/Left/Right move the cursor one cell, clamped to the map, entering the cell into the
//   route like the mouse does; while a target is picked (rules/fights.h) they go round the
//   targets (Left/Up back, Right/Down on);
// - Confirm answers yes to the End turn question, attacks the picked target, picks Attack on the
//   menu after a walk when a foe is in reach and Wait when none is, else is a left click on the
//   cursor's cell;
// - Cancel answers no to the End turn question, closes the pick (back to the menu), is Back on
//   the menu after a walk, else deselects;
// - Wait waits on the menu after a walk (also while picking);
// - NextUnit selects the next player unit that has not moved, after the one under the cursor, in
//   scenario order and round again, and moves the cursor onto it.
// Returns the move that Back undid, for the log.
std::optional<MoveEvent> pressKey(Scene& scene, CursorKey key, const RangeResult* range);

}  // namespace tactics::app
