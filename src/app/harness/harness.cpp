#include "app/harness/harness.h"

#include <cstdlib>
#include <iostream>

#include "app/harness/bench_report.h"
#include "app/view/render/gl_state.h"
#include "app/view/render/screenshot.h"
#include "cmdline/command_line.h"

namespace tactics::app {

Harness::Harness(const DemoOptions& options, std::string defaultScenario, std::ostream& out,
                 std::ostream& err)
    : options_(options), defaultScenario_(std::move(defaultScenario)), out_(out), err_(err) {
  if (options_.soak) soak_.emplace(options_.seed, *options_.soak, residentBytes);
  if (options_.screenshotPath || options_.benchFrames) {
    scripted_.emplace(options_.hover, options_.benchFrames.has_value(), options_.clicks,
                      options_.script);
  }
  logLayout_ = !scripted_ && std::getenv("TACTICS_LOG_LAYOUT") != nullptr;
}

std::optional<Input> Harness::input(const Input& platform, const HarnessView& view, Scene& scene,
                                    Ui& ui, bool busy) {
  busy_ = busy;
  if (scripted_) return scripted_->next(scene, view.layout, platform.surface, busy);
  if (!soak_) return std::nullopt;
  // The real window's events are not the soak's; the next action waits for the demo to settle.
  Input none;
  none.surface = platform.surface;
  if (!soak_->readyToAct(busy)) return none;
  std::string what;
  const RangeResult* range = view.range();
  Input input = soak_->driver().act({scene, view.layout, range, view.boards}, scene, ui, what);
  input.surface = platform.surface;
  soak_->acted();
  if (std::getenv("TACTICS_SOAK_LOG") != nullptr) {
    std::cerr << "action " << soak_->actions() << ' ' << what << " board "
              << scene.map.sizeText() << std::endl;
  }
  return input;
}

std::optional<int> Harness::endFrame(const FrameEnd& frame, const Scene& scene, Ui& ui) {
  ++frames_;
  if (options_.benchFrames) {
    finishGpuWork();
    const std::chrono::duration<double, std::milli> work = FrameClock::now() - frame.start;
    benchTimes_.push_back(work.count());
  }
  if (scripted_ && scripted_->playing() && !options_.frames) {
    // A play script ends once its last step has played out and the demo has stayed settled
    // long enough to draw what came of it (a banner fades in); a runaway one stops anyway.
    settled_ = scripted_->scriptDone() && !busy_ ? settled_ + 1 : 0;
    if (settled_ >= kScriptSettleFrames || frames_ >= kMaxScriptFrames) return finish(frame);
    return std::nullopt;
  }
  if (options_.frameLimit() && frames_ >= *options_.frameLimit()) return finish(frame);
  if (!soak_) return std::nullopt;
  // What the frame showed goes to the referee (soak_run.h), which may ask for the default
  // scenario to measure memory on.
  SoakFrame shown;
  shown.glErrors = takeGlErrors();
  shown.solves = frame.report.solves;
  shown.equalsCpu = frame.report.equalsCpu;
  shown.boardLoading = frame.boardLoading;
  const SoakStep step = soak_->afterFrame(shown, scene, out_);
  if (step.openDefaultScenario) ui.loadMap = defaultScenario_;
  return step.exitCode;
}

// The last frame of a scripted run: the bench's report, the screenshot and the board line.
int Harness::finish(const FrameEnd& frame) {
  if (options_.benchFrames) {
    out_ << formatBenchReport(summariseFrames(benchTimes_), options_.window, frame.report.solves)
         << std::flush;
  }
  // The selection's range as the GPU gave it, read back and compared with the CPU reference
  // cell by cell (what the browser tests read from the page). Before the board line, which
  // stays last. (--bench-frames prints only its report.)
  if (frame.report.solves > 0 && !options_.benchFrames) {
    const std::optional<bool>& equal = frame.report.equalsCpu;
    out_ << "range solves " << frame.report.solves << ", GPU = CPU reference: "
         << (!equal ? "not compared" : *equal ? "yes" : "NO") << '\n';
  }
  if (options_.screenshotPath) {
    if (auto problem = saveScreenshot(frame.framebuffer, *options_.screenshotPath)) {
      err_ << errorLine(*problem);
      return kExitBadInput;
    }
    out_ << "board " << frame.layout.x0 << ' ' << frame.layout.y0 << ' ' << frame.layout.cell
         << std::endl;
  }
  return kExitOk;
}

}  // namespace tactics::app
