#pragma once
// The desktop platform: a GLFW window with its OpenGL context, Dear ImGui's GLFW backend, and
// the quiet main loop: it sleeps until an event arrives or the app's next frame is due
// (platform/next_frame.h), so an idle demo costs no CPU.

#include <memory>
#include <string>

#include "app/platform/gl_dialect.h"
#include "app/platform/platform_app.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

class DesktopPlatform {
 public:
  // Opens the window (core: OpenGL 4.3 when it can, else 3.3; es: OpenGL ES 3.0) and Dear
  // ImGui's context on it. The error says how to get a display when there is none.
  static Expected<DesktopPlatform> open(PixelSize size, const std::string& title,
                                        GlDialect dialect);

  DesktopPlatform(DesktopPlatform&&) noexcept;
  DesktopPlatform& operator=(DesktopPlatform&&) noexcept;
  ~DesktopPlatform();

  // Runs `app` until the window closes or a frame returns an exit code; the error is why the
  // app's init failed.
  Expected<int> run(PlatformApp& app);

 private:
  struct State;
  explicit DesktopPlatform(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace tactics::app
