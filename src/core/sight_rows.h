#pragma once
// SPEC §11.8 for 64 cells of a row at once. A segment's crossed cells depend only on the offset
// between its ends, so each offset an attack reaches is walked once (forEachCrossed) into a list
// of cells relative to the target. Then for a word of target cells and an offset, the origins at
// that offset are the origin bits moved by it, and the clear segments the targets whose crossed
// cells, moved the same way, hold no blocker bit: a few shifts and ANDs answer 64 targets.
// Offsets are tried row by row, nearest rows first, skipping a row with no origin near the
// targets still unseen, and a word stops as soon as each of its targets is seen: a target costs
// about one offset unless a wall hides it from the origins nearby.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"

namespace tactics {

class CostMap;

class SightRows {
 public:
  // Attacks reaching farther than this are left to the cell-by-cell test: their offsets grow as
  // the square of the reach (312 at 12).
  static constexpr int kMaxReach = 12;

  // Ready for targets at the distances of `spans` (merged, the last reaching farthest, at most
  // kMaxReach) from origins, all in `box` (on the board), as rows of `words` words whose bit 0 is
  // column `left`. Keeps its storage and, while the spans stay the same, its offsets.
  void begin(const std::vector<AttackSpan>& spans, int left, std::size_t words,
             const CellBox& box);
  // Row y's origin bits (words() words), a row of the box; rows never set hold none.
  [[nodiscard]] std::uint64_t* originRow(int y) { return row(origins_, y); }
  // Sets the bits of the box's cells whose terrain on `map` is in `blockers`.
  void bakeBlockers(const CostMap& map, std::uint64_t blockers);
  // Of the bits of `targets` (row y, words() words, bit 0 at column left), clears every one not
  // in sight of an origin at a distance in the spans.
  void keepSeen(int y, std::uint64_t* targets) const;

 private:
  // A cell moved by (dx, dy) from a target, as where its bits lie in the padded rows: `at`
  // words on from the target word (dy rows and dx / 64 words, rounded down), `shift` bits in.
  struct Moved {
    std::int32_t at = 0;
    std::int32_t shift = 0;
  };
  struct Offset {
    Moved origin;
    std::uint32_t first = 0;  // crossed_[first, last): the cells its segment crosses
    std::uint32_t last = 0;
  };

  void buildOffsets(const std::vector<AttackSpan>& spans);
  [[nodiscard]] std::uint64_t* row(std::vector<std::uint64_t>& rows, int y) {
    return &rows[static_cast<std::size_t>(y - box_.y0 + pad_) * stride_ + padWords_];
  }
  [[nodiscard]] const std::uint64_t* row(const std::vector<std::uint64_t>& rows, int y) const {
    return &rows[static_cast<std::size_t>(y - box_.y0 + pad_) * stride_ + padWords_];
  }
  // The 64 bits `moved` from those of word `at` (a padded row's).
  static std::uint64_t bitsAt(const std::uint64_t* at, Moved moved) {
    const std::uint64_t* p = at + moved.at;
    // Two shifts of the next word, so that a shift of 0 takes none of it.
    return (p[0] >> moved.shift) | ((p[1] << 1) << (63 - moved.shift));
  }
  [[nodiscard]] Moved moved(int dx, int dy) const {
    return Moved{dy * static_cast<std::int32_t>(stride_) + (dx >> 6), dx & 63};
  }

  // An offset in range: (dx, dy) from a target to the origin, and its crossed cells.
  struct Step {
    int dx = 0;
    int dy = 0;
    std::size_t first = 0;  // crossedCells_[first, last)
    std::size_t last = 0;
  };
  // The offsets that move dy rows.
  struct Row {
    int dy = 0;
    int reach = 0;          // the farthest its offsets move a column
    std::size_t first = 0;  // steps_[first, last)
    std::size_t last = 0;
  };

  std::vector<AttackSpan> spans_;  // what steps_ and rows_ were built for
  std::vector<Row> rows_;
  std::vector<Step> steps_;
  std::vector<Cell> crossedCells_;
  std::size_t movedStride_ = 0;  // the stride offsets_ and crossed_ were moved for
  std::vector<Offset> offsets_;  // steps_ in the padded rows' terms
  std::vector<Moved> crossed_;
  int left_ = 0;
  CellBox box_;
  std::size_t words_ = 0;
  int pad_ = 0;                // rows of padding above and below: the reach
  std::size_t padWords_ = 0;   // words of padding left and right of a row
  std::size_t stride_ = 0;
  std::vector<std::uint64_t> origins_;   // padded rows
  std::vector<std::uint64_t> blockers_;  // padded rows
};

}  // namespace tactics
