#include "app/ui/panel.h"

#include <imgui.h>

#include "app/ui/panel_sections.h"

namespace tactics::app {

void drawPanel(PanelModel model) {
  const ImGuiIO& io = ImGui::GetIO();
  const float scale = io.FontGlobalScale;
  const float width = static_cast<float>(kPanelWidth) * scale;
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - width, 0));
  ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y));
  ImGui::SetNextWindowCollapsed(model.ui.panelCollapsed, ImGuiCond_Once);
  // The title bar's arrow folds the panel away; the board then takes the whole window.
  model.ui.panelCollapsed =
      !ImGui::Begin("tactics-grid", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
  if (!model.ui.panelCollapsed) {
    ImGui::PushItemWidth(width * 0.5F);  // room for the labels
    // What a player looks at most comes first, so it fits above the fold at 1280x720.
    turnSection(model.scene, model.ui);
    unitSection(model.scene, model.ui.edits);
    numbersSection(model.ui, model.report);
    hoverSection(model.scene, model.range, model.danger, model.noPath);
    threatSection(model.scene, model.ui.threats);
    viewSection(model.ui.view);
    legendSection(model.ui.view);
    boardSection(model.scene, model.ui, model.boards);
    editSection(model.scene, model.ui.edit);
    watchSection(model.ui.watch, model.report);
    ImGui::PopItemWidth();
  }
  ImGui::End();
}

}  // namespace tactics::app
