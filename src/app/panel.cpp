#include "app/panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>

#include "app/asset_paths.h"

namespace tactics::app {

namespace {

constexpr std::array<const char*, kTerrainClasses> kTerrainNames = {"plains", "forest", "hill",
                                                                   "mountain", "wall/water"};
constexpr std::array<const char*, 5> kDirectionNames = {"up", "down", "left", "right", "none"};

struct MovementPreset {
  const char* name;
  MovementClass movement;
};
const std::array<MovementPreset, 4> kPresets = {{
    {"Foot", MovementClass({1, 2, 4, 8, MovementClass::kImpassable})},
    {"Mounted", MovementClass({1, 3, 6, MovementClass::kImpassable, MovementClass::kImpassable})},
    {"Armour", MovementClass({1, 3, 8, MovementClass::kImpassable, MovementClass::kImpassable})},
    {"Flier", MovementClass({1, 1, 1, 1, 1})},
}};

void unitSection(Scene& scene) {
  if (!ImGui::CollapsingHeader("Selected unit", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!scene.selected) {
    ImGui::TextDisabled("Click a unit on the board.");
    return;
  }
  Unit& unit = scene.units[*scene.selected];
  ImGui::Text("%s (%s) at %d,%d", unit.name.c_str(), teamName(unit.team), unit.cell.x,
              unit.cell.y);
  ImGui::SliderInt("Movement Range", &unit.moveRange, 0, kMaxMoveRange);

  bool canAttack = !unit.attack.none();
  if (ImGui::Checkbox("Can attack", &canAttack)) {
    unit.attack = canAttack ? AttackRange{1, 1} : AttackRange{0, 0};
  }
  if (canAttack) {
    // Keep 1 <= min <= max whichever slider moved.
    if (ImGui::SliderInt("Attack min", &unit.attack.min, 1, kMaxAttackRange)) {
      unit.attack.max = std::max(unit.attack.max, unit.attack.min);
    }
    if (ImGui::SliderInt("Attack max", &unit.attack.max, 1, kMaxAttackRange)) {
      unit.attack.min = std::min(unit.attack.min, unit.attack.max);
    }
  }

  ImGui::Text("Movement class: %s", unit.movement.toString().c_str());
  for (const MovementPreset& preset : kPresets) {
    if (ImGui::SmallButton(preset.name)) unit.movement = preset.movement;
    ImGui::SameLine();
  }
  ImGui::NewLine();
  auto costs = unit.movement.costs();
  for (std::size_t t = 0; t < costs.size(); ++t) {
    ImGui::PushID(static_cast<int>(t));
    bool passable = costs[t] != MovementClass::kImpassable;
    if (ImGui::Checkbox("##passable", &passable)) costs[t] = passable ? 1 : MovementClass::kImpassable;
    ImGui::SameLine();
    if (passable) {
      int cost = costs[t];
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55F);
      if (ImGui::SliderInt(kTerrainNames[t], &cost, 1, MovementClass::kMaxCost)) {
        costs[t] = static_cast<std::uint8_t>(cost);
      }
    } else {
      ImGui::TextDisabled("%s: impassable", kTerrainNames[t]);
    }
    ImGui::PopID();
  }
  unit.movement = MovementClass(costs);
}

void mapSection(const Scene& scene, Ui& ui, const std::vector<std::string>& maps) {
  if (!ImGui::CollapsingHeader("Map", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Text("%s, %s cells", mapName(scene.mapPath).c_str(), scene.map.sizeText().c_str());
  const float rows = static_cast<float>(std::min<std::size_t>(maps.size(), 6)) + 0.25F;
  if (ImGui::BeginListBox("##maps", ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * rows))) {
    for (const std::string& path : maps) {
      if (ImGui::Selectable(mapName(path).c_str(), path == scene.mapPath)) ui.loadMap = path;
    }
    ImGui::EndListBox();
  }
  if (ImGui::Button("Reload map")) ui.loadMap = scene.mapPath;
  if (!ui.mapProblem.empty()) {
    ImGui::TextColored(ImVec4(1, 0.5F, 0.4F, 1), "%s", ui.mapProblem.c_str());
  }
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

void watchSection(WatchSettings& watch, const Scene& scene, const SolveReport& report) {
  if (!ImGui::CollapsingHeader("Watch the algorithm", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Checkbox("Limit passes", &watch.enabled);
  if (!watch.enabled) return;
  const int most = scene.selectedUnit() ? scene.selectedUnit()->moveRange : kMaxMoveRange;
  ImGui::SliderInt("Passes", &watch.passes, 0, most);
  if (ImGui::Button("Step")) watch.passes = std::min(watch.passes + 1, most);
  ImGui::SameLine();
  if (ImGui::Button("Restart")) watch.passes = 0;
  ImGui::SameLine();
  ImGui::Checkbox("Animate", &watch.animate);
  ImGui::SliderFloat("Passes/s", &watch.passesPerSecond, 0.5F, 30.0F, "%.1f");
  ImGui::TextDisabled(report.converged ? "Converged: the wavefront stopped changing."
                                       : "Stopped early: costs may still fall.");
}

void hoverLines(const Scene& scene, const RangeResult* range) {
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
    ImGui::Text("Unit: %s (%s)", scene.units[*who].name.c_str(), teamName(scene.units[*who].team));
  }
  if (!range) return;
  if (range->reached(c)) {
    ImGui::Text("Travel cost %d, parent %s", range->travelCost[c],
                kDirectionNames[static_cast<std::size_t>(range->parent[c])]);
  } else {
    ImGui::Text(range->reach[c] == Reach::Attackable ? "Attackable" : "Out of range");
  }
}

void hoverSection(const Scene& scene, const RangeResult* range) {
  if (!ImGui::CollapsingHeader("Hovered cell", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // A fixed height, so the sections below do not jump when the mouse moves onto the panel.
  ImGui::BeginChild("hovered", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 4.0F));
  hoverLines(scene, range);
  ImGui::EndChild();
}

void numbersSection(const Ui& ui, const SolveReport& report) {
  if (!ImGui::CollapsingHeader("Numbers", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Text("Frame %.2f ms", static_cast<double>(ui.frameMs));
  ImGui::Text("Solves %d, passes run %d", report.solves, report.passes);
  ImGui::Text("GPU solve %.3f ms, CPU reference %.3f ms", report.gpuMilliseconds,
              report.cpuMilliseconds);
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
  const auto width = static_cast<float>(model.width);
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - width, 0));
  ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y));
  ImGui::Begin("tactics-grid", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::PushItemWidth(width * 0.5F);  // room for the labels
  // What a user looks at most comes first, so it fits above the fold at 1280x720.
  unitSection(model.scene);
  numbersSection(model.ui, model.report);
  hoverSection(model.scene, model.range);
  watchSection(model.ui.watch, model.scene, model.report);
  viewSection(model.ui.view);
  mapSection(model.scene, model.ui, model.maps);
  ImGui::PopItemWidth();
  ImGui::End();
}

}  // namespace tactics::app
