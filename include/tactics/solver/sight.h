#pragma once
// Line of sight (SPEC §11.8): which cells block it, and whether a cell is in sight of another.
// Decided here, in integers, for every CPU solver; shaders/sight.glsl is the same arithmetic for
// the GPU, so every backend agrees bit for bit.
//
// t is in sight of s when no sight-blocking cell other than s and t has its open interior
// crossed by the segment between their centres. With DX = tx - sx and DY = ty - sy, a cell c is
// crossed exactly when 2 * |DY * (cx - sx) - DX * (cy - sy)| < |DX| + |DY|. Along the longer
// axis of the segment that leaves at most two cells per column (or row): the floor and the
// ceiling of the line's exact offset there, so a walk tests two cells a step.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/grid.h"

namespace tactics {

class CostMap;

// The terrains that block sight when a board says nothing: the one at index 4 ("wall" on an image
// map), whatever its name.
inline constexpr std::uint64_t kDefaultSightBlockers = std::uint64_t{1} << 4;

// The board rule: on or off, and which terrains block sight, one bit per terrain index (bits at
// or past the map's terrain count mean nothing).
struct SightRule {
  bool on = false;
  std::uint64_t blockers = kDefaultSightBlockers;

  friend bool operator==(const SightRule& a, const SightRule& b) {
    return a.on == b.on && a.blockers == b.blockers;
  }
  friend bool operator!=(const SightRule& a, const SightRule& b) { return !(a == b); }
};

// Whether the segment between the centres of s and t crosses the open interior of cell c
// (SPEC §11.8's integer test; meaningful for a cell of their bounding box).
constexpr bool segmentCrosses(Cell s, Cell t, Cell c) {
  const long long dx = t.x - s.x;
  const long long dy = t.y - s.y;
  const long long side = dy * (c.x - s.x) - dx * (c.y - s.y);
  return 2 * (side < 0 ? -side : side) < (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

// Calls visit(Cell) for every cell the segment from s to t crosses other than s and t, from s's
// end to t's; stops early, returning false, when visit returns false.
template <class Visit>
bool forEachCrossed(Cell s, Cell t, Visit&& visit) {
  const int dx = t.x - s.x;
  const int dy = t.y - s.y;
  const bool alongX = std::abs(dx) >= std::abs(dy);
  const int major = alongX ? dx : dy;  // the longer axis, walked one cell a step
  const int minor = alongX ? dy : dx;
  const int steps = std::abs(major);
  const int bound = std::abs(dx) + std::abs(dy);
  // Only s lies on its own column (row) of the walk and only t on theirs.
  for (int j = 1; j < steps; ++j) {
    const int i = major > 0 ? j : -j;
    // floor(minor * i / major): the line's offset lies in [k, k + 1).
    const int num = minor * i;
    int k = num / major;
    if (num % major != 0 && ((num < 0) != (major < 0))) --k;
    for (int n = 0; n < 2; ++n) {
      const int offset = minor >= 0 ? k + n : k + 1 - n;
      const int side = minor * i - major * offset;
      if (2 * std::abs(side) >= bound) continue;
      const Cell c = alongX ? Cell{s.x + i, s.y + offset} : Cell{s.x + offset, s.y + i};
      if (!visit(c)) return false;
    }
  }
  return true;
}

// The sight-blocking cells of a box of a map, with their counts (a summed-area table) so that a
// segment with no blocker in its bounding box is known clear in O(1). Keeps its storage from one
// bake to the next.
class SightWindow {
 public:
  // The cells of `box` (clipped to the map) whose terrain is in `blockers`.
  void bake(const CostMap& map, std::uint64_t blockers, const CellBox& box);
  [[nodiscard]] const CellBox& box() const { return box_; }

  // A cell of box() that blocks sight.
  [[nodiscard]] bool blocks(Cell c) const {
    return cells_[static_cast<std::size_t>(c.y - box_.y0) * static_cast<std::size_t>(box_.width()) +
                  static_cast<std::size_t>(c.x - box_.x0)] != 0;
  }
  // The blocking cells of `area` (clipped to box()).
  [[nodiscard]] int count(const CellBox& area) const;
  // Whether t is in sight of s, both in box() (every cell between them then is too).
  [[nodiscard]] bool inSight(Cell s, Cell t) const;
  // The first cell that blocks the segment from s to t, walking from s; none when t is in sight.
  [[nodiscard]] bool firstBlocker(Cell s, Cell t, Cell& blocker) const;

  // Whether some origin (isOrigin(Cell), called for cells of box() only) at a Manhattan distance
  // in one of `spans` (merged attack spans, each with .min and .max; the last reaches farthest)
  // from t has t in sight; the nearest origins are tried first. t in box().
  template <class Spans, class IsOrigin>
  [[nodiscard]] bool seenFrom(Cell t, const Spans& spans, IsOrigin&& isOrigin) const;

 private:
  CellBox box_;
  std::vector<int> sums_;  // (width + 1) x (height + 1): blockers above and left of each corner
  std::vector<std::uint8_t> cells_;  // 1 where a cell of the box blocks: the walk's one load
};

template <class Spans, class IsOrigin>
bool SightWindow::seenFrom(Cell t, const Spans& spans, IsOrigin&& isOrigin) const {
  if (spans.empty()) return false;
  // No blocker near t but t itself: every origin in range sees it.
  const bool open = count(CellBox::around(t, spans.back().max)) == (blocks(t) ? 1 : 0);
  for (const auto& span : spans) {
    for (int d = span.min; d <= span.max; ++d) {
      // The ring of cells d steps away, walked round from its top.
      for (int dy = -d; dy <= d; ++dy) {
        const int far = d - std::abs(dy);
        for (const int dx : {-far, far}) {
          const Cell s{t.x + dx, t.y + dy};
          if (box_.contains(s) && isOrigin(s) && (open || inSight(s, t))) return true;
          if (far == 0) break;
        }
      }
    }
  }
  return false;
}

// The summed-area table of `map`'s sight-blocking cells for the GPU (shaders/sight.glsl): entry
// (x, y) of (width + 1) x (height + 1), row by row from the top, counts the blocking cells above
// and left of the cell corner (x, y).
std::vector<std::uint32_t> sightSums(const CostMap& map, std::uint64_t blockers);

// The terrains `names` block as a set of bits, each a terrain index of `terrainNames`; the first
// unknown or repeated name is reported in `problem`.
bool sightBlockersOf(const std::vector<std::string>& names,
                     const std::vector<std::string>& terrainNames, std::uint64_t& blockers,
                     std::string& problem);

// The names of the terrains in `blockers`, in index order.
std::vector<std::string> sightBlockerNames(std::uint64_t blockers,
                                           const std::vector<std::string>& terrainNames);

}  // namespace tactics
