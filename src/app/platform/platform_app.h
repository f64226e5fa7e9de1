#pragma once
// The contract between a platform and the app, after raylib's rcore: the platform owns the
// window, its events, the main loop and its timing; the app is init / frame / shutdown, and
// frame() never blocks, so a browser's loop can call it as well as the desktop's. No GL, no GLFW.

#include <optional>
#include <string>
#include <vector>

#include "app/platform/input.h"
#include "app/platform/next_frame.h"

namespace tactics::app {

struct FrameResult {
  NextFrame next;               // when the app wants the frame after this one
  std::optional<int> exitCode;  // the app is done (scripted runs, the soak): do not present
  // Files the app saved this frame (painted maps, scenarios): a browser offers each as a
  // download, since its files live in the page's memory; the desktop has them on disk already.
  std::vector<std::string> written;
  // The window's title, when it changed: the open file, with " *" while it has unsaved edits.
  std::optional<std::string> title;
  // The level has unsaved edits: a browser asks before the page is left (beforeunload).
  bool unsaved = false;
};

class PlatformApp {
 public:
  PlatformApp() = default;
  PlatformApp(const PlatformApp&) = delete;
  PlatformApp& operator=(const PlatformApp&) = delete;
  virtual ~PlatformApp() = default;

  // The window and its GL context exist, and Dear ImGui's context with its platform backend.
  // Returns why the app cannot run, if it cannot.
  virtual std::optional<std::string> init(const Surface& surface) = 0;
  // One frame: what happened since the last one, and the seconds since the last one began
  // (0 for the first). The platform presents the frame unless it returns an exit code.
  virtual FrameResult frame(const Input& input, double dt) = 0;
  // Before the platform tears the context down: the app lets go of its GL objects.
  virtual void shutdown() = 0;
};

}  // namespace tactics::app
