#pragma once
// "Working..." over the board while the demo is busy (issue 37): a solve blocks its frame, so a
// frame that blocks for long cannot draw the sign itself. The sign goes on the frame *before*
// work that is expected slow (the last such work on this map took over kSlowSeconds, or the map
// is large and nothing has been timed on it yet), and the work waits for the next frame, by
// which time the sign is on the screen. A computer phase whose steps were slow keeps the sign
// on while it plays. No GL.

#include <cstdint>

namespace tactics::app {

class BusySign {
 public:
  // Work slower than this shows the sign.
  static constexpr double kSlowSeconds = 0.1;
  // Before anything is timed on a map, one of at least this many cells is expected slow (a
  // 4096x4096 map's first selection took about 1.5 s).
  static constexpr std::int64_t kLargeMapCells = std::int64_t{1024} * 1024;

  // What the work is: a range solve, or the computer's phases (their fields and ranges).
  enum class Work { Solve, Phases };

  // A new map of `cells` cells: nothing timed on it yet.
  void mapOpened(std::int64_t cells) {
    solveSlow_ = cells >= kLargeMapCells;
    phasesSlow_ = solveSlow_;
  }

  // A frame begins: remembers whether the last one drew the sign.
  void beginFrame() {
    shownLastFrame_ = showing_;
    showing_ = false;
  }

  // Blocking work is wanted this frame. True: do it now (it is expected quick, or the sign is
  // already on the screen). False: this frame draws the sign; ask again on the next frame.
  bool ready(Work work) {
    if (!expectSlow(work) || shownLastFrame_) return true;
    showing_ = true;
    return false;
  }

  // A range solve ran and took `seconds`: the next one is expected slow if this one was.
  void solved(double seconds) { solveSlow_ = seconds > kSlowSeconds; }

  // A frame of a computer phase took `seconds` of work. Once a step was slow, the sign stays on
  // through every computer phase on this map (most frames of a phase only animate, so a quick
  // frame says nothing about the next step).
  void phaseFrame(double seconds) {
    if (seconds > kSlowSeconds) phasesSlow_ = true;
    if (phasesSlow_) showing_ = true;
  }

  // Whether this frame draws the sign (and the next frame should come at once).
  [[nodiscard]] bool showing() const { return showing_; }
  [[nodiscard]] bool expectSlow(Work work) const {
    return work == Work::Solve ? solveSlow_ : phasesSlow_;
  }

 private:
  bool solveSlow_ = false;
  bool phasesSlow_ = false;
  bool showing_ = false;
  bool shownLastFrame_ = false;
};

}  // namespace tactics::app
