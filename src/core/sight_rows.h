#pragma once
// SPEC §11.8 for many cells of a row at once. A segment's crossed cells depend only on the
// offset between its ends, so each offset an attack reaches is walked once (forEachCrossed) into
// a list of cells relative to the target. The box's columns are cut into bands of 64 - 2 * reach
// targets, each read with `reach` columns either side as one 64-bit window per row, stored so
// once per query: for an offset, the targets with an origin there are the origin window shifted
// by it, and the clear segments those whose crossed cells, shifted the same way, hold no blocker
// bit (a run of up to three crossed cells along a row or a column read at once, from blocker
// words spread over their neighbours). Offsets go row by row, nearest rows first, a row with no
// origin near the band skipped, until every target is seen: a target costs about one offset
// unless a wall hides it from the origins nearby.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"

#include "blocking_bytes.h"

namespace tactics {

class SightRows {
 public:
  // Attacks reaching farther than this are left to the cell-by-cell test: their offsets grow as
  // the square of the reach (312 at 12), and a window holds 64 - 2 * reach targets.
  static constexpr int kMaxReach = 12;

  // Ready for targets at the distances of `spans` (merged, the last reaching farthest, at most
  // kMaxReach) from origins, all in `box` (on the board); rows handed in and out are `words`
  // words whose bit 0 is column `left` (left <= box.x0). Keeps its storage and, while the spans
  // stay the same, its offsets.
  void begin(const std::vector<AttackSpan>& spans, int left, std::size_t words, const CellBox& box);
  // Row y's origin bits (`words` words), a row of the box; rows never set hold none.
  void setOrigins(int y, const std::uint64_t* row);
  // Sets the bits of the box's cells whose terrain on `map` is in `blockers`. Needed after each
  // begin(), before keepSeen: begin() leaves the box's rows of the windows to it.
  void bakeBlockers(const CostMap& map, std::uint64_t blockers);
  // Of the bits of `targets` (row y, `words` words), clears every one not in sight of an origin
  // at a distance in the spans (those outside the box's columns, never targets, stay as they
  // are); the same for `below` (row y + 1, in the box) when given. Two rows at once cost little
  // more than one: they share each offset's test and its table reads.
  void keepSeen(int y, std::uint64_t* targets, std::uint64_t* below) const;

 private:
  // Each row of a window is kept as kSpreads words: its blockers, and the same spread over the
  // next one or two columns (across) or rows (down), so that a run of up to three crossed cells
  // along a row or a column is read as one word.
  enum Spread : std::uint8_t { kCell, kAcross2, kAcross3, kDown2, kDown3, kSpreads };
  // In a window: 64 columns of a row from `reach` left of its band's first target, so a cell
  // (dx, dy) from a target moves the target's bit by a shift of dx + reach, 0..2 * reach, always
  // to the right. The tables a query reads are small (two to six bytes an entry) and asked for
  // at once (begin()): a query often finds them out of the cache, after other work.
  // A run of crossed cells: the word (window row dy + reach, spread) moved by the shift of the
  // run's first cell (leftmost or topmost).
  struct Run {
    std::uint8_t word = 0;  // (dy + reach) * kSpreads + spread
    std::uint8_t shift = 0;
  };
  // An offset in range: the shift of the origin's cell and the runs of cells its segment crosses.
  struct Offset {
    std::uint8_t shift = 0;
    std::uint8_t runs = 0;    // crossed_[first, first + runs)
    std::uint16_t first = 0;
  };
  // The offsets that move dy rows.
  struct Row {
    std::int16_t dy = 0;
    std::uint16_t first = 0;  // offsets_[first, last)
    std::uint16_t last = 0;
  };

  static_assert(kMaxReach < 32, "a window holds the reach either side of its targets");
  static_assert((2 * kMaxReach + 1) * kSpreads < 256, "a run's word fits a byte");

  void buildOffsets(const std::vector<AttackSpan>& spans);
  // The crossed cells (dx, dy) of a segment as runs, along rows or columns, whichever is fewer.
  void addRuns(const std::vector<Cell>& cells);
  // Fills the spread words of every window from its blocker word.
  void spreadBlockers();
  // The first column of band b's window: `reach` left of its first target.
  [[nodiscard]] int windowStart(int band) const { return box_.x0 + band * bandWidth_ - reach_; }
  // Band b's window of row y (of the box, or up to `reach` rows beyond it, and the spare row
  // below, which hold nothing).
  [[nodiscard]] std::size_t at(int band, int y) const {
    return static_cast<std::size_t>(band) * bandRows_ +
           static_cast<std::size_t>(y - box_.y0 + reach_);
  }
  // Two rows' targets in a band's window: chunk[r] (bit k: column k + reach) of the row r below
  // `origins`' and `blockers`' (its kSpreads words); the rows above and below them `reach` on
  // either side. Clears the bits of each chunk that no origin in range sees.
  void keepSeenInChunks(const std::uint64_t* origins, const std::uint64_t* blockers,
                        std::uint64_t (&chunk)[2]) const;

  std::vector<AttackSpan> spans_;  // what the offsets were built for
  int reach_ = 0;                  // the farthest distance of the spans
  std::vector<Row> rows_;          // nearest rows first
  std::vector<Offset> offsets_;    // by row, nearest first in a row
  std::vector<Run> crossed_;
  int left_ = 0;
  CellBox box_;
  std::size_t words_ = 0;
  int bandWidth_ = 0;         // targets per band: 64 - 2 * reach
  int bands_ = 0;             // enough for the box's columns
  // The box's rows, `reach` more above and below, and one spare row (keepSeen's second row
  // under the box's last reads a row further).
  std::size_t bandRows_ = 0;
  // A window per band and row, band by band (kSpreads words a window for the blockers): every
  // window a target reads lies inside.
  std::vector<std::uint64_t> origins_;
  std::vector<std::uint64_t> blockers_;
  BlockingBytes blocking_;  // for the last rule baked
};

}  // namespace tactics
