#pragma once
// The units on a board and who blocks whom (SPEC §6): the data a scenario file holds, the demo
// plays with and every solve is asked about. No GL.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/skills.h"

namespace tactics {

enum class Team { Player, Enemy, Ally };

struct Unit {
  std::string name;
  Team team = Team::Player;
  Cell cell;
  int moveRange = 5;
  AttackRange attack;
  MovementClass movement;    // foot unless the scenario says otherwise
  std::string className = "foot";  // the movement class's name, as the scenario calls it
  // A game's own data (SPEC §6 "props"): the text of a JSON object, or empty. Kept and written
  // back by the scenario reader and writer; ignored by every solver.
  std::string props;
  Skills skills;  // SPEC §11.3: pass, skirmisher
  // SPEC §11.5 fog: an enemy the player's side does not know of (never a player or an ally).
  bool hidden = false;
  // SPEC §14 combat: hp 1..99, or 0 for a unit without hit points (it neither attacks nor can be
  // attacked; a board where no unit has hp does not fight); str, def, spd 0..99; a lord's fall
  // loses the game.
  int hp = 0;
  int str = 0;
  int def = 0;
  int spd = 0;
  bool lord = false;

  [[nodiscard]] char initial() const { return name.empty() ? '?' : name.front(); }
};

// Players and allies fight on one side, enemies on the other.
inline bool friends(Team a, Team b) { return (a == Team::Enemy) == (b == Team::Enemy); }

// SPEC §11.5: whether `viewer`'s side knows of `unit`. The player's side (players and allies)
// does not know of hidden enemies; the enemy side knows of everyone.
inline bool knownTo(Team viewer, const Unit& unit) {
  return !(unit.hidden && viewer != Team::Enemy);
}

// "player", "enemy", "ally".
const char* teamName(Team team);

// The index of the unit standing on `cell`, if any.
std::optional<std::size_t> unitAt(const std::vector<Unit>& units, Cell cell);

// The rules a whole board plays by (a scenario's "rules", SPEC §11), off by default.
struct BoardRules {
  BoardRules() = default;
  explicit BoardRules(bool zocOn, SightRule sightRule = {}) : zoc(zocOn), sight(sightRule) {}

  bool zoc = false;  // SPEC §11.2 zone of control
  SightRule sight;   // SPEC §11.8 line of sight
  friend bool operator==(BoardRules a, BoardRules b) { return a.zoc == b.zoc && a.sight == b.sight; }
  friend bool operator!=(BoardRules a, BoardRules b) { return !(a == b); }
};

// Whose knowledge of the board a query is asked with (SPEC §11.5): the mover's own (a player's
// or an ally's solve leaves hidden enemies out, an enemy's sees everyone), or the player's, which
// the danger zone uses for the enemies' own ranges too.
enum class View { Mover, Player };

// The solver's question for units[index]: friends are allies (pass through, cannot stop),
// everyone else an enemy (impassable); the unit's skills, and the board's zone of control. Units
// unknown to the view (knownTo) are left out, as if their cells were empty.
RangeQuery queryFor(const std::vector<Unit>& units, std::size_t index, BoardRules rules = {},
                    View view = View::Mover);

}  // namespace tactics
