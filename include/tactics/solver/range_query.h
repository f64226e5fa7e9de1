#pragma once
// What a solve is asked: one unit's position, ranges and movement class, and where the other
// units stand (SPEC §2, §3).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/skills.h"

namespace tactics {

inline constexpr int kMaxMoveRange = 255;
inline constexpr int kMaxAttackRange = 255;

// Attack range min..max in Manhattan distance; {0,0} means the unit cannot attack.
struct AttackRange {
  int min = 1;
  int max = 1;
  [[nodiscard]] bool none() const { return max == 0; }
  friend bool operator==(AttackRange a, AttackRange b) { return a.min == b.min && a.max == b.max; }
};

// "N" (1-N), "MIN-MAX", "0" or "0-0" (no attack), with 1 <= MIN <= MAX <= 255.
// `what` names the value in errors, e.g. "--attack".
Expected<AttackRange> parseAttackRange(std::string_view text, std::string_view what);

// The text parseAttackRange reads back as the same range: "0" for none, else "MIN-MAX".
std::string formatAttackRange(AttackRange attack);

struct RangeQuery {
  Cell unit;
  int moveRange = 0;
  AttackRange attack;
  MovementClass movement;
  std::vector<Cell> allies;   // passable, but the unit cannot stop there
  std::vector<Cell> enemies;  // impassable (crossed like allies with Skill::Pass)
  // The rules of SPEC §11 that change how this mover sees the board, all read by the rules
  // seam (move_rules.h) and nowhere else:
  bool zoc = false;           // §11.2: the cells next to an enemy halt travel (not a skirmisher's)
  Skills skills;              // §11.3: pass, skirmisher
  bool ignoreUnits = false;   // §11.6: solve as if neither allies nor enemies stood on the board

  // The same question, every field (a cache keyed on a query must see a rule change too).
  friend bool operator==(const RangeQuery& a, const RangeQuery& b) {
    return a.unit == b.unit && a.moveRange == b.moveRange && a.attack == b.attack &&
           a.movement == b.movement && a.allies == b.allies && a.enemies == b.enemies &&
           a.zoc == b.zoc && a.skills == b.skills && a.ignoreUnits == b.ignoreUnits;
  }
  friend bool operator!=(const RangeQuery& a, const RangeQuery& b) { return !(a == b); }
};

// Checks the rules a query must satisfy on this map: every unit inside it, no two on one cell,
// the moving unit on a cell it can enter, ranges within limits. Returns the first problem found.
std::optional<std::string> validate(const CostMap& map, const RangeQuery& query);

}  // namespace tactics
