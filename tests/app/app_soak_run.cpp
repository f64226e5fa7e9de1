// The soak's referee (app/soak_run.h): when it measures memory, what it counts and its verdict,
// driven frame by frame the way the demo's loop drives it, with memory readings the test chooses.
#include <catch2/catch.hpp>

#include <sstream>
#include <vector>

#include "app/harness/soak_run.h"

using namespace tactics::app;

namespace {

constexpr std::size_t kMiB = 1024 * 1024;

// A soak of `actions` actions whose memory readings are `readings`, in order; `frame` says what
// each action's frame showed.
struct Soak {
  Soak(int actions, std::vector<std::size_t> readings)
      : run(7, actions, [this] { return memory.at(measured++); }), memory(std::move(readings)) {}

  // Frames until the soak asks for nothing more: each acts when it may, a requested board opens
  // one frame later. Returns the exit code, or nothing when `frames` ran out.
  std::optional<int> play(int frames, const SoakFrame& each = {1, 0, true, false}) {
    bool loading = false;
    for (int i = 0; i < frames; ++i) {
      if (run.readyToAct(loading)) {
        run.acted();
        ++solves;
      }
      SoakFrame frame = each;
      frame.solves = solves;
      frame.glErrors = each.glErrors > 0 && i == 0 ? each.glErrors : 0;
      frame.boardLoading = loading;
      const SoakStep step = run.afterFrame(frame, scene, out);
      if (step.exitCode) return step.exitCode;
      loading = step.openDefaultScenario;
    }
    return std::nullopt;
  }

  SoakRun run;
  std::vector<std::size_t> memory;
  std::size_t measured = 0;
  int solves = 0;
  Scene scene;
  std::ostringstream out;
};

}  // namespace

TEST_CASE("soak: memory is measured on a reopened board at the baseline and at the end", "[app]") {
  Soak soak(5, {100 * kMiB, 104 * kMiB});
  const SoakFrame clean{0, 0, true, false};
  CHECK(soak.play(50, clean) == 0);
  CHECK(soak.measured == 2);
  CHECK(soak.run.actions() == 5);
  CHECK(soak.out.str() ==
        "soak: 5 actions, 5 solves, 0 GL errors, 0 disagreements with the CPU reference, "
        "resident 100.0 MiB at action 5, 104.0 MiB at the end (+4.0%)\n");
}

TEST_CASE("soak: growth past 5%, a GL error or a disagreement fails it", "[app]") {
  Soak grown(5, {100 * kMiB, 106 * kMiB});
  CHECK(grown.play(50, {0, 0, true, false}) == 1);
  CHECK_THAT(grown.out.str(), Catch::EndsWith("(+6.0%)\n"));

  Soak errors(5, {100 * kMiB, 100 * kMiB});
  CHECK(errors.play(50, {3, 0, true, false}) == 1);
  CHECK_THAT(errors.out.str(), Catch::Contains("3 GL errors"));

  Soak wrong(5, {100 * kMiB, 100 * kMiB});
  CHECK(wrong.play(50, {0, 0, false, false}) == 1);
  CHECK_THAT(wrong.out.str(), Catch::Contains("5 disagreements"));
}

TEST_CASE("soak: the baseline waits for action 200 in a long soak", "[app]") {
  Soak soak(300, {100 * kMiB, 100 * kMiB});
  CHECK_FALSE(soak.play(199, {0, 0, true, false}));
  CHECK(soak.measured == 0);
  CHECK(soak.play(400, {0, 0, true, false}) == 0);
  CHECK_THAT(soak.out.str(), Catch::Contains("at action 200"));
  CHECK(soak.run.actions() == 300);
}

TEST_CASE("soak: solves are counted across boards whose solvers start again at 0", "[app]") {
  SoakRun run(1, 1, [] { return kMiB; });
  Scene scene;
  std::ostringstream out;
  REQUIRE(run.readyToAct(false));
  run.acted();
  CHECK(run.afterFrame({0, 3, true, false}, scene, out).openDefaultScenario);  // the baseline
  CHECK_FALSE(run.afterFrame({0, 3, true, false}, scene, out).exitCode);       // measured
  CHECK(run.afterFrame({0, 5, true, false}, scene, out).openDefaultScenario);  // the end
  // The reopened board's solver has run 1 solve: 3 + 2 + 1.
  CHECK(run.afterFrame({0, 1, true, false}, scene, out).exitCode == 0);
  CHECK_THAT(out.str(), Catch::StartsWith("soak: 1 actions, 6 solves,"));
}

TEST_CASE("soak: a demo that never settles is stuck, and says in what phase", "[app]") {
  SoakRun run(1, 10, [] { return kMiB; });
  Scene scene;
  scene.phase = Phase::Enemy;
  std::ostringstream out;
  std::optional<int> code;
  int frames = 0;
  bool acted = false;
  while (!code && frames < 10000) {
    acted = acted || run.readyToAct(true);
    code = run.afterFrame({}, scene, out).exitCode;
    ++frames;
  }
  CHECK_FALSE(acted);
  CHECK(code == 1);
  CHECK(frames == kSoakStuckFrames + 1);
  CHECK(out.str() == "soak: stuck after action 0 (enemy phase)\n");
}
