#include "app/ui/imgui_renderer.h"

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

namespace tactics::app {

ImGuiRenderer::ImGuiRenderer(float scale, GlDialect dialect) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0F;
  style.FrameRounding = 3.0F;
  style.WindowBorderSize = 0.0F;
  // HiDPI: the panel's widgets and text grow with the window's content scale.
  style.ScaleAllSizes(scale);
  ImGui::GetIO().FontGlobalScale = scale;
  ImGui_ImplOpenGL3_Init(imguiGlslVersion(dialect));
}

ImGuiRenderer::~ImGuiRenderer() { ImGui_ImplOpenGL3_Shutdown(); }

void ImGuiRenderer::beginFrame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
}

void ImGuiRenderer::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool ImGuiRenderer::wantsMouse() const { return ImGui::GetIO().WantCaptureMouse; }
bool ImGuiRenderer::wantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }
bool ImGuiRenderer::editingWidget() const { return ImGui::IsAnyItemActive(); }
bool ImGuiRenderer::typing() const { return ImGui::GetIO().WantTextInput; }

}  // namespace tactics::app
