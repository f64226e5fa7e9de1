#include "app/platform/glfw_window.h"

#include <utility>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#ifdef __EMSCRIPTEN__
#include <emscripten/html5.h>
#endif

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu/gl/debug_output.h"
#include "gpu/gl/gl_api.h"

namespace tactics::app {

namespace {

std::string glfwProblem() {
#ifdef __EMSCRIPTEN__
  return "emscripten's GLFW failed (its GLFW 3.2 has no glfwGetError)";
#else
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
#endif
}


std::uint8_t modsFromGlfw(int mods) {
  std::uint8_t flags = kModNone;
  if ((mods & GLFW_MOD_SHIFT) != 0) flags |= kModShift;
  if ((mods & GLFW_MOD_CONTROL) != 0) flags |= kModControl;
  return flags;
}

// The context's API hints: OpenGL ES 3.0 (a browser's WebGL2, or EGL on the desktop) or
// OpenGL core; a problem when the platform cannot give the one asked for.
std::optional<std::string> hintContextApi(bool es) {
#ifdef __EMSCRIPTEN__
  // The page's canvas with a WebGL2 context: OpenGL ES 3.0 is all a browser has.
  if (!es) return "a browser has OpenGL ES 3.0 (WebGL2) only";
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  // An opaque canvas: with an alpha channel the page would blend its own background into every
  // pixel the overlays leave partly transparent.
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
#else
  if (es) {
    // OpenGL ES 3.0 through EGL, as the headless ES context is made.
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
  } else {
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  }
#endif
  return std::nullopt;
}

// The window, with the newest context version there is: desktop OpenGL 4.3 first (the compute
// backend), else 3.3 (everything else); ES 3.0. Null when none could be made.
GLFWwindow* createWindow(PixelSize size, const std::string& title, bool es) {
  const auto versions = es ? std::vector<std::pair<int, int>>{{3, 0}}
                           : std::vector<std::pair<int, int>>{{4, 3}, {3, 3}};
  for (const auto& [major, minor] : versions) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
    GLFWwindow* window =
        glfwCreateWindow(size.width, size.height, title.c_str(), nullptr, nullptr);
    if (window) return window;
  }
  return nullptr;
}

// The GL functions of the current context.
bool loadGl(bool es) {
#ifdef __EMSCRIPTEN__
  // emscripten's GLFW has no glfwGetProcAddress; its WebGL layer hands out the same functions.
  const GLADloadfunc load = [](const char* name) {
    return reinterpret_cast<GLADapiproc>(emscripten_webgl_get_proc_address(name));
  };
#else
  const GLADloadfunc load = glfwGetProcAddress;
#endif
  return gpu::loadGlFunctions(load, es);
}

}  // namespace

// GLFW's key codes as the app's own keys; the keypad's Enter is Enter.
Key keyFromGlfw(int key) {
  switch (key) {
    case GLFW_KEY_UP: return Key::Up;
    case GLFW_KEY_DOWN: return Key::Down;
    case GLFW_KEY_LEFT: return Key::Left;
    case GLFW_KEY_RIGHT: return Key::Right;
    case GLFW_KEY_A: return Key::A;
    case GLFW_KEY_D: return Key::D;
    case GLFW_KEY_E: return Key::E;
    case GLFW_KEY_F: return Key::F;
    case GLFW_KEY_G: return Key::G;
    case GLFW_KEY_M: return Key::M;
    case GLFW_KEY_S: return Key::S;
    case GLFW_KEY_T: return Key::T;
    case GLFW_KEY_U: return Key::U;
    case GLFW_KEY_V: return Key::V;
    case GLFW_KEY_W: return Key::W;
    case GLFW_KEY_X: return Key::X;
    case GLFW_KEY_Y: return Key::Y;
    case GLFW_KEY_Z: return Key::Z;
    case GLFW_KEY_C: return Key::C;
    case GLFW_KEY_ENTER: case GLFW_KEY_KP_ENTER: return Key::Enter;
    case GLFW_KEY_ESCAPE: return Key::Escape;
    case GLFW_KEY_TAB: return Key::Tab;
    case GLFW_KEY_HOME: return Key::Home;
    case GLFW_KEY_DELETE: return Key::Delete;
    default: return Key::Other;
  }
}

struct Window::State {
  GLFWwindow* window = nullptr;
  Input input;
  // A middle or right button drag in progress: where it started and the last cursor position.
  int dragButton = -1;
  bool dragging = false;
  double pressX = 0;
  double pressY = 0;
  double lastX = 0;
  double lastY = 0;

  static State& of(GLFWwindow* window) {
    return *static_cast<State*>(glfwGetWindowUserPointer(window));
  }
  static void onCursor(GLFWwindow* window, double x, double y) {
    State& state = of(window);
    Input& input = state.input;
    input.cursorX = x;
    input.cursorY = y;
    input.cursorInside = true;
    input.cursorMoved = true;
    input.any = true;
    if (state.dragButton < 0) return;
    // A few pixels of slack, so that a right click with a shaky hand is still a click.
    constexpr double kDragSlack = 4.0;
    if (!state.dragging && std::hypot(x - state.pressX, y - state.pressY) > kDragSlack) {
      state.dragging = true;
    }
    if (state.dragging) {
      input.panX += x - state.lastX;
      input.panY += y - state.lastY;
    }
    state.lastX = x;
    state.lastY = y;
  }
  static void onEnter(GLFWwindow* window, int entered) {
    of(window).input.cursorInside = entered == GLFW_TRUE;
    of(window).input.any = true;
  }
  static void onButton(GLFWwindow* window, int button, int action, int mods) {
    State& state = of(window);
    Input& input = state.input;
    input.any = true;
    double x = 0;
    double y = 0;
    glfwGetCursorPos(window, &x, &y);
    input.cursorX = x;
    input.cursorY = y;
    if (button == GLFW_MOUSE_BUTTON_LEFT) input.leftHeld = action == GLFW_PRESS;
    if (button == GLFW_MOUSE_BUTTON_LEFT && action == GLFW_PRESS) {
      input.clicks.push_back({MouseButton::Left, x, y, (mods & GLFW_MOD_SHIFT) != 0,
                              (mods & GLFW_MOD_CONTROL) != 0});
      return;
    }
    if (button != GLFW_MOUSE_BUTTON_RIGHT && button != GLFW_MOUSE_BUTTON_MIDDLE) return;
    if (action == GLFW_PRESS && state.dragButton < 0) {
      state.dragButton = button;
      state.dragging = false;
      state.pressX = state.lastX = x;
      state.pressY = state.lastY = y;
    } else if (action == GLFW_RELEASE && button == state.dragButton) {
      if (!state.dragging && button == GLFW_MOUSE_BUTTON_RIGHT) {
        input.clicks.push_back({MouseButton::Right, x, y});
      }
      state.dragButton = -1;
      state.dragging = false;
    }
  }
  static void onScroll(GLFWwindow* window, double /*dx*/, double dy) {
    of(window).input.scroll += dy;
    of(window).input.any = true;
  }
  static void onKey(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
    of(window).input.any = true;
    if (action == GLFW_PRESS && key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL) != 0) {
      of(window).input.closeRequested = true;
    }
    if (action == GLFW_PRESS || action == GLFW_REPEAT) {
      of(window).input.keys.push_back({keyFromGlfw(key), modsFromGlfw(mods)});
    }
  }
  static void onDrop(GLFWwindow* window, int count, const char** paths) {
    for (int i = 0; i < count; ++i) of(window).input.dropped.emplace_back(paths[i]);
    of(window).input.any = true;
  }
  // The close button (and Ctrl+Q) asks the app, which asks first when edits are unsaved.
  static void onClose(GLFWwindow* window) {
    glfwSetWindowShouldClose(window, GLFW_FALSE);
    of(window).input.closeRequested = true;
    of(window).input.any = true;
  }
  static void onResize(GLFWwindow* window, int /*width*/, int /*height*/) {
    of(window).input.any = true;
  }

  // The window's events, into `input` through the callbacks above.
  void listen() {
    glfwSetWindowUserPointer(window, this);
    glfwSetCursorPosCallback(window, onCursor);
    glfwSetCursorEnterCallback(window, onEnter);
    glfwSetMouseButtonCallback(window, onButton);
    glfwSetKeyCallback(window, onKey);
    glfwSetScrollCallback(window, onScroll);
    glfwSetDropCallback(window, onDrop);
    glfwSetFramebufferSizeCallback(window, onResize);
    glfwSetWindowCloseCallback(window, onClose);
  }

  ~State() {
    if (window) glfwDestroyWindow(window);
    glfwTerminate();
  }
};

Expected<Window> Window::open(PixelSize size, const std::string& title, GlDialect dialect) {
  if (glfwInit() != GLFW_TRUE) {
    return Error{"cannot open a window: " + glfwProblem() +
                 "; without a display, take a screenshot under a virtual one instead: "
                 "xvfb-run -a tactics-grid demo --screenshot shot.png --select 3,20"};
  }
  auto state = std::make_unique<State>();  // from here on, glfwTerminate runs on every exit
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
#ifdef GLFW_SCALE_TO_MONITOR  // GLFW 3.3; a browser's canvas follows its pixel ratio instead
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
#endif
  const bool es = dialect == GlDialect::Es;
  if (auto problem = hintContextApi(es)) return Error{*problem};
  state->window = createWindow(size, title, es);
  const std::string wanted = es ? "OpenGL ES 3.0" : "OpenGL 3.3 core";
  if (!state->window) {
    return Error{"cannot create an " + wanted + " window: " + glfwProblem()};
  }
  glfwMakeContextCurrent(state->window);
  if (!loadGl(es)) {
    return Error{"cannot load the " + wanted + " functions"};
  }
  gpu::installDebugOutput();  // debug builds: GL errors reported with object labels
  glfwSwapInterval(1);
  state->listen();
  return Window(std::move(state));
}

Window::Window(std::unique_ptr<State> state) : state_(std::move(state)) {}
Window::Window(Window&&) noexcept = default;
Window& Window::operator=(Window&&) noexcept = default;
Window::~Window() = default;

GLFWwindow* Window::handle() const { return state_->window; }
bool Window::shouldClose() const { return glfwWindowShouldClose(state_->window) == GLFW_TRUE; }

void Window::setTitle(const std::string& title) { glfwSetWindowTitle(state_->window, title.c_str()); }

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

Surface Window::surface() const { return {size(), framebufferSize(), contentScale()}; }

Input Window::takeInput() {
  Input taken = std::move(state_->input);
  state_->input = Input{};
  state_->input.cursorX = taken.cursorX;
  state_->input.cursorY = taken.cursorY;
  state_->input.cursorInside = taken.cursorInside;
  state_->input.leftHeld = taken.leftHeld;
  taken.shiftHeld = glfwGetKey(state_->window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
                    glfwGetKey(state_->window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
  taken.confirmHeld = glfwGetKey(state_->window, GLFW_KEY_Z) == GLFW_PRESS ||
                      glfwGetKey(state_->window, GLFW_KEY_ENTER) == GLFW_PRESS ||
                      glfwGetKey(state_->window, GLFW_KEY_KP_ENTER) == GLFW_PRESS;
  taken.spaceHeld = glfwGetKey(state_->window, GLFW_KEY_SPACE) == GLFW_PRESS;
  taken.surface = surface();
  return taken;
}

bool Window::hasInput() const { return state_->input.any; }

float Window::contentScale() const {
#ifdef __EMSCRIPTEN__
  // The page's device pixel ratio: the canvas holds that many pixels per CSS pixel.
  const auto ratio = static_cast<float>(emscripten_get_device_pixel_ratio());
  return ratio > 0 ? ratio : 1.0F;
#else
  float x = 1.0F;
  float y = 1.0F;
  glfwGetWindowContentScale(state_->window, &x, &y);
  return x > 0 ? x : 1.0F;
#endif
}

void Window::resize(PixelSize size) const {
  glfwSetWindowSize(state_->window, size.width, size.height);
}

void Window::swapBuffers() const { glfwSwapBuffers(state_->window); }

void waitEvents(double seconds) {
  if (seconds > 0) glfwWaitEventsTimeout(seconds);
  glfwPollEvents();
}

}  // namespace tactics::app
