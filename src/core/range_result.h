#pragma once
// The answer of a solve, whichever backend produced it, and its encoding as the RGBA8 state
// texture of SPEC §4.

#include <cstdint>
#include <vector>

#include "core/cost_map.h"
#include "core/grid.h"
#include "core/range_query.h"

namespace tactics {

enum class Reach : std::uint8_t { None, Reached, Attackable };

struct RangeResult {
  Grid<Reach> reach;
  Grid<int> travelCost;        // exact cheapest cost of reached cells, -1 elsewhere
  Grid<Direction> parent;      // towards the unit; None at the start and on unreached cells
  int passes = 0;              // relaxation passes run (or, on the CPU, that the GPU would run)

  RangeResult() = default;
  RangeResult(int width, int height)
      : reach(width, height, Reach::None),
        travelCost(width, height, -1),
        parent(width, height, Direction::None) {}

  [[nodiscard]] int width() const { return reach.width(); }
  [[nodiscard]] int height() const { return reach.height(); }
  [[nodiscard]] bool reached(Cell c) const { return reach[c] == Reach::Reached; }
};

// SPEC §4 byte values.
namespace state_bytes {
inline constexpr std::uint8_t kReached = 255;
inline constexpr std::uint8_t kAttackable = 128;
inline constexpr std::uint8_t kNone = 0;
inline constexpr std::uint8_t kDirection[5] = {26, 77, 128, 178, 255};  // up down left right none
}  // namespace state_bytes

// RGBA8 bytes, row 0 = the map's top row: R grey, G reach, B travel cost, A parent direction.
std::vector<std::uint8_t> encodeState(const CostMap& map, const RangeResult& result);
// Reads state bytes back into a result (passes is left 0), using the SPEC's reading thresholds.
RangeResult decodeState(int width, int height, const std::vector<std::uint8_t>& rgba);

}  // namespace tactics
