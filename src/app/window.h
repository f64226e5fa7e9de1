#pragma once
// The GLFW window with its OpenGL 3.3 core context, and the input it gathers. Callbacks reach
// their window's Input through glfwSetWindowUserPointer: no globals.

#include <memory>
#include <string>
#include <vector>

#include "app/board_layout.h"
#include "core/expected.h"

struct GLFWwindow;

namespace tactics::app {

enum class MouseButton { Left, Right };

struct MouseClick {
  MouseButton button = MouseButton::Left;
  double x = 0;  // screen coordinates
  double y = 0;
};

// What happened since the app last took the input.
struct Input {
  double cursorX = 0;
  double cursorY = 0;
  bool cursorInside = false;
  std::vector<MouseClick> clicks;
  bool cancel = false;  // Esc
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

  // Clicks and keys since the last call; the cursor position stays.
  Input takeInput();
  void swapBuffers() const;

 private:
  struct State;
  explicit Window(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

void pollEvents();

}  // namespace tactics::app
