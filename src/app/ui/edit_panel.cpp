// The panel's terrain editor: edit mode, the class and brush, fill, undo/redo, a new map and
// saving; and the note when a Tiled map is not drawn in its own art.
#include <imgui.h>

#include <algorithm>

#include "app/rules/terrain_edit.h"
#include "app/ui/panel.h"

namespace tactics::app {

namespace {

void requestButton(const char* label, bool& request, bool enabled) {
  if (!enabled) ImGui::BeginDisabled();
  if (ImGui::Button(label)) request = true;
  if (!enabled) ImGui::EndDisabled();
}

}  // namespace

void editSection(EditSettings& edit) {
  if (!edit.artNote.empty()) ImGui::TextColored(ImVec4(1, 0.8F, 0.4F, 1), "%s", edit.artNote.c_str());
  if (!ImGui::CollapsingHeader("Paint terrain")) return;
  ImGui::Checkbox("Edit mode (T)", &edit.enabled);
  ImGui::TextDisabled("Left drag paints; units are not selected meanwhile.");
  for (int t = 0; t < kTerrainClasses; ++t) {
    if (t > 0) ImGui::SameLine();
    ImGui::RadioButton(terrainName(t), &edit.terrain, t);
  }
  ImGui::SliderInt("Brush", &edit.brush, 1, kMaxBrush);
  edit.brush = std::clamp(edit.brush, 1, kMaxBrush);
  ImGui::Checkbox("Fill tool (4-connected, same class)", &edit.fillTool);
  requestButton("Undo (Ctrl+Z)", edit.undo, edit.undoSteps > 0);
  ImGui::SameLine();
  requestButton("Redo (Ctrl+Y)", edit.redo, edit.redoSteps > 0);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu / %zu", edit.undoSteps, edit.redoSteps);
  ImGui::InputInt("Width", &edit.newWidth);
  ImGui::InputInt("Height", &edit.newHeight);
  edit.newWidth = std::clamp(edit.newWidth, 1, kMaxMapSide);
  edit.newHeight = std::clamp(edit.newHeight, 1, kMaxMapSide);
  requestButton("New map (painted class)", edit.newMap, true);
  char path[512] = {};
  edit.savePath.copy(path, sizeof(path) - 1);
  if (ImGui::InputText("Save as", path, sizeof(path))) edit.savePath = path;
  requestButton("Save PNG", edit.save, true);
  if (!edit.message.empty()) ImGui::TextWrapped("%s", edit.message.c_str());
}

}  // namespace tactics::app
