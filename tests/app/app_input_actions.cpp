// The app's input as actions: which key does what (the platform already made its codes the
// app's Key), what a click means, and the order and focus rules of a frame's board input.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "app/ui/board_input.h"
#include "app/ui/input_actions.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

// Records what the input asked of the board, in order. Cells are 10 screen units wide.
class RecordedActions : public BoardActions {
 public:
  std::vector<std::string> log;
  std::optional<Cell> hoveredAfterCursorKey = Cell{5, 5};

  [[nodiscard]] std::optional<Cell> cellAt(double x, double y) const override {
    if (x < 0 || y < 0) return std::nullopt;
    return Cell{static_cast<int>(x / 10), static_cast<int>(y / 10)};
  }
  void open(std::string path) override { log.push_back("open " + path); }
  void moveCamera(const Input& input) override {
    log.push_back("camera " + std::to_string(static_cast<int>(input.scroll)));
  }
  void paint(Input& input, bool boardHasMouse) override {
    log.push_back(std::string("paint ") + (boardHasMouse ? "board" : "panel"));
    input.clicks.clear();  // as in edit mode: the left clicks paint
  }
  bool mark(Cell cell) override {
    log.push_back("mark " + std::to_string(cell.x) + "," + std::to_string(cell.y));
    return cell.x == 7;  // an enemy stands on column 7
  }
  void rightClick(std::optional<Cell> cell) override {
    log.push_back(cell ? "right " + std::to_string(cell->x) + "," + std::to_string(cell->y)
                       : std::string("right"));
  }
  void click(Cell cell) override {
    log.push_back("click " + std::to_string(cell.x) + "," + std::to_string(cell.y));
  }
  void edit(EditAction action) override {
    log.push_back(action == EditAction::Undo   ? "undo"
                  : action == EditAction::Redo ? "redo"
                                               : "edit mode");
  }
  KeyOutcome key(BoardKey key) override {
    if (key.action != BoardAction::Cursor) {
      log.push_back("key " + std::to_string(static_cast<int>(key.action)));
      return {};
    }
    log.push_back("cursor " + std::to_string(static_cast<int>(key.cursor)));
    return {true, hoveredAfterCursorKey};
  }
};

// Paint that leaves the clicks alone (edit mode off).
class NotPainting : public RecordedActions {
 public:
  void paint(Input& /*input*/, bool boardHasMouse) override {
    log.push_back(std::string("paint ") + (boardHasMouse ? "board" : "panel"));
  }
};

Input pointerAt(double x, double y) {
  Input input;
  input.cursorX = x;
  input.cursorY = y;
  input.cursorInside = true;
  input.cursorMoved = true;
  input.any = true;
  return input;
}

}  // namespace

TEST_CASE("input actions: the keys of the board and of the terrain editor", "[app]") {
  CHECK(boardActionFor({Key::F}).action == BoardAction::FitView);
  CHECK(boardActionFor({Key::Home}).action == BoardAction::FitView);
  CHECK(boardActionFor({Key::V}).action == BoardAction::ToggleDanger);
  CHECK(boardActionFor({Key::G}).action == BoardAction::ToggleLongPaths);
  CHECK(boardActionFor({Key::M}).action == BoardAction::MarkHovered);
  CHECK(boardActionFor({Key::E}).action == BoardAction::EndTurn);
  CHECK(boardActionFor({Key::T}).action == BoardAction::None);
  CHECK(boardActionFor({Key::Other}).action == BoardAction::None);
  const std::vector<std::pair<Key, CursorKey>> cursor = {
      {Key::Up, CursorKey::Up},         {Key::W, CursorKey::Up},
      {Key::Down, CursorKey::Down},     {Key::S, CursorKey::Down},
      {Key::Left, CursorKey::Left},     {Key::A, CursorKey::Left},
      {Key::Right, CursorKey::Right},   {Key::D, CursorKey::Right},
      {Key::Z, CursorKey::Confirm},     {Key::Enter, CursorKey::Confirm},
      {Key::X, CursorKey::Cancel},      {Key::Escape, CursorKey::Cancel},
      {Key::Tab, CursorKey::NextUnit}};
  for (const auto& [key, expected] : cursor) {
    const BoardKey mapped = boardActionFor({key});
    CHECK(mapped.action == BoardAction::Cursor);
    CHECK(mapped.cursor == expected);
    // Shift does not change a key; Ctrl takes it off the board.
    CHECK(boardActionFor({key, kModShift}).action == BoardAction::Cursor);
    CHECK(boardActionFor({key, kModControl}).action == BoardAction::None);
  }

  CHECK(editActionFor({Key::T}) == EditAction::ToggleEditMode);
  CHECK(editActionFor({Key::T, kModControl}) == EditAction::None);
  CHECK(editActionFor({Key::Z}) == EditAction::None);
  CHECK(editActionFor({Key::Z, kModControl}) == EditAction::Undo);
  CHECK(editActionFor({Key::Y, kModControl}) == EditAction::Redo);
  CHECK(editActionFor({Key::Z, kModControl | kModShift}) == EditAction::Redo);
  CHECK(editActionFor({Key::Y}) == EditAction::None);
}

TEST_CASE("input actions: right inspects or cancels, Shift or Ctrl with left marks, left selects", "[app]") {
  MouseClick click;
  CHECK(clickActionFor(click) == ClickAction::Select);
  click.shift = true;
  CHECK(clickActionFor(click) == ClickAction::MarkOrSelect);
  click.shift = false;
  click.control = true;
  CHECK(clickActionFor(click) == ClickAction::MarkOrSelect);
  click.button = MouseButton::Right;
  CHECK(clickActionFor(click) == ClickAction::InspectOrCancel);
}

TEST_CASE("board input: drops, camera, paint, clicks, then editor keys before board keys",
          "[app]") {
  NotPainting actions;
  BoardInput board;
  Input input = pointerAt(35, 45);
  input.dropped = {"a.json", "b.png"};
  input.scroll = 2;
  input.clicks.push_back({MouseButton::Left, 71, 11, true, false});  // an enemy: marked
  input.clicks.push_back({MouseButton::Left, 21, 11, true, false});  // nobody: a click
  input.clicks.push_back({MouseButton::Right, 0, 0});
  input.keys = {{Key::Z}, {Key::Z, kModControl}, {Key::V}};
  board.handle(input, {}, actions);
  const std::vector<std::string> expected = {
      "open a.json", "camera 2", "paint board", "mark 7,1",
      "mark 2,1",    "click 2,1",  "right 0,0", "undo",       "cursor 4",
      "key 2"};
  CHECK(actions.log == expected);
}

TEST_CASE("board input: of files dropped together, the board opens, not its tilesets", "[app]") {
  const auto opened = [](std::vector<std::string> dropped) {
    NotPainting actions;
    BoardInput board;
    Input input;
    input.dropped = std::move(dropped);
    board.handle(input, {}, actions);
    std::vector<std::string> opens;
    for (const std::string& line : actions.log) {
      if (line.rfind("open ", 0) == 0) opens.push_back(line);
    }
    return opens;
  };
  CHECK(opened({"level.tmx", "terrain.tsx", "tiles.png"}) ==
        std::vector<std::string>{"open level.tmx"});
  CHECK(opened({"terrain.tsj", "tiles.png", "level.tmj"}) ==
        std::vector<std::string>{"open level.tmj"});
  CHECK(opened({"one.png", "two.png"}) == std::vector<std::string>{"open two.png"});
  CHECK(opened({"notes.txt"}) == std::vector<std::string>{"open notes.txt"});
  CHECK(opened({}).empty());
}

TEST_CASE("board input: while the panel has the mouse or keyboard the board does not", "[app]") {
  NotPainting actions;
  BoardInput board;
  Input input = pointerAt(35, 45);
  input.scroll = 1;
  input.clicks.push_back({MouseButton::Left, 35, 45});
  input.keys = {{Key::Tab}};
  board.handle(input, {false, true}, actions);
  // Painting still hears that the panel has it, to end a stroke.
  CHECK(actions.log == std::vector<std::string>{"paint panel", "cursor 6"});
  CHECK(board.pointed() == std::optional<Cell>(Cell{5, 5}));  // the keyboard moved it

  actions.log.clear();
  board.handle(input, {true, false}, actions);
  CHECK(actions.log == std::vector<std::string>{"camera 1", "paint board", "click 3,4"});
}

TEST_CASE("board input: the keyboard cursor keeps the pointer until the mouse moves", "[app]") {
  NotPainting actions;
  BoardInput board;
  board.handle(pointerAt(35, 45), {}, actions);
  CHECK(board.pointed() == std::optional<Cell>(Cell{3, 4}));

  Input key;
  key.cursorInside = true;
  key.cursorX = 35;
  key.cursorY = 45;
  key.keys = {{Key::Right}};
  board.handle(key, {}, actions);
  CHECK(board.pointed() == std::optional<Cell>(Cell{5, 5}));
  Input still;  // the mouse did not move: the keyboard keeps it
  still.cursorInside = true;
  still.cursorX = 35;
  still.cursorY = 45;
  board.handle(still, {}, actions);
  CHECK(board.pointed() == std::optional<Cell>(Cell{5, 5}));
  board.handle(pointerAt(95, 15), {}, actions);
  CHECK(board.pointed() == std::optional<Cell>(Cell{9, 1}));

  // Shift is whatever the last frame said.
  Input shift = pointerAt(95, 15);
  shift.shiftHeld = true;
  board.handle(shift, {}, actions);
  CHECK(board.shiftHeld());
}

TEST_CASE("board input: --hover pins the pointed cell whatever the mouse does", "[app]") {
  NotPainting actions;
  BoardInput board;
  board.pin(Cell{4, 4});
  board.handle(pointerAt(95, 15), {}, actions);
  CHECK(board.pointed() == std::optional<Cell>(Cell{4, 4}));
}

TEST_CASE("board input: in edit mode the left clicks paint and select nothing", "[app]") {
  RecordedActions actions;
  BoardInput board;
  Input input = pointerAt(35, 45);
  input.clicks.push_back({MouseButton::Left, 35, 45});
  board.handle(input, {}, actions);
  CHECK(actions.log == std::vector<std::string>{"camera 0", "paint board"});
}

TEST_CASE("input actions: X or Esc skips the computer's phases, and only those", "[app]") {
  const BoardKey cancel = boardActionFor({Key::Escape});
  CHECK(skipsComputerPhase(true, cancel));
  CHECK(skipsComputerPhase(true, boardActionFor({Key::X})));
  CHECK_FALSE(skipsComputerPhase(false, cancel));  // the player's phase: a cancel
  CHECK_FALSE(skipsComputerPhase(true, boardActionFor({Key::Z})));
  CHECK_FALSE(skipsComputerPhase(true, boardActionFor({Key::E})));
}
