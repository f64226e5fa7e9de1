#pragma once
// The enemy side's threat in the demo (issue 7, SPEC §7): whether the danger zone is shown,
// which enemies are marked (their threat stays drawn while you play, Fire Emblem style), and
// when the GPU must solve again. No GL: the app asks these rules, then runs the solves.

#include <cstddef>
#include <optional>
#include <vector>

#include "tactics/solver/grid.h"
#include "tactics/solver/units.h"

namespace tactics::app {

// What the board shows of the enemies' reach, and the field views of issue 10.
struct ThreatSettings {
  bool dangerZone = false;  // V and the panel
  bool heatMap = false;     // the selected enemy's field, panel toggle
  bool longPaths = false;   // G: paths beyond one turn without holding Shift
  std::vector<std::size_t> marked;  // enemies (by unit index) whose threat stays drawn, sorted
};

// Shift/Ctrl click or M on `cell`: an enemy standing there is marked, or unmarked when it
// already is. Returns true when something changed; any other cell changes nothing.
bool toggleMark(ThreatSettings& threats, const std::vector<Unit>& units, Cell cell);

// Forgets marks that no longer name an enemy the player knows of (a new map or scenario with
// fewer units, an enemy the level editor made hidden).
void pruneMarks(ThreatSettings& threats, const std::vector<Unit>& units);

// The board the marked solve runs on: every unit where it stands (so each marked enemy moves
// exactly as on the full board: the others still take up their cells), with the attack of every
// enemy that is not marked taken away, so it threatens nothing and the counts are how many
// marked enemies threaten each cell.
std::vector<Unit> markedBoard(const std::vector<Unit>& units,
                              const std::vector<std::size_t>& marked);

// What a danger solve depends on: where every unit stands, its team, Movement Range, attack,
// movement class, skills and whether it is hidden. The app keeps the last one it solved for and solves again only when the
// new one differs (a unit moved, or its ranges or class were edited): never every frame.
struct ThreatKey {
  struct Entry {
    Team team = Team::Player;
    Cell cell;
    int moveRange = 0;
    AttackRange attack;
    MovementClass movement;
    Skills skills;
    bool hidden = false;  // SPEC §11.5: a revealed enemy changes the player's danger zone
    friend bool operator==(const Entry& a, const Entry& b) {
      return a.team == b.team && a.cell == b.cell && a.moveRange == b.moveRange &&
             a.attack == b.attack && a.movement == b.movement && a.skills == b.skills &&
             a.hidden == b.hidden;
    }
  };
  std::vector<Entry> units;
  BoardRules rules;  // zone of control and line of sight (its blocking terrains too)
  friend bool operator==(const ThreatKey& a, const ThreatKey& b) {
    return a.units == b.units && a.rules == b.rules;
  }
  friend bool operator!=(const ThreatKey& a, const ThreatKey& b) { return !(a == b); }
};

ThreatKey threatKey(const std::vector<Unit>& units, BoardRules rules);

// Remembers the key of the last solve: needsSolve() is true (and remembers `now`) the first
// time and whenever the key changed since; false otherwise.
class SolveMemory {
 public:
  bool needsSolve(const ThreatKey& now);
  void forget() { last_.reset(); }

 private:
  std::optional<ThreatKey> last_;
};

}  // namespace tactics::app
