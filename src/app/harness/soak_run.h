#pragma once
// `demo --soak N`'s referee: what it counts frame by frame (GL errors, solves, disagreements
// with the CPU reference), when it measures memory (at action kSoakBaseline and at the end, each
// time on a freshly opened default scenario, so both see the same state), and its verdict. No GL:
// the frame loop hands it what the frame showed.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>

#include "app/rules/scene.h"
#include "app/harness/soak_driver.h"

namespace tactics::app {

constexpr int kSoakBaseline = 200;          // actions before the first memory measurement
constexpr double kSoakGrowthPercent = 5.0;  // more growth than this by the end fails the soak
constexpr int kSoakStuckFrames = 4000;      // frames without an action (a phase, a walk) that fail it

// What one frame of the soak showed.
struct SoakFrame {
  int glErrors = 0;               // raised during the frame
  int solves = 0;                 // the range solver's count; a new board's solver starts at 0
  std::optional<bool> equalsCpu;  // the last solve against the CPU reference, when it converged
  bool boardLoading = false;      // a board asked for is not open yet
};

// What the frame loop does next.
struct SoakStep {
  bool openDefaultScenario = false;  // open the default scenario, then measure
  std::optional<int> exitCode;       // the soak is over: 0 passed, 1 failed
};

class SoakRun {
 public:
  // `memory` measures the demo's resident bytes (residentBytes() in the demo).
  SoakRun(std::uint32_t seed, int actions, std::function<std::size_t()> memory);

  // Before a frame: the random player's next action, or nothing while the demo is busy (a walk,
  // a computer phase, a board opening), measuring, or done.
  [[nodiscard]] bool readyToAct(bool busy);
  void acted() { ++actions_; }
  [[nodiscard]] int actions() const { return actions_; }
  SoakDriver& driver() { return driver_; }

  // After a frame: count what it showed, ask for the default scenario before measuring, and
  // with the last measurement print the summary line to `out` and give the verdict.
  SoakStep afterFrame(const SoakFrame& frame, const Scene& scene, std::ostream& out);

 private:
  SoakDriver driver_;
  std::function<std::size_t()> memory_;
  int total_ = 0;
  int actions_ = 0;
  int solves_ = 0;
  int lastSolves_ = 0;
  int glErrors_ = 0;
  int disagreements_ = 0;
  int waitedFrames_ = 0;                 // frames in a row with no action
  bool measuring_ = false;               // the default scenario was asked for; measure once open
  std::optional<std::size_t> baseline_;  // resident bytes at action kSoakBaseline
};

}  // namespace tactics::app
