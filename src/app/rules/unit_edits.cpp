#include "app/rules/unit_edits.h"

#include <algorithm>
#include <utility>

namespace tactics::app {

namespace {
constexpr std::uint8_t kX = MovementClass::kImpassable;
}  // namespace

const std::array<MovementPreset, 4>& movementPresets() {
  static const std::array<MovementPreset, 4> presets = {{
      {"foot", MovementClass({1, 2, 4, 8, kX})},
      {"mounted", MovementClass({1, 3, 5, kX, kX})},
      {"armour", MovementClass({1, 3, 6, kX, kX})},
      {"flier", MovementClass({1, 1, 1, 1, kX})},
  }};
  return presets;
}

namespace {

std::size_t index(int terrain) {
  return static_cast<std::size_t>(std::clamp(terrain, 0, kMaxTerrains - 1));
}

void setCost(Unit& unit, int terrain, std::uint8_t cost) {
  unit.movement = unit.movement.withCost(static_cast<int>(index(terrain)), cost);
  // A table that matches a preset is called by its name again.
  unit.className = "custom";
  for (const MovementPreset& preset : movementPresets()) {
    if (preset.movement == unit.movement) unit.className = std::string(preset.name);
  }
}

}  // namespace

void setMoveRange(Unit& unit, int value) { unit.moveRange = std::clamp(value, 0, kMaxMoveRange); }

void setAttackMin(Unit& unit, int value) {
  if (unit.attack.none()) return;
  AttackSpan first = unit.attack.span(0);  // the sliders edit the first (or only) range
  first.min = std::clamp(value, 1, kMaxAttackRange);
  first.max = std::max(first.max, first.min);
  unit.attack = unit.attack.withSpan(0, first);
}

void setAttackMax(Unit& unit, std::size_t index, int value, UnitEditMemory& memory) {
  const int max = std::clamp(value, 0, kMaxAttackRange);
  if (max == 0) return setCanAttack(unit, index, false, memory);
  if (unit.attack.none()) {
    unit.attack = AttackRange{1, max};
    return;
  }
  AttackSpan first = unit.attack.span(0);  // the sliders edit the first (or only) range
  first.max = max;
  first.min = std::min(first.min, max);
  unit.attack = unit.attack.withSpan(0, first);
}

void setCanAttack(Unit& unit, std::size_t index, bool canAttack, UnitEditMemory& memory) {
  if (canAttack == !unit.attack.none()) return;
  if (!canAttack) {
    memory.attackBeforeDisabling[index] = unit.attack;
    unit.attack = AttackRange{0, 0};
    return;
  }
  const auto remembered = memory.attackBeforeDisabling.find(index);
  unit.attack = remembered != memory.attackBeforeDisabling.end() ? remembered->second
                                                                 : AttackRange{1, 1};
}

void setTerrainCost(Unit& unit, int terrain, int value) {
  setCost(unit, terrain, static_cast<std::uint8_t>(std::clamp(value, 1, int{MovementClass::kMaxCost})));
}

void setPassable(Unit& unit, int terrain, bool passable) {
  if (passable == unit.movement.passable(static_cast<int>(index(terrain)))) return;
  setCost(unit, terrain, passable ? std::uint8_t{1} : kX);
}

void applyPreset(Unit& unit, const MovementPreset& preset) {
  unit.movement = preset.movement;
  unit.className = std::string(preset.name);
}

void syncAttackField(AttackField& field, std::size_t index, const Unit& unit) {
  if (field.unit == index && field.shown == unit.attack) return;
  field.unit = index;
  field.shown = unit.attack;
  field.text = formatAttackRange(unit.attack);
  field.error.clear();
}

void typeAttack(AttackField& field, Unit& unit, std::string text) {
  field.text = std::move(text);
  const auto attack = parseAttackRange(field.text, "attack");
  if (!attack) {
    field.error = attack.error();
    return;
  }
  unit.attack = *attack;
  field.shown = *attack;
  field.error.clear();
}

void setSkill(Unit& unit, Skill skill, bool on) {
  Skills skills;
  for (Skill s : kSkills) {
    if (s == skill ? on : unit.skills.has(s)) skills.add(s);
  }
  unit.skills = skills;
}

bool mayEditStats(const Unit& unit, bool editing) { return editing || unit.team == Team::Player; }

void noteStatEdit(UnitEditMemory& memory, std::size_t index, bool editing) {
  if (editing) {
    memory.changedInGame.clear();
  } else {
    memory.changedInGame.insert(index);
  }
}

}  // namespace tactics::app
