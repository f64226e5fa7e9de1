#pragma once
// Random maps and queries for the differential tests, reproducible from a seed, and the
// comparison every backend or model is held to.

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

  // "seed 42: 17x3 map, unit 4,1, move 12, attack 2-3, costs 1,3,x,2,x, 2 enemies, 1 ally"
  [[nodiscard]] std::string describe() const;
  // True when the movement class has at least two different passable costs.
  [[nodiscard]] bool weighted() const;
};

struct RandomCaseLimits {
  int maxSide = 128;
  int maxAttack = 255;
};

RandomCase makeRandomCase(std::uint64_t seed, RandomCaseLimits limits = {});

// The first difference between `actual` and the reference in reach or travel cost, if any.
std::optional<std::string> compareReachAndCost(const RangeResult& actual,
                                               const RangeResult& reference);

// Checks every parent in `result` independently of how it was chosen: it points at a reached
// neighbour that may expand (the start, or a cell within the range), on a cheapest path, and
// following parents from any reached cell arrives at the unit.
std::optional<std::string> checkParents(const CostMap& map, const RangeQuery& query,
                                        const RangeResult& result);

// A query for a unit on foot with no other units around.
RangeQuery query(Cell unit, int move, AttackRange attack = {0, 0});

// Builds a map from rows of grey values.
CostMap mapFromRows(const std::vector<std::vector<int>>& rows);

}  // namespace tactics::testing
