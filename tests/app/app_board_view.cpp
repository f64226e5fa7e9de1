// The board's view (view/board_view.h): the default view until the user moves the camera, then
// theirs, kept on screen; a new layout is reported so the app can log its board line.
#include <catch2/catch.hpp>

#include "app/view/board_view.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

// 1280x720 beside a 340-wide panel, content scale 1.
const ViewScreen kScreen{{1280, 720}, {1280, 720}, 1.0F, 340};
const PixelSize kMap{32, 24};

}  // namespace

TEST_CASE("board view: the default view is placed once, and the same screen changes nothing", "[app]") {
  BoardView view;
  view.reset(kScreen, kMap, Cell{3, 20}, std::nullopt, Cell{16, 12});
  CHECK(view.place(kScreen, kMap));
  CHECK(view.layout().cell == 28);  // the whole map fits with readable cells
  CHECK(view.framebuffer() == kScreen.framebuffer);
  CHECK_FALSE(view.place(kScreen, kMap));
  // A smaller window: a new layout in a narrower area, where the whole map's cells would be
  // too small to read, so the default view keeps 28-pixel cells about the focus.
  ViewScreen smaller = kScreen;
  smaller.window = smaller.framebuffer = {800, 600};
  const int wideArea = view.layout().area.width;
  CHECK(view.place(smaller, kMap));
  CHECK(view.layout().area.width < wideArea);
  CHECK(view.layout().cell == kDefaultCell);
  CHECK(view.layout().width() > view.layout().area.width);
}

TEST_CASE("board view: zoom, pan and the keyboard cursor keep the user's camera", "[app]") {
  BoardView view;
  view.reset(kScreen, kMap, std::nullopt, std::nullopt, Cell{16, 12});
  view.place(kScreen, kMap);
  const BoardLayout before = view.layout();
  const auto [x, y] = before.cursorAtCell({10, 10});
  view.zoom(kMap, x, y, 2, 1.0F);
  CHECK(view.place(kScreen, kMap));
  CHECK(view.layout().cell > before.cell);
  // The cell under the cursor stays under it.
  CHECK(view.layout().cellAtCursor(x, y) == std::optional<Cell>(Cell{10, 10}));
  const BoardLayout zoomed = view.layout();
  view.pan(kMap, 40, 0);
  view.place(kScreen, kMap);
  CHECK(view.layout().x0 == zoomed.x0 + 40);
  // The user's camera survives another place(); fit brings the whole map back.
  CHECK_FALSE(view.place(kScreen, kMap));
  view.fit(kMap);
  view.place(kScreen, kMap);
  CHECK(view.layout() == before);
  // The keyboard cursor on a cell off screen brings it into view.
  view.zoom(kMap, x, y, 6, 1.0F);
  view.place(kScreen, kMap);
  view.show(kMap, {31, 23});
  view.place(kScreen, kMap);
  const auto [cx, cy] = view.layout().cursorAtCell({31, 23});
  CHECK(view.layout().cellAtCursor(cx, cy) == std::optional<Cell>(Cell{31, 23}));
}

TEST_CASE("board view: --cell centres that cell size on the given cell", "[app]") {
  BoardView view;
  const PixelSize map{64, 64};
  view.reset(kScreen, map, Cell{3, 3}, 40, Cell{32, 32});
  view.place(kScreen, map);
  const BoardLayout& layout = view.layout();
  CHECK(layout.cell == 40);
  const PixelRect& area = layout.area;
  const auto middle = layout.cellAtPixel(area.x + area.width / 2.0, area.y + area.height / 2.0);
  REQUIRE(middle);
  CHECK(std::abs(middle->x - 32) <= 1);
  CHECK(std::abs(middle->y - 32) <= 1);
}

TEST_CASE("board view: a fitted map stays fitted and still as the cursor moves and the window "
          "changes", "[app]") {
  const PixelSize fortress{24, 18};
  BoardView view;
  view.reset(kScreen, fortress, Cell{3, 3}, std::nullopt, Cell{12, 9});
  view.place(kScreen, fortress);
  view.fit(fortress);
  view.place(kScreen, fortress);
  const BoardLayout fitted = view.layout();
  // The keyboard cursor from row 17 to row 0 and along row 0: the board never moves.
  for (int y = 17; y >= 0; --y) view.show(fortress, {5, y});
  for (int x = 0; x < 24; ++x) view.show(fortress, {x, 0});
  CHECK_FALSE(view.place(kScreen, fortress));
  CHECK(view.layout() == fitted);
  // 800x500: the whole map, fitted to the smaller area; back to 1280x720: as it was.
  ViewScreen small = kScreen;
  small.window = small.framebuffer = {800, 500};
  CHECK(view.place(small, fortress));
  const BoardLayout& shrunk = view.layout();
  CHECK(shrunk.cell < fitted.cell);
  CHECK(shrunk.cell == fitCamera(shrunk.area, fortress).cell);
  CHECK(showsWholeMap({shrunk.x0, shrunk.y0, shrunk.cell}, shrunk.area, fortress));
  CHECK(view.place(kScreen, fortress));
  CHECK(view.layout() == fitted);
  // The panel's width changes the area too: still fitted.
  ViewScreen wide = kScreen;
  wide.panelWidth = 500;
  view.place(wide, fortress);
  CHECK(showsWholeMap({view.layout().x0, view.layout().y0, view.layout().cell},
                      view.layout().area, fortress));
}

TEST_CASE("board view: the default view does not move as the cursor walks a fitting map",
          "[app]") {
  BoardView view;
  view.reset(kScreen, kMap, Cell{3, 20}, std::nullopt, Cell{16, 12});
  view.place(kScreen, kMap);
  const BoardLayout start = view.layout();
  for (int y = 20; y >= 0; --y) view.show(kMap, {3, y});
  for (int x = 3; x < kMap.width; ++x) view.show(kMap, {x, 0});
  CHECK_FALSE(view.place(kScreen, kMap));
  CHECK(view.layout() == start);
}

TEST_CASE("board view: a zoomed view keeps its centre when the window is resized", "[app]") {
  BoardView view;
  view.reset(kScreen, kMap, std::nullopt, std::nullopt, Cell{16, 12});
  view.place(kScreen, kMap);
  const auto [x, y] = view.layout().cursorAtCell({16, 12});
  view.zoom(kMap, x, y, 4, 1.0F);
  view.place(kScreen, kMap);
  const auto centreCell = [&view] {
    const PixelRect& area = view.layout().area;
    return view.layout().cellAtPixel(area.x + area.width / 2.0, area.y + area.height / 2.0);
  };
  const std::optional<Cell> before = centreCell();
  REQUIRE(before);
  ViewScreen small = kScreen;
  small.window = small.framebuffer = {800, 500};
  view.place(small, kMap);
  CHECK(centreCell() == before);
  ViewScreen large = kScreen;
  large.window = large.framebuffer = {1920, 1080};
  view.place(large, kMap);
  CHECK(centreCell() == before);
}
