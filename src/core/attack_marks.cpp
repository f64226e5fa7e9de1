#include "attack_marks.h"

#include <climits>

namespace tactics {

namespace {

constexpr int kBits = 64;

// `v` |= `v` shifted `s` columns to the right (towards higher bits). In place: the words are
// read below the one written, so from the top down.
void orShiftedRight(std::uint64_t* v, std::size_t words, int s) {
  const auto q = static_cast<std::size_t>(s / kBits);
  const int r = s % kBits;
  for (std::size_t j = words; j-- > q;) {
    std::uint64_t moved = v[j - q] << r;
    if (r != 0 && j > q) moved |= v[j - q - 1] >> (kBits - r);
    v[j] |= moved;
  }
}

// `v` |= `v` shifted `s` columns to the left (towards lower bits), from the bottom up.
void orShiftedLeft(std::uint64_t* v, std::size_t words, int s) {
  const auto q = static_cast<std::size_t>(s / kBits);
  const int r = s % kBits;
  for (std::size_t j = 0; j + q < words; ++j) {
    std::uint64_t moved = v[j + q] >> r;
    if (r != 0 && j + q + 1 < words) moved |= v[j + q + 1] << (kBits - r);
    v[j] |= moved;
  }
}

// `out` |= `v` shifted `s` columns right (`right`) or left.
void orInto(const std::uint64_t* v, std::size_t words, int s, bool right, std::uint64_t* out) {
  const auto q = static_cast<std::size_t>(s / kBits);
  const int r = s % kBits;
  for (std::size_t j = 0; j + q < words; ++j) {
    if (right) {
      std::uint64_t moved = v[j] << r;
      if (r != 0 && j > 0) moved |= v[j - 1] >> (kBits - r);
      out[j + q] |= moved;
    } else {
      std::uint64_t moved = v[j + q] >> r;
      if (r != 0 && j + q + 1 < words) moved |= v[j + q + 1] << (kBits - r);
      out[j] |= moved;
    }
  }
}

}  // namespace

void AttackMarks::begin(const CellBox& box, const AttackRange& attack, int width, int height,
                        GridLayout layout) {
  active_ = !attack.none() && !box.empty();
  sightMap_ = nullptr;
  if (!active_) return;
  topology_ = Topology(layout);
  attack_ = &attack;
  box_ = box;
  width_ = width;
  height_ = height;
  const int hi = attack.maxDistance();
  left_ = std::max(0, box.x0 - hi);
  columns_ = std::min(width - 1, box.x1 + hi) - left_ + 1;
  words_ = static_cast<std::size_t>((columns_ + kBits - 1) / kBits);
  const std::size_t size = static_cast<std::size_t>(box.height()) * words_;
  reached_.assign(size, 0);
  origins_.assign(size, 0);
  top_ = leftmost_ = INT_MAX;
  bottom_ = rightmost_ = INT_MIN;
}

void AttackMarks::orSide(const std::uint64_t* row, int near, int far, bool right,
                         std::uint64_t* out) {
  // The row spread over far - near + 1 columns by doubling, then moved `near` on. Spreading
  // towards the side it then moves to only ever drops bits that would land off the words anyway.
  const int length = far - near + 1;
  std::copy(row, row + words_, spread_.begin());
  for (int covered = 1; covered < length;) {
    const int step = std::min(covered, length - covered);
    if (right) {
      orShiftedRight(spread_.data(), words_, step);
    } else {
      orShiftedLeft(spread_.data(), words_, step);
    }
    covered += step;
  }
  orInto(spread_.data(), words_, near, right, out);
}

void AttackMarks::orRing(const std::uint64_t* row, int near, int far, std::uint64_t* out) {
  for (const bool right : {true, false}) orSide(row, near, far, right, out);
}

void AttackMarks::orRun(const std::uint64_t* row, int lo, int hi, std::uint64_t* out) {
  if (hi >= 0) orSide(row, std::max(lo, 0), hi, true, out);
  if (lo < 0) orSide(row, std::max(-hi, 1), -lo, false, out);
}

CellBox AttackMarks::ring() {
  if (!active_ || top_ > bottom_) return CellBox{};
  attack_->merged(spans_);
  // One step moves at most one column and one row on every layout, so a distance bounds both.
  const int hi = attack_->maxDistance();
  const CellBox marked =
      CellBox{leftmost_ - hi, top_ - hi, rightmost_ + hi, bottom_ + hi}.clippedTo(width_, height_);
  attacked_.assign(static_cast<std::size_t>(marked.height()) * words_, 0);
  spread_.resize(words_);
  ring_.resize(words_);
  if (topology_.hex()) {
    ringHex(marked);
  } else {
    ringSquare(marked);
  }
  return marked;
}

void AttackMarks::ringSquare(const CellBox& marked) {
  const int hi = attack_->maxDistance();
  // Each origin row's rings, the same for the rows d above and below it: the columns at a
  // distance in the set less d (a hole such as the 2 of "1,3" stays a hole, SPEC §11.4).
  for (int oy = top_; oy <= bottom_; ++oy) {
    const std::uint64_t* row = &origins_[static_cast<std::size_t>(oy - box_.y0) * words_];
    if (std::all_of(row, row + words_, [](std::uint64_t w) { return w == 0; })) continue;
    for (int d = 0; d <= hi; ++d) {
      std::fill(ring_.begin(), ring_.end(), 0);
      bool any = false;
      for (const AttackSpan& span : spans_) {
        if (d > span.max) continue;
        orRing(row, std::max(0, span.min - d), span.max - d, ring_.data());
        any = true;
      }
      if (!any) continue;
      for (const int y : {oy - d, oy + d}) {
        if (y < marked.y0 || y > marked.y1) continue;
        std::uint64_t* into = &attacked_[static_cast<std::size_t>(y - marked.y0) * words_];
        for (std::size_t j = 0; j < words_; ++j) into[j] |= ring_[j];
        if (d == 0) break;
      }
    }
  }
}

void AttackMarks::ringHex(const CellBox& marked) {
  runs_.build(topology_, *attack_);
  const int hi = attack_->maxDistance();
  const bool columnsStaggered =
      topology_.layout() == GridLayout::HexXOdd || topology_.layout() == GridLayout::HexXEven;
  // Which bits of a word hold the columns of parity 1 (hex-x-*): 64 is even, so every word's
  // columns alternate alike from the column of bit 0.
  std::uint64_t shifted = 0;
  for (int b = 0; b < kBits; ++b) {
    if (topology_.parity({left_ + b, 0}) == 1) shifted |= std::uint64_t{1} << b;
  }
  half_.resize(words_);
  for (int oy = top_; oy <= bottom_; ++oy) {
    const std::uint64_t* row = &origins_[static_cast<std::size_t>(oy - box_.y0) * words_];
    if (std::all_of(row, row + words_, [](std::uint64_t w) { return w == 0; })) continue;
    for (int parity = 0; parity < 2; ++parity) {
      const std::uint64_t* origins = row;
      if (columnsStaggered) {
        const std::uint64_t mask = parity == 1 ? shifted : ~shifted;
        bool any = false;
        for (std::size_t j = 0; j < words_; ++j) {
          half_[j] = row[j] & mask;
          any = any || half_[j] != 0;
        }
        if (!any) continue;
        origins = half_.data();
      } else if (topology_.parity({0, oy}) != parity) {
        continue;  // a staggered row's cells all share its parity
      }
      if (runs_.mirrored()) {
        // The rows dy above and below take the same runs: spread once, OR into both.
        for (int dy = 0; dy <= hi; ++dy) {
          const bool above = oy - dy >= marked.y0;
          const bool below = oy + dy <= marked.y1;
          if (!above && !below) continue;
          if (runs_.begin(parity, dy) == runs_.end(parity, dy)) continue;
          std::fill(ring_.begin(), ring_.end(), 0);
          for (const AttackRuns::Run* r = runs_.begin(parity, dy); r != runs_.end(parity, dy); ++r) {
            orRun(origins, r->lo, r->hi, ring_.data());
          }
          for (const int y : {oy - dy, oy + dy}) {
            if (y < marked.y0 || y > marked.y1) continue;
            std::uint64_t* into = &attacked_[static_cast<std::size_t>(y - marked.y0) * words_];
            for (std::size_t j = 0; j < words_; ++j) into[j] |= ring_[j];
            if (dy == 0) break;
          }
        }
        continue;
      }
      for (int dy = -hi; dy <= hi; ++dy) {
        const int y = oy + dy;
        if (y < marked.y0 || y > marked.y1) continue;
        std::uint64_t* into = &attacked_[static_cast<std::size_t>(y - marked.y0) * words_];
        for (const AttackRuns::Run* r = runs_.begin(parity, dy); r != runs_.end(parity, dy); ++r) {
          orRun(origins, r->lo, r->hi, into);
        }
      }
    }
  }
}

bool AttackMarks::keepInSight(const CellBox& marked) {
  if (attack_->maxDistance() > SightRows::kMaxReach) {
    sight_.bake(*sightMap_, sightBlockers_, marked);
    return false;
  }
  sightRows_.begin(spans_, left_, words_, marked);
  for (int y = top_; y <= bottom_; ++y) {
    const std::uint64_t* row = &origins_[static_cast<std::size_t>(y - box_.y0) * words_];
    sightRows_.setOrigins(y, row);
  }
  sightRows_.bakeBlockers(*sightMap_, sightBlockers_);
  const auto targetsOf = [&](int y) {
    return &attacked_[static_cast<std::size_t>(y - marked.y0) * words_];
  };
  for (int y = std::max(marked.y0, box_.y0); y <= std::min(marked.y1, box_.y1); ++y) {
    // Reached cells are never marked: no need to look for their sight.
    std::uint64_t* targets = targetsOf(y);
    const std::uint64_t* seen = &reached_[static_cast<std::size_t>(y - box_.y0) * words_];
    for (std::size_t j = 0; j < words_; ++j) targets[j] &= ~seen[j];
  }
  for (int y = marked.y0; y <= marked.y1; y += 2) {
    sightRows_.keepSeen(y, targetsOf(y), y < marked.y1 ? targetsOf(y + 1) : nullptr);
  }
  return true;
}

bool AttackMarks::inSightOfAnOrigin(Cell t) const {
  const int hi = attack_->maxDistance();
  // No blocker near t but t itself: every origin in range sees it.
  if (sight_.count(CellBox::around(t, hi)) == (sight_.blocks(t) ? 1 : 0)) return true;
  for (int a = 0; a <= hi; ++a) {
    for (const int y : {t.y - a, t.y + a}) {
      if (y >= top_ && y <= bottom_) {
        for (const AttackSpan& span : spans_) {
          if (a > span.max) continue;
          const int far = span.max - a;
          const int near = std::max(0, span.min - a);
          const auto seen = [&](int x) { return sight_.inSight(Cell{x, y}, t); };
          if (anyOriginBetween(y, t.x - far, t.x - near, seen) ||
              anyOriginBetween(y, t.x + near, t.x + far, seen)) {
            return true;
          }
        }
      }
      if (a == 0) break;
    }
  }
  return false;
}

void AttackMarks::mark(RangeResult& result) {
  const CellBox marked = forEachAttacked([&](Cell c) {
    if (result.reach[c] == Reach::None) result.reach[c] = Reach::Attackable;
  });
  result.written = result.written.unitedWith(marked);
}

}  // namespace tactics
