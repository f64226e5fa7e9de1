#pragma once
// What a solve is asked: one unit's position, ranges and movement class, and where the other
// units stand (SPEC §2, §3).

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/skills.h"

namespace tactics {

inline constexpr int kMaxMoveRange = 255;
inline constexpr int kMaxAttackRange = 255;

// One range of an attack set: distances min..max (the board's: Manhattan on a square board, hex
// distance on a hex one, SPEC §13), 1 <= min <= max <= 255.
struct AttackSpan {
  int min = 1;
  int max = 1;
  friend bool operator==(AttackSpan a, AttackSpan b) { return a.min == b.min && a.max == b.max; }
  friend bool operator!=(AttackSpan a, AttackSpan b) { return !(a == b); }
};

// What a unit can attack (SPEC §3, §11.4): a union of 1..8 ranges of the board's distance, or
// none. Kept as written (the ranges in their order, and whether the text was a comma list), so
// that formatAttackRange gives back the text's meaning and JSON its form; solvers read the
// merged ranges (`merged()`) or ask `contains(distance)`.
class AttackRange {
 public:
  static constexpr int kMaxSpans = 8;

  // Range 1-1, the default attack.
  constexpr AttackRange() = default;
  // One range min..max, as "MIN-MAX" writes it; {0, 0} means the unit cannot attack.
  constexpr AttackRange(int min, int max) : count_(min == 0 && max == 0 ? 0 : 1) {  // NOLINT
    spans_[0] = AttackSpan{min, max};
  }
  // A comma list of 1..8 ranges (`listed()`, written as pairs in JSON); validate() checks them.
  static AttackRange list(const std::vector<AttackSpan>& spans);

  [[nodiscard]] bool none() const { return count_ == 0; }
  // Written as a comma-separated list (SPEC §11.4): JSON writes a list of pairs.
  [[nodiscard]] bool listed() const { return listed_; }
  // The ranges as written, in their order.
  [[nodiscard]] int spanCount() const { return count_; }
  [[nodiscard]] AttackSpan span(int i) const { return spans_[static_cast<std::size_t>(i)]; }
  // The same set with range i (0..spanCount()-1) replaced, e.g. by an editor's sliders.
  [[nodiscard]] AttackRange withSpan(int i, AttackSpan span) const {
    AttackRange copy = *this;
    copy.spans_[static_cast<std::size_t>(i)] = span;
    return copy;
  }
  // The ranges sorted, overlapping or touching ones merged: what every solver tests.
  [[nodiscard]] std::vector<AttackSpan> merged() const;
  // The same into `out`, whose storage a solver keeps from one query to the next.
  void merged(std::vector<AttackSpan>& out) const;
  // Whether a target `distance` away from an origin can be attacked from it.
  [[nodiscard]] bool contains(int distance) const;
  // The nearest and the farthest distance it can attack (0 for none): the reach boxes.
  [[nodiscard]] int minDistance() const;
  [[nodiscard]] int maxDistance() const;
  // The same text meaning: the same ranges in the same order, listed or not.
  friend bool operator==(const AttackRange& a, const AttackRange& b);
  friend bool operator!=(const AttackRange& a, const AttackRange& b) { return !(a == b); }

 private:
  std::array<AttackSpan, kMaxSpans> spans_{};
  int count_ = 1;
  bool listed_ = false;
};

// SPEC §3 and §11.4: "N" (1-N), "MIN-MAX", "0" or "0-0" (no attack), with 1 <= MIN <= MAX <= 255;
// or a comma list of 2..8 entries, each "MIN-MAX" or "N" (exactly N): "1,3", "1-2,4-10".
// `what` names the value in errors, e.g. "--attack".
Expected<AttackRange> parseAttackRange(std::string_view text, std::string_view what);

// The text parseAttackRange reads back as the same range: "0" for none, "MIN-MAX" for one
// range written without a comma, else the list as written ("1,3", "1-2,4-10").
std::string formatAttackRange(const AttackRange& attack);

// The JSON form (SPEC §11.4): [MIN, MAX] for a range written without a comma ([0, 0] for none),
// else the merged list of pairs, [[1, 4], [6, 6]]. `space` puts ", " between numbers.
std::string attackRangeJson(const AttackRange& attack, bool space = false);

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
  // §11.8, read by the attack marking of every solver (movement is unchanged): an attack cell
  // must also be in sight of a stopping cell it is in range of.
  SightRule sight;

  // The same question, every field (a cache keyed on a query must see a rule change too).
  friend bool operator==(const RangeQuery& a, const RangeQuery& b) {
    return a.unit == b.unit && a.moveRange == b.moveRange && a.attack == b.attack &&
           a.movement == b.movement && a.allies == b.allies && a.enemies == b.enemies &&
           a.zoc == b.zoc && a.skills == b.skills && a.ignoreUnits == b.ignoreUnits &&
           a.sight == b.sight;
  }
  friend bool operator!=(const RangeQuery& a, const RangeQuery& b) { return !(a == b); }
};

// Checks the rules a query must satisfy on this map: every unit inside it, no two on one cell,
// the moving unit on a cell it can enter, ranges within limits. Returns the first problem found.
std::optional<std::string> validate(const CostMap& map, const RangeQuery& query);

}  // namespace tactics
