#include "app/ui/panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>

#include "app/ui/asset_paths.h"
#include "app/view/palette.h"
#include "app/rules/turns.h"
#include "app/rules/unit_edits.h"
#include "app/rules/unit_labels.h"

namespace tactics::app {

namespace {

constexpr std::array<const char*, kTerrainClasses> kTerrainNames = {
    "plains", "forest", "hills", "mountains", "wall/deep water"};
constexpr std::array<const char*, 5> kDirectionNames = {"up", "down", "left", "right", "none"};

// Sliders hand over any number a user types (Ctrl+click); the edits clamp it.
void unitSection(Scene& scene, UnitEditMemory& memory) {
  if (!ImGui::CollapsingHeader("Selected unit", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!scene.selected) {
    ImGui::TextDisabled("Click a unit on the board.");
    return;
  }
  const std::size_t index = *scene.selected;
  Unit& unit = scene.units[index];
  ImGui::Text("%s (%s, %s) at %d,%d", unit.name.c_str(), teamName(unit.team),
              unit.className.c_str(), unit.cell.x, unit.cell.y);
  int move = unit.moveRange;
  if (ImGui::SliderInt("Movement Range", &move, 0, kMaxMoveRange)) setMoveRange(unit, move);

  bool canAttack = !unit.attack.none();
  if (ImGui::Checkbox("Can attack", &canAttack)) setCanAttack(unit, index, canAttack, memory);
  if (!unit.attack.none()) {
    int min = unit.attack.min;
    int max = unit.attack.max;
    if (ImGui::SliderInt("Attack min", &min, 1, kMaxAttackRange)) setAttackMin(unit, min);
    if (ImGui::SliderInt("Attack max", &max, 1, kMaxAttackRange)) {
      setAttackMax(unit, index, max, memory);
    }
  }

  ImGui::Text("Movement class: %s", unit.movement.toString().c_str());
  for (const MovementPreset& preset : movementPresets()) {
    const std::string name(preset.name);
    if (ImGui::SmallButton(name.c_str())) applyPreset(unit, preset);
    ImGui::SameLine();
  }
  ImGui::NewLine();
  for (int t = 0; t < kTerrainClasses; ++t) {
    ImGui::PushID(t);
    bool passable = unit.movement.passable(t);
    if (ImGui::Checkbox("##passable", &passable)) setPassable(unit, t, passable);
    ImGui::SameLine();
    const auto name = kTerrainNames[static_cast<std::size_t>(t)];
    if (passable) {
      int cost = unit.movement.cost(t);
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55F);
      if (ImGui::SliderInt(name, &cost, 1, MovementClass::kMaxCost)) setTerrainCost(unit, t, cost);
    } else {
      ImGui::TextDisabled("%s: impassable", name);
    }
    ImGui::PopID();
  }
}

bool isScenarioPath(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

// Scenarios and maps to open; a failure leaves the current board and says why here.
void boardSection(const Scene& scene, Ui& ui, const std::vector<std::string>& boards) {
  if (!ImGui::CollapsingHeader("Board", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::string& current = scene.scenarioPath.empty() ? scene.mapPath : scene.scenarioPath;
  ImGui::Text("%s, %s cells, %zu units", mapName(current).c_str(), scene.map.sizeText().c_str(),
              scene.units.size());
  const float rows = static_cast<float>(std::min<std::size_t>(boards.size(), 7)) + 0.25F;
  if (ImGui::BeginListBox("##boards", ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * rows))) {
    for (const std::string& path : boards) {
      const std::string label =
          mapName(path) + (isScenarioPath(path) ? "  (scenario)" : "  (map, built-in units)");
      if (ImGui::Selectable(label.c_str(), path == current)) ui.loadMap = path;
    }
    ImGui::EndListBox();
  }
  if (ImGui::Button("Start over")) ui.loadMap = current;
  ImGui::SameLine();
  ImGui::TextDisabled("or drop a file on the window");
  if (!ui.mapProblem.empty()) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextColored(ImVec4(1, 0.5F, 0.4F, 1), "%s", ui.mapProblem.c_str());
    ImGui::PopTextWrapPos();
  }
}

// The turn: whose phase it is, who has yet to move, and End turn.
void turnSection(const Scene& scene, Ui& ui) {
  const std::vector<std::size_t> waiting = unmovedPlayers(scene);
  ImGui::Text("Turn %d, %s phase", scene.turn, phaseName(scene.phase));
  if (scene.phase != Phase::Player) return;
  ImGui::SameLine();
  ImGui::TextDisabled("%zu to move", waiting.size());
  // The button at the right edge of the panel.
  const char* label = "End turn (E)";
  const float button = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - button);
  if (ImGui::SmallButton(label)) ui.requests.endTurn = true;
}

void viewSection(ViewToggles& view) {
  if (!ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Checkbox("Move overlay", &view.moveOverlay);
  ImGui::SameLine();
  ImGui::Checkbox("Attack overlay", &view.attackOverlay);
  ImGui::Checkbox("Grid lines", &view.gridLines);
  ImGui::SameLine();
  ImGui::Checkbox("Travel costs", &view.travelCosts);
  ImGui::Checkbox("Parent directions", &view.parentGlyphs);
  int channel = static_cast<int>(view.channel);
  ImGui::Text("Channel view");
  const char* names[] = {"off", "R", "G", "B", "A"};
  for (int i = 0; i < 5; ++i) {
    ImGui::SameLine();
    ImGui::RadioButton(names[i], &channel, i);
  }
  view.channel = static_cast<ChannelView>(channel);
}

void watchSection(WatchSettings& watch, const SolveReport& report) {
  if (!ImGui::CollapsingHeader("Watch the algorithm")) return;
  ImGui::Checkbox("Limit passes", &watch.enabled);
  if (!watch.enabled) return;
  // The solve stops at the first pass that changes nothing: there is nothing to watch after it.
  const int most = report.fullPasses;
  ImGui::SliderInt("Passes", &watch.passes, 0, most);
  watch.passes = std::clamp(watch.passes, 0, most);
  if (ImGui::Button("Step")) watch.passes = std::min(watch.passes + 1, most);
  ImGui::SameLine();
  if (ImGui::Button("Restart")) watch.passes = 0;
  ImGui::SameLine();
  ImGui::Checkbox("Animate", &watch.animate);
  ImGui::SliderFloat("Passes/s", &watch.passesPerSecond, 0.5F, 30.0F, "%.1f");
  watch.passesPerSecond = std::clamp(watch.passesPerSecond, 0.5F, 30.0F);
  ImGui::TextDisabled("Pass %d of %d. %s", watch.passes, most,
                      report.converged ? "Converged: the wavefront stopped changing."
                                       : "Stopped early: costs may still fall.");
}

void swatch(const char* id, Rgb colour) {
  ImGui::ColorButton(id, ImVec4(colour.r, colour.g, colour.b, 1.0F),
                     ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                     ImVec2(ImGui::GetTextLineHeight(), ImGui::GetTextLineHeight()));
}

// What the colours on the board mean, and how to read a channel view.
void legendSection(const ViewToggles& view) {
  if (!ImGui::CollapsingHeader("Legend")) return;
  for (Team team : {Team::Player, Team::Enemy, Team::Ally}) {
    const RangeColours colours = rangeColours(team);
    ImGui::PushID(static_cast<int>(team));
    swatch("move", colours.move);
    ImGui::SameLine();
    ImGui::Text("move");
    ImGui::SameLine();
    swatch("attack", colours.attack);
    ImGui::SameLine();
    ImGui::Text("attack (hatched): %s", teamName(team));
    ImGui::PopID();
  }
  switch (view.channel) {
    case ChannelView::R: ImGui::TextWrapped("R: the map's grey; class = min(4, R/51)."); break;
    case ChannelView::G:
      ImGui::TextWrapped("G: white reached (255), grey attackable (128), black neither (0).");
      break;
    case ChannelView::B:
      ImGui::TextWrapped("B: travel cost of reached cells, dark grey for 0 (the unit) to white "
                         "for the Movement Range; black is not reached.");
      break;
    case ChannelView::A:
      ImGui::TextWrapped("A: direction to the parent: up 26, down 77, left 128, right 178 "
                         "(brighter to the right), white none (the unit, unreached cells).");
      break;
    case ChannelView::Off: break;
  }
}

// The enemy side's reach (issues 7 and 10): the danger zone, marks and the field views.
void threatSection(const Scene& scene, ThreatSettings& threats) {
  if (!ImGui::CollapsingHeader("Enemy reach", ImGuiTreeNodeFlags_DefaultOpen)) return;
  swatch("danger", dangerColour());
  ImGui::SameLine();
  ImGui::Checkbox("Danger zone (V)", &threats.dangerZone);
  swatch("marked", markedThreatColour());
  ImGui::SameLine();
  if (threats.marked.empty()) {
    ImGui::TextDisabled("Marked: none (Shift/Ctrl+click or M on an enemy)");
  } else {
    std::string names;
    for (std::size_t i : threats.marked) {
      names += (names.empty() ? "" : ", ") + scene.units[i].name;
    }
    ImGui::TextWrapped("Marked: %s", names.c_str());
    if (ImGui::SmallButton("Unmark all")) threats.marked.clear();
  }
  ImGui::Checkbox("Paths beyond one turn (G, or hold Shift)", &threats.longPaths);
  ImGui::Checkbox("Heat map: where the selected unit can be", &threats.heatMap);
  if (threats.heatMap) {
    ImGui::TextDisabled("Its travel cost from where it stands; a line every Movement Range.");
  }
}

void hoverLines(const Scene& scene, const RangeResult* range, const Grid<std::uint8_t>* danger,
                const std::string* noPath) {
  if (!scene.hovered || !scene.map.contains(*scene.hovered)) {
    ImGui::TextDisabled("Move the mouse over the board.");
    return;
  }
  const Cell c = *scene.hovered;
  const int terrain = scene.map.terrain(c);
  const MovementClass movement =
      scene.selectedUnit() ? scene.selectedUnit()->movement : MovementClass();
  const auto index = static_cast<std::size_t>(terrain);
  ImGui::Text("Cell %d,%d: %s (grey %d)", c.x, c.y, kTerrainNames[index], scene.map.grey(c));
  if (movement.passable(terrain)) {
    ImGui::Text("Entry cost %d", movement.cost(terrain));
  } else {
    ImGui::Text("Impassable");
  }
  if (const auto who = unitAt(scene.units, c)) {
    // The name in full, with the label its token shows.
    const std::string label = unitLabels(scene.units)[*who];
    ImGui::Text("Unit: %s [%s] (%s)", scene.units[*who].name.c_str(), label.c_str(),
                teamName(scene.units[*who].team));
  }
  if (danger && danger->width() == scene.map.width() && danger->height() == scene.map.height()) {
    ImGui::Text("Threatened by %d enem%s", (*danger)[c], (*danger)[c] == 1 ? "y" : "ies");
  }
  if (!range) return;
  if (range->reached(c)) {
    ImGui::Text("Travel cost %d, parent %s", range->travelCost[c],
                kDirectionNames[static_cast<std::size_t>(range->parent[c])]);
  } else {
    ImGui::Text(range->reach[c] == Reach::Attackable ? "Attackable" : "Out of range");
  }
  // Paths beyond one turn on, and none there: say so, and who stands in the way.
  if (noPath && !noPath->empty()) {
    ImGui::TextColored(ImVec4(1.0F, 0.55F, 0.45F, 1.0F), "Beyond one turn: %s", noPath->c_str());
  }
}

void hoverSection(const Scene& scene, const RangeResult* range, const Grid<std::uint8_t>* danger,
                  const std::string* noPath) {
  if (!ImGui::CollapsingHeader("Hovered cell", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // A fixed height, so the sections below do not jump when the mouse moves onto the panel.
  ImGui::BeginChild("hovered", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 6.0F));
  hoverLines(scene, range, danger, noPath);
  ImGui::EndChild();
}

void numbersSection(Ui& ui, const SolveReport& report) {
  if (!ImGui::CollapsingHeader("Numbers", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // Medians of recent samples; the solver is warmed up when it is made, so shader compilation
  // is not in them.
  ImGui::Text("Frame %.2f ms (median of %zu)", ui.frameTimes.median(), ui.frameTimes.count());
  // The backend: a choice only when the context has OpenGL 4.3 (compute shaders).
  if (ui.computeAvailable) {
    int backend = ui.backend == Backend::Compute ? 1 : 0;
    ImGui::RadioButton("fragment passes", &backend, 0);
    ImGui::SameLine();
    ImGui::RadioButton("compute", &backend, 1);
    ui.backend = backend == 1 ? Backend::Compute : Backend::Gpu;
    if (ui.backend == Backend::Compute && ui.watch.enabled) {
      ImGui::TextDisabled("Watching runs the fragment passes");
    }
  }
  ImGui::Text("Solves %d (%s), passes run %d", report.solves,
              report.compute ? "compute" : "fragment passes", report.passes);
  ImGui::Text("GPU solve %.3f ms, CPU reference %.3f ms", report.gpuTimes.median(),
              report.cpuTimes.median());
  if (!report.problem.empty()) {
    ImGui::TextColored(ImVec4(1, 0.5F, 0.4F, 1), "Cannot solve: %s", report.problem.c_str());
  } else if (!report.equalsCpu) {
    ImGui::TextDisabled("GPU = CPU: n/a (no converged solve)");
  } else if (*report.equalsCpu) {
    ImGui::TextColored(ImVec4(0.5F, 1, 0.5F, 1), "GPU = CPU reference: yes");
  } else {
    ImGui::TextColored(ImVec4(1, 0.4F, 0.4F, 1), "GPU = CPU reference: NO");
  }
}

}  // namespace

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
    editSection(model.ui.edit);
    watchSection(model.ui.watch, model.report);
    ImGui::PopItemWidth();
  }
  ImGui::End();
}

void drawTokenLabels(const std::vector<TokenLabel>& labels, float cell, float clipX0, float clipY0,
                     float clipX1, float clipY1) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  ImFont* font = ImGui::GetFont();
  // The shield is 0.8 of the cell across. The font at its own size, or a whole multiple of it,
  // in whole pixels, draws crisp texels that every GL dialect blends alike; 3 characters of it
  // fit the shield from cells of 28 pixels (the default zoom). Smaller cells scale it down.
  const float native = ImGui::GetFontSize();
  const float size = cell < native * 2.1F ? std::floor(std::max(8.0F, std::min(native, cell * 0.46F)))
                                          : native * std::max(1.0F, std::floor(cell * 0.36F / native));
  const float shadow = std::max(1.0F, std::floor(size / 12.0F));
  draw->PushClipRect(ImVec2(clipX0, clipY0), ImVec2(clipX1, clipY1), true);
  for (const TokenLabel& label : labels) {
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0F, label.text.c_str());
    // The shield's centre is a little above the cell's (unit.frag).
    const ImVec2 at(std::round(label.x - extent.x * 0.5F),
                    std::round(label.y - 0.03F * cell - extent.y * 0.5F));
    draw->AddText(font, size, ImVec2(at.x + shadow, at.y + shadow), IM_COL32(20, 16, 28, 255),
                  label.text.c_str());
    draw->AddText(font, size, at, IM_COL32(255, 255, 255, 255), label.text.c_str());
  }
  draw->PopClipRect();
}

void drawTurnPrompts(const Scene& scene, Ui& ui, float boardCentreX, float boardTopY) {
  const ImGuiWindowFlags kPrompt = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings;
  const ImVec2 anchor(boardCentreX, boardTopY + 16.0F * ImGui::GetIO().FontGlobalScale);
  // The menu after a move, Fire Emblem style: Wait, or Back to where the unit stood.
  if (scene.pending) {
    const Unit& unit = scene.units[scene.pending->unit];
    ImGui::SetNextWindowPos(anchor, ImGuiCond_Always, ImVec2(0.5F, 0.0F));
    ImGui::Begin("##move menu", nullptr, kPrompt);
    ImGui::Text("%s moved to %d,%d", unit.name.c_str(), unit.cell.x, unit.cell.y);
    if (ImGui::Button("Wait (Z)")) ui.requests.wait = true;
    ImGui::SameLine();
    if (ImGui::Button("Back (X)")) ui.requests.back = true;
    ImGui::End();
  }
  if (scene.confirmingEndTurn) {
    ImGui::SetNextWindowPos(anchor, ImGuiCond_Always, ImVec2(0.5F, 0.0F));
    ImGui::Begin("##end turn", nullptr, kPrompt);
    ImGui::Text("%zu of your units have not moved. End the turn?", unmovedPlayers(scene).size());
    if (ImGui::Button("End turn (Z)")) ui.requests.endTurnAnswer = true;
    ImGui::SameLine();
    if (ImGui::Button("Keep playing (X)")) ui.requests.endTurnAnswer = false;
    ImGui::End();
  }
}

void drawPhaseBanner(const char* text, float alpha, float boardCentreX, float boardCentreY) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * 2.5F;
  const ImVec2 extent = font->CalcTextSizeA(size, 1e9F, 0.0F, text);
  const ImVec2 at(boardCentreX - extent.x / 2, boardCentreY - extent.y / 2);
  const float pad = size * 0.5F;
  draw->AddRectFilled(ImVec2(at.x - pad * 2, at.y - pad), ImVec2(at.x + extent.x + pad * 2, at.y + extent.y + pad),
                      ImGui::GetColorU32(ImVec4(0.05F, 0.06F, 0.10F, 0.8F * alpha)), pad * 0.5F);
  draw->AddText(font, size, at, ImGui::GetColorU32(ImVec4(1.0F, 0.92F, 0.70F, alpha)), text);
}

}  // namespace tactics::app
