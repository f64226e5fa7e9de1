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
  stride_ = words + 2 * kPadWords;
  const std::size_t size = static_cast<std::size_t>(box.height() + 2 * reach_) * stride_;
  origins_.assign(size, 0);
  blockers_.assign(size, 0);
}

void SightRows::bakeBlockers(const CostMap& map, std::uint64_t blockers) {
  // Which bytes of the map block, decided once per byte value rather than per cell.
  std::uint64_t blocking[256] = {};
  for (int byte = 0; byte < 256; ++byte) {
    const int terrain = map.terrainOfByte(static_cast<std::uint8_t>(byte));
    blocking[byte] = terrain >= 0 && terrain < 64 ? (blockers >> terrain) & 1U : 0;
  }
  const std::uint8_t* cells = map.greyValues().data();
  const auto width = static_cast<std::size_t>(map.width());
  for (int y = box_.y0; y <= box_.y1; ++y) {
    std::uint64_t* bits = row(blockers_, y);
    const std::uint8_t* line = cells + static_cast<std::size_t>(y) * width;
    // A word at a time, gathered in a register.
    for (int first = box_.x0; first <= box_.x1;) {
      const int word = (first - left_) / 64;
      const int last = std::min(box_.x1, left_ + 64 * word + 63);
      std::uint64_t gathered = 0;
      for (int x = first; x <= last; ++x) gathered |= blocking[line[x]] << (x - left_ - 64 * word);
      bits[word] = gathered;
      first = last + 1;
    }
  }
}

void SightRows::keepSeen(int y, std::uint64_t* targets) const {
  const std::uint64_t* origins = row(origins_, y);
  const std::uint64_t* blockers = row(blockers_, y);
  // A window holds a chunk of targets and `reach` columns on either side.
  const int width = 64 - 2 * reach_;
  for (std::size_t j = 0; j < words_; ++j) {
    std::uint64_t unseen = targets[j];
    std::uint64_t seen = 0;
    while (unseen != 0) {
      const int lo = __builtin_ctzll(unseen);
      const std::uint64_t columns = width + lo >= 64 ? ~std::uint64_t{0} << lo
                                                     : ((std::uint64_t{1} << width) - 1) << lo;
      seen |= seenInChunk(origins + j, blockers + j, unseen & columns);
      unseen &= ~columns;
    }
    targets[j] = seen;
  }
}

std::uint64_t SightRows::seenInChunk(const std::uint64_t* origins, const std::uint64_t* blockers,
                                     std::uint64_t chunk) const {
  const int lo = __builtin_ctzll(chunk);
  // Window bit k is the column `lo - reach + k` of the word: a target's bit moves to k =
  // its bit - lo + reach, and the cell (dx, dy) from it is bit k + dx of window row dy + reach.
  std::uint64_t blockerRows[2 * kMaxReach + 1];
  const auto stride = static_cast<std::ptrdiff_t>(stride_);
  for (int r = 0; r <= 2 * reach_; ++r) {
    blockerRows[r] = bitsAt(blockers + (r - reach_) * stride, lo - reach_);
  }
  std::uint64_t unseen = (chunk >> lo) << reach_;
  std::uint64_t seen = 0;
  for (const Row& group : rows_) {
    const std::uint64_t row = bitsAt(origins + group.dy * stride, lo - reach_);
    if (row == 0) continue;  // no origin near the chunk in this row
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
  return (seen >> reach_) << lo;
}

}  // namespace tactics
