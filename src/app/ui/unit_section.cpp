// The selected unit: its ranges, skills and movement class, edited in place (rules/unit_edits.h),
// and the rules the board plays by (SPEC §11).
#include "app/ui/panel_sections.h"

#include <imgui.h>

#include <algorithm>
#include <array>

#include "app/rules/unit_edits.h"
#include "app/ui/panel.h"

namespace tactics::app {

namespace {

// The attack as text (SPEC §3 "MIN-MAX", "N", "0"; §11.4 sets such as "1,3"), validated as it is typed: the unit takes it
// only when it is valid, and the reason it is not shows under the field. True when it changed.
bool attackField(Unit& unit, std::size_t index, AttackField& field) {
  syncAttackField(field, index, unit);
  const AttackRange before = unit.attack;
  std::array<char, 128> buffer{};
  std::copy_n(field.text.begin(), std::min(field.text.size(), buffer.size() - 1), buffer.begin());
  if (ImGui::InputText("Attack", buffer.data(), buffer.size())) {
    typeAttack(field, unit, buffer.data());
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("MIN-MAX (\"2-3\"), N for 1-N, a set (\"1,3\", \"1-2,4-10\"), 0 for none");
  }
  if (!field.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0F, 0.45F, 0.40F, 1.0F));
    ImGui::TextWrapped("%s", field.error.c_str());
    ImGui::PopStyleColor();
  }
  return !(unit.attack == before);
}

// Every edit of the unit itself, together, so that one BeginDisabled can make them read-only.
// Numbers are drag fields, not sliders: a click alone changes nothing (a slider jumps to where it
// is clicked); drag, or double-click and type. The edits clamp whatever number is handed over.
// True when something changed.
bool unitEditor(Unit& unit, std::size_t index, UnitEditMemory& memory, const CostMap& map) {
  bool changed = false;
  int move = unit.moveRange;
  if (ImGui::DragInt("Movement Range", &move, 0.1F, 0, kMaxMoveRange)) {
    setMoveRange(unit, move);
    changed = true;
  }
  notePanelWidget("movement-range");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag to change, or double-click and type");
  changed |= attackField(unit, index, memory.attackField);

  ImGui::TextUnformatted("Skills:");
  for (Skill skill : kSkills) {
    ImGui::SameLine();
    bool on = unit.skills.has(skill);
    if (ImGui::Checkbox(skillName(skill), &on)) {
      setSkill(unit, skill, on);
      changed = true;
    }
  }

  ImGui::Text("Movement class: %s", unit.movement.toString().c_str());
  for (const MovementPreset& preset : movementPresets()) {
    const std::string name(preset.name);
    if (ImGui::SmallButton(name.c_str())) {
      applyPreset(unit, preset);
      changed = true;
    }
    ImGui::SameLine();
  }
  ImGui::NewLine();
  // Every terrain of the map, by its name (SPEC §11.1).
  for (int t = 0; t < map.terrainCount(); ++t) {
    ImGui::PushID(t);
    bool passable = unit.movement.passable(t);
    if (ImGui::Checkbox("##passable", &passable)) {
      setPassable(unit, t, passable);
      changed = true;
    }
    ImGui::SameLine();
    const std::string name = terrainLabel(map, t);
    if (passable) {
      int cost = unit.movement.cost(t);
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55F);
      if (ImGui::DragInt(name.c_str(), &cost, 0.05F, 1, MovementClass::kMaxCost)) {
        setTerrainCost(unit, t, cost);
        changed = true;
      }
    } else {
      ImGui::TextDisabled("%s: impassable", name.c_str());
    }
    ImGui::PopID();
  }
  return changed;
}

}  // namespace

void unitSection(Scene& scene, UnitEditMemory& memory, bool editing) {
  if (!ImGui::CollapsingHeader("Selected unit", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // The board's rules (SPEC §11.2), with or without a selection.
  ImGui::Checkbox("Zone of control (board)", &scene.rules.zoc);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Cells next to a foe halt travel; skirmishers ignore them");
  }
  // SPEC §11.8, square boards only: on a hex board the rule stays off and says why.
  const bool hex = scene.map.topology().hex();
  if (hex) scene.rules.sight.on = false;
  ImGui::BeginDisabled(hex);
  ImGui::Checkbox("Line of sight (board)", &scene.rules.sight.on);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(hex ? "Line of sight is defined on square boards only (SPEC 11.8)"
                          : "Attacks reach only cells no blocking terrain hides; which terrains "
                            "block is set in the level editor");
  }
  if (!scene.selected) {
    ImGui::TextDisabled("Click a unit on the board.");
    return;
  }
  const std::size_t index = *scene.selected;
  Unit& unit = scene.units[index];
  ImGui::Text("%s (%s, %s) at %d,%d", unit.name.c_str(), teamName(unit.team),
              unit.className.c_str(), unit.cell.x, unit.cell.y);
  // SPEC §14: a fighter's hp and stats on the same line, so the rows below stay put.
  if (unit.hp > 0) {
    ImGui::SameLine();
    ImGui::TextDisabled("HP %d%s", unit.hp, unit.lord ? ", lord" : "");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Str %d  Def %d  Spd %d", unit.str, unit.def, unit.spd);
    }
  }
  if (!editing && memory.changedInGame.count(index) == 1) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0F, 0.8F, 0.3F, 1), "(stats changed this game)");
  }
  // SPEC §11.6: only what is drawn; the unit takes no move meanwhile (Scene::ignoreUnits).
  ImGui::Checkbox("Ignore units (where could it go?)", &scene.ignoreUnits);
  if (scene.ignoreUnits && unit.team == Team::Player) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Drawn as if the way were clear: it cannot move meanwhile.");
    ImGui::PopStyleColor();
  }
  // A unit that has acted: its range is shown muted and cannot be edited until the next turn.
  const bool acted = scene.selectedHasActed();
  if (acted) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextColored(ImVec4(0.75F, 0.75F, 0.8F, 1),
                       "%s has acted this turn: it moves again next turn.", unit.name.c_str());
    ImGui::PopTextWrapPos();
  }
  const bool mayEdit = mayEditStats(unit, editing);
  if (!mayEdit) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextDisabled("The computer's units change in the level editor only (T).");
    ImGui::PopTextWrapPos();
  }
  ImGui::BeginDisabled(acted || !mayEdit);
  if (unitEditor(unit, index, memory, scene.map)) noteStatEdit(memory, index, editing);
  ImGui::EndDisabled();
}

}  // namespace tactics::app
