#include "app/platform/browser_platform.h"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "app/platform/imgui_window.h"

namespace tactics::app {

namespace {

// The page's side (web/index.html): a saved file becomes a download, the exit code a status.
// NOLINTBEGIN: emscripten's EM_JS macros
EM_JS(void, pageOfferDownload, (const char* path), {
  if (Module.offerDownload) Module.offerDownload(UTF8ToString(path));
});
EM_JS(void, pageFirstFrame, (), {
  if (Module.onFirstFrame) Module.onFirstFrame();
});
EM_JS(void, pageFixCanvasSize, (int width, int height), {
  if (Module.fixCanvasSize) Module.fixCanvasSize(width, height);
});
EM_JS(void, pageSetUnsaved, (int unsaved), {
  if (Module.setUnsaved) Module.setUnsaved(unsaved !== 0);
});
EM_JS(void, pageSetTitle, (const char* title), {
  document.title = UTF8ToString(title);
});
EM_JS(void, pageDemoExited, (int code), {
  if (Module.onDemoExit) Module.onDemoExit(code);
});
// NOLINTEND

// The canvas's size in pixels: its CSS size (the page lays it out) times the pixel ratio.
PixelSize canvasPixels(float ratio) {
  double cssWidth = 0;
  double cssHeight = 0;
  emscripten_get_element_css_size("#canvas", &cssWidth, &cssHeight);
  return {std::max(1, static_cast<int>(std::lround(cssWidth * ratio))),
          std::max(1, static_cast<int>(std::lround(cssHeight * ratio)))};
}

}  // namespace

struct BrowserPlatform::State : ImGuiWindow {
  using ImGuiWindow::ImGuiWindow;
};

namespace {

// What the page's loop calls back: the platform and the app it runs, and the frames' timing.
struct Loop {
  std::unique_ptr<BrowserPlatform> platform;
  std::unique_ptr<PlatformApp> app;
  Window* window = nullptr;
  NextFrame next = NextFrame::now();
  double frameStart = -1;  // no frame yet
  bool unsaved = false;    // what the page was last told

  // The canvas follows the page: true when it changed size.
  bool followCanvas() const {
    const PixelSize wanted = canvasPixels(window->contentScale());
    const PixelSize now = window->size();
    if (wanted.width == now.width && wanted.height == now.height) return false;
    window->resize(wanted);
    return true;
  }

  void tick() {
    const bool resized = followCanvas();
    const double now = window->time();
    const bool due = frameStart < 0 || resized || window->hasInput() ||
                     secondsToWait(next, frameStart, now) <= 0;
    if (!due) return;  // the canvas keeps the last frame
    const bool first = frameStart < 0;
    const double dt = first ? 0 : now - frameStart;
    frameStart = now;
    const Input input = window->takeInput();
    ImGui_ImplGlfw_NewFrame();
    FrameResult result = app->frame(input, dt);
    if (first) pageFirstFrame();
    for (const std::string& path : result.written) pageOfferDownload(path.c_str());
    if (result.title) pageSetTitle(result.title->c_str());
    if (result.unsaved != unsaved) {
      unsaved = result.unsaved;
      pageSetUnsaved(unsaved ? 1 : 0);
    }
    if (result.exitCode) {
      finish(*result.exitCode);
      return;
    }
    next = result.next;
  }

  void finish(int code);
};

void tickLoop(void* loop) { static_cast<Loop*>(loop)->tick(); }

void Loop::finish(int code) {
  emscripten_cancel_main_loop();
  app->shutdown();
  app.reset();
  // The platform, its window and context stay: closing the window would blank the canvas, and
  // the page keeps showing the last frame (what a screenshot of a finished scripted run shows).
  static_cast<void>(platform.release());
  delete this;
  tellPageDemoExited(code);
}

}  // namespace

Expected<std::unique_ptr<BrowserPlatform>> BrowserPlatform::open(
    const std::string& title, std::optional<PixelSize> fixedSize) {
  if (fixedSize) pageFixCanvasSize(fixedSize->width, fixedSize->height);
  // The canvas's own size, which the first frame corrects to the page's layout.
  auto window = Window::open(canvasPixels(1.0F), title, GlDialect::Es);
  if (!window) return Error{window.error()};
  return std::unique_ptr<BrowserPlatform>(
      new BrowserPlatform(std::make_unique<State>(std::move(*window))));
}

BrowserPlatform::BrowserPlatform(std::unique_ptr<State> state) : state_(std::move(state)) {}
BrowserPlatform::~BrowserPlatform() = default;

std::optional<std::string> BrowserPlatform::run(std::unique_ptr<BrowserPlatform> platform,
                                                std::unique_ptr<PlatformApp> app) {
  auto* loop = new Loop{std::move(platform), std::move(app)};
  loop->window = &loop->platform->state_->window;
  loop->followCanvas();
  if (auto problem = loop->app->init(loop->window->surface())) {
    loop->app->shutdown();
    delete loop;
    return problem;
  }
  // 60 calls a second from a timer; 0: return now, the page's event loop calls back.
  emscripten_set_main_loop_arg(tickLoop, loop, 60, 0);
  return std::nullopt;
}

void tellPageDemoExited(int code) { pageDemoExited(code); }

}  // namespace tactics::app
