// The view toggles, the algorithm watcher, the legend and the enemy side's reach.
#include "app/ui/panel_sections.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/view/palette.h"

namespace tactics::app {

void viewSection(ViewToggles& view) {
  if (!ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Checkbox("Move overlay", &view.moveOverlay);
  ImGui::SameLine();
  ImGui::Checkbox("Attack overlay", &view.attackOverlay);
  ImGui::Checkbox("Grid lines", &view.gridLines);
  ImGui::SameLine();
  ImGui::Checkbox("Travel costs", &view.travelCosts);
  ImGui::Checkbox("Parent directions", &view.parentGlyphs);
  ImGui::Checkbox("Pulse selected range", &view.pulse);
  ImGui::Checkbox("Sight lines", &view.sightLines);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("With line of sight on: from the hovered cell the unit can stop on (else its "
                      "own), a line to each cell of its attack; red where a wall hides it");
  }
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

namespace {

// The danger zone's three steps (SPEC §7 counts): a line each in the legend, or all on one line.
void dangerLegend(bool oneLine) {
  const char* const steps[kDangerSteps] = {"1 enemy threatens", "2 enemies threaten",
                                                "3+ enemies threaten"};
  const char* const brief[kDangerSteps] = {"1", "2", "3+ enemies"};
  for (int count = 1; count <= kDangerSteps; ++count) {
    ImGui::PushID(count);
    swatch("danger", dangerStep(count).colour);
    ImGui::SameLine();
    if (oneLine) {
      ImGui::TextUnformatted(brief[count - 1]);
      if (count < kDangerSteps) ImGui::SameLine();
    } else {
      ImGui::Text("danger zone: %s the cell", steps[count - 1]);
    }
    ImGui::PopID();
  }
  if (!oneLine) ImGui::TextDisabled("Zoomed in, each cell prints its count.");
}

}  // namespace

// What the colours on the board mean, and how to read a channel view.
void legendSection(const ViewToggles& view, const CostMap& map) {
  if (!ImGui::CollapsingHeader("Legend")) return;
  // The map's terrains (SPEC §11.1 names them), each with its colour.
  ImGui::TextUnformatted("Terrain:");
  for (int t = 0; t < map.terrainCount(); ++t) {
    const std::string label = terrainLabel(map, t);
    const float wide = ImGui::GetFrameHeight() + ImGui::CalcTextSize(label.c_str()).x +
                       2 * ImGui::GetStyle().ItemSpacing.x;
    if (ImGui::GetItemRectMax().x + wide <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {
      ImGui::SameLine();
    }
    ImGui::PushID(t);
    swatch("terrain", terrainColour(t));
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextUnformatted(label.c_str());
  }
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
  dangerLegend(false);
  swatch("zoc", zocBorderColour(Team::Player));
  ImGui::SameLine();
  ImGui::TextWrapped("border: zone of control, where the selected unit must stop (in its foes' "
                     "colour)");
  switch (view.channel) {
    case ChannelView::R:
      ImGui::TextWrapped(map.indexed() ? "R: the cell's terrain index (a map of named terrains)."
                                       : "R: the map's grey; class = min(4, R/51).");
      break;
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
  ImGui::Checkbox("Danger zone (V)", &threats.dangerZone);
  if (threats.dangerZone) dangerLegend(true);
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
  // Checkbox labels do not wrap: short ones, and the rest in a tooltip.
  ImGui::Checkbox("Paths beyond one turn (G)", &threats.longPaths);
  hoverNote("The whole path to a cell beyond the blue area, turn by turn. Hold Shift to see them "
            "while it is held.");
  ImGui::Checkbox("Heat map (selected unit)", &threats.heatMap);
  hoverNote("Where the selected unit can be: its travel cost from where it stands.");
  if (threats.heatMap) {
    ImGui::TextDisabled("Its travel cost from where it stands; a line every Movement Range.");
  }
}

}  // namespace tactics::app
