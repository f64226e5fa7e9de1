#pragma once
// Edit mode's units: placed, moved, removed and changed (team, name, class, move, attack, the
// SPEC §14 stats and lord) with
// the checks the scenario reader makes (SPEC §6), so that Save scenario always writes a scenario
// that reads back. Each refusal says why, in a line for the panel. No GL.

#include <cstddef>
#include <optional>
#include <string>

#include "app/rules/scene.h"

namespace tactics::app {

// Why `unit` cannot stand on `cell` of `scene` (outside the map, on another unit — `ignore` is
// the unit itself when it moves —, on terrain its class cannot enter), or nothing.
std::optional<std::string> whyNotStandAt(const Scene& scene, const Unit& unit, Cell cell,
                                         std::optional<std::size_t> ignore = std::nullopt);

// A new unit of `team` on `cell`, foot, move 5, attack 1, named after its team and a number not
// yet used ("Player 3"); it is selected. Refused past kMaxScenarioUnits units.
std::optional<std::string> placeUnit(Scene& scene, Cell cell, Team team);

// Moves units[index] to `cell` (checked as above).
std::optional<std::string> moveUnit(Scene& scene, std::size_t index, Cell cell);

// Takes units[index] off the board; the selection, the moved flags, the walk and the menu after
// a move follow the indices that remain. A board keeps at least one unit (SPEC §6).
std::optional<std::string> removeUnit(Scene& scene, std::size_t index);

// The fields of the unit editor. Each leaves the unit as it was when refused.
std::optional<std::string> renameUnit(Scene& scene, std::size_t index, const std::string& name);
// A unit that leaves the enemy side is no longer hidden; one that leaves the player side is no
// longer a lord.
void setUnitTeam(Scene& scene, std::size_t index, Team team);
// SPEC §11.5's fog: an enemy hidden from the player's side; refused for players and allies.
std::optional<std::string> setUnitHidden(Scene& scene, std::size_t index, bool hidden);
// `className` must be one of the scene's classes, and the unit must be able to stand where it is
// with that class's costs.
std::optional<std::string> setUnitClass(Scene& scene, std::size_t index,
                                        const std::string& className);
std::optional<std::string> setUnitMove(Scene& scene, std::size_t index, int move);
// The attack as `--attack` and the scenarios write it ("1-2", "2", "0"): parseAttackRange.
std::optional<std::string> setUnitAttack(Scene& scene, std::size_t index, const std::string& text);

// SPEC §14's stats, as the unit editor's Combat node edits them: hp 0..99 (0: no hit points, the
// unit neither fights nor can be hurt), str, def and spd 0..99.
enum class CombatStat { Hp, Str, Def, Spd };
const char* combatStatName(CombatStat stat);  // "hp", "str", "def", "spd"
std::optional<std::string> setUnitStat(Scene& scene, std::size_t index, CombatStat stat, int value);
// Only a player unit can be a lord; and the lord a seize objective needs keeps being one until the
// objective changes (objectiveProblem's words).
std::optional<std::string> setUnitLord(Scene& scene, std::size_t index, bool lord);

}  // namespace tactics::app
