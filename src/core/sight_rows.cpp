#include "sight_rows.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>

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
  std::vector<Cell> cells;
  // Grouped by row, nearest rows first, and nearest first in a row: a chunk skips every row
  // with no origin near it.
  for (int a = 0; a <= reach_; ++a) {
    for (const int dy : {-a, a}) {
      Row group{static_cast<std::int16_t>(dy), static_cast<std::uint16_t>(offsets_.size()), 0};
      for (int far = 0; far <= reach_ - a; ++far) {
        if (!inSpans(spans, a + far)) continue;
        for (const int dx : {-far, far}) {
          const std::size_t first = crossed_.size();
          // The origin at t + (dx, dy); its segment to t is the same wherever t is.
          cells.clear();
          forEachCrossed(Cell{dx, dy}, Cell{0, 0}, [&](Cell c) {
            cells.push_back(c);
            return true;
          });
          addRuns(cells);
          offsets_.push_back(Offset{static_cast<std::uint8_t>(dx + reach_),
                                    static_cast<std::uint8_t>(crossed_.size() - first),
                                    static_cast<std::uint16_t>(first)});
          if (far == 0) break;
        }
      }
      group.last = static_cast<std::uint16_t>(offsets_.size());
      if (group.last > group.first) rows_.push_back(group);
      if (a == 0) break;
    }
  }
}

void SightRows::addRuns(const std::vector<Cell>& cells) {
  // Runs of cells next to each other along a line (rows: `across`, else columns), at most three.
  const auto runsOf = [&](bool across) {
    std::vector<Cell> sorted = cells;
    // Along rows: by dy, then dx. Along columns: by dx, then dy.
    std::sort(sorted.begin(), sorted.end(), [&](Cell p, Cell q) {
      return across ? std::tie(p.y, p.x) < std::tie(q.y, q.x)
                    : std::tie(p.x, p.y) < std::tie(q.x, q.y);
    });
    std::vector<Run> runs;
    for (std::size_t i = 0; i < sorted.size();) {
      const Cell start = sorted[i];
      int length = 1;
      // The cell `length` on from the run's first.
      const auto next = [&] {
        return across ? Cell{start.x + length, start.y} : Cell{start.x, start.y + length};
      };
      while (length < 3 && i + static_cast<std::size_t>(length) < sorted.size() &&
             sorted[i + static_cast<std::size_t>(length)] == next()) {
        ++length;
      }
      static constexpr Spread kAcross[] = {kCell, kAcross2, kAcross3};
      static constexpr Spread kDown[] = {kCell, kDown2, kDown3};
      const Spread spread = (across ? kAcross : kDown)[length - 1];
      runs.push_back(Run{static_cast<std::uint8_t>((start.y + reach_) * kSpreads + spread),
                         static_cast<std::uint8_t>(start.x + reach_)});
      i += static_cast<std::size_t>(length);
    }
    return runs;
  };
  const std::vector<Run> across = runsOf(true);
  const std::vector<Run> down = runsOf(false);
  const std::vector<Run>& fewer = down.size() < across.size() ? down : across;
  crossed_.insert(crossed_.end(), fewer.begin(), fewer.end());
}

void SightRows::begin(const std::vector<AttackSpan>& spans, int left, std::size_t words,
                      const CellBox& box) {
  if (spans != spans_) buildOffsets(spans);
  left_ = left;
  box_ = box;
  words_ = words;
  bandWidth_ = 64 - 2 * reach_;
  bands_ = (box.width() + bandWidth_ - 1) / bandWidth_;
  bandRows_ = static_cast<std::size_t>(box.height() + 2 * reach_ + 1);
  const std::size_t size = static_cast<std::size_t>(bands_) * bandRows_;
  origins_.assign(size, 0);
  // bakeBlockers writes every word of the box's rows; only the rows above and below it (and the
  // spare row) start clear here: a query after other work finds these words out of the cache.
  blockers_.resize(size * kSpreads);
  const auto margin = static_cast<std::size_t>(reach_);
  for (int band = 0; band < bands_; ++band) {
    std::uint64_t* window = &blockers_[static_cast<std::size_t>(band) * bandRows_ * kSpreads];
    std::fill(window, window + margin * kSpreads, 0);
    std::fill(window + (bandRows_ - margin - 1) * kSpreads, window + bandRows_ * kSpreads, 0);
  }
  // The tables keepSeen walks, asked for now, all at once, so that a query after other work
  // waits for memory once rather than once per table entry it reaches.
  const auto fetch = [](const auto& table) {
    const auto* bytes = reinterpret_cast<const char*>(table.data());
    const std::size_t bytesLong = table.size() * sizeof(table[0]);
    for (std::size_t at = 0; at < bytesLong; at += 64) __builtin_prefetch(bytes + at);
  };
  fetch(rows_);
  fetch(offsets_);
  fetch(crossed_);
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
  if (blocking.none()) {
    std::fill(blockers_.begin(), blockers_.end(), 0);
    return;
  }
  const std::vector<std::uint8_t>& cells = map.greyValues();
  const auto width = static_cast<std::size_t>(map.width());
  for (int band = 0; band < bands_; ++band) {
    // A segment's crossed cells lie between its ends, so only the box's cells are ever read.
    const int start = windowStart(band);
    const int first = std::max(box_.x0, start);
    const int last = std::min(box_.x1, start + 63);
    for (int y = box_.y0; y <= box_.y1; ++y) {
      const std::size_t at0 = static_cast<std::size_t>(y) * width + static_cast<std::size_t>(first);
      blockers_[at(band, y) * kSpreads + kCell] =
          blocking.bits(&cells[at0], last - first + 1, cells.size() - at0) << (first - start);
    }
  }
  spreadBlockers();
}

void SightRows::spreadBlockers() {
  const auto cell = [&](std::size_t window) { return blockers_[window * kSpreads + kCell]; };
  for (int band = 0; band < bands_; ++band) {
    const std::size_t top = at(band, box_.y0 - reach_);
    for (std::size_t row = 0; row < bandRows_; ++row) {
      const std::size_t window = top + row;
      std::uint64_t* words = &blockers_[window * kSpreads];
      const std::uint64_t bits = words[kCell];
      // Bit k of a spread word: a blocker in columns k .. k + 1 (or 2), or rows r .. r + 1 (2).
      words[kAcross2] = bits | (bits >> 1);
      words[kAcross3] = words[kAcross2] | (bits >> 2);
      const std::uint64_t below = row + 1 < bandRows_ ? cell(window + 1) : 0;
      const std::uint64_t twoBelow = row + 2 < bandRows_ ? cell(window + 2) : 0;
      words[kDown2] = bits | below;
      words[kDown3] = words[kDown2] | twoBelow;
    }
  }
}

void SightRows::keepSeen(int y, std::uint64_t* targets, std::uint64_t* below) const {
  const std::uint64_t columns = (std::uint64_t{1} << bandWidth_) - 1;
  std::uint64_t* rows[2] = {targets, below};
  // Bands share no target column, so each clears its own unseen targets in place.
  for (int band = 0; band < bands_; ++band) {
    const int first = windowStart(band) + reach_ - left_;  // the band's first target, in the row
    std::uint64_t chunk[2] = {0, 0};
    for (int r = 0; r < 2; ++r) {
      if (rows[r] != nullptr) chunk[r] = bitsFrom(rows[r], words_, first) & columns;
    }
    if ((chunk[0] | chunk[1]) == 0) continue;
    const std::size_t i = at(band, y);
    const std::uint64_t targeted[2] = {chunk[0], chunk[1]};
    keepSeenInChunks(&origins_[i], &blockers_[i * kSpreads], chunk);
    for (int r = 0; r < 2; ++r) {
      if (rows[r] != nullptr) clearBitsAt(rows[r], words_, first, targeted[r] & ~chunk[r]);
    }
  }
}

void SightRows::keepSeenInChunks(const std::uint64_t* origins, const std::uint64_t* blockers,
                                 std::uint64_t (&chunk)[2]) const {
  // Target bit k is window bit k + reach: the cell (dx, dy) from it is bit k of the window dy
  // rows down shifted right by dx + reach, whose words start at blockerWords[(dy + reach) *
  // kSpreads]; the second row's are kSpreads words on. No shift moves a bit left, so a test is
  // one shift and an AND.
  const std::uint64_t* blockerWords = blockers - reach_ * kSpreads;
  std::uint64_t unseen0 = chunk[0];
  std::uint64_t unseen1 = chunk[1];
  for (const Row& group : rows_) {
    const std::uint64_t row0 = origins[group.dy];
    const std::uint64_t row1 = origins[group.dy + 1];
    if ((row0 | row1) == 0) continue;  // no origin near the band in these rows
    for (std::size_t k = group.first; k < group.last; ++k) {
      const Offset& offset = offsets_[k];
      const std::uint64_t hit0 = (row0 >> offset.shift) & unseen0;
      const std::uint64_t hit1 = (row1 >> offset.shift) & unseen1;
      if ((hit0 | hit1) == 0) continue;
      // A crossed cell holding a blocker hides the targets it is moved onto. Every run of
      // the segment, without a branch: whether a cell blocks is too random to predict.
      std::uint64_t hidden0 = 0;
      std::uint64_t hidden1 = 0;
      const Run* run = &crossed_[offset.first];
      for (const Run* end = run + offset.runs; run != end; ++run) {
        hidden0 |= blockerWords[run->word] >> run->shift;
        hidden1 |= blockerWords[run->word + kSpreads] >> run->shift;
      }
      unseen0 &= ~(hit0 & ~hidden0);
      unseen1 &= ~(hit1 & ~hidden1);
    }
    if ((unseen0 | unseen1) == 0) break;
  }
  chunk[0] &= ~unseen0;
  chunk[1] &= ~unseen1;
}

}  // namespace tactics
