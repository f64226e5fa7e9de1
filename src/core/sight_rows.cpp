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
  rows_.clear();
  steps_.clear();
  crossedCells_.clear();
  // Grouped by row, nearest rows first, and nearest first in a row: a word skips every row
  // with no origin near it.
  const int reach = spans.empty() ? 0 : spans.back().max;
  for (int a = 0; a <= reach; ++a) {
    for (const int dy : {-a, a}) {
      Row group{dy, reach - a, steps_.size(), 0};
      for (int far = 0; far <= reach - a; ++far) {
        if (!inSpans(spans, a + far)) continue;
        for (const int dx : {-far, far}) {
          Step step{dx, dy, crossedCells_.size(), 0};
          // The origin at t + (dx, dy); its segment to t is the same wherever t is.
          forEachCrossed(Cell{dx, dy}, Cell{0, 0}, [&](Cell c) {
            crossedCells_.push_back(c);
            return true;
          });
          step.last = crossedCells_.size();
          steps_.push_back(step);
          if (far == 0) break;
        }
      }
      group.last = steps_.size();
      if (group.last > group.first) rows_.push_back(group);
      if (a == 0) break;
    }
  }
  movedStride_ = 0;
}

void SightRows::begin(const std::vector<AttackSpan>& spans, int left, std::size_t words,
                      const CellBox& box) {
  if (spans != spans_) buildOffsets(spans);
  const int reach = spans.empty() ? 0 : spans.back().max;
  left_ = left;
  box_ = box;
  words_ = words;
  pad_ = reach;
  padWords_ = static_cast<std::size_t>(reach + 63) / 64 + 1;
  stride_ = words + 2 * padWords_;
  const std::size_t size = static_cast<std::size_t>(box.height() + 2 * pad_) * stride_;
  origins_.assign(size, 0);
  blockers_.assign(size, 0);
  if (movedStride_ != stride_) {
    // Where each offset's origin and crossed cells lie in rows of this stride.
    movedStride_ = stride_;
    offsets_.clear();
    crossed_.clear();
    for (const Step& step : steps_) {
      offsets_.push_back({moved(step.dx, step.dy), static_cast<std::uint32_t>(step.first),
                          static_cast<std::uint32_t>(step.last)});
    }
    for (const Cell c : crossedCells_) crossed_.push_back(moved(c.x, c.y));
  }
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
    for (int x = box_.x0; x <= box_.x1; ++x) {
      const auto column = static_cast<unsigned>(x - left_);
      bits[column / 64] |= blocking[line[x]] << (column % 64);
    }
  }
}

void SightRows::keepSeen(int y, std::uint64_t* targets) const {
  const std::uint64_t* origins = row(origins_, y);
  const std::uint64_t* blockers = row(blockers_, y);
  for (std::size_t j = 0; j < words_; ++j) {
    std::uint64_t unseen = targets[j];
    if (unseen == 0) continue;
    std::uint64_t seen = 0;
    for (const Row& group : rows_) {
      // No origin of the row within the group's reach of the targets still unseen: none of its
      // offsets can hit.
      const int lo = __builtin_ctzll(unseen) - group.reach;
      const int span = 63 - __builtin_clzll(unseen) + group.reach - lo + 1;
      if (span <= 64) {
        const std::uint64_t near = bitsAt(origins + j, moved(lo, group.dy));
        if ((span == 64 ? near : near & ((std::uint64_t{1} << span) - 1)) == 0) continue;
      }
      for (std::size_t k = group.first; k < group.last && unseen != 0; ++k) {
        const Offset& offset = offsets_[k];
        std::uint64_t hit = bitsAt(origins + j, offset.origin) & unseen;
        if (hit == 0) continue;
        // A crossed cell holding a blocker hides the targets it is moved onto. Every cell of
        // the segment, without a branch: whether a cell blocks is too random to predict.
        std::uint64_t hidden = 0;
        for (std::uint32_t i = offset.first; i < offset.last; ++i) {
          hidden |= bitsAt(blockers + j, crossed_[i]);
        }
        hit &= ~hidden;
        seen |= hit;
        unseen &= ~hit;
      }
      if (unseen == 0) break;
    }
    targets[j] = seen;
  }
}

}  // namespace tactics
