// The minimap's geometry (view/minimap.h): shown only when the map does not fit, the whole map
// in the area's top-right corner, its pixels mapped to cells and the board's view as a rectangle.
#include <catch2/catch.hpp>

#include "app/view/camera.h"
#include "app/view/minimap.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

const PixelRect kArea{12, 12, 916, 696};  // 1280x720 beside a 340-pixel panel

BoardLayout layoutOf(Camera camera, PixelSize map) {
  return layoutFor(camera, kArea, map, 1.0F, 1.0F);
}

}  // namespace

TEST_CASE("minimap: none while the whole map is in view", "[app][minimap]") {
  const PixelSize map{32, 24};
  CHECK_FALSE(placeMinimap(layoutOf(fitCamera(kArea, map), map), 1.0F).has_value());
  // Zoomed in, it appears.
  const Camera zoomed = centredCamera(kArea, map, Cell{16, 12}, 60);
  CHECK(placeMinimap(layoutOf(zoomed, map), 1.0F).has_value());
}

TEST_CASE("minimap: the whole map in the area's top-right corner, aspect kept", "[app][minimap]") {
  const PixelSize map{200, 160};
  const BoardLayout layout = layoutOf(defaultCamera(kArea, map, Cell{100, 80}, 1.0F), map);
  const auto minimap = placeMinimap(layout, 1.0F);
  REQUIRE(minimap);
  const PixelRect& r = minimap->rect;
  CHECK(r.x + r.width == kArea.x + kArea.width - kMinimapMargin);
  CHECK(r.y == kArea.y + kMinimapMargin);
  CHECK(std::max(r.width, r.height) <= kMinimapMaxSide);
  CHECK(std::max(r.width, r.height) >= kMinimapMinSide);
  CHECK(static_cast<double>(r.width) / r.height == Approx(200.0 / 160.0).epsilon(0.02));
  // Its corners are the map's corners; outside it clamps.
  const BoardPoint topLeft = minimap->mapPointAt(r.x, r.y);
  CHECK(topLeft.x == Approx(0));
  CHECK(topLeft.y == Approx(0));
  const BoardPoint bottomRight = minimap->mapPointAt(r.x + r.width, r.y + r.height);
  CHECK(bottomRight.x == Approx(200).margin(1));
  CHECK(bottomRight.y == Approx(160).margin(1));
  CHECK(minimap->mapPointAt(r.x - 50, r.y + 1e6).x == 0);
  CHECK(minimap->mapPointAt(r.x - 50, r.y + 1e6).y == 160);
  // HiDPI doubles it, up to the bound.
  const auto hidpi = placeMinimap(layout, 2.0F);
  REQUIRE(hidpi);
  CHECK(hidpi->rect.width > r.width);
}

TEST_CASE("minimap: the view's rectangle covers what the board shows", "[app][minimap]") {
  const PixelSize map{200, 160};
  const Camera camera = centredCamera(kArea, map, Cell{100, 80}, 28);
  const BoardLayout layout = layoutOf(camera, map);
  const auto minimap = placeMinimap(layout, 1.0F);
  REQUIRE(minimap);
  const PixelRect view = minimap->viewRect(layout);
  // The area shows 916/28 by 696/28 cells around 100,80.
  CHECK(view.width == Approx(916.0 / 28 * minimap->cellPixels).margin(2));
  CHECK(view.height == Approx(696.0 / 28 * minimap->cellPixels).margin(2));
  const BoardPoint middle =
      minimap->mapPointAt(view.x + view.width / 2.0, view.y + view.height / 2.0);
  CHECK(middle.x == Approx(100.5).margin(2));
  CHECK(middle.y == Approx(80.5).margin(2));
  // At the map's corner the rectangle stays inside the inset.
  const BoardLayout corner = layoutOf(centredCamera(kArea, map, Cell{0, 0}, 28), map);
  const PixelRect clipped = minimap->viewRect(corner);
  CHECK(clipped.x == minimap->rect.x);
  CHECK(clipped.y == minimap->rect.y);
}

TEST_CASE("minimap: it covers the tokens under it", "[app][minimap]") {
  const PixelSize map{32, 24};
  const BoardLayout layout = layoutOf(centredCamera(kArea, map, Cell{16, 12}, 48), map);
  const auto minimap = placeMinimap(layout, 1.0F);
  REQUIRE(minimap);
  const PixelRect& r = minimap->rect;
  // The cell under the inset's middle, and one far from it.
  const auto under = layout.cellAtPixel(r.x + r.width / 2.0, r.y + r.height / 2.0);
  REQUIRE(under);
  CHECK(minimap->covers(layout, {under->x + 0.5, under->y + 0.5}));
  const auto far = layout.cellAtPixel(kArea.x + 5, kArea.y + kArea.height - 5);
  REQUIRE(far);
  CHECK_FALSE(minimap->covers(layout, {far->x + 0.5, far->y + 0.5}));
}
