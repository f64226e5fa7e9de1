#include "app/ui/input_actions.h"

namespace tactics::app {

EditAction editActionFor(KeyPress press) {
  const bool control = (press.mods & kModControl) != 0;
  const bool shift = (press.mods & kModShift) != 0;
  if (!control) return press.key == Key::T ? EditAction::ToggleEditMode : EditAction::None;
  if (press.key == Key::Z && !shift) return EditAction::Undo;
  if (press.key == Key::Y || press.key == Key::Z) return EditAction::Redo;
  return EditAction::None;
}

BoardKey boardActionFor(KeyPress press) {
  if ((press.mods & kModControl) != 0) return {};
  const auto cursor = [](CursorKey key) { return BoardKey{BoardAction::Cursor, key}; };
  switch (press.key) {
    case Key::F: case Key::Home: return {BoardAction::FitView};
    case Key::V: return {BoardAction::ToggleDanger};
    case Key::G: return {BoardAction::ToggleLongPaths};
    case Key::M: return {BoardAction::MarkHovered};
    case Key::E: return {BoardAction::EndTurn};
    case Key::Up: case Key::W: return cursor(CursorKey::Up);
    case Key::Down: case Key::S: return cursor(CursorKey::Down);
    case Key::Left: case Key::A: return cursor(CursorKey::Left);
    case Key::Right: case Key::D: return cursor(CursorKey::Right);
    case Key::Z: case Key::Enter: return cursor(CursorKey::Confirm);
    case Key::X: case Key::Escape: return cursor(CursorKey::Cancel);
    case Key::C: return cursor(CursorKey::Wait);
    case Key::Tab: return cursor(CursorKey::NextUnit);
    default: return {};
  }
}

bool skipsComputerPhase(bool computerPhase, BoardKey key) {
  return computerPhase && key.action == BoardAction::Cursor && key.cursor == CursorKey::Cancel;
}

ClickAction clickActionFor(const MouseClick& click) {
  if (click.button == MouseButton::Right) return ClickAction::InspectOrCancel;
  if (click.shift || click.control) return ClickAction::MarkOrSelect;
  return ClickAction::Select;
}

}  // namespace tactics::app
