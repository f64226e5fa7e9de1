#include "app/platform/desktop_platform.h"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <utility>

#include "app/platform/imgui_window.h"

namespace tactics::app {

struct DesktopPlatform::State : ImGuiWindow {
  using ImGuiWindow::ImGuiWindow;
};

Expected<DesktopPlatform> DesktopPlatform::open(PixelSize size, const std::string& title,
                                                GlDialect dialect) {
  auto window = Window::open(size, title, dialect);
  if (!window) return Error{window.error()};
  return DesktopPlatform(std::make_unique<State>(std::move(*window)));
}

DesktopPlatform::DesktopPlatform(std::unique_ptr<State> state) : state_(std::move(state)) {}
DesktopPlatform::DesktopPlatform(DesktopPlatform&&) noexcept = default;
DesktopPlatform& DesktopPlatform::operator=(DesktopPlatform&&) noexcept = default;
DesktopPlatform::~DesktopPlatform() = default;

Expected<int> DesktopPlatform::run(PlatformApp& app) {
  Window& window = state_->window;
  if (auto problem = app.init(window.surface())) {
    app.shutdown();
    return Error{*problem};
  }
  NextFrame next = NextFrame::now();
  double frameStart = -1;  // no frame yet
  while (!window.shouldClose()) {
    // Swap interval has no effect under Xvfb and on some drivers, so the loop keeps the cap.
    waitEvents(frameStart < 0 ? 0 : secondsToWait(next, frameStart, window.time()));
    const double now = window.time();
    const double dt = frameStart < 0 ? 0 : now - frameStart;
    frameStart = now;
    const Input input = window.takeInput();
    ImGui_ImplGlfw_NewFrame();
    const FrameResult result = app.frame(input, dt);
    if (result.exitCode) {
      app.shutdown();
      return *result.exitCode;
    }
    if (result.title) window.setTitle(*result.title);
    next = result.next;
    window.swapBuffers();
  }
  app.shutdown();
  return 0;
}

}  // namespace tactics::app
