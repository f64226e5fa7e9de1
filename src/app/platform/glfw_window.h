#pragma once
// The GLFW window with its OpenGL 3.3 core or OpenGL ES 3.0 context, and the app's Input
// (platform/input.h) it gathers from GLFW's events: the desktop's, or emscripten's GLFW on the
// page's canvas with WebGL2 (the browser platform). Callbacks reach their window's Input through
// glfwSetWindowUserPointer: no globals. Only platform/ sees this header.

#include <memory>
#include <string>
#include <vector>

#include "app/platform/gl_dialect.h"
#include "app/platform/input.h"
#include "tactics/solver/expected.h"

struct GLFWwindow;

namespace tactics::app {

// GLFW's key codes as the app's own keys; the keypad's Enter is Enter.
Key keyFromGlfw(int glfwKey);

class Window {
 public:
  // Initialises GLFW, opens a resizable window with a context of that dialect and loads its
  // functions. The error says how to get a display when there is none.
  static Expected<Window> open(PixelSize size, const std::string& title, GlDialect dialect);

  Window(Window&&) noexcept;
  Window& operator=(Window&&) noexcept;
  ~Window();

  [[nodiscard]] GLFWwindow* handle() const;
  [[nodiscard]] bool shouldClose() const;
  void setTitle(const std::string& title);
  [[nodiscard]] PixelSize size() const;         // screen coordinates
  [[nodiscard]] PixelSize framebufferSize() const;
  [[nodiscard]] double time() const;            // seconds since GLFW started
  [[nodiscard]] Surface surface() const;        // the sizes and content scale now

  // Clicks, keys, wheel and drags since the last call, and the surface now; the cursor
  // position stays.
  Input takeInput();
  // Some event arrived since the last takeInput.
  [[nodiscard]] bool hasInput() const;
  // The window's content scale (1 on a normal screen, 2 on a HiDPI one).
  [[nodiscard]] float contentScale() const;
  void swapBuffers() const;
  // Sets the window's size in screen coordinates (in a browser, the canvas's pixels).
  void resize(PixelSize size) const;

 private:
  struct State;
  explicit Window(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Waits for an event or until `seconds` pass (0: not at all), then handles pending events.
void waitEvents(double seconds);

}  // namespace tactics::app
