// The panel's level editor: edit mode, the tool (paint, fill, place units), the class and brush,
// undo/redo, the unit editor, a new map (asked first when work would be lost) and saving through
// the save dialog; and the note when a Tiled map is not drawn in its own art.
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "app/rules/terrain_edit.h"
#include "app/ui/asset_paths.h"
#include "app/ui/panel.h"
#include "tactics/io/tiled_map.h"

namespace tactics::app {

namespace {

constexpr const char* kNewMapPopup = "New map?##ask";

void requestButton(const char* label, bool& request, bool enabled) {
  if (!enabled) ImGui::BeginDisabled();
  if (ImGui::Button(label)) request = true;
  if (!enabled) ImGui::EndDisabled();
}

std::string homeFolder() {
  const char* home = std::getenv("HOME");
  return home != nullptr ? home : "/";
}

void openSaveDialog(const Scene& scene, EditSettings& edit, SaveKind kind) {
  const std::string& source = scene.scenarioPath.empty() ? scene.mapPath : scene.scenarioPath;
  std::string name = mapName(source);
  if (name.empty() || name.rfind("untitled", 0) == 0) name = "painted";
  edit.saveDialog.open(kind, defaultSaveFolder(kind, findAssetsDir(), homeFolder()),
                       name + (kind == SaveKind::Scenario ? ".json" : ".png"));
}

bool isTmx(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".tmx") == 0;
}

// New map, asked first when it would throw away painting, edited units or a loaded scenario.
void newMapControls(const Scene& scene, EditSettings& edit) {
  ImGui::InputInt("Width", &edit.newWidth);
  ImGui::InputInt("Height", &edit.newHeight);
  edit.newWidth = std::clamp(edit.newWidth, 1, kMaxMapSide);
  edit.newHeight = std::clamp(edit.newHeight, 1, kMaxMapSide);
  const bool loses = edit.unsaved || !scene.scenarioPath.empty();
  if (ImGui::Button("New map (painted class)...")) {
    if (loses) {
      ImGui::OpenPopup(kNewMapPopup);
    } else {
      edit.newMap = true;
    }
  }
  if (ImGui::BeginPopupModal(kNewMapPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted(edit.unsaved ? "The board has unsaved painting or unit edits."
                                        : "A scenario is loaded; its units will be replaced.");
    ImGui::Text("Start a new %dx%d map of %s? (Undo brings this board back.)", edit.newWidth,
                edit.newHeight, terrainName(edit.terrain));
    if (ImGui::Button("New map")) {
      edit.newMap = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGuiKey_Escape)) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

}  // namespace

void editSection(Scene& scene, EditSettings& edit) {
  if (const auto kind = std::exchange(edit.openSave, std::nullopt)) {
    if (!edit.saveDialog.isOpen()) openSaveDialog(scene, edit, *kind);
  }
  saveDialogWindow(scene, edit);
  if (!edit.artNote.empty()) ImGui::TextColored(ImVec4(1, 0.8F, 0.4F, 1), "%s", edit.artNote.c_str());
  // Edit mode turned on (T or the box) opens the section.
  static bool wasEnabled = false;
  if (edit.enabled && !wasEnabled) ImGui::SetNextItemOpen(true);
  wasEnabled = edit.enabled;
  if (!ImGui::CollapsingHeader("Edit level")) return;
  ImGui::Checkbox("Edit mode (T)", &edit.enabled);
  int tool = static_cast<int>(edit.tool);
  ImGui::RadioButton("Paint", &tool, static_cast<int>(EditTool::Paint));
  ImGui::SameLine();
  ImGui::RadioButton("Fill", &tool, static_cast<int>(EditTool::Fill));
  ImGui::SameLine();
  ImGui::RadioButton("Place units", &tool, static_cast<int>(EditTool::PlaceUnits));
  edit.tool = static_cast<EditTool>(tool);
  ImGui::PushTextWrapPos(0.0F);
  ImGui::TextDisabled(
      "Click or Z/Enter on a cell edits it; Z held with the arrows paints a line. A click on a "
      "unit selects it for editing; drag it to move it. U places a unit at the cursor, Delete "
      "removes the selected one.");
  ImGui::PopTextWrapPos();
  for (int t = 0; t < kTerrainClasses; ++t) {
    if (t > 0 && t != 3) ImGui::SameLine();
    ImGui::RadioButton(terrainName(t), &edit.terrain, t);
  }
  ImGui::SliderInt("Brush", &edit.brush, 1, kMaxBrush);
  edit.brush = std::clamp(edit.brush, 1, kMaxBrush);
  requestButton("Undo (Ctrl+Z)", edit.undo, edit.undoSteps > 0);
  ImGui::SameLine();
  requestButton("Redo (Ctrl+Y)", edit.redo, edit.redoSteps > 0);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu / %zu", edit.undoSteps, edit.redoSteps);
  int team = static_cast<int>(edit.placeTeam);
  ImGui::Combo("New units' team", &team, "player\0enemy\0ally\0");
  edit.placeTeam = static_cast<Team>(team);
  if (edit.enabled) {
    ImGui::Separator();
    ImGui::TextUnformatted("Unit");
    unitEditor(scene, edit);
  }
  ImGui::Separator();
  newMapControls(scene, edit);
  if (ImGui::Button("Save PNG...")) openSaveDialog(scene, edit, SaveKind::TerrainPng);
  ImGui::SameLine();
  if (ImGui::Button("Save scenario... (Ctrl+S)")) openSaveDialog(scene, edit, SaveKind::Scenario);
  if (isTmx(scene.mapPath)) {
    ImGui::SameLine();
    if (ImGui::Button("Save")) edit.saveTiledUnits = true;
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Writes the units into %s's 'units' layer; the rest of the file is kept",
                        mapName(scene.mapPath).c_str());
    }
  }
  if (!edit.message.empty()) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextUnformatted(edit.message.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace tactics::app
