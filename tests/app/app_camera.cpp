// The camera: fit, default view, zoom about the cursor, pan, keeping cells in view.
#include <catch2/catch.hpp>

#include "app/view/camera.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

const PixelRect kArea{12, 12, 916, 696};  // 1280x720 beside a 340-pixel panel

// The map point (in cells) under a pixel.
std::pair<double, double> mapPoint(Camera c, double px, double py) {
  return {(px - c.x0) / c.cell, (py - c.y0) / c.cell};
}

}  // namespace

TEST_CASE("camera: fit shows the whole map with whole-pixel cells, centred", "[camera]") {
  const Camera c = fitCamera(kArea, {32, 24});
  CHECK(c.cell == 28);
  CHECK(c.x0 == 12 + (916 - 28 * 32) / 2);
  CHECK(c.y0 == 12 + (696 - 28 * 24) / 2);
  CHECK(fitCamera(kArea, {512, 512}).cell == 1);
  CHECK(fitCamera(kArea, {4096, 4096}).cell == 1);  // never 0
}

TEST_CASE("camera: the default view fits readable maps and zooms in on large ones", "[camera]") {
  // 32x24 at 28 px: readable, so the whole map.
  CHECK(defaultCamera(kArea, {32, 24}, Cell{3, 20}, 1.0F) == fitCamera(kArea, {32, 24}));
  // 256x256 would be 2 px: 28 px cells centred on the focus instead.
  const Camera c = defaultCamera(kArea, {256, 256}, Cell{100, 120}, 1.0F);
  CHECK(c.cell == 28);
  const auto [mx, my] = mapPoint(c, kArea.x + kArea.width / 2.0, kArea.y + kArea.height / 2.0);
  CHECK(mx == Approx(100.5).margin(0.6));
  CHECK(my == Approx(120.5).margin(0.6));
  // HiDPI doubles the cell size; a focus near a corner is clamped so the board stays on screen.
  CHECK(defaultCamera(kArea, {256, 256}, Cell{0, 0}, 2.0F).cell == 56);
  // A focus near a corner: the board still covers the whole area, no empty band beside it.
  const Camera corner = defaultCamera(kArea, {256, 256}, Cell{0, 0}, 1.0F);
  CHECK(corner.x0 == kArea.x);
  CHECK(corner.y0 == kArea.y);
  const Camera far = defaultCamera(kArea, {256, 256}, Cell{255, 255}, 1.0F);
  CHECK(far.x0 + 256 * far.cell == kArea.x + kArea.width);
  CHECK(far.y0 + 256 * far.cell == kArea.y + kArea.height);
}

TEST_CASE("camera: zoom keeps the map point under the cursor", "[camera]") {
  const Camera start = fitCamera(kArea, {32, 24});
  for (double steps : {1.0, 3.0, -1.0, 0.5}) {
    INFO(steps);
    const double px = 300;
    const double py = 250;
    const Camera zoomed = zoomAt(start, kArea, {32, 24}, px, py, steps, 1.0F);
    CHECK((steps > 0 ? zoomed.cell > start.cell : zoomed.cell < start.cell));
    const auto before = mapPoint(start, px, py);
    const auto after = mapPoint(zoomed, px, py);
    // Within a pixel, since origins are whole pixels.
    CHECK(std::abs(after.first - before.first) * zoomed.cell <= 1.0);
    CHECK(std::abs(after.second - before.second) * zoomed.cell <= 1.0);
  }
}

TEST_CASE("camera: zoom is bounded and always moves at small sizes", "[camera]") {
  Camera c = fitCamera(kArea, {1024, 1024});
  REQUIRE(c.cell == 1);
  c = zoomAt(c, kArea, {1024, 1024}, 400, 300, 1, 1.0F);
  CHECK(c.cell == 2);
  CHECK(zoomAt(c, kArea, {1024, 1024}, 400, 300, -50, 1.0F).cell == 1);
  CHECK(zoomAt(c, kArea, {1024, 1024}, 400, 300, 50, 1.0F).cell == kMaxCell);
}

TEST_CASE("camera: panning moves the board but never loses it", "[camera]") {
  const Camera start = defaultCamera(kArea, {256, 256}, Cell{128, 128}, 1.0F);
  const Camera moved = panBy(start, kArea, {256, 256}, 40, -25);
  CHECK(moved.x0 == start.x0 + 40);
  CHECK(moved.y0 == start.y0 - 25);
  const Camera far = panBy(start, kArea, {256, 256}, 100000, 100000);
  // At least half the area stays covered by the board.
  CHECK(far.x0 <= kArea.x + kArea.width - kArea.width / 2);
  CHECK(far.y0 <= kArea.y + kArea.height - kArea.height / 2);
  const Camera farOther = panBy(start, kArea, {256, 256}, -100000, -100000);
  CHECK(farOther.x0 + 256 * farOther.cell >= kArea.x + kArea.width / 2);
}

TEST_CASE("camera: keepInView moves just enough to show a cell", "[camera]") {
  const Camera start = defaultCamera(kArea, {256, 256}, Cell{10, 10}, 1.0F);
  // A cell already in view: no move.
  CHECK(keepInView(start, kArea, {256, 256}, Cell{10, 10}) == start);
  for (Cell target : {Cell{60, 10}, Cell{10, 60}, Cell{0, 0}, Cell{255, 255}}) {
    INFO(target.x << "," << target.y);
    const Camera c = keepInView(start, kArea, {256, 256}, target);
    const int left = c.x0 + target.x * c.cell;
    const int top = c.y0 + target.y * c.cell;
    CHECK(left >= kArea.x);
    CHECK(left + c.cell <= kArea.x + kArea.width);
    CHECK(top >= kArea.y);
    CHECK(top + c.cell <= kArea.y + kArea.height);
  }
}

TEST_CASE("camera: a layout clips clicks to its area", "[camera]") {
  const Camera c = defaultCamera(kArea, {256, 256}, Cell{128, 128}, 1.0F);
  const BoardLayout layout = layoutFor(c, kArea, {256, 256}, 1.0F, 1.0F);
  CHECK(layout.cellAtPixel(kArea.x + 5, kArea.y + 5).has_value());
  // Under the panel the board continues, but clicks there belong to the panel.
  CHECK_FALSE(layout.cellAtPixel(kArea.x + kArea.width + 5, kArea.y + 5).has_value());
}

TEST_CASE("camera: a map wholly in view never pans for the keyboard cursor", "[camera]") {
  // fortress.json (24x18) fitted at 1280x720, and the default map (32x24) fitted likewise.
  for (PixelSize map : {PixelSize{24, 18}, PixelSize{32, 24}}) {
    INFO(map.width << "x" << map.height);
    const Camera fitted = fitCamera(kArea, map);
    REQUIRE(showsWholeMap(fitted, kArea, map));
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        INFO(x << "," << y);
        REQUIRE(keepInView(fitted, kArea, map, Cell{x, y}) == fitted);
      }
    }
  }
}

TEST_CASE("camera: the cursor on a large map's edge shows no empty band beyond it", "[camera]") {
  const PixelSize map{256, 256};
  const Camera start = defaultCamera(kArea, map, Cell{128, 128}, 1.0F);
  // Walking to row 0 and column 0 ends with the board's corner on the area's corner: the
  // neighbour room is only kept where there is a neighbour.
  const Camera corner = keepInView(start, kArea, map, Cell{0, 0});
  CHECK(corner.x0 == kArea.x);
  CHECK(corner.y0 == kArea.y);
  const Camera far = keepInView(start, kArea, map, Cell{255, 255});
  CHECK(far.x0 + 256 * far.cell == kArea.x + kArea.width);
  CHECK(far.y0 + 256 * far.cell == kArea.y + kArea.height);
  // Inside the map a neighbour's room is kept.
  const Camera inner = keepInView(start, kArea, map, Cell{1, 1});
  CHECK(inner.x0 + 1 * inner.cell >= kArea.x + inner.cell);
  CHECK(inner.y0 + 1 * inner.cell >= kArea.y + inner.cell);
}

TEST_CASE("camera: keepCentre keeps the map point in the middle of the area", "[camera]") {
  const PixelSize map{256, 256};
  const Camera zoomed = defaultCamera(kArea, map, Cell{100, 120}, 1.0F);
  const auto before = mapPoint(zoomed, kArea.x + kArea.width / 2.0, kArea.y + kArea.height / 2.0);
  const PixelRect small{12, 12, 436, 476};  // 800x500 beside the panel
  const Camera kept = keepCentre(zoomed, kArea, small, map);
  CHECK(kept.cell == zoomed.cell);
  const auto after = mapPoint(kept, small.x + small.width / 2.0, small.y + small.height / 2.0);
  CHECK(after.first == Approx(before.first).margin(1.0 / zoomed.cell));
  CHECK(after.second == Approx(before.second).margin(1.0 / zoomed.cell));
  // And back again: the same camera.
  CHECK(keepCentre(kept, small, kArea, map) == zoomed);
}

TEST_CASE("camera: showsWholeMap", "[camera]") {
  CHECK(showsWholeMap(fitCamera(kArea, {32, 24}), kArea, {32, 24}));
  CHECK_FALSE(showsWholeMap(defaultCamera(kArea, {256, 256}, Cell{0, 0}, 1.0F), kArea,
                            {256, 256}));
  Camera off = fitCamera(kArea, {32, 24});
  off.x0 = kArea.x - 1;
  CHECK_FALSE(showsWholeMap(off, kArea, {32, 24}));
}

TEST_CASE("camera: a huge map opens on the player's units, not on the empty middle between them",
          "[camera]") {
  // The built-in roster on a 4096x4096 map (issue 37): units 128 and more cells apart, whose
  // middle is empty grass at 28-pixel cells.
  const PixelSize map{4096, 4096};
  const std::vector<Cell> players{{384, 3413}, {640, 3584}, {256, 3072}, {512, 3242}};
  const Camera c = defaultCamera(kArea, map, players, 1.0F);
  CHECK(c.cell == 28);
  int shown = 0;
  for (const Cell unit : players) shown += cellInView(c, kArea, unit) ? 1 : 0;
  CHECK(shown >= 1);
  // The first unit (the Lord) when none is nearer another: on screen with a cell to spare.
  CHECK(cellInView(c, kArea, {383, 3412}));
  CHECK(cellInView(c, kArea, {385, 3414}));

  // Units close enough to share the screen are all shown; the largest group wins over the first.
  const std::vector<Cell> groups{{10, 10}, {2000, 2000}, {2004, 2003}, {1995, 1998}};
  const Camera g = defaultCamera(kArea, map, groups, 1.0F);
  for (std::size_t i = 1; i < groups.size(); ++i) CHECK(cellInView(g, kArea, groups[i]));
  CHECK_FALSE(cellInView(g, kArea, groups[0]));
  // No units: the middle of the map, as before.
  CHECK(defaultCamera(kArea, map, std::vector<Cell>{}, 1.0F) ==
        defaultCamera(kArea, map, std::nullopt, 1.0F));
}

TEST_CASE("camera: Tab shows the unit with its whole range, else centres on it", "[camera]") {
  const PixelSize map{256, 256};
  // 28-pixel cells: 32 by 24 cells on screen. A unit near the view's corner, range 5 + 2.
  const Camera start = centredCamera(kArea, map, {100, 100}, 28);
  const Cell unit{114, 110};
  REQUIRE(cellInView(start, kArea, unit));
  REQUIRE_FALSE(cellInView(start, kArea, {unit.x + 7, unit.y + 7}));
  const Camera tab = showRange(start, kArea, map, unit, 7);
  CHECK(tab.cell == start.cell);
  for (const Cell c : {Cell{unit.x - 7, unit.y}, Cell{unit.x + 7, unit.y}, Cell{unit.x, unit.y - 7},
                       Cell{unit.x, unit.y + 7}}) {
    CHECK(cellInView(tab, kArea, c));
  }
  // The unit is in the middle of the area, within a cell.
  const auto [mx, my] = mapPoint(tab, kArea.x + kArea.width / 2.0, kArea.y + kArea.height / 2.0);
  CHECK(mx == Approx(unit.x + 0.5).margin(1.0));
  CHECK(my == Approx(unit.y + 0.5).margin(1.0));
  // Already wholly in view: the camera does not move.
  CHECK(showRange(tab, kArea, map, unit, 7) == tab);
  // A range too large for the screen: centred on the unit.
  const Camera big = showRange(start, kArea, map, {200, 200}, 40);
  const auto [bx, by] = mapPoint(big, kArea.x + kArea.width / 2.0, kArea.y + kArea.height / 2.0);
  CHECK(bx == Approx(200.5).margin(1.0));
  CHECK(by == Approx(200.5).margin(1.0));
  // By the map's edge the range is clipped to the map, and the map still covers the area.
  const Camera edge = showRange(start, kArea, map, {1, 1}, 7);
  CHECK(cellInView(edge, kArea, {0, 0}));
  CHECK(cellInView(edge, kArea, {8, 8}));
  CHECK(edge.x0 == kArea.x);
}
