// What is under the pointer.
#include "app/ui/panel_sections.h"

#include <imgui.h>

#include "app/rules/fights.h"
#include "app/rules/sight_view.h"
#include "app/rules/unit_labels.h"

namespace tactics::app {

namespace {

// Where a reached cell's path comes from: "up" .. "right" on a square board, the parent cell on
// a hex board.
std::string parentName(const RangeResult& range, Cell c) {
  constexpr std::array<const char*, 4> kSquare = {"up", "down", "left", "right"};
  const int k = neighbourOf(range.parent[c]);
  if (k < 0) return "none";
  if (isHex(range.layout)) return "at " + toString(Topology(range.layout).neighbour(c, k));
  return kSquare[static_cast<std::size_t>(k)];
}

void hoverLines(const Scene& scene, const RangeResult* range, const Grid<std::uint8_t>* danger,
                const std::string* noPath, bool editing, UnitLabelMemory& labels) {
  if (!scene.hovered || !scene.map.contains(*scene.hovered)) {
    ImGui::TextDisabled("Move the mouse over the board.");
    return;
  }
  const Cell c = *scene.hovered;
  const int terrain = scene.map.terrain(c);
  const MovementClass movement =
      scene.selectedUnit() ? scene.selectedUnit()->movement : MovementClass();
  ImGui::Text("Cell %d,%d: %s (%s %d)", c.x, c.y, terrainLabel(scene.map, terrain).c_str(),
              scene.map.indexed() ? "terrain" : "grey", scene.map.grey(c));
  if (const int defence = scene.defence.of(terrain); defence > 0 && sceneFights(scene)) {
    ImGui::Text("Defence +%d", defence);
  }
  if (movement.passable(terrain)) {
    ImGui::Text("Entry cost %d", movement.cost(terrain));
  } else {
    ImGui::Text("Impassable");
  }
  // The level editor draws hidden enemies, so it names them too.
  if (const auto who = editing ? unitAt(scene.units, c) : seenUnitAt(scene.units, c)) {
    // The name in full, with the label its token shows.
    const Unit& unit = scene.units[*who];
    const std::string label = labels.labels(scene.units, editing)[*who];
    ImGui::Text("Unit: %s [%s] (%s%s)", unit.name.c_str(), label.c_str(), teamName(unit.team),
                unit.hidden ? ", hidden" : "");
    // SPEC §14: what it fights with, and the defence its cell gives it.
    if (unit.hp > 0) {
      ImGui::Text("HP %d  Str %d  Def %d  Spd %d%s", unit.hp, unit.str, unit.def, unit.spd,
                  unit.lord ? "  (lord)" : "");
    }
  }
  if (danger && danger->width() == scene.map.width() && danger->height() == scene.map.height()) {
    ImGui::Text("Threatened by %d enem%s", (*danger)[c], (*danger)[c] == 1 ? "y" : "ies");
  }
  if (!range) return;
  if (range->reached(c)) {
    ImGui::Text("Travel cost %d, parent %s", range->travelCost[c], parentName(*range, c).c_str());
  } else {
    ImGui::Text(range->reach[c] == Reach::Attackable ? "Attackable" : "Out of range");
  }
  // SPEC §11.8: in attack distance of a stopping cell, but no such cell sees it.
  if (outOfSight(scene, *range, c)) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0F, 0.55F, 0.45F, 1.0F));
    ImGui::TextWrapped("No line of sight from any cell this unit can stop on");
    ImGui::PopStyleColor();
  }
  // Paths beyond one turn on, and none there: say so, and who stands in the way.
  if (noPath && !noPath->empty()) {
    ImGui::TextColored(ImVec4(1.0F, 0.55F, 0.45F, 1.0F), "Beyond one turn: %s", noPath->c_str());
  }
}

}  // namespace

void hoverSection(const Scene& scene, const RangeResult* range, const Grid<std::uint8_t>* danger,
                  const std::string* noPath, bool editing, UnitLabelMemory& labels) {
  if (!ImGui::CollapsingHeader("Hovered cell", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // A fixed height, so the sections below do not jump when the mouse moves onto the panel.
  ImGui::BeginChild("hovered", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 6.0F));
  hoverLines(scene, range, danger, noPath, editing, labels);
  ImGui::EndChild();
}

}  // namespace tactics::app
