#pragma once
// The app's input as actions: which key does what on the board and in the terrain editor, and
// what a click means. The platform already turned its key codes into the app's `Key`; here the
// keys become the demo's verbs. No GL.

#include "app/platform/input.h"
#include "app/rules/cursor.h"

namespace tactics::app {

// The terrain editor's keys: T toggles edit mode; Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo.
enum class EditAction { None, ToggleEditMode, Undo, Redo };
EditAction editActionFor(KeyPress press);

// The board's keys, never with Ctrl held (Ctrl+Z is undo, not Z): F or Home fit the map, V the
// danger zone, G paths beyond one turn, M marks the enemy under the cursor, E ends the turn,
// and the FE-style cursor (arrows or WASD, Z or Enter, X or Esc, Tab).
enum class BoardAction {
  None, FitView, ToggleDanger, ToggleLongPaths, MarkHovered, EndTurn, Cursor,
};
struct BoardKey {
  BoardAction action = BoardAction::None;
  CursorKey cursor = CursorKey::Confirm;  // for BoardAction::Cursor
};
BoardKey boardActionFor(KeyPress press);

// On the enemy or ally phase, X or Esc (the cursor's Cancel) skips the rest of the computer's
// phases; on the player's phase it is a cancel.
bool skipsComputerPhase(bool computerPhase, BoardKey key);

// A click on the board: the right button inspects the unit under it or cancels
// (inspectOrCancel); Shift or Ctrl with the left button marks the enemy under it (an ordinary
// click elsewhere); a left click selects, moves or attacks.
enum class ClickAction { Select, MarkOrSelect, InspectOrCancel };
ClickAction clickActionFor(const MouseClick& click);

}  // namespace tactics::app
