// Pixel <-> cell mapping: letterboxing beside the panel, whole-pixel cells, HiDPI scale.
#include <catch2/catch.hpp>

#include "app/view/board_layout.h"

using tactics::Cell;
using tactics::app::BoardLayout;
using tactics::app::LayoutInputs;
using tactics::app::layoutBoard;

TEST_CASE("the board fills the area left of the panel with whole-pixel cells", "[layout]") {
  // 1280 - 340 panel - 2 * 12 margin = 916 wide, 720 - 24 = 696 high: cells of min(28, 29).
  const BoardLayout layout = layoutBoard({{1280, 720}, {1280, 720}, {32, 24}, 340, 12});
  CHECK(layout.cell == 28);
  CHECK(layout.x0 == 12 + (916 - 28 * 32) / 2);
  CHECK(layout.y0 == 12 + (696 - 28 * 24) / 2);
  CHECK(layout.x0 + layout.width() <= 1280 - 340);
}

TEST_CASE("a tall window letterboxes above and below", "[layout]") {
  const BoardLayout layout = layoutBoard({{800, 1000}, {800, 1000}, {32, 24}, 340, 12});
  // 436 / 32 = 13 wide limits the cell; the board is centred vertically.
  CHECK(layout.cell == 13);
  CHECK(layout.y0 == 12 + (976 - 13 * 24) / 2);
  CHECK(layout.y0 > 300);
}

TEST_CASE("pixels map to cells exactly at the cell borders", "[layout]") {
  const BoardLayout layout = layoutBoard({{1280, 720}, {1280, 720}, {32, 24}, 340, 12});
  const int x0 = layout.x0;
  const int y0 = layout.y0;
  const int cell = layout.cell;
  CHECK(layout.cellAtPixel(x0, y0) == std::optional<Cell>(Cell{0, 0}));
  CHECK(layout.cellAtPixel(x0 + cell - 0.01, y0 + cell - 0.01) == std::optional<Cell>(Cell{0, 0}));
  CHECK(layout.cellAtPixel(x0 + cell, y0) == std::optional<Cell>(Cell{1, 0}));
  CHECK(layout.cellAtPixel(x0 + 31 * cell + 5, y0 + 23 * cell + 5) ==
        std::optional<Cell>(Cell{31, 23}));
  CHECK_FALSE(layout.cellAtPixel(x0 - 0.5, y0 + 3));
  CHECK_FALSE(layout.cellAtPixel(x0 + 3, y0 - 0.5));
  CHECK_FALSE(layout.cellAtPixel(x0 + 32 * cell, y0 + 3));
  CHECK_FALSE(layout.cellAtPixel(x0 + 3, y0 + 24 * cell));
}

TEST_CASE("HiDPI: cursor coordinates are scaled to framebuffer pixels", "[layout]") {
  // A 2x screen: the framebuffer has twice the pixels of the window's screen coordinates, and
  // the panel and margin scale with it.
  const BoardLayout layout = layoutBoard({{1280, 720}, {2560, 1440}, {32, 24}, 340, 12});
  CHECK(layout.scaleX == 2.0F);
  CHECK(layout.cell == 57);  // (2560 - 680 - 48) / 32 = 57.25, (1440 - 48) / 24 = 58
  CHECK(layout.x0 == 24 + (1832 - 57 * 32) / 2);
  CHECK(layout.y0 == 24 + (1392 - 57 * 24) / 2);

  // The cursor at screen (x, y) is framebuffer pixel (2x, 2y).
  const double sx = (layout.x0 + 3 * layout.cell + 1) / 2.0;
  const double sy = (layout.y0 + 5 * layout.cell + 1) / 2.0;
  CHECK(layout.cellAtCursor(sx, sy) == std::optional<Cell>(Cell{3, 5}));
  // Without the scale the same position would land far to the top-left.
  CHECK(layout.cellAtPixel(sx, sy) != std::optional<Cell>(Cell{3, 5}));

  for (int y = 0; y < 24; ++y) {
    for (int x = 0; x < 32; ++x) {
      const auto [cx, cy] = layout.cursorAtCell({x, y});
      REQUIRE(layout.cellAtCursor(cx, cy) == std::optional<Cell>(Cell{x, y}));
    }
  }
}

TEST_CASE("a window smaller than the map still gets one-pixel cells", "[layout]") {
  const BoardLayout layout = layoutBoard({{400, 300}, {400, 300}, {200, 150}, 340, 12});
  CHECK(layout.cell == 1);
  CHECK(layout.cellAtPixel(layout.x0, layout.y0) == std::optional<Cell>(Cell{0, 0}));
}
