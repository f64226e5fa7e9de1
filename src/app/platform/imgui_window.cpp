#include "app/platform/imgui_window.h"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

#include <utility>

namespace tactics::app {

ImGuiWindow::ImGuiWindow(Window opened) : window(std::move(opened)) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini in the working directory
  // Installed after the window's own callbacks, so ImGui chains to them.
  ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
}

ImGuiWindow::~ImGuiWindow() {
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

}  // namespace tactics::app
