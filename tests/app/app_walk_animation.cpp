// Walk animation timing: cell by cell at a steady 8-12 cells per second.
#include <catch2/catch.hpp>

#include "app/rules/walk_animation.h"

using tactics::app::WalkAnimation;

TEST_CASE("a walk takes one step time per cell", "[walk]") {
  WalkAnimation walk({{0, 0}, {1, 0}, {2, 0}, {2, 1}}, 10.0);
  CHECK(walk.duration() == Approx(0.3));
  CHECK_FALSE(walk.finished());
  CHECK(walk.position().x == Approx(0.5));
  CHECK(walk.position().y == Approx(0.5));

  walk.advance(0.05);  // half way into the first step
  CHECK(walk.position().x == Approx(1.0));
  CHECK(walk.position().y == Approx(0.5));

  walk.advance(0.1);  // half way between (1,0) and (2,0)
  CHECK(walk.position().x == Approx(2.0));

  walk.advance(0.1);  // half way down the last step
  CHECK(walk.position().x == Approx(2.5));
  CHECK(walk.position().y == Approx(1.0));
  CHECK_FALSE(walk.finished());

  walk.advance(0.05);
  CHECK(walk.finished());
  CHECK(walk.position().x == Approx(2.5));
  CHECK(walk.position().y == Approx(1.5));
  walk.advance(1.0);  // stays at the destination
  CHECK(walk.position().y == Approx(1.5));
}

TEST_CASE("the default pace is between 8 and 12 cells per second", "[walk]") {
  CHECK(WalkAnimation::kCellsPerSecond >= 8.0);
  CHECK(WalkAnimation::kCellsPerSecond <= 12.0);
  WalkAnimation walk({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}});
  CHECK(walk.duration() == Approx(5.0 / WalkAnimation::kCellsPerSecond));
}

TEST_CASE("negative time does not walk backwards, and a lone cell is already there", "[walk]") {
  WalkAnimation walk({{3, 3}, {4, 3}});
  walk.advance(-1.0);
  CHECK(walk.position().x == Approx(3.5));
  WalkAnimation still({{3, 3}});
  CHECK(still.finished());
}
