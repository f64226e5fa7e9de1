#pragma once
// Where Tiled draws a map's cells (SPEC §9, §13): the pixel rectangle of a cell and the cell under
// a pixel, on an orthogonal map and on the four hexagonal layouts. Units of a `units` layer are
// placed by it (the cell Tiled highlights under an object's anchor) and written back by it, and a
// renderer that draws Tiled art may place tiles by it.

#include <optional>

#include "tactics/solver/grid.h"
#include "tactics/solver/topology.h"

namespace tactics {

// A point in the map's pixels (Tiled's object coordinates).
struct PixelPoint {
  double x = 0.0;
  double y = 0.0;
};

// The pixel grid of a Tiled map: its tile size and, on a hexagonal map, the length of the
// hexagon's flat side (`hexsidelength`: horizontal sides on hex-x, vertical on hex-y).
class TiledGeometry {
 public:
  TiledGeometry(GridLayout layout, int tileWidth, int tileHeight, int hexSideLength = 0);

  [[nodiscard]] GridLayout layout() const { return layout_; }

  // Whether cells can be told apart at all: Tiled's step from one cell to the next (a column's
  // width and a row's height) is at least a pixel.
  [[nodiscard]] bool valid() const { return columnStep_ > 0 && rowStep_ > 0; }

  // The top-left corner of the tile box of cell c, as Tiled lays tiles out.
  [[nodiscard]] PixelPoint cellOrigin(Cell c) const;
  // The centre of cell c's hexagon (its tile box on an orthogonal map), in whole pixels as Tiled
  // computes it: where the units writer puts a unit so that it reads back on c.
  [[nodiscard]] PixelPoint cellCentre(Cell c) const;
  // The cell Tiled highlights under pixel p (it may lie outside the map). nullopt when !valid().
  [[nodiscard]] std::optional<Cell> cellAt(PixelPoint p) const;

 private:
  GridLayout layout_;
  int tileWidth_;
  int tileHeight_;
  bool staggerX_ = false;   // hex-x-*: columns staggered
  bool staggerEven_ = false;
  int sideX_ = 0;           // the hexagon's flat side along x (hex-x) or y (hex-y); 0 on the other axis
  int sideY_ = 0;
  int slopeX_ = 0;          // the width (height) of a slanted edge: (tile side - flat side) / 2
  int slopeY_ = 0;
  int columnStep_ = 0;      // how far apart two cells of one row are, halved on hex-y: the
  int rowStep_ = 0;         // half-cell shift of a staggered row (likewise for hex-x columns)
};

}  // namespace tactics
