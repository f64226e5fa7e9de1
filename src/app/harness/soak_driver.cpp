#include "app/harness/soak_driver.h"

#include <malloc.h>
#include <unistd.h>

#include <array>
#include <fstream>

#include "app/rules/unit_edits.h"

namespace tactics::app {

namespace {

// The screen coordinates of a cell's centre (the layout maps them back exactly).
void pointAt(Input& input, const BoardLayout& layout, Cell cell) {
  const auto [x, y] = layout.cursorAtCell(cell);
  input.cursorX = x;
  input.cursorY = y;
  input.cursorInside = true;
  input.cursorMoved = true;
  input.any = true;
}

void click(Input& input, const BoardLayout& layout, Cell cell, MouseButton button) {
  pointAt(input, layout, cell);
  MouseClick press;
  press.button = button;
  press.x = input.cursorX;
  press.y = input.cursorY;
  input.clicks.push_back(press);
}

void key(Input& input, Key code, std::uint8_t modifiers = kModNone) {
  input.keys.push_back({code, modifiers});
  input.any = true;
}

constexpr std::array<Key, 19> kKeys = {
    Key::Up, Key::Down,  Key::Left,  Key::Right, Key::W,   Key::A,      Key::S,
    Key::D,  Key::Z,     Key::X,     Key::Enter, Key::Escape, Key::Tab, Key::E,
    Key::V,  Key::M,     Key::G,     Key::F,     Key::Home};

}  // namespace

Input SoakDriver::act(const SoakView& view, Scene& scene, Ui& ui, std::string& what) {
  Input input;
  input.cursorInside = true;
  const BoardLayout& layout = view.layout;
  // A paint drag goes on over several frames: the button held, the cursor moving.
  if (!stroke_.empty()) {
    what = "paint";
    pointAt(input, layout, stroke_.back());
    stroke_.pop_back();
    input.leftHeld = !stroke_.empty();
    return input;
  }
  // First a tour: every kind of action in turn, every board once, every toggle on and off, so
  // that what the driver and the GPU driver cache (shader variants, solvers) is made before
  // the soak measures its baseline; then random actions.
  const bool touring = step_ < kTourSteps;
  const int kind = touring ? step_ % kActionKinds : below(kActionKinds);
  const bool on = touring ? (step_ / kActionKinds) % 2 == 0 : chance(0.5);
  ++step_;
  if (kind <= 5) {
    pointerAction(kind, view, scene, ui, input, what);
  } else if (kind <= 10) {
    unitAction(kind, view, scene, ui, input, what);
  } else {
    panelAction(kind, on, touring, view, scene, ui, input, what);
  }
  return input;
}

// Hover, select, move, cancel (or Wait and Back on the menu after a walk), end the turn.
void SoakDriver::pointerAction(int kind, const SoakView& view, Scene& scene, Ui& ui,
                               Input& input, std::string& what) {
  const BoardLayout& layout = view.layout;
  switch (kind) {
    case 0:
    case 1:
      what = "hover";
      pointAt(input, layout, anyCell(scene));
      break;
    case 2:
      what = "select";
      if (!scene.units.empty()) {
        click(input, layout, scene.units[static_cast<std::size_t>(below(static_cast<int>(scene.units.size())))].cell,
              MouseButton::Left);
      }
      break;
    case 3: {
      what = "move";
      // A reached cell of the selection, as a player picks a destination.
      if (!view.range || !scene.selectedCanMove()) break;
      std::vector<Cell> reached;
      for (int y = 0; y < view.range->height(); ++y) {
        for (int x = 0; x < view.range->width(); ++x) {
          if (view.range->reached({x, y})) reached.push_back({x, y});
        }
      }
      if (!reached.empty()) {
        const Cell target = reached[static_cast<std::size_t>(below(static_cast<int>(reached.size())))];
        click(input, layout, target, MouseButton::Left);
      }
      break;
    }
    case 4:
      what = scene.pending ? (chance(0.7) ? "wait" : "back") : "cancel";
      if (scene.pending) {
        (what == "wait" ? ui.requests.wait : ui.requests.back) = true;
      } else {
        click(input, layout, anyCell(scene), MouseButton::Right);
      }
      break;
    case 5:
      what = "end turn";
      ui.requests.endTurn = true;
      ui.requests.endTurnAnswer = true;
      break;
    default:
      break;
  }
}

// Keys, the selected unit's edits, zoom and pan.
void SoakDriver::unitAction(int kind, const SoakView& view, Scene& scene, Ui& ui, Input& input,
                            std::string& what) {
  const BoardLayout& layout = view.layout;
  switch (kind) {
    case 6:
    case 7:
      what = "key";
      key(input, kKeys[static_cast<std::size_t>(below(static_cast<int>(kKeys.size())))]);
      break;
    case 8: {
      what = "edit unit";
      if (!scene.selected) break;
      Unit& unit = scene.units[*scene.selected];
      switch (below(6)) {
        case 0: setMoveRange(unit, below(300) - 20); break;  // out-of-range values too
        case 1: setAttackMin(unit, below(10) - 2); break;
        case 2: setAttackMax(unit, *scene.selected, below(10) - 2, ui.edits); break;
        case 3: setCanAttack(unit, *scene.selected, chance(0.5), ui.edits); break;
        case 4: applyPreset(unit, movementPresets()[static_cast<std::size_t>(below(4))]); break;
        default: setTerrainCost(unit, below(5), below(20) - 2); break;
      }
      break;
    }
    case 9:
      what = "zoom";
      pointAt(input, layout, anyCell(scene));
      input.scroll = below(7) - 3;
      break;
    case 10:
      what = "pan";
      input.panX = below(201) - 100;
      input.panY = below(201) - 100;
      input.any = true;
      break;
    default:
      break;
  }
}

// Boards, the watcher, the view and threat toggles, painting, undo.
void SoakDriver::panelAction(int kind, bool on, bool touring, const SoakView& view, Scene& scene,
                             Ui& ui, Input& input, std::string& what) {
  const BoardLayout& layout = view.layout;
  switch (kind) {
    case 11:
      what = "open board";
      if (!view.boards.empty() && (touring || chance(0.3))) {
        const int pick = touring ? boardsOpened_++ : below(static_cast<int>(view.boards.size()));
        ui.loadMap = view.boards[static_cast<std::size_t>(pick) % view.boards.size()];
      }
      break;
    case 12:
      what = "watch";
      ui.watch.enabled = on;
      ui.watch.animate = on;
      ui.watch.passes = below(12);
      break;
    case 13:
      what = "view";
      ui.view.travelCosts = on;
      ui.view.parentGlyphs = on;
      ui.view.channel = static_cast<ChannelView>(touring ? (step_ / kActionKinds) % 5 : below(5));
      break;
    case 14:
      what = "danger";
      ui.threats.dangerZone = on;
      ui.threats.heatMap = touring ? on : chance(0.3);
      ui.threats.longPaths = touring ? on : chance(0.3);
      break;
    case 15: {
      what = "paint";
      // Edit mode, a class, then a drag across a few neighbouring cells.
      ui.edit.enabled = true;
      ui.edit.tool = chance(0.1) ? EditTool::Fill : EditTool::Paint;
      ui.edit.terrain = below(5);
      ui.edit.brush = 1 + below(3);
      Cell at = anyCell(scene);
      for (int i = 0; i < 1 + below(5); ++i) {
        stroke_.push_back(at);
        at = {std::clamp(at.x + below(3) - 1, 0, scene.map.width() - 1),
              std::clamp(at.y + below(3) - 1, 0, scene.map.height() - 1)};
      }
      click(input, layout, stroke_.back(), MouseButton::Left);
      input.leftHeld = true;
      stroke_.pop_back();
      break;
    }
    default:
      what = "undo";
      // Ctrl+Z (or Ctrl+Y), then leave edit mode so clicks select again.
      key(input, chance(0.7) ? Key::Z : Key::Y, kModControl);
      ui.edit.enabled = chance(0.5);
      break;
  }
}

std::size_t residentBytes() {
#ifdef __EMSCRIPTEN__
  // A page's memory is its WebAssembly heap, which only grows: the figure is the heap in use.
  return static_cast<std::size_t>(mallinfo().uordblks);
#else
  // Memory the program freed but the allocator kept is not held by the program: hand it back
  // first, so that the figure shows what is still in use (and leaks), not heap fragmentation.
  ::malloc_trim(0);
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0;
  std::size_t resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
#endif
}

}  // namespace tactics::app
