#pragma once
// The last few timings of something (frames, solves) and their median, so the panel shows a
// steady, honest number instead of the last sample or a smoothed one. No GL.

#include <algorithm>
#include <array>
#include <cstddef>

namespace tactics::app {

class RecentTimes {
 public:
  static constexpr std::size_t kKept = 31;

  void add(double milliseconds) {
    samples_[next_] = milliseconds;
    next_ = (next_ + 1) % kKept;
    count_ = std::min(count_ + 1, kKept);
  }
  [[nodiscard]] std::size_t count() const { return count_; }
  // The median of the kept samples; 0 when there are none.
  [[nodiscard]] double median() const {
    if (count_ == 0) return 0;
    std::array<double, kKept> sorted = samples_;
    const auto end = sorted.begin() + static_cast<std::ptrdiff_t>(count_);
    const auto middle = sorted.begin() + static_cast<std::ptrdiff_t>(count_ / 2);
    std::nth_element(sorted.begin(), middle, end);
    if (count_ % 2 == 1) return *middle;
    return (*middle + *std::max_element(sorted.begin(), middle)) / 2;
  }

 private:
  std::array<double, kKept> samples_{};
  std::size_t next_ = 0;
  std::size_t count_ = 0;
};

}  // namespace tactics::app
