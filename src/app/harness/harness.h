#pragma once
// The demo's scripted runs in one place: the soak (a random player and its referee), --bench-
// frames (timed frames and their report) and --screenshot/--frames (a fixed number of frames,
// then the image and the board line). Their drivers feed the app the same Input a platform does.

#include <chrono>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/harness/scripted_driver.h"
#include "app/harness/soak_run.h"
#include "app/platform/input.h"
#include "app/solves/solve_report.h"
#include "app/ui/demo_options.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

using FrameClock = std::chrono::steady_clock;

// What a driver sees before it acts.
struct HarnessView {
  const BoardLayout& layout;
  const std::vector<std::string>& boards;
  // The selection's range, solved now (null when none); the soak's player picks from it.
  std::function<const RangeResult*()> range;
};

// What a frame showed, for the referee and the reports.
struct FrameEnd {
  FrameClock::time_point start;  // when the frame's work began
  const BoardLayout& layout;
  PixelSize framebuffer;
  const SolveReport& report;
  bool boardLoading = false;  // a board asked for is not open yet
};

// A play script's run: frames the demo stays settled after its last step before the screenshot
// (the banner's window is laid out on its second frame), and the most frames it may take.
inline constexpr int kScriptSettleFrames = 4;
inline constexpr int kMaxScriptFrames = 200000;
// A play script's game time a frame: a walk, a fight shown or a camera glide that a step starts
// plays out within the frame that took the step (the longest fight shown, three strikes and a
// fall, is 1.85 s; a walk of 20 cells 2 s), so a game takes about a frame a step on any
// machine (a browser on a software renderer included). The rules decide where a walk ends and
// what a fight does before either is shown, so the game is the same at any step; a window
// played by a person keeps its real clock.
inline constexpr double kPlayScriptFrameSeconds = 2.0;

class Harness {
 public:
  Harness(const DemoOptions& options, std::string defaultScenario, std::ostream& out,
          std::ostream& err);

  // Screenshots and --bench-frames: no frame cap, a fixed game-time step, a scripted pointer.
  [[nodiscard]] bool scripted() const { return scripted_.has_value(); }
  [[nodiscard]] bool soaking() const { return soak_.has_value(); }
  // A play script (--script) drives the run.
  [[nodiscard]] bool playingScript() const { return scripted_ && scripted_->playing(); }
  // The run must not depend on how long work took: the soak, and a play script, whose game
  // would otherwise change with the machine's load (a range solve that the busy sign put off
  // to the next frame resets the arrow after the next click's hover, not before it). Such runs
  // never put work off for the busy sign (session/busy_sign.h).
  [[nodiscard]] bool untimed() const { return soaking() || playingScript(); }
  // A live window logs each new layout (`board X0 Y0 CELL`) only when TACTICS_LOG_LAYOUT is set,
  // for tests that drive it with xdotool; scripted runs print their last board line instead.
  [[nodiscard]] bool logsLayout() const { return logLayout_; }

  // This frame's input when a driver gives it (the platform's is then ignored); `busy`: the
  // demo is moving on its own (a walk, a computer phase, a board opening).
  std::optional<Input> input(const Input& platform, const HarnessView& view, Scene& scene, Ui& ui,
                             bool busy);

  // After the frame is drawn: the bench's timing, the last scripted frame (screenshot, report)
  // and the soak's referee, which may ask `ui` for the default scenario. The exit code when
  // the run is over.
  std::optional<int> endFrame(const FrameEnd& frame, const Scene& scene, Ui& ui);

 private:
  int finish(const FrameEnd& frame);

  DemoOptions options_;
  std::string defaultScenario_;
  std::ostream& out_;
  std::ostream& err_;
  std::optional<ScriptedDriver> scripted_;
  std::optional<SoakRun> soak_;
  int frames_ = 0;
  bool logLayout_ = false;
  bool busy_ = false;  // the demo was moving on its own at the last input
  int settled_ = 0;    // frames since a play script's last step played out
  std::vector<double> benchTimes_;  // --bench-frames: each frame's work in ms
};

}  // namespace tactics::app
