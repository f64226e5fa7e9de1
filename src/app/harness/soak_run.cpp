#include "app/harness/soak_run.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "cmdline/command_line.h"

namespace tactics::app {

namespace {

constexpr int kExitSoakFailed = 1;

}  // namespace

SoakRun::SoakRun(std::uint32_t seed, int actions, std::function<std::size_t()> memory)
    : driver_(seed), memory_(std::move(memory)), total_(actions) {}

bool SoakRun::readyToAct(bool busy) {
  if (busy || measuring_ || actions_ >= total_) {
    ++waitedFrames_;
    return false;
  }
  waitedFrames_ = 0;
  return true;
}

SoakStep SoakRun::afterFrame(const SoakFrame& frame, const Scene& scene, std::ostream& out) {
  // Nothing a player does takes this long to settle: a phase or a walk that never ends.
  if (waitedFrames_ > kSoakStuckFrames) {
    out << "soak: stuck after action " << actions_ << " (" << phaseName(scene.phase) << " phase"
        << (scene.walk ? ", a unit walking" : "") << ")" << std::endl;
    return {false, kExitSoakFailed};
  }
  glErrors_ += frame.glErrors;
  if (frame.solves != lastSolves_) {
    solves_ += frame.solves > lastSolves_ ? frame.solves - lastSolves_ : frame.solves;
    if (frame.equalsCpu == false) ++disagreements_;
    lastSolves_ = frame.solves;
  }

  const int baselineAt = std::min(kSoakBaseline, total_);
  const bool checkpoint = actions_ == baselineAt && !baseline_;
  const bool end = actions_ >= total_ && baseline_;
  if (!measuring_ && (checkpoint || end)) {
    measuring_ = true;  // the same state both times: the default scenario, no undo history
    return {true, std::nullopt};
  }
  if (!measuring_ || frame.boardLoading) return {};
  measuring_ = false;
  if (!baseline_) {
    baseline_ = memory_();
    return {};
  }

  const std::size_t last = memory_();
  const double growth =
      *baseline_ > 0 ? (static_cast<double>(last) / static_cast<double>(*baseline_) - 1.0) * 100.0
                     : 0.0;
  const auto mib = [](std::size_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); };
  char line[256];
  std::snprintf(line, sizeof line,
                "soak: %d actions, %d solves, %d GL errors, %d disagreements with the CPU "
                "reference, resident %.1f MiB at action %d, %.1f MiB at the end (%+.1f%%)",
                actions_, solves_, glErrors_, disagreements_, mib(*baseline_), baselineAt, mib(last),
                growth);
  out << line << std::endl;
  const bool passed = glErrors_ == 0 && disagreements_ == 0 && growth < kSoakGrowthPercent;
  return {false, passed ? kExitOk : kExitSoakFailed};
}

}  // namespace tactics::app
