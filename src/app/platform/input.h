#pragma once
// The app's own input: what a platform (the GLFW desktop, a browser) turns its events into, and
// what the scripted drivers (harness/) write directly, like DOOM's ticcmds. Keys are the app's
// own `Key`, modifiers its own flags: no platform's codes reach the app. No GL, no GLFW.

#include <cstdint>
#include <string>
#include <vector>

#include "app/view/board_layout.h"

namespace tactics::app {

// The keys the demo listens to; every other key arrives as Key::Other.
enum class Key {
  Other,
  Up, Down, Left, Right,
  A, C, D, E, F, G, M, S, T, U, V, W, X, Y, Z,
  Enter, Escape, Tab, Home, Delete,
};

// Modifier bits held with a key or a click.
enum KeyMods : std::uint8_t {
  kModNone = 0,
  kModShift = 1U << 0U,
  kModControl = 1U << 1U,
};

struct KeyPress {
  Key key = Key::Other;
  std::uint8_t mods = kModNone;  // KeyMods bits
};

enum class MouseButton { Left, Right };

struct MouseClick {
  MouseButton button = MouseButton::Left;
  double x = 0;  // screen coordinates
  double y = 0;
  bool shift = false;  // held when the button went down
  bool control = false;
};

// What the app draws into this frame: the window in screen coordinates (what the cursor is
// measured in), the framebuffer in pixels (larger on HiDPI screens) and the content scale.
struct Surface {
  PixelSize window;
  PixelSize framebuffer;
  float contentScale = 1.0F;
};

// What happened since the last frame.
// Whether Dear ImGui sees a key: always, except Tab, Enter and the arrows, which are the
// board's cursor keys unless the user is typing in a text field (`typing`).
[[nodiscard]] inline bool panelSeesKey(Key key, bool typing) {
  switch (key) {
    case Key::Tab: case Key::Enter: case Key::Up: case Key::Down: case Key::Left: case Key::Right:
      return typing;
    default: return true;
  }
}

struct Input {
  Surface surface;
  double cursorX = 0;
  double cursorY = 0;
  bool cursorInside = false;
  bool cursorMoved = false;  // the mouse moved since the last frame
  // Left presses, and right clicks: a right press released without dragging (a right drag pans).
  std::vector<MouseClick> clicks;
  double scroll = 0;  // wheel notches, positive away from the user
  double panX = 0;    // screen coordinates dragged with the middle or right button held
  double panY = 0;
  std::vector<KeyPress> keys;        // pressed or repeated, in order
  bool leftHeld = false;             // the left button is down now (painting drags)
  std::vector<std::string> dropped;  // paths of files dropped on the window
  bool any = false;                  // some event arrived (the frame may look different)
  bool shiftHeld = false;            // a Shift key is down now
  bool confirmHeld = false;          // Z or Enter is down now (edit mode paints a line)
  bool spaceHeld = false;            // Space is down now (the computer's phase at 4x)
  bool closeRequested = false;       // the window's close button or Ctrl+Q: the app decides
};

}  // namespace tactics::app
