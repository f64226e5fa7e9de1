#include "app/platform/imgui_window.h"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <utility>


namespace tactics::app {

namespace {

GLFWkeyfun imguiKeys = nullptr;  // Dear ImGui's key callback, which chains to the window's
GLFWkeyfun windowKeys = nullptr;

// Tab, Enter and the arrows are the game's unless the user clicked into a text field: Dear
// ImGui never sees them pressed otherwise, so they cannot move its focus into the panel's
// fields. It sees every release: Enter ends the typing, and a release it missed would leave
// the key down for it (the next field would take it for a fresh Enter).
void filterKeys(GLFWwindow* window, int key, int scancode, int action, int mods) {
  const bool panelSees = action == GLFW_RELEASE ||
                         panelSeesKey(keyFromGlfw(key), ImGui::GetIO().WantTextInput);
  GLFWkeyfun to = panelSees ? imguiKeys : windowKeys;
  if (to != nullptr) to(window, key, scancode, action, mods);
}

}  // namespace

ImGuiWindow::ImGuiWindow(Window opened) : window(std::move(opened)) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini in the working directory
  // Installed after the window's own callbacks, so ImGui chains to them.
  windowKeys = glfwSetKeyCallback(window.handle(), nullptr);
  glfwSetKeyCallback(window.handle(), windowKeys);
  ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
  imguiKeys = glfwSetKeyCallback(window.handle(), filterKeys);
}

ImGuiWindow::~ImGuiWindow() {
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

}  // namespace tactics::app
