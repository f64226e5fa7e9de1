#pragma once
// The danger zone's hover (SPEC §7 with §14): which enemies threaten a cell, each with its hp and
// what it would do to a unit of the player's standing there, Fire Emblem style. No GL: the app
// keeps each enemy's reach (one CPU solve per enemy, made again when the danger zone is) and asks
// about the hovered cell each frame.

#include <cstddef>
#include <optional>
#include <vector>

#include "app/rules/fights.h"
#include "app/rules/scene.h"

namespace tactics::app {

// The cells an enemy may end its move on this turn (SPEC §7: reached, no other unit there, its
// own cell counts; the player's view, hidden enemies absent), each with its travel cost.
struct EnemyReach {
  struct Stop {
    Cell cell;
    int cost = 0;
  };
  std::size_t enemy = 0;  // the unit's index
  std::vector<Stop> stops;
};

// The reach of every enemy the danger zone counts (seen by the player, with an attack), in
// scenario order, on the CPU reference.
std::vector<EnemyReach> enemyReaches(const Scene& scene);

// An enemy threatening a cell, and its attack on the defender standing there: from the stopping
// cell the computer would pick for it (chooseAttack's order), with the forecast (its damage per
// strike and strikes, the terrain defence of the cell included). No attack without a defender,
// or when a side has no hp (a board that does not fight, an ally without hp).
struct CellThreat {
  std::size_t enemy = 0;
  std::optional<PlannedAttack> attack;
};

// The enemies of `reaches` that threaten `cell` (as the danger zone counts them: some stopping
// cell at a distance in its attack set, in sight where sight is on), in scenario order, with
// their attacks on units[*defender] moved to `cell`.
std::vector<CellThreat> threatsOn(const Scene& scene, const std::vector<EnemyReach>& reaches,
                                  Cell cell, std::optional<std::size_t> defender);

// Whom the hover's damage is for: the selected unit of the player's (the cell is where it might
// go) unless another unit stands on the cell; else the player's or ally's unit standing there.
std::optional<std::size_t> dangerDefender(const Scene& scene, Cell cell);

}  // namespace tactics::app
