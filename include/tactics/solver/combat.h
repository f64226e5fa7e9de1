#pragma once
// SPEC §14 combat, pure (no GL, no I/O): who can attack whom, the exchange and its forecast, and
// the computer's choice of attack. Deterministic: a forecast is exactly what the fight does.
// The demo, the library and the tests all call these.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/units.h"

namespace tactics {

inline constexpr int kMaxHp = 99;
inline constexpr int kMaxCombatStat = 99;       // str, def, spd
inline constexpr int kMaxTerrainDefence = 20;
inline constexpr int kDoublingSpeed = 4;        // spd this much above the foe's strikes twice

// The defence each terrain gives the unit standing on it (SPEC §14), by terrain index.
class TerrainDefence {
 public:
  // The defaults for `map`'s terrain names: forest 1, mountains 2, every other 0.
  static TerrainDefence defaults(const CostMap& map);
  // Replaces the value of the terrain `name` (one of `map`'s names), 0..20; the problem if any
  // ("unknown terrain \"lava\"", "... is out of range 0..20").
  std::optional<std::string> set(const CostMap& map, const std::string& name, int value);
  [[nodiscard]] int of(int terrain) const {
    return terrain >= 0 && terrain < kMaxTerrains ? values_[static_cast<std::size_t>(terrain)] : 0;
  }
  // The terrains whose value differs from the defaults, as name and value, in index order (what a
  // scenario writer writes back).
  [[nodiscard]] std::vector<std::pair<std::string, int>> changed(const CostMap& map) const;
  friend bool operator==(const TerrainDefence& a, const TerrainDefence& b) {
    return a.values_ == b.values_;
  }
  friend bool operator!=(const TerrainDefence& a, const TerrainDefence& b) { return !(a == b); }

 private:
  std::array<std::uint8_t, kMaxTerrains> values_{};
};

// Whether the board fights: some unit has hp (SPEC §14).
bool boardFights(const std::vector<Unit>& units);

// The first unit breaking §14's rules on who has what, as "unit 3 (Brigand): ...": on a board
// that fights every player and enemy unit needs hp; stats out of range; a lord that is not a
// player unit.
std::optional<std::string> combatProblem(const std::vector<Unit>& units);

// What a fight reads: the map, the units as they stand, terrain defence and the board's sight.
// The map and the units must outlive it.
class CombatBoard {
 public:
  // Sight (when on) baked over the whole map: for many fights all over it (the computer's choice).
  CombatBoard(const CostMap& map, const std::vector<Unit>& units, TerrainDefence defence,
              const BoardRules& rules);
  // Sight baked over `sightBox` only (clipped to the map), for the fights of one cell (a unit's
  // targets from where it stands, one forecast): a box round the cell as wide as the attack.
  // The answers are the same; a fight with an end outside the box walks its cells on the map.
  CombatBoard(const CostMap& map, const std::vector<Unit>& units, TerrainDefence defence,
              const BoardRules& rules, const CellBox& sightBox);

  // Whether units[a], standing on `from`, can attack units[b] where b stands: both have hp,
  // foes, b known to a's side, the distance in a's attack set and, with sight on, in sight.
  [[nodiscard]] bool canAttack(std::size_t a, Cell from, std::size_t b) const;
  // The same from `from` to a cell `at` (b's), for the counter: b standing on `at` striking a on
  // `from`.
  [[nodiscard]] bool reaches(const Unit& a, Cell from, Cell at) const;
  [[nodiscard]] int defenceAt(Cell c) const { return defence_.of(map_->terrain(c)); }
  [[nodiscard]] const std::vector<Unit>& units() const { return *units_; }
  [[nodiscard]] const CostMap& map() const { return *map_; }

 private:
  [[nodiscard]] bool blocksSight(Cell c) const;

  const CostMap* map_;
  const std::vector<Unit>* units_;
  TerrainDefence defence_;
  bool sightOn_ = false;
  std::uint64_t blockers_ = 0;
  SightWindow sight_;
};

// One strike of an exchange: who struck, the damage, and the struck unit's hp after it.
struct Strike {
  bool byAttacker = true;
  int damage = 0;
  int hpAfter = 0;
};

// A battle forecast (SPEC §14): per side, its damage per strike, how many strikes it makes and
// its hp after; and the strikes in order. Exactly what the exchange does.
struct Forecast {
  struct Side {
    int damage = 0;    // per strike
    int strikes = 0;   // 0, 1 or 2
    int hpBefore = 0;
    int hpAfter = 0;
    bool canStrike = false;  // the target: whether it can strike back at all
  };
  Side attacker;
  Side target;
  std::vector<Strike> strikes;
  [[nodiscard]] bool removesTarget() const { return target.hpAfter == 0; }
  [[nodiscard]] bool removesAttacker() const { return attacker.hpAfter == 0; }
};

// The forecast of units[a], standing on `from`, attacking units[b]; nothing when it cannot
// (canAttack).
std::optional<Forecast> forecast(const CombatBoard& board, std::size_t a, Cell from, std::size_t b);

// The exchange's outcome on `units`: the attacker moved to `from`, both hp set; a unit at 0 hp
// is removed. Returns the removed units' indices, in decreasing order (as erased).
std::vector<std::size_t> applyFight(std::vector<Unit>& units, std::size_t a, Cell from,
                                    std::size_t b, const Forecast& forecast);

// The computer's attack (SPEC §14): among the stopping cells of `range` (units[mover]'s solve:
// reached, no other unit its side knows of there, its own cell counts) and the foes it can then
// attack, the best forecast: a removal first, then the most damage dealt minus taken, then the
// cheaper travel cost, then the earlier target, then the smaller y, then the smaller x.
struct AttackChoice {
  Cell from;
  std::size_t target = 0;
  Forecast forecast;
};
std::optional<AttackChoice> chooseAttack(const CombatBoard& board, const RangeResult& range,
                                         std::size_t mover);
// chooseAttack's order, smaller first: for an attack on units[target] from `from`, reached at
// `travelCost`, with this forecast: a removal, dealt - taken, the cost, the target, y, x.
using AttackRank = std::tuple<int, int, int, std::size_t, int, int>;
AttackRank attackRank(const Forecast& forecast, int travelCost, std::size_t target, Cell from);

}  // namespace tactics
