// Edit mode's unit editor: the unit selected on the board (clicked, or Z on it) with its name,
// team, class, move and attack, each checked as the scenario reader checks it
// (rules/unit_placement.h); a refusal goes to the section's message line.
#include <imgui.h>

#include <array>
#include <string>

#include "app/rules/unit_placement.h"
#include "app/ui/panel.h"

namespace tactics::app {

namespace {

// The text fields of the unit being edited, reloaded when another unit is selected.
struct UnitText {
  std::optional<std::size_t> unit;
  std::array<char, 128> name{};
  std::array<char, 64> attack{};
};

void load(UnitText& text, const Unit& unit, std::size_t index) {
  text.unit = index;
  text.name.fill(0);
  text.attack.fill(0);
  unit.name.copy(text.name.data(), text.name.size() - 1);
  formatAttackRange(unit.attack).copy(text.attack.data(), text.attack.size() - 1);
}

void report(EditSettings& edit, const std::optional<std::string>& problem) {
  if (problem) {
    edit.message = *problem;
  } else {
    edit.message.clear();  // the change itself is an undo step (TerrainPainting::trackUnitEdits)
  }
}

}  // namespace

void unitEditor(Scene& scene, EditSettings& edit) {
  static UnitText text;
  if (!scene.selected || *scene.selected >= scene.units.size()) {
    ImGui::TextDisabled("Click a unit (or Z on it) to edit it.");
    text.unit.reset();
    return;
  }
  const std::size_t index = *scene.selected;
  // Another unit, or this one changed elsewhere (the play panel's sliders): the fields follow,
  // except while one of them is being typed in.
  const Unit& shown = scene.units[index];
  if (text.unit != index || shown.name != std::string(text.name.data()) ||
      formatAttackRange(shown.attack) != std::string(text.attack.data())) {
    if (text.unit != index || !ImGui::IsAnyItemActive()) load(text, shown, index);
  }
  ImGui::PushID(static_cast<int>(index));
  ImGui::InputText("Name", text.name.data(), text.name.size());
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    report(edit, renameUnit(scene, index, text.name.data()));
    load(text, scene.units[index], index);
  }
  int team = static_cast<int>(scene.units[index].team);
  if (ImGui::Combo("Team", &team, "player\0enemy\0ally\0")) {
    setUnitTeam(scene, index, static_cast<Team>(team));
    report(edit, std::nullopt);
  }
  if (scene.units[index].team == Team::Enemy) {
    bool hidden = scene.units[index].hidden;
    if (ImGui::Checkbox("Hidden (fog)", &hidden)) report(edit, setUnitHidden(scene, index, hidden));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Unknown to the player until a walk runs into it: not drawn outside edit "
                        "mode, out of the danger zone and the player's ranges");
    }
  }
  const std::string current = scene.units[index].className;
  if (ImGui::BeginCombo("Class", current.c_str())) {
    for (const auto& [name, movement] : scene.classes) {
      const std::string label = name + "  " + movement.toString();
      if (ImGui::Selectable(label.c_str(), name == current)) {
        report(edit, setUnitClass(scene, index, name));
      }
    }
    ImGui::EndCombo();
  }
  int move = scene.units[index].moveRange;
  if (ImGui::InputInt("Move", &move)) report(edit, setUnitMove(scene, index, move));
  ImGui::InputText("Attack", text.attack.data(), text.attack.size());
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    report(edit, setUnitAttack(scene, index, text.attack.data()));
    load(text, scene.units[index], index);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("As --attack: \"1-2\", \"2\" (= 1-2), \"0\" none");
  if (ImGui::Button("Remove unit (Delete)")) edit.removeUnit = index;
  ImGui::PopID();
}

}  // namespace tactics::app
