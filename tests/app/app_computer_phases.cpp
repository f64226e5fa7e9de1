// The computer's phases as the player watches them (session/computer_phases.h): the banner
// fades in and out, each move waits for the banner and a pause, and a unit whose range cannot
// be solved stays where it stands.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/session/computer_phases.h"
#include "app/session/watch_animation.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

Scene enemyPhase() {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {2, 2}, 3),
                 unitAtCell("Brigand", Team::Enemy, {8, 2}, 3)};
  scene.moved.assign(scene.units.size(), true);  // the player is done: no question
  requestEndTurn(scene);
  return scene;
}

}  // namespace

TEST_CASE("computer phases: the banner, then the first move after the pause", "[app]") {
  Scene scene = enemyPhase();
  REQUIRE(scene.phase == Phase::Enemy);
  ComputerPhases phases;
  RangeResult range;
  int solves = 0;
  const SolveSelected solve = [&] {
    ++solves;
    range = tactics::solveReference(scene.map, queryFor(scene.units, *scene.selected));
    return &range;
  };
  CHECK_FALSE(phases.banner(scene.phase));  // not shown before the phase is seen

  // The first half of the banner: nobody moves.
  double elapsed = 0.1;
  CHECK_FALSE(phases.advance(scene, 0.1, solve, referenceField));
  auto banner = phases.banner(scene.phase);
  REQUIRE(banner);
  CHECK(banner->text == "Enemy phase");
  CHECK(banner->alpha > 0);
  CHECK(banner->alpha <= 1);
  while (elapsed < kBannerSeconds / 2) {
    phases.advance(scene, 0.05, solve, referenceField);
    elapsed += 0.05;
  }
  CHECK(solves == 0);
  CHECK_FALSE(scene.walk);
  // Then a pause, then the brigand is shown with its range and walks.
  for (int frame = 0; frame < 20 && !scene.walk; ++frame) {
    phases.advance(scene, 0.05, solve, referenceField);
  }
  CHECK(solves == 1);
  REQUIRE(scene.walk);
  CHECK(scene.selected == std::optional<std::size_t>(1));

  // Once the banner has gone it is not drawn.
  for (int frame = 0; frame < 40; ++frame) phases.advance(scene, 0.05, solve, referenceField);
  CHECK_FALSE(phases.banner(scene.phase));
}

TEST_CASE("computer phases: a unit whose range cannot be solved stays, and the phase goes on",
          "[app]") {
  Scene scene = enemyPhase();
  ComputerPhases phases;
  const SolveSelected unsolvable = [] { return nullptr; };
  std::optional<MoveEvent> stayed;
  for (int frame = 0; frame < 100 && !stayed; ++frame) {
    stayed = phases.advance(scene, 0.05, unsolvable, referenceField);
  }
  REQUIRE(stayed);
  CHECK(formatMove(*stayed) == "move Brigand 8,2 -> 8,2 path 8,2");
}

TEST_CASE("computer phases: a phase played off screen (--end-turn) shows no banner", "[app]") {
  Scene scene = enemyPhase();
  ComputerPhases phases;
  phases.shown(scene.phase);
  phases.advance(scene, 0.01, [] { return nullptr; }, referenceField);
  CHECK_FALSE(phases.banner(scene.phase));
}

TEST_CASE("watch animation: one pass at a time, a rest at the whole solve, then over", "[app]") {
  WatchSettings watch;
  watch.enabled = true;
  watch.animate = true;
  watch.passesPerSecond = 4;  // a pass every 0.25 s
  animateWatch(watch, 2, 0.2);
  CHECK(watch.passes == 0);
  animateWatch(watch, 2, 0.1);
  CHECK(watch.passes == 1);
  animateWatch(watch, 2, 0.25);
  CHECK(watch.passes == 2);
  animateWatch(watch, 2, 0.5);  // resting four intervals at the whole solve
  CHECK(watch.passes == 2);
  animateWatch(watch, 2, 0.5);
  CHECK(watch.passes == 0);
  watch.animate = false;
  animateWatch(watch, 2, 10);
  CHECK(watch.passes == 0);
  CHECK(watch.sinceLastPass == 0);
}
