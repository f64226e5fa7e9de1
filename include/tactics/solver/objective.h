#pragma once
// SPEC §14's objectives: what wins a board that fights, and what loses it. Pure: the game (the
// demo's turn loop) tells what just happened, this says whether the game goes on.

#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/grid.h"
#include "tactics/solver/units.h"

namespace tactics {

struct Objective {
  enum class Type { Rout, Seize, Survive };
  Type type = Type::Rout;  // defeat every enemy: the default on a board that fights
  Cell at;                 // seize: the cell a lord ends its action on
  int turns = 0;           // survive: the enemy phase of this turn ends (1..99)

  friend bool operator==(const Objective& a, const Objective& b) {
    return a.type == b.type && a.at == b.at && a.turns == b.turns;
  }
  friend bool operator!=(const Objective& a, const Objective& b) { return !(a == b); }
};

inline constexpr int kMaxSurviveTurns = 99;

// "rout", "seize", "survive".
const char* objectiveName(Objective::Type type);
// What the panel says: "Rout the enemy", "Seize 12,3", "Survive 8 turns".
std::string describeObjective(const Objective& objective);

// The objective's problem on a board of `units` (a width x height map), if any: a seize cell
// outside the map or no player lord to seize with, survive turns out of 1..99.
std::optional<std::string> objectiveProblem(const Objective& objective,
                                            const std::vector<Unit>& units, int width, int height);

enum class Outcome { Playing, Won, Lost };

// What just happened, for judge().
struct GameEvent {
  enum class Kind {
    Exchange,        // a fight ended (units removed already)
    ActionEnded,     // a unit ended its action on `at` (a move, a wait, a fight)
    EnemyPhaseEnded  // the enemy phase of turn `turn` ended
  };
  Kind kind = Kind::Exchange;
  Cell at;
  std::size_t unit = 0;  // ActionEnded: the unit, in `units`
  int turn = 0;
};

// The game after `event` on `units` (as they stand now): lost when a lord has fallen (`lordFell`:
// the game keeps that, since a removed lord is no longer in `units`) or no player unit is left;
// else won when the objective is met (rout: no enemy left; seize: a player lord ended its action
// on the cell; survive: the enemy phase of the objective's turn ended); else playing.
Outcome judge(const Objective& objective, const std::vector<Unit>& units, bool lordFell,
              const GameEvent& event);

}  // namespace tactics
