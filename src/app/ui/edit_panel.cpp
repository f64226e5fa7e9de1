// The panel's level editor: edit mode, the tool (paint, fill, place units), the class and brush,
// undo/redo, the unit editor, the board's line of sight blockers, objective and terrain defence,
// a new map (asked first when work would be lost) and saving through the save dialog; and the
// note when a Tiled map is not drawn in its own art.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>

#include "app/rules/board_edits.h"
#include "app/rules/board_save.h"
#include "app/rules/terrain_edit.h"
#include "app/ui/asset_paths.h"
#include "app/ui/panel.h"
#include "app/view/board_geometry.h"
#include "app/view/palette.h"
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
  // A scenario on an unpainted Tiled map names that map: its art and terrains stay as they are.
  if (kind == SaveKind::Scenario && keepsOpenMap(scene)) kind = SaveKind::ScenarioOnOpenMap;
  const std::string& source = scene.scenarioPath.empty() ? scene.mapPath : scene.scenarioPath;
  std::string name = mapName(source);
  if (name.empty() || name.rfind("untitled", 0) == 0) name = "painted";
  const std::string folder = defaultSaveFolder(kind, findAssetsDir(), homeFolder());
  edit.saveDialog.open(kind, folder,
                       suggestSaveName(kind, folder, name, sceneInputFiles(scene)));
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
  const bool loses = edit.unsaved() || !scene.scenarioPath.empty();
  if (ImGui::Button("New map (painted class)...")) {
    if (loses) {
      ImGui::OpenPopup(kNewMapPopup);
    } else {
      edit.newMap = true;
    }
  }
  if (ImGui::BeginPopupModal(kNewMapPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted(edit.unsaved() ? "The board has unsaved painting or unit edits."
                                        : "A scenario is loaded; its units will be replaced.");
    ImGui::Text("Start a new %dx%d map of %s? (Undo brings this board back.)", edit.newWidth,
                edit.newHeight, scene.map.terrainName(edit.terrain).c_str());
    if (ImGui::Button("New map")) {
      edit.newMap = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGuiKey_Escape)) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

std::string toolText(const EditSettings& edit, const CostMap& map) {
  switch (edit.tool) {
    case EditTool::Paint:
      return "painting " + map.terrainName(edit.terrain) + ", brush " + std::to_string(edit.brush);
    case EditTool::Fill: return "filling with " + map.terrainName(edit.terrain);
    case EditTool::PlaceUnits:
      return std::string("placing ") + teamName(edit.placeTeam) + " units";
  }
  return {};
}

}  // namespace

namespace {

// The brush on a hex board: each hexagon of the block first..last tinted and outlined, where
// board_geometry.h puts it (boxes placed for cells 4 pixels wide, so every corner is a whole
// quarter of a cell, then scaled to the board's cell).
void drawHexBrush(const EditSettings& edit, const Scene& scene, const BoardOnScreen& board,
                  Cell first, Cell last, ImU32 amber) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const GridLayout layout = scene.map.layout();
  const bool rows = staggersRows(layout);
  const std::array<std::pair<float, float>, 6> pointy = {
      {{0.5F, 0.0F}, {1.0F, 0.25F}, {1.0F, 0.75F}, {0.5F, 1.0F}, {0.0F, 0.75F}, {0.0F, 0.25F}}};
  const Cell centre = *scene.hovered;
  const bool tinted = edit.tool != EditTool::PlaceUnits && !unitAt(scene.units, centre);
  const Rgb tint = terrainColour(std::clamp(edit.terrain, 0, scene.map.paintableTerrains() - 1));
  for (int y = first.y; y <= last.y; ++y) {
    for (int x = first.x; x <= last.x; ++x) {
      const PixelPoint box = cellOrigin(layout, {x, y}, 4);
      std::array<ImVec2, 6> corners;
      for (std::size_t i = 0; i < corners.size(); ++i) {
        const auto [u, v] = rows ? pointy[i] : std::pair{pointy[i].second, pointy[i].first};
        corners[i] = ImVec2(board.x0 + (static_cast<float>(box.x) / 4.0F + u) * board.cell,
                            board.y0 + (static_cast<float>(box.y) / 4.0F + v) * board.cell);
      }
      if (tinted) {
        draw->AddConvexPolyFilled(corners.data(), 6,
                                  ImGui::GetColorU32(ImVec4(tint.r, tint.g, tint.b, 0.5F)));
      }
      draw->AddPolyline(corners.data(), 6, IM_COL32(0, 0, 0, 255), ImDrawFlags_Closed, 4.0F);
      draw->AddPolyline(corners.data(), 6, amber, ImDrawFlags_Closed, 2.0F);
    }
  }
  if (edit.tool == EditTool::PlaceUnits && !unitAt(scene.units, centre)) {
    const PixelPoint box = cellOrigin(layout, centre, 4);
    const ImVec2 mid(board.x0 + (static_cast<float>(box.x) / 4.0F + 0.5F) * board.cell,
                     board.y0 + (static_cast<float>(box.y) / 4.0F + 0.5F) * board.cell);
    const float arm = board.cell * 0.3F;
    draw->AddLine(ImVec2(mid.x - arm, mid.y), ImVec2(mid.x + arm, mid.y), amber, 3.0F);
    draw->AddLine(ImVec2(mid.x, mid.y - arm), ImVec2(mid.x, mid.y + arm), amber, 3.0F);
  }
}

}  // namespace

void drawEditOverlay(const EditSettings& edit, const Scene& scene, const BoardOnScreen& board) {
  if (!edit.enabled) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ImU32 amber = IM_COL32(255, 190, 60, 255);
  draw->AddRect(ImVec2(board.areaX0 + 1, board.areaY0 + 1),
                ImVec2(board.areaX1 - 1, board.areaY1 - 1), amber, 0, 0, 3.0F);
  // Centred on the board, left of the minimap (top right) when it is there; shorter when the
  // whole line does not fit there.
  const float right = board.bannerX1 > board.areaX0 ? board.bannerX1 : board.areaX1;
  const std::string tool = "EDIT MODE: " + toolText(edit, scene.map);
  std::string banner = tool + "   (T: play)";
  for (const std::string& shorter : {tool, std::string("EDIT MODE (T: play)")}) {
    if (ImGui::CalcTextSize(banner.c_str()).x + 24 <= right - board.areaX0) break;
    banner = shorter;
  }
  const ImVec2 size = ImGui::CalcTextSize(banner.c_str());
  const float left = std::max(board.areaX0 + 12, std::min((board.areaX0 + board.areaX1 - size.x) / 2,
                                                          right - 12 - size.x));
  draw->AddRectFilled(ImVec2(left - 8, board.areaY0), ImVec2(left + size.x + 8, board.areaY0 + size.y + 6),
                      amber, 4.0F);
  draw->AddText(ImVec2(left, board.areaY0 + 3), IM_COL32(30, 20, 0, 255), banner.c_str());
  if (!scene.hovered || board.cell <= 0) return;
  // The cells a click would change: the brush, or the one cell of a fill or a new unit.
  const int side = edit.tool == EditTool::Paint ? edit.brush : 1;
  const Cell centre = *scene.hovered;
  const int cx0 = std::max(0, centre.x - (side - 1) / 2);
  const int cy0 = std::max(0, centre.y - (side - 1) / 2);
  const int cx1 = std::min(scene.map.width() - 1, centre.x + side / 2);
  const int cy1 = std::min(scene.map.height() - 1, centre.y + side / 2);
  const ImVec2 a(board.x0 + static_cast<float>(cx0) * board.cell,
                 board.y0 + static_cast<float>(cy0) * board.cell);
  const ImVec2 b(board.x0 + static_cast<float>(cx1 + 1) * board.cell,
                 board.y0 + static_cast<float>(cy1 + 1) * board.cell);
  draw->PushClipRect(ImVec2(board.areaX0, board.areaY0), ImVec2(board.areaX1, board.areaY1));
  if (isHex(scene.map.layout())) {
    drawHexBrush(edit, scene, board, {cx0, cy0}, {cx1, cy1}, amber);
    draw->PopClipRect();
    return;
  }
  // A tint of the terrain being painted.
  if (edit.tool != EditTool::PlaceUnits && !unitAt(scene.units, centre)) {
    const Rgb tint = terrainColour(std::clamp(edit.terrain, 0, scene.map.paintableTerrains() - 1));
    draw->AddRectFilled(a, b, ImGui::GetColorU32(ImVec4(tint.r, tint.g, tint.b, 0.5F)));
  }
  draw->AddRect(a, b, IM_COL32(0, 0, 0, 255), 0, 0, 4.0F);
  draw->AddRect(a, b, amber, 0, 0, 2.0F);
  if (edit.tool == EditTool::PlaceUnits && !unitAt(scene.units, centre)) {
    const ImVec2 mid((a.x + b.x) / 2, (a.y + b.y) / 2);
    const float arm = board.cell * 0.3F;
    draw->AddLine(ImVec2(mid.x - arm, mid.y), ImVec2(mid.x + arm, mid.y), amber, 3.0F);
    draw->AddLine(ImVec2(mid.x, mid.y - arm), ImVec2(mid.x, mid.y + arm), amber, 3.0F);
  }
  draw->PopClipRect();
}

// The next button goes beside the last item when the panel has room for it, else below.
void sameLineIfRoom(const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wide = ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + wide <= right) ImGui::SameLine();
}

namespace {

// Edit mode and the tool: paint, fill or place units, and how each is used.
void toolControls(EditSettings& edit) {
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
}

// Every terrain of the map (SPEC §11.1), each a radio button after its tile or colour; they
// wrap onto a new line where the panel is too narrow for them all.
void terrainChoice(const Scene& scene, EditSettings& edit) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  edit.terrain = std::clamp(edit.terrain, 0, scene.map.paintableTerrains() - 1);
  for (int t = 0; t < scene.map.paintableTerrains(); ++t) {
    const std::string& name = scene.map.terrainName(t);
    const float wide = 2 * ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + style.ItemSpacing.x +
                       ImGui::CalcTextSize(name.c_str()).x;
    if (t > 0 && ImGui::GetItemRectMax().x + style.ItemSpacing.x + wide <= right) {
      ImGui::SameLine();
    }
    // The terrain's tile from the Tiled tileset where it has one, else its colour.
    const auto art = static_cast<std::size_t>(t) < edit.terrainArt.size()
                         ? edit.terrainArt[static_cast<std::size_t>(t)]
                         : std::uint32_t{0};
    if (art != 0) {
      const float side = ImGui::GetFrameHeight();
      ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(art)), ImVec2(side, side));
    } else {
      const Rgb colour = terrainColour(t);
      ImGui::PushID(t);
      ImGui::ColorButton("##swatch", ImVec4(colour.r, colour.g, colour.b, 1.0F),
                         ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop);
      ImGui::PopID();
    }
    ImGui::SameLine(0.0F, style.ItemInnerSpacing.x);
    ImGui::RadioButton(name.c_str(), &edit.terrain, t);
    notePanelWidget(name.c_str());
  }
}

// The brush, undo and redo with their depths, and the team of units placed next.
void brushAndHistory(EditSettings& edit) {
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
}

// Save on a Tiled map that has no `units` layer: the layer is added only when the user says so.
void addUnitsLayerQuestion(const Scene& scene, EditSettings& edit) {
  if (!edit.askAddUnitsLayer) return;
  ImGui::PushTextWrapPos(0.0F);
  ImGui::TextColored(ImVec4(1, 0.8F, 0.4F, 1),
                     "%s.tmx has no 'units' layer. Add one with these %zu units?",
                     mapName(scene.mapPath).c_str(), scene.units.size());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Add the layer")) edit.addUnitsLayer = true;
  notePanelWidget("add-units-layer");
  ImGui::SameLine();
  if (ImGui::Button("Cancel##units-layer")) edit.askAddUnitsLayer = false;
}

// Save as a PNG or a scenario, into a .tmx map's units layer, and the last save's message.
void saveControls(const Scene& scene, EditSettings& edit) {
  if (ImGui::Button("Save PNG...")) openSaveDialog(scene, edit, SaveKind::TerrainPng);
  sameLineIfRoom("Save scenario... (Ctrl+S)");
  if (ImGui::Button("Save scenario... (Ctrl+S)")) openSaveDialog(scene, edit, SaveKind::Scenario);
  if (isTmx(scene.mapPath)) {
    sameLineIfRoom("Save");
    if (ImGui::Button("Save")) edit.saveTiledUnits = true;
    notePanelWidget("tiled-save");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Writes the units into %s's 'units' layer; the rest of the file is kept",
                        mapName(scene.mapPath).c_str());
    }
    addUnitsLayerQuestion(scene, edit);
  }
  if (!edit.message.empty()) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextUnformatted(edit.message.c_str());
    notePanelWidget("edit-message");
    ImGui::PopTextWrapPos();
  }
}
// SPEC §11.8: which terrains block line of sight on this board, a box per terrain; saved with
// the scenario ("blocks_sight"). Square boards only, as the rule is.
void sightBlockers(Scene& scene) {
  if (scene.map.topology().hex()) return;
  // Folded by default: one line of the panel until opened.
  if (!ImGui::TreeNode("Blocks line of sight")) return;
  std::uint64_t& blockers = scene.rules.sight.blockers;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (int t = 0; t < scene.map.terrainCount() && t < 64; ++t) {
    const std::uint64_t bit = std::uint64_t{1} << t;
    bool blocks = (blockers & bit) != 0;
    // Wrapped where the panel is too narrow for the next box.
    const float wide = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                       ImGui::CalcTextSize(scene.map.terrainName(t).c_str()).x;
    if (t > 0 && ImGui::GetItemRectMax().x + style.ItemSpacing.x + wide <= right) ImGui::SameLine();
    ImGui::PushID(1000 + t);
    if (ImGui::Checkbox(scene.map.terrainName(t).c_str(), &blocks)) {
      blockers = blocks ? (blockers | bit) : (blockers & ~bit);
    }
    ImGui::PopID();
  }
  if (!scene.rules.sight.on) ImGui::TextDisabled("(line of sight is off: Selected unit section)");
  ImGui::TreePop();
}

// A board edit's refusal goes to the message line; a change clears it (the change itself is an
// undo step, TerrainPainting::trackUnitEdits).
void report(EditSettings& edit, const std::optional<std::string>& problem) {
  if (problem) {
    edit.message = *problem;
  } else {
    edit.message.clear();
  }
}

// SPEC §14's objective: rout (the default), seize a cell with a lord, or survive N turns; saved
// with the scenario ("objective"). Refused values leave it as it was and say why
// (objectiveProblem's words). Folded by default.
void objectiveControls(Scene& scene, EditSettings& edit) {
  // The last board cell the pointer or the keyboard cursor was on, for "Seize at hovered cell":
  // by the time the button is clicked the pointer is on the panel.
  static std::optional<Cell> lastHovered;
  if (scene.hovered && scene.map.contains(*scene.hovered)) lastHovered = scene.hovered;
  // The seize cell and the turns shown when the type is switched: the board's last ones.
  static Objective draft{Objective::Type::Seize, {0, 0}, 10};
  if (scene.objective && scene.objective->type == Objective::Type::Seize) {
    draft.at = scene.objective->at;
  }
  if (scene.objective && scene.objective->type == Objective::Type::Survive) {
    draft.turns = scene.objective->turns;
  }
  if (!scene.map.contains(draft.at)) draft.at = {scene.map.width() / 2, scene.map.height() / 2};
  const bool open = ImGui::TreeNode("Objective");
  notePanelWidget("level-objective");
  if (!open) return;
  const Objective current = scene.objective.value_or(Objective{});
  int type = static_cast<int>(current.type);
  if (ImGui::Combo("Type##objective", &type, "Rout\0Seize\0Survive\0")) {
    Objective next = draft;
    next.type = static_cast<Objective::Type>(type);
    report(edit, setObjective(scene, next));
  }
  if (current.type == Objective::Type::Seize) {
    int x = current.at.x;
    int y = current.at.y;
    if (ImGui::InputInt("X##seize", &x)) {
      report(edit, setObjective(scene, {Objective::Type::Seize, {x, current.at.y}, 0}));
    }
    if (ImGui::InputInt("Y##seize", &y)) {
      report(edit, setObjective(scene, {Objective::Type::Seize, {current.at.x, y}, 0}));
    }
    const bool pointed = lastHovered && scene.map.contains(*lastHovered);
    const std::string label = "Seize at hovered cell" +
                              (pointed ? " (" + toString(*lastHovered) + ")" : std::string()) +
                              "##seize-hovered";
    if (!pointed) ImGui::BeginDisabled();
    if (ImGui::Button(label.c_str())) {
      report(edit, setObjective(scene, {Objective::Type::Seize, *lastHovered, 0}));
    }
    if (!pointed) ImGui::EndDisabled();
  } else if (current.type == Objective::Type::Survive) {
    int turns = current.turns;
    if (ImGui::InputInt("Turns##survive", &turns)) {
      report(edit, setObjective(scene, {Objective::Type::Survive, {0, 0}, turns}));
    }
  }
  ImGui::TextDisabled(
      "%s%s", describeObjective(scene.objective.value_or(Objective{})).c_str(),
      boardFights(scene.units) ? "" : " (no unit has hp: the board does not fight)");
  ImGui::TreePop();
}

// SPEC §14's terrain defence: what each terrain of the map adds to the defence of the unit
// standing on it, 0..20; saved with the scenario ("terrain_defence"). Folded by default.
void terrainDefence(Scene& scene, EditSettings& edit) {
  const bool open = ImGui::TreeNode("Terrain defence");
  notePanelWidget("terrain-defence");
  if (!open) return;
  const std::vector<std::string>& names = scene.map.terrainNames();
  for (std::size_t t = 0; t < names.size(); ++t) {
    const int terrain = static_cast<int>(t);
    int value = scene.defence.of(terrain);
    ImGui::PushID(2000 + terrain);
    if (ImGui::InputInt(names[t].c_str(), &value)) {
      report(edit, setTerrainDefence(scene, terrain, value));
    }
    ImGui::PopID();
  }
  ImGui::TreePop();
}

}  // namespace

void drawSaveDialog(const Scene& scene, EditSettings& edit) {
  if (const auto kind = std::exchange(edit.openSave, std::nullopt)) {
    if (!edit.saveDialog.isOpen()) openSaveDialog(scene, edit, *kind);
  }
  saveDialogWindow(scene, edit);
}

void editSection(Scene& scene, EditSettings& edit) {
  // The art note is in the panel's status line (panel.cpp), where it moves nothing.
  // Edit mode turned on (T or the box) opens the section and scrolls the panel to it, so that
  // the tools and the palette are in view (issue 37, item 6).
  static bool wasEnabled = false;
  const bool turnedOn = edit.enabled && !wasEnabled;
  wasEnabled = edit.enabled;
  if (turnedOn) {
    ImGui::SetScrollHereY(0.0F);
    ImGui::SetNextItemOpen(true);
  }
  const bool open = ImGui::CollapsingHeader("Edit level");
  notePanelWidget("paint-terrain");
  if (!open) return;
  toolControls(edit);
  terrainChoice(scene, edit);
  brushAndHistory(edit);
  if (edit.enabled) {
    ImGui::Separator();
    ImGui::TextUnformatted("Unit");
    unitEditor(scene, edit);
  }
  ImGui::Separator();
  sightBlockers(scene);
  objectiveControls(scene, edit);
  terrainDefence(scene, edit);
  newMapControls(scene, edit);
  saveControls(scene, edit);
}

}  // namespace tactics::app
