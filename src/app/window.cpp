#include "app/window.h"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace tactics::app {

namespace {

std::string glfwProblem() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
}

}  // namespace

struct Window::State {
  GLFWwindow* window = nullptr;
  Input input;

  static Input& inputOf(GLFWwindow* window) {
    return static_cast<State*>(glfwGetWindowUserPointer(window))->input;
  }
  static void onCursor(GLFWwindow* window, double x, double y) {
    Input& input = inputOf(window);
    input.cursorX = x;
    input.cursorY = y;
    input.cursorInside = true;
  }
  static void onEnter(GLFWwindow* window, int entered) {
    inputOf(window).cursorInside = entered == GLFW_TRUE;
  }
  static void onButton(GLFWwindow* window, int button, int action, int /*mods*/) {
    if (action != GLFW_PRESS) return;
    if (button != GLFW_MOUSE_BUTTON_LEFT && button != GLFW_MOUSE_BUTTON_RIGHT) return;
    double x = 0;
    double y = 0;
    glfwGetCursorPos(window, &x, &y);
    Input& input = inputOf(window);
    input.cursorX = x;
    input.cursorY = y;
    input.clicks.push_back(
        {button == GLFW_MOUSE_BUTTON_LEFT ? MouseButton::Left : MouseButton::Right, x, y});
  }
  static void onKey(GLFWwindow* window, int key, int /*scancode*/, int action, int /*mods*/) {
    if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS) inputOf(window).cancel = true;
  }

  ~State() {
    if (window) glfwDestroyWindow(window);
    glfwTerminate();
  }
};

Expected<Window> Window::open(PixelSize size, const std::string& title) {
  if (glfwInit() != GLFW_TRUE) {
    return Error{"cannot open a window: " + glfwProblem() +
                 "; without a display, take a screenshot under a virtual one instead: "
                 "xvfb-run -a tactics-grid demo --screenshot shot.png --select 3,20"};
  }
  auto state = std::make_unique<State>();  // from here on, glfwTerminate runs on every exit
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  state->window = glfwCreateWindow(size.width, size.height, title.c_str(), nullptr, nullptr);
  if (!state->window) {
    return Error{"cannot create an OpenGL 3.3 core window: " + glfwProblem()};
  }
  glfwMakeContextCurrent(state->window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    return Error{"cannot load the OpenGL 3.3 functions"};
  }
  glfwSwapInterval(1);

  glfwSetWindowUserPointer(state->window, state.get());
  glfwSetCursorPosCallback(state->window, State::onCursor);
  glfwSetCursorEnterCallback(state->window, State::onEnter);
  glfwSetMouseButtonCallback(state->window, State::onButton);
  glfwSetKeyCallback(state->window, State::onKey);
  return Window(std::move(state));
}

Window::Window(std::unique_ptr<State> state) : state_(std::move(state)) {}
Window::Window(Window&&) noexcept = default;
Window& Window::operator=(Window&&) noexcept = default;
Window::~Window() = default;

GLFWwindow* Window::handle() const { return state_->window; }
bool Window::shouldClose() const { return glfwWindowShouldClose(state_->window) == GLFW_TRUE; }

PixelSize Window::size() const {
  PixelSize size;
  glfwGetWindowSize(state_->window, &size.width, &size.height);
  return size;
}

PixelSize Window::framebufferSize() const {
  PixelSize size;
  glfwGetFramebufferSize(state_->window, &size.width, &size.height);
  return size;
}

double Window::time() const { return glfwGetTime(); }

Input Window::takeInput() {
  Input taken = state_->input;
  state_->input.clicks.clear();
  state_->input.cancel = false;
  return taken;
}

void Window::swapBuffers() const { glfwSwapBuffers(state_->window); }

void pollEvents() { glfwPollEvents(); }

}  // namespace tactics::app
