#include "app/ui/board_input.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tactics::app {

namespace {

// Of files dropped together, the one to open: the last scenario or Tiled map among them (a
// Tiled map comes with its tilesets and their images), else the last file.
std::optional<std::string> boardAmong(const std::vector<std::string>& dropped) {
  if (dropped.empty()) return std::nullopt;
  for (auto it = dropped.rbegin(); it != dropped.rend(); ++it) {
    const std::string extension = std::filesystem::path(*it).extension().string();
    if (extension == ".json" || extension == ".tmx" || extension == ".tmj") return *it;
  }
  return dropped.back();
}

}  // namespace

void BoardInput::handle(Input input, InputFocus focus, BoardActions& actions) {
  if (auto board = boardAmong(input.dropped)) actions.open(std::move(*board));
  if (focus.boardHasMouse) actions.moveCamera(input);
  // Keys the panel has (a text field) are not the board's, not even edit mode's.
  if (!focus.boardHasKeyboard) input.keys.clear();
  actions.paint(input, focus.boardHasMouse);
  if (input.cursorMoved) keyboardCursor_ = false;
  if (!keyboardCursor_ && input.cursorInside && focus.boardHasMouse) {
    pointed_ = actions.cellAt(input.cursorX, input.cursorY);
  }
  shiftHeld_ = input.shiftHeld;
  hurryHeld_ = input.spaceHeld && focus.boardHasKeyboard;
  if (focus.boardHasMouse) clicks(input, actions);
  if (!focus.boardHasKeyboard) return;
  // The editor's keys first, then the board's (Ctrl+Z is undo, not Z).
  for (const KeyPress& press : input.keys) {
    const EditAction edit = editActionFor(press);
    if (edit != EditAction::None) actions.edit(edit);
  }
  for (const KeyPress& press : input.keys) {
    const BoardKey key = boardActionFor(press);
    if (key.action == BoardAction::None) continue;
    const KeyOutcome outcome = actions.key(key);
    if (outcome.cursorMoved) {
      // The keyboard moved the hovered cell: the mouse has it back only when it moves.
      pointed_ = outcome.hovered;
      keyboardCursor_ = true;
    }
  }
}

void BoardInput::clicks(const Input& input, BoardActions& actions) {
  for (const MouseClick& click : input.clicks) {
    const auto cell = actions.cellAt(click.x, click.y);
    switch (clickActionFor(click)) {
      case ClickAction::InspectOrCancel:
        actions.rightClick(cell);
        continue;
      case ClickAction::MarkOrSelect:
        // Shift/Ctrl+click on an enemy marks it; elsewhere it is an ordinary click.
        if (cell && actions.mark(*cell)) continue;
        break;
      case ClickAction::Select:
        break;
    }
    if (cell) actions.click(*cell);
  }
}

}  // namespace tactics::app
