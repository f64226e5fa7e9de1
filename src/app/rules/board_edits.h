#pragma once
// Edit mode's board-wide SPEC §14 settings: the objective (rout, seize a cell, survive N turns)
// and the defence each terrain gives, checked as the scenario reader checks them, so that Save
// scenario writes a board that reads back; each refusal says why, in a line for the panel. And
// the level as the edit history holds it (terrain_edit.h's LevelUnits), taken from a scene and
// put back on it. No GL.

#include <optional>
#include <string>

#include "app/rules/scene.h"
#include "app/rules/terrain_edit.h"

namespace tactics::app {

// The board's objective becomes `objective`, or nothing changes and the reason comes back. Rout
// is the default and is kept as none (the scenario writes no "objective" for it, which every
// board may have). A seize or survive needs a board that fights (some unit has hp) and must pass
// objectiveProblem (a seize cell on the map, a player lord to seize with; survive 1..99 turns);
// only what its type reads is kept (a seize's cell, a survive's turns).
std::optional<std::string> setObjective(Scene& scene, const Objective& objective);

// The defence the map's terrain `terrain` (an index of scene.map.terrainNames()) gives, 0..20
// (TerrainDefence::set's words when refused).
std::optional<std::string> setTerrainDefence(Scene& scene, int terrain, int value);

// Why the board would not read back as a scenario under SPEC §14, or nothing: a unit breaking the
// combat rules (combatProblem: once any unit has hp every player and enemy unit needs it, a lord
// that is no player), an objective on a board that does not fight, or objectiveProblem's.
std::optional<std::string> combatBoardProblem(const Scene& scene);

// The scene's level, as an undo step holds it.
LevelUnits levelOf(const Scene& scene);
// Whether the scene's units, rules, defence and objective are `level`'s (compared in place).
bool sceneHasLevel(const Scene& scene, const LevelUnits& level);
// An undo or redo's level put back on the scene.
void putLevel(Scene& scene, LevelUnits level);

}  // namespace tactics::app
