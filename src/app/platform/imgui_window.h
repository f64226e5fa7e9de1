#pragma once
// The GLFW window (glfw_window.h) with Dear ImGui's context and its GLFW backend installed on it:
// what the desktop and the browser platforms each hold. Destroyed in reverse order: ImGui's
// backend and context first, then the window.

#include "app/platform/glfw_window.h"

namespace tactics::app {

struct ImGuiWindow {
  explicit ImGuiWindow(Window opened);
  ~ImGuiWindow();
  ImGuiWindow(const ImGuiWindow&) = delete;
  ImGuiWindow& operator=(const ImGuiWindow&) = delete;

  Window window;
};

}  // namespace tactics::app
