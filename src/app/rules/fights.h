#pragma once
// Fights on the board (SPEC §14), as the demo plays them: the player's Attack after a move (its
// targets, the one picked and its forecast, the fight), the computer's fight after its move, and
// how the game stands after each (the objective's judge). No GL: a fight's animation is the
// view's, from the FightEvent it returns.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/rules/scene.h"
#include "tactics/solver/combat.h"
#include "tactics/solver/objective.h"

namespace tactics::app {

// The board fights: some unit has hp (SPEC §14). Without it the demo plays as before: nothing
// can be hurt and the game never ends.
bool sceneFights(const Scene& scene);

// The objective the board plays for: the scenario's, or rout.
Objective sceneObjective(const Scene& scene);

// What the board's fights read: its map, units, terrain defence and rules. The scene must
// outlive it and keep its units as they are.
CombatBoard combatBoard(const Scene& scene);
// The same for the fights units[unit] makes from `from` (and the counters to them): sight is
// baked only over the cells its attack reaches from there, not the whole map, so that the
// pick, the forecasts and the menu's Attack cost little each frame.
CombatBoard combatBoardFrom(const Scene& scene, std::size_t unit, Cell from);

// The foes units[unit] can attack from the cell it stands on, in scenario order (none on a
// board that does not fight).
std::vector<std::size_t> attackTargets(const Scene& scene, std::size_t unit);

// Attack on the menu after a move: the pick (Scene::attackPick) opens on the first target.
// False (nothing opens) when the pending unit has no target.
bool openAttack(Scene& scene);
// The same, showing units[foe] when it is a target (the player clicked it to walk and attack).
bool openAttackOn(Scene& scene, std::size_t foe);
// The next (+1) or previous (-1) target, round the list.
void cycleTarget(Scene& scene, int step);
// A click on a cell while picking: the target standing there is shown (true), or nothing.
bool pickTargetAt(Scene& scene, Cell cell);
// Back (X) while picking: the menu after the move again.
void closeAttack(Scene& scene);

// An attack and its forecast: units[attacker] on `from` strikes units[target].
struct PlannedAttack {
  std::size_t attacker = 0;
  std::size_t target = 0;
  Cell from;
  Forecast forecast;
};
// The picked target and its forecast.
std::optional<PlannedAttack> pickedAttack(const Scene& scene);

// "Lord attacks Brigand from 7,18: deals 6 x2, takes 3; Brigand falls"
std::string formatFight(const FightEvent& fight);

// Z while picking: the fight. The attacker's action ends (as a Wait does), the fallen leave the
// board, and the game is judged; the fight joins Scene::fightsToShow. Nothing without a pick.
std::optional<FightEvent> confirmAttack(Scene& scene);

// Plays `attack` on the scene: hp set, the fallen taken off the board (the selection, moved
// flags and menu follow the indices), the game judged. The computer's phases call it after their
// move; confirmAttack does for the player.
FightEvent fight(Scene& scene, const PlannedAttack& attack);

// The computer's fight from where units[unit] stands: among its targets the best forecast by
// chooseAttack's order (a removal, then damage dealt less taken, then scenario order).
std::optional<PlannedAttack> bestAttackFromHere(const Scene& scene, std::size_t unit);

// A fight as the board shows it: each strike in turn, the struck unit's damage rising over it,
// then the fallen fade out. Seconds at 1x.
inline constexpr double kStrikeSeconds = 0.45;
inline constexpr double kFallSeconds = 0.5;

class FightShow {
 public:
  explicit FightShow(FightEvent fight) : fight_(std::move(fight)) {}
  [[nodiscard]] const FightEvent& fight() const { return fight_; }
  [[nodiscard]] double duration() const;
  [[nodiscard]] bool over() const { return elapsed_ >= duration(); }
  void advance(double seconds) { elapsed_ += seconds; }

  // The strike under way (an index into fight().forecast.strikes) and how far into it (0..1).
  struct Moment {
    std::size_t strike = 0;
    float progress = 0;
  };
  [[nodiscard]] std::optional<Moment> strikeNow() const;
  // How far the fallen have faded (0: still there, 1: gone); 0 before the strikes end.
  [[nodiscard]] float fallen() const;

 private:
  FightEvent fight_;
  double elapsed_ = 0;
};

// Judges the game after `event` (SPEC §14) and keeps the outcome and its reason: once won or
// lost it stays so. Nothing on a board that does not fight.
Outcome judgeScene(Scene& scene, const GameEvent& event, bool lordFell = false);

// The banner's title: "Victory" or "Defeat" (empty while playing).
std::string outcomeTitle(Outcome outcome);

}  // namespace tactics::app
