// The selected unit: its ranges and movement class, edited in place (rules/unit_edits.h).
#include "app/ui/panel_sections.h"

#include <imgui.h>

#include "app/rules/unit_edits.h"

namespace tactics::app {

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
  // A unit that has acted: its range is shown muted and cannot be edited until the next turn.
  const bool acted = scene.selectedHasActed();
  if (acted) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextColored(ImVec4(0.75F, 0.75F, 0.8F, 1), "%s has acted this turn: it moves again next turn.",
                       unit.name.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::BeginDisabled(acted);
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
  ImGui::EndDisabled();
}

}  // namespace tactics::app
