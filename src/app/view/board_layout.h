#pragma once
// Where the board sits in the window: letterboxed beside the panel, snapped to whole pixels, and
// the mapping between cursor positions and cells. Pixels are framebuffer pixels with y down, the
// way screenshots and the `board X0 Y0 CELL` line count them. No GL.

#include <optional>
#include <utility>

#include "app/view/board_geometry.h"
#include "tactics/solver/grid.h"

namespace tactics::app {

// A rectangle of framebuffer pixels, y down.
struct PixelRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  [[nodiscard]] bool contains(double px, double py) const {
    return px >= x && py >= y && px < x + width && py < y + height;
  }
  friend bool operator==(const PixelRect& a, const PixelRect& b) {
    return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
  }
  friend bool operator!=(const PixelRect& a, const PixelRect& b) { return !(a == b); }
};

// What the layout depends on. Window sizes are in screen coordinates (what the platform reports
// for the cursor); the framebuffer may be larger on HiDPI screens.
struct LayoutInputs {
  PixelSize window;
  PixelSize framebuffer;
  MapShape map;               // cells and grid
  int panelWidth = 340;       // screen coordinates, on the right
  int margin = 12;            // screen coordinates around the board
};

struct BoardLayout {
  int x0 = 0;       // top-left pixel of the board
  int y0 = 0;
  int cell = 0;     // cell side in pixels, >= 1 (a hex's width and height: board_geometry.h)
  MapShape map;     // cells and grid
  PixelRect area;   // where the board is drawn and clicked; the board is clipped to it
  float scaleX = 1.0F;  // framebuffer pixels per screen coordinate
  float scaleY = 1.0F;

  [[nodiscard]] int width() const { return boardWidth(map, cell); }
  [[nodiscard]] int height() const { return boardHeight(map, cell); }

  // Top-left pixel of a cell's box (its hexagon's bounding box on a hex board).
  [[nodiscard]] PixelPoint cellOrigin(Cell c) const {
    const PixelPoint p = app::cellOrigin(map.layout, c, cell);
    return {x0 + p.x, y0 + p.y};
  }
  // A point given in cells ((x + 0.5, y + 0.5) is cell (x, y)'s centre, as tokens walk) in
  // framebuffer pixels.
  [[nodiscard]] std::pair<double, double> pointPixels(double x, double y) const {
    const auto [px, py] = boardPointPixels(map.layout, x, y, cell);
    return {x0 + px, y0 + py};
  }
  // Column and row edges of a square board's cells (cellOrigin on any grid).
  [[nodiscard]] int cellX(int x) const { return x0 + x * cell; }
  [[nodiscard]] int cellY(int y) const { return y0 + y * cell; }

  // The cell under a framebuffer pixel, if the pixel is on the visible board: the cell whose
  // square or hexagon holds the pixel's middle, as the shaders draw it.
  [[nodiscard]] std::optional<Cell> cellAtPixel(double px, double py) const;
  // The cell under a cursor position in screen coordinates (HiDPI aware).
  [[nodiscard]] std::optional<Cell> cellAtCursor(double sx, double sy) const;
  // The screen coordinates of a cell's centre (for tests driving the mouse).
  [[nodiscard]] std::pair<double, double> cursorAtCell(Cell c) const;

  friend bool operator==(const BoardLayout& a, const BoardLayout& b) {
    return a.x0 == b.x0 && a.y0 == b.y0 && a.cell == b.cell && a.map == b.map &&
           a.area == b.area;
  }
  friend bool operator!=(const BoardLayout& a, const BoardLayout& b) { return !(a == b); }
};

// The area left of the panel, inside the margin, in framebuffer pixels.
PixelRect boardArea(const LayoutInputs& in);

// The largest whole-pixel cell size that fits the area left of the panel, centred in it.
BoardLayout layoutBoard(const LayoutInputs& in);

}  // namespace tactics::app
