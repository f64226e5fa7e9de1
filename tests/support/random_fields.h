#pragma once
// Random boards for distance fields (SPEC §10), reproducible from a seed: open maps with
// weighted terrain, and mazes whose cheapest paths wind across the whole map. Also the brute
// force every field backend is compared with.

#include <cstdint>
#include <optional>
#include <string>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"

namespace tactics::testing {

struct RandomField {
  std::uint64_t seed = 0;
  bool maze = false;
  CostMap map;
  FieldQuery query;

  // "seed 7: 31x17 maze, costs 1,3,x,2,x, 3 sources, 5 blockers"; a hex board says its layout
  // after its size ("31x17 hex-x-even maze").
  [[nodiscard]] std::string describe() const;
};

struct RandomFieldLimits {
  int maxOpenSide = 128;
  int maxMazeSide = 48;
};

// Even seeds give open maps, odd seeds mazes; on any grid layout (the same cells on each: a
// maze's corridors run along rows and columns, which are neighbours on every layout).
RandomField makeRandomField(std::uint64_t seed, RandomFieldLimits limits = {},
                            GridLayout layout = GridLayout::Square);

// SPEC §10 read literally: relax every cell from every neighbour on the map's layout until
// nothing changes.
DistanceField bruteForceField(const CostMap& map, const FieldQuery& query);

// The first cell where `actual` differs from `expected`, if any.
std::optional<std::string> compareFields(const DistanceField& actual,
                                         const DistanceField& expected);

}  // namespace tactics::testing
