#include "app/rules/unit_placement.h"

#include <algorithm>

#include "tactics/io/scenario.h"

namespace tactics::app {

namespace {

std::string teamLabel(Team team) {
  switch (team) {
    case Team::Player: return "Player";
    case Team::Enemy: return "Enemy";
    case Team::Ally: return "Ally";
  }
  return "Unit";
}

bool nameTaken(const Scene& scene, const std::string& name) {
  return std::any_of(scene.units.begin(), scene.units.end(),
                     [&](const Unit& unit) { return unit.name == name; });
}

// An index list entry after units[removed] is erased: shifted down, or gone when it was it.
std::optional<std::size_t> shifted(std::optional<std::size_t> index, std::size_t removed) {
  if (!index || *index == removed) return std::nullopt;
  return *index > removed ? *index - 1 : *index;
}

}  // namespace

std::optional<std::string> whyNotStandAt(const Scene& scene, const Unit& unit, Cell cell,
                                         std::optional<std::size_t> ignore) {
  if (!scene.map.contains(cell)) {
    return toString(cell) + " is outside " + scene.map.boundsText();
  }
  if (const auto other = unitAt(scene.units, cell); other && other != ignore) {
    return scene.units[*other].name + " already stands on " + toString(cell);
  }
  const int terrain = scene.map.terrain(cell);
  if (!unit.movement.passable(terrain)) {
    return unit.name + " (class " + unit.className + ") cannot enter " +
           scene.map.terrainName(terrain) + " at " + toString(cell);
  }
  return std::nullopt;
}

std::optional<std::string> placeUnit(Scene& scene, Cell cell, Team team) {
  if (scene.units.size() >= kMaxScenarioUnits) {
    return "a board holds at most " + std::to_string(kMaxScenarioUnits) + " units";
  }
  Unit unit;
  unit.team = team;
  unit.cell = cell;
  unit.moveRange = 5;
  unit.attack = *parseAttackRange("1", "attack");
  const auto foot = scene.classes.find("foot");
  unit.className = "foot";
  unit.movement = foot != scene.classes.end() ? foot->second
                                              : presetMovementClasses().at("foot");
  for (int n = 1;; ++n) {
    unit.name = teamLabel(team) + " " + std::to_string(n);
    if (!nameTaken(scene, unit.name)) break;
  }
  if (auto problem = whyNotStandAt(scene, unit, cell)) return "cannot place a unit: " + *problem;
  scene.units.push_back(std::move(unit));
  scene.moved.resize(scene.units.size(), false);
  scene.selected = scene.units.size() - 1;
  resetRoute(scene);
  return std::nullopt;
}

std::optional<std::string> moveUnit(Scene& scene, std::size_t index, Cell cell) {
  if (index >= scene.units.size()) return "no such unit";
  Unit& unit = scene.units[index];
  if (unit.cell == cell) return std::nullopt;
  if (auto problem = whyNotStandAt(scene, unit, cell, index)) {
    return "cannot move " + unit.name + ": " + *problem;
  }
  unit.cell = cell;
  resetRoute(scene);
  return std::nullopt;
}

std::optional<std::string> removeUnit(Scene& scene, std::size_t index) {
  if (index >= scene.units.size()) return "no such unit";
  if (scene.units.size() == 1) {
    return "cannot remove " + scene.units[index].name + ": a board needs at least one unit";
  }
  scene.units.erase(scene.units.begin() + static_cast<std::ptrdiff_t>(index));
  if (index < scene.moved.size()) {
    scene.moved.erase(scene.moved.begin() + static_cast<std::ptrdiff_t>(index));
  }
  scene.moved.resize(scene.units.size(), false);
  scene.selected = shifted(scene.selected, index);
  if (scene.walk) {
    if (const auto unit = shifted(scene.walk->unit, index)) {
      scene.walk->unit = *unit;
    } else {
      scene.walk.reset();
    }
  }
  if (scene.pending) {
    if (const auto unit = shifted(scene.pending->unit, index)) {
      scene.pending->unit = *unit;
    } else {
      scene.pending.reset();
    }
  }
  resetRoute(scene);
  return std::nullopt;
}

std::optional<std::string> renameUnit(Scene& scene, std::size_t index, const std::string& name) {
  if (index >= scene.units.size()) return "no such unit";
  if (!isAllowedUnitName(name)) {
    return "a name is 1.." + std::to_string(kMaxUnitNameLength) +
           " characters without control characters";
  }
  scene.units[index].name = name;
  return std::nullopt;
}

void setUnitTeam(Scene& scene, std::size_t index, Team team) {
  if (index >= scene.units.size()) return;
  Unit& unit = scene.units[index];
  unit.team = team;
  if (team != Team::Enemy) unit.hidden = false;  // only an enemy can hide (SPEC §11.5)
  if (team != Team::Player) unit.lord = false;   // only a player can be a lord (SPEC §14)
}

std::optional<std::string> setUnitHidden(Scene& scene, std::size_t index, bool hidden) {
  if (index >= scene.units.size()) return "no such unit";
  Unit& unit = scene.units[index];
  if (hidden && unit.team != Team::Enemy) {
    return std::string("only an enemy can be hidden; ") + unit.name + " is a " +
           teamName(unit.team) + " unit";
  }
  unit.hidden = hidden;
  return std::nullopt;
}

std::optional<std::string> setUnitClass(Scene& scene, std::size_t index,
                                        const std::string& className) {
  if (index >= scene.units.size()) return "no such unit";
  const auto found = scene.classes.find(className);
  if (found == scene.classes.end()) return "no class \"" + className + "\" on this board";
  Unit changed = scene.units[index];
  changed.className = className;
  changed.movement = found->second;
  if (auto problem = whyNotStandAt(scene, changed, changed.cell, index)) {
    return "cannot make it " + className + ": " + *problem;
  }
  scene.units[index] = std::move(changed);
  return std::nullopt;
}

std::optional<std::string> setUnitMove(Scene& scene, std::size_t index, int move) {
  if (index >= scene.units.size()) return "no such unit";
  if (move < 0 || move > kMaxMoveRange) {
    return "move " + std::to_string(move) + " is out of range; expected 0.." +
           std::to_string(kMaxMoveRange);
  }
  scene.units[index].moveRange = move;
  return std::nullopt;
}

std::optional<std::string> setUnitAttack(Scene& scene, std::size_t index,
                                         const std::string& text) {
  if (index >= scene.units.size()) return "no such unit";
  auto attack = parseAttackRange(text, "attack");
  if (!attack) return attack.error();
  scene.units[index].attack = *attack;
  return std::nullopt;
}

const char* combatStatName(CombatStat stat) {
  switch (stat) {
    case CombatStat::Hp: return "hp";
    case CombatStat::Str: return "str";
    case CombatStat::Def: return "def";
    case CombatStat::Spd: return "spd";
  }
  return "hp";
}

std::optional<std::string> setUnitStat(Scene& scene, std::size_t index, CombatStat stat,
                                       int value) {
  if (index >= scene.units.size()) return "no such unit";
  const int most = stat == CombatStat::Hp ? kMaxHp : kMaxCombatStat;
  if (value < 0 || value > most) {
    return std::string(combatStatName(stat)) + " " + std::to_string(value) +
           " is out of range; expected 0.." + std::to_string(most) +
           (stat == CombatStat::Hp ? " (0: no hp, the unit neither fights nor can be hurt)" : "");
  }
  Unit& unit = scene.units[index];
  switch (stat) {
    case CombatStat::Hp: unit.hp = value; break;
    case CombatStat::Str: unit.str = value; break;
    case CombatStat::Def: unit.def = value; break;
    case CombatStat::Spd: unit.spd = value; break;
  }
  return std::nullopt;
}

std::optional<std::string> setUnitLord(Scene& scene, std::size_t index, bool lord) {
  if (index >= scene.units.size()) return "no such unit";
  Unit& unit = scene.units[index];
  if (lord && unit.team != Team::Player) {
    return std::string("only a player unit can be a lord; ") + unit.name +
           (unit.team == Team::Enemy ? " is an enemy unit" : " is an ally unit");
  }
  if (!lord && unit.lord && scene.objective) {
    std::vector<Unit> without = scene.units;
    without[index].lord = false;
    if (auto problem =
            objectiveProblem(*scene.objective, without, scene.map.width(), scene.map.height())) {
      return "cannot take the lord from " + unit.name + ": " + *problem +
             " (change the objective first)";
    }
  }
  unit.lord = lord;
  return std::nullopt;
}

}  // namespace tactics::app
