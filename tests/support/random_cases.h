#pragma once
// Random maps and queries for the differential tests, reproducible from a seed, on any grid
// layout (SPEC §13: the same seed gives the same cells and units on every layout, read with that
// layout's neighbours), and the comparison every backend or model is held to.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::testing {

struct RandomCase {
  std::uint64_t seed = 0;
  CostMap map;
  RangeQuery query;

  // "seed 42: 17x3 map, unit 4,1, move 12, attack 2-3, costs 1,3,x,2,x, 2 enemies, 1 ally"; a hex
  // board says its layout after its size ("17x3 hex-y-odd map").
  [[nodiscard]] std::string describe() const;
  // True when the movement class has at least two different passable costs.
  [[nodiscard]] bool weighted() const;
};

struct RandomCaseLimits {
  int maxSide = 128;
  int maxAttack = 255;
};

RandomCase makeRandomCase(std::uint64_t seed, RandomCaseLimits limits = {},
                          GridLayout layout = GridLayout::Square);

// A small board crowded with units, for the movement rules of SPEC §11: a random case of at most
// 24x24 cells, move 0..10 and attack up to 6, with up to `density` of its free cells holding
// another unit (about 60% enemies). No rule is on yet: see withRules.
RandomCase makeCrowdedCase(std::uint64_t seed, double density,
                           GridLayout layout = GridLayout::Square);

// An attack set of 2..8 ranges (SPEC §11.4) within 1..maxDistance (at least 3) that merges into
// at least two ranges: a set with a hole ("1,3", "2,5-6,9"), written as a comma list.
AttackRange makeAttackSet(std::uint64_t seed, int maxDistance);
// The wrong reading of a set that the comparisons must catch: one range from its nearest to its
// farthest distance ("1,3" read as "1-3").
AttackRange attackHull(const AttackRange& attack);

// A board for attack sets, where movement cannot fill the set's holes: up to 20x20, the unit
// often with move 0 or shut in a pocket of walls (a square ring: a step moves at most one row
// and one column on every layout, so none crosses it), a few other units, an attack set from
// makeAttackSet with distances up to 10.
RandomCase makeAttackSetCase(std::uint64_t seed, GridLayout layout = GridLayout::Square);

// A board for line of sight (SPEC §11.8), square: up to 24x24 with scattered walls, many of
// them in diagonal pairs (touching only at a corner, where a segment through the corner passes),
// sight on, an attack up to 2-8 (sometimes a set with holes), a few other units; every fourth
// case blocks sight with another terrain set (forest and wall, or none).
RandomCase makeSightCase(std::uint64_t seed);

// One set of SPEC §11 movement rules a board may be solved under.
struct RuleVariant {
  const char* name;
  bool zoc;
  Skills skills;
  bool ignoreUnits;
};
// None; zoc; pass; zoc + pass; zoc + skirmisher; zoc + pass + skirmisher; ignore-units;
// zoc + ignore-units.
extern const std::array<RuleVariant, 8> kRuleVariants;
RangeQuery withRules(RangeQuery query, const RuleVariant& rules);

// The first difference between `actual` and the reference in reach or travel cost, if any.
std::optional<std::string> compareReachAndCost(const RangeResult& actual,
                                               const RangeResult& reference);

// Checks every parent in `result` independently of how it was chosen: it names one of the
// cell's neighbours on the map's layout, a reached one that may expand (the start, or a cell within the range whose rule does not halt
// travel), on a cheapest path, and
// following parents from any reached cell arrives at the unit.
std::optional<std::string> checkParents(const CostMap& map, const RangeQuery& query,
                                        const RangeResult& result);

// A query for a unit on foot with no other units around.
RangeQuery query(Cell unit, int move, AttackRange attack = {0, 0});

// Builds a map from rows of grey values.
CostMap mapFromRows(const std::vector<std::vector<int>>& rows);

}  // namespace tactics::testing
