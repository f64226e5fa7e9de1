#pragma once
// The turn flow, Fire Emblem style, as steps the demo can animate: the player moves each unit
// once (Attack, Wait or Back after each walk), ends the turn (confirmed while units have not
// moved), then the enemies and then the allies move one after another in scenario order, each to
// the cell core/enemy_move.h picks (on a board that fights, the cell of its best attack, and it
// fights there: rules/fights.h), and a new player phase begins. No GL.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/rules/fights.h"
#include "app/rules/scene.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

// Wait on the menu after a walk: the unit stays there and is done (greyed) until the next turn.
// With scene.autoEndTurn on, the last player unit's Wait starts the enemy phase.
void waitUnit(Scene& scene);

// Back on the menu after a walk (also Esc, X and right click: see cancel()): the unit returns to
// where it stood and is selected again. Returns the undone move (from the destination back to
// the start) for the log.
std::optional<MoveEvent> backUnit(Scene& scene);

// "back Lord 7,18 -> 3,20"
std::string formatBack(const MoveEvent& back);

// The title of the menu after a walk: "Lord moved to 7,18", or "Lord stays at 3,20" when the
// unit was told to move onto its own cell. Empty while no menu is open.
std::string moveMenuTitle(const Scene& scene);

// Player units that have not moved this turn, in scenario order.
std::vector<std::size_t> unmovedPlayers(const Scene& scene);

enum class EndTurn { Started, NeedsConfirmation, NotNow };

// End turn (panel button, E): starts the enemy phase, or, while player units have not moved,
// sets scene.confirmingEndTurn and returns NeedsConfirmation for the UI to ask. While the menu
// after a walk is open, that unit Waits first. NotNow outside the player phase or while a unit
// walks.
EndTurn requestEndTurn(Scene& scene);
// The player's answer to the confirmation: yes starts the enemy phase, no keeps playing.
void answerEndTurn(Scene& scene, bool yes);

// The computer-controlled unit whose move is due, if any. When the current enemy or ally phase
// has nobody left to move, this first moves on to the next phase (and from the ally phase to
// the next turn's player phase, returning nullopt). Nullopt on the player phase or while a unit
// walks.
std::optional<std::size_t> nextAiMover(Scene& scene);

// True on an enemy or ally phase in which every unit of the moving side has moved.
bool computerPhaseOver(const Scene& scene);

// Starts the move of the unit nextAiMover() named, with its range (solved for
// sceneQuery(scene, unit) by any backend, so with the board's zone of control): it walks to chooseDestination's cell, and
// advanceWalk() reports the move when it arrives. A unit that stays where it is has moved at
// once: that move (a path of one cell) is returned here.
// When no target is in reach, the unit heads down the distance field of its team and movement
// class (SPEC §10), so it walks around walls instead of into a dead end: one field per (team,
// class) per phase, made by `field` the first time the phase needs it (the CPU reference in tests
// and the CLI, the GPU in the demo).
using SolveField = std::function<DistanceField(const Scene&, Team, const MovementClass&)>;
// The CPU reference's field.
DistanceField referenceField(const Scene& scene, Team team, const MovementClass& movement);

std::optional<MoveEvent> startAiMove(Scene& scene, std::size_t unit, const RangeResult& range,
                                     const SolveField& field = referenceField);

// An attack as the computer's phases show it: units[attacker], standing on `from`, has
// units[target] on `at` within its attack range. On a board that fights (SPEC §14) it is the
// fight's (ComputerMove::fight) and carries no indices: the fight may have removed either unit,
// and the others' indices moved down, so only the names and cells are kept.
struct AttackEvent {
  std::optional<std::size_t> attacker;
  std::optional<std::size_t> target;
  std::string unit;        // the attacker's name
  std::string targetName;
  Cell from;
  Cell at;
};

// "Brigand attacks Lord from 6,17"
std::string formatAttack(const AttackEvent& attack);

// The attack units[unit] makes from the cell it stands on: the hostile unit within its attack
// range at the smallest distance (ties: the side it hunts, isTarget in core enemy_move.h, then
// scenario order); nullopt when none is in reach or it has no attack. Enemies hunt players but
// their fields lead to allies too (SPEC §10), so an enemy next to an ally attacks the ally. An
// enemy that already stands where it can attack stays there (chooseDestination), so this is
// what it does on its phase. Only units the attacker's side knows of (SPEC §11.5): an ally never
// attacks a hidden enemy.
std::optional<AttackEvent> attackFromHere(const Scene& scene, std::size_t unit);

// What a computer unit does where `move` left it: nothing after an ambush (its action ended,
// SPEC §11.5), else attackFromHere. A hidden enemy that attacks gives itself away: it is revealed.
std::optional<AttackEvent> attackAfterMove(Scene& scene, std::size_t unit, const MoveEvent& move);

// A computer unit's turn: its move (a path of one cell when it stayed), the phase it moved in,
// the attack it shows where it ended, if any, and on a board that fights (SPEC §14) the fight.
struct ComputerMove : MoveEvent {
  ComputerMove(MoveEvent move, Phase in, std::optional<AttackEvent> shown)
      : MoveEvent(std::move(move)), phase(in), attack(std::move(shown)) {}
  Phase phase = Phase::Enemy;
  std::optional<AttackEvent> attack;
  std::optional<FightEvent> fight;
};

// On a board that fights, what a computer unit does where `move` left it: nothing after an
// ambush, else the best fight from there (bestAttackFromHere), which reveals a hidden attacker.
std::optional<FightEvent> fightAfterMove(Scene& scene, std::size_t unit, const MoveEvent& move);

// The end of a computer unit's move: its fight on a board that fights, else the attack it shows
// (attackAfterMove).
ComputerMove endComputerMove(Scene& scene, std::size_t unit, MoveEvent move);

// True when a phase's moves did nothing to see: nobody left its cell and nobody attacked (the
// banner says so rather than passing silently).
bool quietPhase(const std::vector<ComputerMove>& moves, Phase phase);

// Solves a unit's range for the AI phases (the CPU reference in tests and the CLI). Solve
// sceneQuery(scene, unit), so that the board's rules (zone of control, SPEC §11.2) hold.
using SolveUnit = std::function<RangeResult(const Scene&, std::size_t unit)>;
// The CPU reference's range of units[unit] under the board's rules.
RangeResult referenceRange(const Scene& scene, std::size_t unit);

// Plays the enemy and ally phases to the end without animation, returning their moves (and the
// attacks shown after them) in order.
std::vector<ComputerMove> runAiPhases(Scene& scene, const SolveUnit& solve = referenceRange,
                                      const SolveField& field = referenceField);

}  // namespace tactics::app
