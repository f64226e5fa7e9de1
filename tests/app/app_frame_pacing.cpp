// When the next frame is due (frame_pacer.h) and how long a sleeping platform waits for it
// (platform/next_frame.h): the quiet loop that keeps an idle demo off the CPU.
#include <catch2/catch.hpp>

#include "app/frame_pacer.h"
#include "app_boards.h"

using namespace tactics::app;

namespace {

FrameMotion idle() { return {}; }

}  // namespace

TEST_CASE("frame pacing: scripted runs and the soak never wait", "[app]") {
  FramePacer pacer;
  FrameMotion motion;
  motion.scripted = true;
  for (int frame = 0; frame < 10; ++frame) CHECK(pacer.next(motion).when == NextFrame::When::Now);
  motion.animating = true;
  CHECK(pacer.next(motion).when == NextFrame::When::Now);
}

TEST_CASE("frame pacing: 60 frames a second while something moves, 30 for the pulse", "[app]") {
  FramePacer pacer;
  FrameMotion motion;
  motion.animating = true;
  motion.pulsing = true;
  NextFrame next = pacer.next(motion);
  CHECK(next.when == NextFrame::When::After);
  CHECK(next.seconds == Approx(1.0 / 60.0));
  motion.animating = false;
  next = pacer.next(motion);
  CHECK(next.when == NextFrame::When::After);
  CHECK(next.seconds == Approx(1.0 / 30.0));
}

TEST_CASE("frame pacing: after input a few frames at once, then only on input", "[app]") {
  FramePacer pacer;
  // The first frames settle the panel as well.
  for (int frame = 0; frame < kFramesAfterInput; ++frame) {
    CHECK(pacer.next(idle()).when == NextFrame::When::Now);
  }
  CHECK(pacer.next(idle()).when == NextFrame::When::OnInput);
  CHECK(pacer.next(idle()).when == NextFrame::When::OnInput);

  FrameMotion input;
  input.hadInput = true;
  CHECK(pacer.next(input).when == NextFrame::When::Now);
  for (int frame = 1; frame < kFramesAfterInput; ++frame) {
    CHECK(pacer.next(idle()).when == NextFrame::When::Now);
  }
  CHECK(pacer.next(idle()).when == NextFrame::When::OnInput);

  // A walk that starts and ends keeps the settling frames for after it.
  CHECK(pacer.next(input).when == NextFrame::When::Now);
  FrameMotion walking;
  walking.animating = true;
  CHECK(pacer.next(walking).when == NextFrame::When::After);
  CHECK(pacer.next(idle()).when == NextFrame::When::Now);
  CHECK(pacer.next(idle()).when == NextFrame::When::Now);
  CHECK(pacer.next(idle()).when == NextFrame::When::OnInput);
}

TEST_CASE("next frame: a sleeping platform waits what is left of the period, or for input",
          "[app]") {
  CHECK(secondsToWait(NextFrame::now(), 10.0, 10.5) == 0);
  // The frame began at 10.0 and took 5 ms: 1/60 s after its start is 11.67 ms away.
  CHECK(secondsToWait(NextFrame::after(1.0 / 60.0), 10.0, 10.005) ==
        Approx(1.0 / 60.0 - 0.005));
  // A frame slower than the period: the next one at once.
  CHECK(secondsToWait(NextFrame::after(1.0 / 60.0), 10.0, 10.1) == 0);
  // Idle: wake at most once a second.
  CHECK(secondsToWait(NextFrame::onInput(), 10.0, 10.1) == kIdleWakeSeconds);
}

TEST_CASE("frame pacing: with the pulse off a selected unit waits for input like none selected",
          "[app]") {
  Scene scene = makeScene(tactics::testing::openGround(32, 24), "test");
  Ui ui;
  // Nothing selected: settle, then only on input.
  FramePacer quiet;
  for (int frame = 0; frame < kFramesAfterInput; ++frame) {
    CHECK(quiet.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::Now);
  }
  CHECK(quiet.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::OnInput);
  REQUIRE_FALSE(scene.units.empty());
  scene.selected = 0;
  // Selected, pulsing (the default): 30 frames a second for ever.
  REQUIRE(ui.view.pulse);
  FramePacer pulsing;
  for (int frame = 0; frame < 10; ++frame) {
    CHECK(pulsing.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::After);
  }
  // The pulse off: the same as nothing selected.
  ui.view.pulse = false;
  FramePacer still;
  for (int frame = 0; frame < kFramesAfterInput; ++frame) {
    CHECK(still.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::Now);
  }
  CHECK(still.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::OnInput);
  // A toast over the board asks for frames while it shows (it fades out), then none.
  ui.toasts.push("cannot open notes.txt", ToastKind::Error, 0.0);
  CHECK(still.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::After);
  ui.toasts.advance(Toasts::kSeconds);
  CHECK(still.next(frameMotion(scene, ui, false, false)).when == NextFrame::When::OnInput);
  // A walk still animates, and scripted runs never wait.
  CHECK(frameMotion(scene, ui, false, false).animating == false);
  scene.phase = Phase::Enemy;
  CHECK(frameMotion(scene, ui, false, false).animating);
  CHECK(frameMotion(scene, ui, true, false).scripted);
}
