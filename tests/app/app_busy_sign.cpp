// The "Working..." sign: drawn on the frame before work expected slow, which waits a frame for it.
#include <catch2/catch.hpp>

#include "app/session/busy_sign.h"

using namespace tactics::app;
using Work = BusySign::Work;

TEST_CASE("busy sign: quick work runs at once and shows nothing", "[app][busy]") {
  BusySign busy;
  busy.mapOpened(32 * 24);
  busy.beginFrame();
  CHECK(busy.ready(Work::Solve));
  busy.solved(0.002);
  CHECK_FALSE(busy.showing());
  CHECK(busy.ready(Work::Phases));
  busy.phaseFrame(0.05);
  CHECK_FALSE(busy.showing());
}

TEST_CASE("busy sign: a large map's first solve waits one frame, drawn with the sign",
          "[app][busy]") {
  BusySign busy;
  busy.mapOpened(std::int64_t{4096} * 4096);
  // Frame 1: the selection changed; the sign is drawn instead of solving.
  busy.beginFrame();
  CHECK_FALSE(busy.ready(Work::Solve));
  CHECK(busy.showing());
  // Frame 2: the sign is on the screen, so the solve runs (and blocks); this frame has none.
  busy.beginFrame();
  CHECK_FALSE(busy.showing());
  CHECK(busy.ready(Work::Solve));
  busy.solved(1.5);
  CHECK_FALSE(busy.showing());
  // The last solve was slow: the next one waits a frame for the sign too.
  busy.beginFrame();
  CHECK_FALSE(busy.ready(Work::Solve));
  busy.beginFrame();
  CHECK(busy.ready(Work::Solve));
  busy.solved(0.03);  // quick now: the next solve runs at once
  busy.beginFrame();
  CHECK(busy.ready(Work::Solve));
  CHECK_FALSE(busy.showing());
  // Another, small map forgets what the large one took.
  busy.solved(2.0);
  busy.mapOpened(64 * 64);
  busy.beginFrame();
  CHECK(busy.ready(Work::Solve));
}

TEST_CASE("busy sign: a computer phase with a slow step keeps the sign on", "[app][busy]") {
  BusySign busy;
  busy.mapOpened(256 * 256);
  busy.beginFrame();
  busy.phaseFrame(0.01);
  CHECK_FALSE(busy.showing());
  busy.beginFrame();
  busy.phaseFrame(0.4);  // a field solve blocked this frame
  CHECK(busy.showing());
  // Frames that only animate keep it: the next step may block again.
  busy.beginFrame();
  busy.phaseFrame(0.001);
  CHECK(busy.showing());
  // Skip (the rest of the phases at once) then waits a frame for the sign, once.
  busy.beginFrame();
  CHECK(busy.ready(Work::Phases));  // the sign was on the last frame
  busy.beginFrame();
  CHECK_FALSE(busy.ready(Work::Phases));
  busy.beginFrame();
  CHECK(busy.ready(Work::Phases));
}
