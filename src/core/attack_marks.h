#pragma once
// SPEC §3's attack cells, found by rows of bits: the cells a solve reached and the ones the mover
// may stop on (the attack origins), one bit per cell, then each origin row's rings ORed into the
// rows they cover, a word of 64 columns at a time. A sword's rings from a large reach overlap
// many times over, and a siege engine's are wide: shifted words cost the same either way.
// On a hex board (SPEC §13) the cells an origin covers on a row dy away are still runs of
// columns, but which runs depends on the origin's parity: every cell of a row shares one on
// hex-y-*, and on hex-x-* the columns alternate, so a row's origins are split into two halves.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/topology.h"

#include "attack_runs.h"
#include "sight_rows.h"

namespace tactics {

class AttackMarks {
 public:
  // Ready for the reached cells of `box` (inside a width x height map of `layout`) and attacks of
  // `attack`, which must outlive mark(); keeps its storage from one solve to the next. With no
  // attack it records nothing.
  void begin(const CellBox& box, const AttackRange& attack, int width, int height,
             GridLayout layout);
  // After begin(): with sight on (SPEC §11.8, square boards), a cell is marked only when it is in
  // sight of an origin it is in range of. `map` must outlive mark().
  void useSight(const CostMap& map, const SightRule& sight) {
    sightMap_ = active_ && sight.on && !topology_.hex() ? &map : nullptr;
    sightBlockers_ = sight.blockers;
  }
  // A reached cell of the box; `origin` when the mover may stop there.
  void reached(Cell c, bool origin) {
    if (!active_) return;
    const auto column = static_cast<unsigned>(c.x - left_);
    const std::size_t at = static_cast<std::size_t>(c.y - box_.y0) * words_ + column / 64;
    const std::uint64_t bit = std::uint64_t{1} << (column % 64);
    reached_[at] |= bit;
    if (!origin) return;
    origins_[at] |= bit;
    top_ = std::min(top_, c.y);
    bottom_ = std::max(bottom_, c.y);
    leftmost_ = std::min(leftmost_, c.x);
    rightmost_ = std::max(rightmost_, c.x);
  }
  // Marks every cell of `result` still at Reach::None within the attack of an origin as
  // attackable, and widens result.written by the box around the origins that it looked at.
  void mark(RangeResult& result);
  // Calls visit(Cell) for every cell within the attack of an origin that no path reached.
  // Returns the box it looked in: the origins' box grown by the attack (empty with no origin).
  template <class Visit>
  CellBox forEachAttacked(Visit&& visit) {
    const CellBox marked = ring();
    if (marked.empty()) return marked;
    // With sight on, attacked_ keeps only the cells in sight, or each cell is asked in turn.
    const bool eachCell = sightMap_ != nullptr && !keepInSight(marked);
    for (int y = marked.y0; y <= marked.y1; ++y) {
      const std::uint64_t* ringed = &attacked_[static_cast<std::size_t>(y - marked.y0) * words_];
      const bool inBox = y >= box_.y0 && y <= box_.y1;
      const std::uint64_t* seen =
          inBox ? &reached_[static_cast<std::size_t>(y - box_.y0) * words_] : nullptr;
      for (std::size_t j = 0; j < words_; ++j) {
        std::uint64_t bits = ringed[j] & (seen != nullptr ? ~seen[j] : ~std::uint64_t{0});
        while (bits != 0) {
          const int x = left_ + static_cast<int>(j) * 64 + __builtin_ctzll(bits);
          bits &= bits - 1;
          if (x >= left_ + columns_) break;
          if (!eachCell || inSightOfAnOrigin(Cell{x, y})) visit(Cell{x, y});
        }
      }
    }
    return marked;
  }

 private:
  // ORs every origin row's rings into attacked_, one row per row of the box it returns: the
  // origins' box grown by the attack's reach, clipped to the map (empty with no origin).
  CellBox ring();
  // Ors into `out` the columns `near`..`far` away on one side of the bits of `row`.
  void orSide(const std::uint64_t* row, int near, int far, bool right, std::uint64_t* out);
  // Ors into `out` the columns `near`..`far` away on either side of the bits of `row`.
  void orRing(const std::uint64_t* row, int near, int far, std::uint64_t* out);
  // Ors into `out` the bits of `row` moved by every column offset lo..hi (negative: left).
  void orRun(const std::uint64_t* row, int lo, int hi, std::uint64_t* out);
  // The square board's rings: the same for the rows d above and below an origin row.
  void ringSquare(const CellBox& marked);
  // A hex board's: each origin row's (or half row's) runs for its parity and every row offset.
  void ringHex(const CellBox& marked);
  [[nodiscard]] bool isOrigin(Cell c) const {
    if (c.y < box_.y0 || c.y > box_.y1 || c.x < left_ || c.x >= left_ + columns_) return false;
    const auto column = static_cast<unsigned>(c.x - left_);
    return ((origins_[static_cast<std::size_t>(c.y - box_.y0) * words_ + column / 64] >>
             (column % 64)) & 1U) != 0;
  }
  // Clears the bits of attacked_ (rows of `marked`) that no origin in range sees, 64 cells at a
  // time; false, having readied sight_ for inSightOfAnOrigin, when the attack reaches too far.
  bool keepInSight(const CellBox& marked);
  // Whether an origin at a distance in the set sees t (SPEC §11.8): the rows nearest t first,
  // each row's origins in range found word by word in the origin bits.
  [[nodiscard]] bool inSightOfAnOrigin(Cell t) const;
  // Calls seen(x) for each origin bit of row `y` (of box_) in columns first..last; stops early,
  // returning true, when seen does.
  template <class Seen>
  bool anyOriginBetween(int y, int first, int last, Seen&& seen) const {
    first = std::max(first, left_);
    last = std::min(last, left_ + columns_ - 1);
    if (first > last) return false;
    const std::uint64_t* row = &origins_[static_cast<std::size_t>(y - box_.y0) * words_];
    const auto lo = static_cast<unsigned>(first - left_);
    const auto hi = static_cast<unsigned>(last - left_);
    for (unsigned j = lo / 64; j <= hi / 64; ++j) {
      std::uint64_t bits = row[j];
      if (j == lo / 64) bits &= ~std::uint64_t{0} << (lo % 64);
      if (j == hi / 64 && hi % 64 != 63) bits &= (std::uint64_t{1} << (hi % 64 + 1)) - 1;
      while (bits != 0) {
        const int x = left_ + static_cast<int>(j) * 64 + __builtin_ctzll(bits);
        bits &= bits - 1;
        if (seen(x)) return true;
      }
    }
    return false;
  }

  bool active_ = false;
  Topology topology_;
  const AttackRange* attack_ = nullptr;  // the query's, which outlives the solve
  CellBox box_;   // the rows and columns cells may be reached in
  int left_ = 0;  // the column of bit 0: columns left_ .. box_.x1 + the attack's reach
  int columns_ = 0;
  std::size_t words_ = 0;
  int width_ = 0;
  int height_ = 0;
  int top_ = 0, bottom_ = 0, leftmost_ = 0, rightmost_ = 0;  // the origins' box
  std::vector<std::uint64_t> reached_;  // a row of words_ per row of box_
  std::vector<std::uint64_t> origins_;
  std::vector<std::uint64_t> attacked_;  // a row per row of the map the rings reach
  std::vector<std::uint64_t> spread_;
  std::vector<std::uint64_t> ring_;
  std::vector<AttackSpan> spans_;  // the attack's spans, merged
  AttackRuns runs_;                  // a hex board's runs, by parity then row offset
  std::vector<std::uint64_t> half_;  // one parity's origins of a row (hex-x-*)
  const CostMap* sightMap_ = nullptr;  // sight on: the map whose terrain blocks it
  std::uint64_t sightBlockers_ = 0;
  SightRows sightRows_;  // the origins and blockers of the box the rings reach, as bits
  SightWindow sight_;    // the same blockers for an attack beyond SightRows::kMaxReach
};

}  // namespace tactics
