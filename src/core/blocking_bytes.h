#pragma once
// Which bytes of a map block sight (SPEC §11.8), tested many cells at a time.

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "tactics/solver/cost_map.h"

namespace tactics {

// The map bytes that block sight: a flag per byte value, and the same as runs of consecutive
// values when they are few (one on most maps: the walls' greys 204..255, or the wall's index),
// which SSE2 tests 16 bytes at a time, a run in three instructions.
class BlockingBytes {
 public:
  BlockingBytes() = default;  // nothing blocks: right for blockers 0 on any map
  // For `blockers` (SightRule::blockers) on `map`, whose kind (indexed or grey) alone decides
  // which terrain a byte holds.
  BlockingBytes(const CostMap& map, std::uint64_t blockers)
      : indexed_(map.indexed()), blockers_(blockers) {
    for (int byte = 0; byte < 256; ++byte) {
      const int terrain = map.terrainOfByte(static_cast<std::uint8_t>(byte));
      flag_[byte] = terrain >= 0 && terrain < 64 && ((blockers >> terrain) & 1U) != 0 ? 1 : 0;
      if (flag_[byte] == 0) continue;
      // Past kMaxRuns runs only the flags are used.
      if (byte == 0 || flag_[byte - 1] == 0) {
        if (++count_ <= kMaxRuns) runs_[count_ - 1] = Run{static_cast<std::uint8_t>(byte), 0};
      } else if (count_ <= kMaxRuns) {
        ++runs_[count_ - 1].span;
      }
    }
  }
  // Whether these are the bytes that block for `blockers` on `map`.
  [[nodiscard]] bool sameRule(const CostMap& map, std::uint64_t blockers) const {
    return indexed_ == map.indexed() && blockers_ == blockers;
  }
  [[nodiscard]] bool none() const { return count_ == 0; }
  // Bit i set when line[i] blocks, for i < count (at most 64); `readable` bytes from `line` on
  // lie in the map, which the 16-byte reads never pass.
  [[nodiscard]] std::uint64_t bits(const std::uint8_t* line, int count,
                                   std::size_t readable) const {
    std::uint64_t out = 0;
    int i = 0;
#if defined(__SSE2__)
    if (count_ <= kMaxRuns) {
      for (; i < count && static_cast<std::size_t>(i) + 16 <= readable; i += 16) {
        out |= static_cast<std::uint64_t>(blocking16(line + i)) << i;
      }
    }
#else
    static_cast<void>(readable);  // every byte is read alone
#endif
    for (; i < count; ++i) out |= std::uint64_t{flag_[line[i]]} << i;
    return count < 64 ? out & ((std::uint64_t{1} << count) - 1) : out;
  }

 private:
  static constexpr int kMaxRuns = 4;
  struct Run {
    std::uint8_t first = 0;
    std::uint8_t span = 0;  // the run's values are first .. first + span
  };

#if defined(__SSE2__)
  // Bit i set when p[i] blocks, for i < 16.
  [[nodiscard]] unsigned blocking16(const std::uint8_t* p) const {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i blocks = _mm_setzero_si128();
    for (int r = 0; r < count_; ++r) {
      // In the run when byte - first, wrapping, is at most span: min(that, span) is itself.
      const __m128i past = _mm_sub_epi8(bytes, _mm_set1_epi8(static_cast<char>(runs_[r].first)));
      const __m128i capped = _mm_min_epu8(past, _mm_set1_epi8(static_cast<char>(runs_[r].span)));
      blocks = _mm_or_si128(blocks, _mm_cmpeq_epi8(capped, past));
    }
    return static_cast<unsigned>(_mm_movemask_epi8(blocks));
  }
#endif

  bool indexed_ = false;
  std::uint64_t blockers_ = 0;
  std::uint8_t flag_[256] = {};  // 0 or 1
  int count_ = 0;  // runs of blocking values, kept when at most kMaxRuns
  Run runs_[kMaxRuns];
};

}  // namespace tactics
