#pragma once
// The board's side of a frame's input: the dropped files, the camera (wheel, drags), painting,
// the cell under the pointer, clicks and keys, in that order, each as an action on the board
// (BoardActions, which the app carries out). Also who has the pointer: the mouse, or the
// keyboard cursor until the mouse moves again. No GL.

#include <optional>
#include <string>

#include "app/platform/input.h"
#include "app/ui/input_actions.h"

namespace tactics::app {

// What a key on the board did to the keyboard cursor.
struct KeyOutcome {
  bool cursorMoved = false;      // a cursor key: the keyboard has the pointer now
  std::optional<Cell> hovered;   // where the cursor is then
};

class BoardActions {
 public:
  BoardActions() = default;
  BoardActions(const BoardActions&) = delete;
  BoardActions& operator=(const BoardActions&) = delete;
  virtual ~BoardActions() = default;

  // The cell under a cursor position (screen coordinates), if it is on the visible board.
  [[nodiscard]] virtual std::optional<Cell> cellAt(double x, double y) const = 0;
  virtual void open(std::string path) = 0;
  // Wheel notches about the cursor and drags; then the board is placed again.
  virtual void moveCamera(const Input& input) = 0;
  // Edit mode's painting: it takes the left clicks out of `input`.
  virtual void paint(Input& input, bool boardHasMouse) = 0;
  // Shift/Ctrl+click: true when an enemy stood there and was marked or unmarked.
  virtual bool mark(Cell cell) = 0;
  // The right button: inspects the unit on `cell`, or cancels (Back with the menu open).
  virtual void rightClick(std::optional<Cell> cell) = 0;
  virtual void click(Cell cell) = 0;
  virtual void edit(EditAction action) = 0;
  virtual KeyOutcome key(BoardKey key) = 0;
};

// Who has the input this frame.
struct InputFocus {
  bool boardHasMouse = true;    // the panel does not have the mouse
  bool boardHasKeyboard = true;  // nor the keyboard
};

class BoardInput {
 public:
  // --hover: the hovered cell stays there whatever the mouse does.
  void pin(std::optional<Cell> cell) { pinned_ = cell; }

  void handle(Input input, InputFocus focus, BoardActions& actions);

  // The cell under the pointer (the mouse, the keyboard cursor or --hover).
  [[nodiscard]] std::optional<Cell> pointed() const { return pinned_ ? pinned_ : pointed_; }
  [[nodiscard]] bool shiftHeld() const { return shiftHeld_; }
  // Space held: the computer's phase plays at 4x.
  [[nodiscard]] bool hurryHeld() const { return hurryHeld_; }

 private:
  void clicks(const Input& input, BoardActions& actions);

  std::optional<Cell> pinned_;
  std::optional<Cell> pointed_;
  bool keyboardCursor_ = false;  // the keys moved the cursor last; the mouse takes it back
  bool shiftHeld_ = false;
  bool hurryHeld_ = false;
};

}  // namespace tactics::app
