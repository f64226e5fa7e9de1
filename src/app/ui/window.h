#pragma once
// The GLFW window with its OpenGL 3.3 core context, and the input it gathers. Callbacks reach
// their window's Input through glfwSetWindowUserPointer: no globals.

#include <memory>
#include <string>
#include <vector>

#include "app/view/board_layout.h"
#include "tactics/solver/expected.h"

struct GLFWwindow;

namespace tactics::app {

enum class MouseButton { Left, Right };

struct MouseClick {
  MouseButton button = MouseButton::Left;
  double x = 0;  // screen coordinates
  double y = 0;
  bool shift = false;  // held when the button went down
  bool control = false;
};

// What happened since the app last took the input.
struct Input {
  double cursorX = 0;
  double cursorY = 0;
  bool cursorInside = false;
  bool cursorMoved = false;  // the mouse moved since the last call
  // Left presses, and right clicks: a right press released without dragging (a right drag pans).
  std::vector<MouseClick> clicks;
  double scroll = 0;  // wheel notches, positive away from the user
  double panX = 0;    // screen coordinates dragged with the middle or right button held
  double panY = 0;
  std::vector<int> keys;             // GLFW key codes pressed or repeated, in order
  std::vector<int> keyModifiers;     // GLFW_MOD_* bits held with each of `keys`
  bool leftHeld = false;             // the left button is down now (painting drags)
  std::vector<std::string> dropped;  // paths of files dropped on the window
  bool any = false;                  // some event arrived (the frame may look different)
  bool shiftHeld = false;            // a Shift key is down now
};
class Window {
 public:
  // Initialises GLFW, opens a resizable window and loads OpenGL. The error says how to get a
  // display when there is none.
  static Expected<Window> open(PixelSize size, const std::string& title);

  Window(Window&&) noexcept;
  Window& operator=(Window&&) noexcept;
  ~Window();

  [[nodiscard]] GLFWwindow* handle() const;
  [[nodiscard]] bool shouldClose() const;
  [[nodiscard]] PixelSize size() const;         // screen coordinates
  [[nodiscard]] PixelSize framebufferSize() const;
  [[nodiscard]] double time() const;            // seconds since GLFW started

  // Clicks, keys, wheel and drags since the last call; the cursor position stays.
  Input takeInput();
  // The window's content scale (1 on a normal screen, 2 on a HiDPI one).
  [[nodiscard]] float contentScale() const;
  void swapBuffers() const;

 private:
  struct State;
  explicit Window(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Handles pending events without waiting.
void pollEvents();
// Waits for an event or until `seconds` pass, then handles them: the idle loop.
void waitEvents(double seconds);

}  // namespace tactics::app
