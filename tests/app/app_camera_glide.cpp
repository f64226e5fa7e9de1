// The camera on the computer's phase (view/camera.h): which cells are in view, the camera that
// shows a mover and its destination, and the glide there.
#include <catch2/catch.hpp>

#include "app/view/board_view.h"
#include "app/view/camera.h"

using tactics::Cell;
using namespace tactics::app;

TEST_CASE("camera glide: in view, showing two cells, and an eased glide", "[app]") {
  const PixelRect area{0, 0, 200, 100};
  const PixelSize map{100, 100};
  const Camera camera{0, 0, 10};  // cells 0..19 x 0..9 in view
  CHECK(cellInView(camera, area, {0, 0}));
  CHECK(cellInView(camera, area, {19, 9}));
  CHECK_FALSE(cellInView(camera, area, {20, 9}));
  CHECK_FALSE(cellInView(camera, area, {5, 10}));

  // Both in view: the camera stays.
  CHECK(showBoth(camera, area, map, {2, 2}, {15, 8}) == camera);
  // A mover off screen with its destination: centred between them, same zoom.
  const Camera both = showBoth(camera, area, map, {50, 40}, {54, 42});
  CHECK(both.cell == 10);
  CHECK(cellInView(both, area, {50, 40}));
  CHECK(cellInView(both, area, {54, 42}));
  // Too far apart to fit together: the mover is shown.
  const Camera mover = showBoth(camera, area, map, {50, 40}, {90, 40});
  CHECK(cellInView(mover, area, {50, 40}));
  CHECK_FALSE(cellInView(mover, area, {90, 40}));

  // The glide: from, eased, to.
  const Camera to{-300, -200, 10};
  CHECK(glideCamera(camera, to, 0) == camera);
  CHECK(glideCamera(camera, to, 1) == to);
  const Camera half = glideCamera(camera, to, 0.5);
  CHECK(half.x0 == -150);
  CHECK(half.y0 == -100);
  CHECK(glideCamera(camera, to, 0.1).x0 > -30);  // eased in: slower than linear at the start
}

TEST_CASE("camera glide: the board view glides over the seconds asked, then rests", "[app]") {
  BoardView view;
  const ViewScreen screen{{800, 600}, {800, 600}, 1.0F, 0};
  const PixelSize map{200, 160};
  view.reset(screen, map, Cell{10, 10}, 20, Cell{10, 10});
  view.place(screen, map);
  REQUIRE(view.onScreen({10, 10}));
  REQUIRE_FALSE(view.onScreen({150, 120}));
  view.glideToShow(map, {150, 120}, {152, 121}, 0.5);
  CHECK(view.glide(0.25));
  view.place(screen, map);
  CHECK_FALSE(view.onScreen({150, 120}));  // half way
  CHECK(view.glide(0.3));
  view.place(screen, map);
  CHECK(view.onScreen({150, 120}));
  CHECK(view.onScreen({152, 121}));
  CHECK_FALSE(view.glide(0.1));  // done
}
