#pragma once
// The browser platform (emscripten, WebGL2), beside the desktop one: the page's canvas through
// emscripten's GLFW, Dear ImGui's GLFW backend, and a timer main loop that the page calls 60
// times a second. A call whose frame is not due yet (platform/next_frame.h) draws nothing, so an
// idle page costs next to nothing; a timer, not requestAnimationFrame, so the loop also runs in
// a headless browser's virtual time. The canvas follows the page's size and device pixel ratio.
// Files dropped on the canvas (the page's Open button drops the files it picks the same way)
// arrive as Input.dropped; files the app saves are offered as downloads.

#include <memory>
#include <optional>
#include <string>

#include "app/platform/platform_app.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

class BrowserPlatform {
 public:
  // Opens the canvas's WebGL2 context (OpenGL ES 3.0) and Dear ImGui's context on it. With a
  // size, the canvas keeps that size in CSS pixels (`demo --window WxH`, which the browser
  // tests compare with the desktop's window) instead of following the page.
  static Expected<std::unique_ptr<BrowserPlatform>> open(const std::string& title,
                                                         std::optional<PixelSize> fixedSize);

  BrowserPlatform(const BrowserPlatform&) = delete;
  BrowserPlatform& operator=(const BrowserPlatform&) = delete;
  ~BrowserPlatform();

  // Starts the page's loop over `app` and returns at once: the loop keeps the platform and the
  // app until a frame returns an exit code, then lets them go and tells the page
  // (tellPageDemoExited). The error is why the app's init failed.
  static std::optional<std::string> run(std::unique_ptr<BrowserPlatform> platform,
                                        std::unique_ptr<PlatformApp> app);

 private:
  struct State;
  explicit BrowserPlatform(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Tells the page the demo is over with this exit code: the page shows it (and the browser tests
// read it) through its Module.onDemoExit.
void tellPageDemoExited(int code);

}  // namespace tactics::app
