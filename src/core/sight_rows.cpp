#include "sight_rows.h"

#include <algorithm>
#include <cstdlib>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/sight.h"

namespace tactics {

namespace {

bool inSpans(const std::vector<AttackSpan>& spans, int distance) {
  return std::any_of(spans.begin(), spans.end(), [&](const AttackSpan& span) {
    return distance >= span.min && distance <= span.max;
  });
}

// The 64 bits of a row of `words` words from bit `first` on (any column: none outside the row).
std::uint64_t bitsFrom(const std::uint64_t* row, std::size_t words, int first) {
  const auto word = [&](int j) {
    return j >= 0 && static_cast<std::size_t>(j) < words ? row[j] : std::uint64_t{0};
  };
  const int q = first >> 6;  // rounds down
  const int r = first & 63;
  return r == 0 ? word(q) : (word(q) >> r) | (word(q + 1) << (64 - r));
}

// Clears `bits` of a row of `words` words from bit `first` (>= 0) on; bits past the row are none.
void clearBitsAt(std::uint64_t* row, std::size_t words, int first, std::uint64_t bits) {
  const auto q = static_cast<std::size_t>(first >> 6);
  const int r = first & 63;
  if (q < words) row[q] &= ~(bits << r);
  if (r != 0 && q + 1 < words) row[q + 1] &= ~(bits >> (64 - r));
}

}  // namespace

void SightRows::buildOffsets(const std::vector<AttackSpan>& spans) {
  spans_ = spans;
  reach_ = spans.empty() ? 0 : spans.back().max;
  rows_.clear();
  offsets_.clear();
  crossed_.clear();
  const auto moved = [&](int dx, int dy) {
    return Moved{static_cast<std::uint8_t>(dy + reach_), static_cast<std::uint8_t>(dx + reach_)};
  };
  // Grouped by row, nearest rows first, and nearest first in a row: a chunk skips every row
  // with no origin near it.
  for (int a = 0; a <= reach_; ++a) {
    for (const int dy : {-a, a}) {
      Row group{dy, offsets_.size(), 0};
      for (int far = 0; far <= reach_ - a; ++far) {
        if (!inSpans(spans, a + far)) continue;
        for (const int dx : {-far, far}) {
          Offset offset{moved(dx, dy), static_cast<std::uint32_t>(crossed_.size()), 0};
          // The origin at t + (dx, dy); its segment to t is the same wherever t is.
          forEachCrossed(Cell{dx, dy}, Cell{0, 0}, [&](Cell c) {
            crossed_.push_back(moved(c.x, c.y));
            return true;
          });
          offset.last = static_cast<std::uint32_t>(crossed_.size());
          offsets_.push_back(offset);
          if (far == 0) break;
        }
      }
      group.last = offsets_.size();
      if (group.last > group.first) rows_.push_back(group);
      if (a == 0) break;
    }
  }
}

void SightRows::begin(const std::vector<AttackSpan>& spans, int left, std::size_t words,
                      const CellBox& box) {
  if (spans != spans_) buildOffsets(spans);
  left_ = left;
  box_ = box;
  words_ = words;
  bandWidth_ = 64 - 2 * reach_;
  bands_ = (box.width() + bandWidth_ - 1) / bandWidth_;
  bandRows_ = static_cast<std::size_t>(box.height() + 2 * reach_);
  const std::size_t size = static_cast<std::size_t>(bands_) * bandRows_;
  origins_.assign(size, 0);
  blockers_.assign(size, 0);
}

void SightRows::setOrigins(int y, const std::uint64_t* row) {
  for (int band = 0; band < bands_; ++band) {
    origins_[at(band, y)] = bitsFrom(row, words_, windowStart(band) - left_);
  }
}

void SightRows::bakeBlockers(const CostMap& map, std::uint64_t blockers) {
  // Its 256 flags cost as much as baking a small box: kept while the rule stays the same.
  if (!blocking_.sameRule(map, blockers)) blocking_ = BlockingBytes(map, blockers);
  const BlockingBytes& blocking = blocking_;
  if (blocking.none()) return;  // begin() cleared the windows
  const std::vector<std::uint8_t>& cells = map.greyValues();
  const auto width = static_cast<std::size_t>(map.width());
  for (int band = 0; band < bands_; ++band) {
    // A segment's crossed cells lie between its ends, so only the box's cells are ever read.
    const int start = windowStart(band);
    const int first = std::max(box_.x0, start);
    const int last = std::min(box_.x1, start + 63);
    for (int y = box_.y0; y <= box_.y1; ++y) {
      const std::size_t at0 = static_cast<std::size_t>(y) * width + static_cast<std::size_t>(first);
      blockers_[at(band, y)] =
          blocking.bits(&cells[at0], last - first + 1, cells.size() - at0) << (first - start);
    }
  }
}

void SightRows::keepSeen(int y, std::uint64_t* targets) const {
  const std::uint64_t columns = (std::uint64_t{1} << bandWidth_) - 1;
  // Bands share no target column, so each clears its own unseen targets in place.
  for (int band = 0; band < bands_; ++band) {
    const int first = windowStart(band) + reach_ - left_;  // the band's first target, in the row
    const std::uint64_t chunk = bitsFrom(targets, words_, first) & columns;
    if (chunk == 0) continue;
    const std::size_t i = at(band, y);
    const std::uint64_t seen = seenInChunk(&origins_[i], &blockers_[i], chunk << reach_);
    clearBitsAt(targets, words_, first, chunk & ~(seen >> reach_));
  }
}

std::uint64_t SightRows::seenInChunk(const std::uint64_t* origins, const std::uint64_t* blockers,
                                     std::uint64_t chunk) const {
  // Window bit k is column `start + k` of the band: the cell (dx, dy) from the target at bit k
  // is bit k + dx of the window dy rows down, window row dy + reach of blockerRows.
  const std::uint64_t* blockerRows = blockers - reach_;
  std::uint64_t unseen = chunk;
  std::uint64_t seen = 0;
  for (const Row& group : rows_) {
    const std::uint64_t row = origins[group.dy];
    if (row == 0) continue;  // no origin near the band in this row
    for (std::size_t k = group.first; k < group.last; ++k) {
      const Offset& offset = offsets_[k];
      std::uint64_t hit = ((row >> offset.origin.shift) << reach_) & unseen;
      if (hit == 0) continue;
      // A crossed cell holding a blocker hides the targets it is moved onto. Every cell of
      // the segment, without a branch: whether a cell blocks is too random to predict.
      std::uint64_t hidden = 0;
      for (std::uint32_t i = offset.first; i < offset.last; ++i) {
        hidden |= blockerRows[crossed_[i].row] >> crossed_[i].shift;
      }
      hit &= ~(hidden << reach_);
      seen |= hit;
      unseen &= ~hit;
    }
    if (unseen == 0) break;
  }
  return seen;
}

}  // namespace tactics
