// Edit mode's unit editor: the unit selected on the board (clicked, or Z on it) with its name,
// team, class, move and attack, and under a folded Combat node its SPEC §14 hp, str, def, spd and
// lord, each checked as the scenario reader checks it (rules/unit_placement.h); a refusal goes to
// the section's message line.
#include <imgui.h>

#include <array>
#include <string>

#include "app/rules/board_edits.h"
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

// A combat edit: refused, the reason; done, what still keeps the board from saving (a board
// that now fights with units that have no hp yet, say), so the next step is plain.
void reportCombat(EditSettings& edit, const Scene& scene,
                  const std::optional<std::string>& problem) {
  if (problem) {
    edit.message = *problem;
  } else if (const auto board = combatBoardProblem(scene)) {
    edit.message = "Before saving: " + *board;
  } else {
    edit.message.clear();
  }
}

// The Combat node: SPEC §14's stats and lord. Folded by default, one line of the panel, so the
// rows below it move only when it is opened. Its open state is the same for every unit.
void combatStats(Scene& scene, EditSettings& edit, std::size_t index) {
  const bool open = ImGui::TreeNode("Combat");
  notePanelWidget("unit-combat");
  if (!open) return;
  ImGui::PushID(static_cast<int>(index));
  struct Field {
    const char* label;
    CombatStat stat;
    int value;
    const char* note;
  };
  const Unit& unit = scene.units[index];
  const std::array<Field, 4> fields = {{
      {"HP", CombatStat::Hp, unit.hp,
       "0..99; 0: no hp, the unit neither fights nor can be hurt. Once any unit has hp, every "
       "player and enemy unit needs it"},
      {"Str", CombatStat::Str, unit.str, "0..99: each strike deals str - (def + terrain defence)"},
      {"Def", CombatStat::Def, unit.def, "0..99, with the defence of the terrain it stands on"},
      {"Spd", CombatStat::Spd, unit.spd, "0..99: a unit 4 faster than its foe strikes twice"},
  }};
  for (const Field& field : fields) {
    int value = field.value;
    if (ImGui::InputInt(field.label, &value)) {
      reportCombat(edit, scene, setUnitStat(scene, index, field.stat, value));
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", field.note);
  }
  bool lord = scene.units[index].lord;
  const bool player = scene.units[index].team == Team::Player;
  if (!player) ImGui::BeginDisabled();
  if (ImGui::Checkbox("Lord", &lord)) reportCombat(edit, scene, setUnitLord(scene, index, lord));
  if (!player) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(player ? "The game is lost when a lord falls; a seize needs a lord"
                             : "Only a player unit can be a lord");
  }
  ImGui::PopID();
  ImGui::TreePop();
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
  // Last, so that the rows above stay where they were.
  combatStats(scene, edit, index);
}

}  // namespace tactics::app
