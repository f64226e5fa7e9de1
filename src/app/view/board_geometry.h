#pragma once
// Where cells lie in pixels on every grid (SPEC §13), in one place: the layout, the camera, the
// renderer and the editor's hit tests ask here, and shaders/board_geometry.glsl does the same
// sums on the GPU. Pixels are counted from the board's top-left corner, y down. No GL.
//
// A cell is `cell` pixels wide and high on every grid. On a hex board it is Tiled's hexagon with
// hexsidelength = cell / 2, exactly as the hex art is drawn: pointy-top on hex-y-* (corners
// (0.5,0) (1,0.25) (1,0.75) (0.5,1) (0,0.75) (0,0.25) of its cell box, rows 3/4 of a cell apart,
// shifted rows half a cell to the right), flat-top on hex-x-* (the same turned: columns 3/4 of a
// cell apart, shifted columns half a cell down). The camera keeps a hex board's cell a multiple
// of 4 (cellStep), so every corner is a whole pixel; picking is exact for any size all the same.

#include <optional>
#include <utility>

#include "tactics/solver/grid.h"
#include "tactics/solver/topology.h"

namespace tactics::app {

struct PixelSize {
  int width = 0;
  int height = 0;
  friend bool operator==(PixelSize a, PixelSize b) {
    return a.width == b.width && a.height == b.height;
  }
  friend bool operator!=(PixelSize a, PixelSize b) { return !(a == b); }
};

struct PixelPoint {
  int x = 0;
  int y = 0;
  friend bool operator==(PixelPoint a, PixelPoint b) { return a.x == b.x && a.y == b.y; }
  friend bool operator!=(PixelPoint a, PixelPoint b) { return !(a == b); }
};

// A map as the view sees it: its size in cells and its grid. A PixelSize reads as a square map.
struct MapShape {
  int width = 0;
  int height = 0;
  GridLayout layout = GridLayout::Square;

  MapShape() = default;
  MapShape(int w, int h, GridLayout grid = GridLayout::Square)
      : width(w), height(h), layout(grid) {}
  MapShape(PixelSize cells) : width(cells.width), height(cells.height) {}  // NOLINT: a square map

  [[nodiscard]] bool hex() const { return isHex(layout); }
  friend bool operator==(const MapShape& a, const MapShape& b) {
    return a.width == b.width && a.height == b.height && a.layout == b.layout;
  }
  friend bool operator!=(const MapShape& a, const MapShape& b) { return !(a == b); }
};

// Whether rows (hex-y-*, pointy-top) or columns (hex-x-*, flat-top) are staggered.
inline bool staggersRows(GridLayout layout) {
  return layout == GridLayout::HexYOdd || layout == GridLayout::HexYEven;
}

// Cell sizes the camera may choose: any on a square board, multiples of 4 on a hex board.
inline int cellStep(GridLayout layout) { return isHex(layout) ? 4 : 1; }
// `cell` rounded down to a size the grid allows (at least one step).
int snapCell(int cell, GridLayout layout);

// The board's size in pixels for cells `cell` wide: a hex-y board is half a cell wider than its
// columns (the shifted rows) and its rows overlap by a quarter; hex-x the same turned.
int boardWidth(const MapShape& map, int cell);
int boardHeight(const MapShape& map, int cell);

// The largest cell size the grid allows whose board fits in `area` pixels (at least one step).
int fitCell(const MapShape& map, PixelSize area);

// The top-left corner of a cell's box (its hexagon's bounding box on a hex board).
PixelPoint cellOrigin(GridLayout layout, Cell c, int cell);

// A cell's centre in pixels.
inline double cellCentreX(GridLayout layout, Cell c, int cell) {
  return cellOrigin(layout, c, cell).x + cell / 2.0;
}
inline double cellCentreY(GridLayout layout, Cell c, int cell) {
  return cellOrigin(layout, c, cell).y + cell / 2.0;
}

// The cell whose square or hexagon holds the middle of pixel (px, py), or nullopt off the map.
// A pixel's middle never lies on a hexagon's edge when `cell` is even; for odd sizes a middle on
// an edge goes to the lower row (hex-y) or the right column (hex-x).
std::optional<Cell> cellAtBoardPixel(const MapShape& map, int cell, int px, int py);

// Where a point given in cells (BoardPoint: (x + 0.5, y + 0.5) is the centre of cell (x, y), as
// the walk animation moves a token) lies in pixels: the centres of the cells around it blended by
// the fractions, so a token walking between two neighbours passes straight from centre to centre.
std::pair<double, double> boardPointPixels(GridLayout layout, double x, double y, int cell);

// The middle of hexagon edge k (neighbour k's side, SPEC §13's order) of a cell box of side 1,
// for the arrow and the labels; on a square board the middle of side Up, Down, Left, Right.
std::pair<double, double> edgeMiddle(GridLayout layout, int k);

}  // namespace tactics::app
