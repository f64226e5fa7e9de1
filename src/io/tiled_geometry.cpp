#include "tactics/io/tiled_geometry.h"

#include <array>
#include <cmath>

namespace tactics {

// Tiled's hexagonal layout, in its terms: a hexagon is a tile box whose flat side (hexsidelength)
// runs along the stagger axis' cross direction (vertical sides on hex-y, horizontal on hex-x);
// the slanted edges take the rest of the side, half at each end, in whole pixels. Two cells of a
// row (hex-y) lie a tile box plus a flat side apart, a staggered row is shifted by half of that,
// and rows overlap by a slanted edge's height (likewise for columns on hex-x).
TiledGeometry::TiledGeometry(GridLayout layout, int tileWidth, int tileHeight, int hexSideLength)
    : layout_(layout), tileWidth_(tileWidth), tileHeight_(tileHeight) {
  if (!isHex(layout)) {
    columnStep_ = tileWidth;
    rowStep_ = tileHeight;
    return;
  }
  staggerX_ = layout == GridLayout::HexXOdd || layout == GridLayout::HexXEven;
  staggerEven_ = layout == GridLayout::HexYEven || layout == GridLayout::HexXEven;
  (staggerX_ ? sideX_ : sideY_) = hexSideLength;
  slopeX_ = (tileWidth - sideX_) / 2;
  slopeY_ = (tileHeight - sideY_) / 2;
  columnStep_ = slopeX_ + sideX_;
  rowStep_ = slopeY_ + sideY_;
}

namespace {

bool shifted(int index, bool staggerEven) { return ((index & 1) != 0) != staggerEven; }

}  // namespace

PixelPoint TiledGeometry::cellOrigin(Cell c) const {
  if (!isHex(layout_)) {
    return {static_cast<double>(c.x) * tileWidth_, static_cast<double>(c.y) * tileHeight_};
  }
  // The tile box Tiled uses is rebuilt from the whole-pixel parts, so an odd side loses a pixel
  // exactly as it does in Tiled.
  const int boxWidth = columnStep_ + slopeX_;
  const int boxHeight = rowStep_ + slopeY_;
  if (staggerX_) {
    const int y = c.y * (boxHeight + sideY_) + (shifted(c.x, staggerEven_) ? rowStep_ : 0);
    return {static_cast<double>(c.x * columnStep_), static_cast<double>(y)};
  }
  const int x = c.x * (boxWidth + sideX_) + (shifted(c.y, staggerEven_) ? columnStep_ : 0);
  return {static_cast<double>(x), static_cast<double>(c.y * rowStep_)};
}

PixelPoint TiledGeometry::cellCentre(Cell c) const {
  const PixelPoint origin = cellOrigin(c);
  if (!isHex(layout_)) return {origin.x + tileWidth_ / 2, origin.y + tileHeight_ / 2};
  return {origin.x + slopeX_ + sideX_ / 2, origin.y + slopeY_ + sideY_ / 2};
}

std::optional<Cell> TiledGeometry::cellAt(PixelPoint p) const {
  if (!valid()) return std::nullopt;
  if (!isHex(layout_)) {
    return Cell{static_cast<int>(std::floor(p.x / tileWidth_)),
                static_cast<int>(std::floor(p.y / tileHeight_))};
  }
  // Tiled cuts the plane into blocks two steps wide and two tall, placed so that each block holds
  // one whole hexagon of an unshifted row (column) and parts of three around it, and takes the
  // one of those four whose centre is nearest, the first of them on a tie. The same here, so a
  // point on an edge lands where Tiled highlights it.
  const int boxWidth = columnStep_ + slopeX_;
  const int boxHeight = rowStep_ + slopeY_;
  double x = p.x;
  double y = p.y;
  if (staggerX_) {
    x -= staggerEven_ ? boxWidth : slopeX_;
  } else {
    y -= staggerEven_ ? boxHeight : slopeY_;
  }
  const int blockX = static_cast<int>(std::floor(x / (2.0 * columnStep_)));
  const int blockY = static_cast<int>(std::floor(y / (2.0 * rowStep_)));
  const double inX = x - blockX * 2.0 * columnStep_;
  const double inY = y - blockY * 2.0 * rowStep_;

  struct Candidate {
    double x, y;  // the centre within the block
    int dx, dy;   // the cell, from the block's whole hexagon
  };
  std::array<Candidate, 4> candidates;
  Cell base{blockX, blockY};
  if (staggerX_) {
    base.x = blockX * 2 + (staggerEven_ ? 1 : 0);
    const double left = sideX_ / 2;
    const double middle = boxHeight / 2;
    candidates = {Candidate{left, middle, 0, 0},
                  Candidate{left + columnStep_, middle - rowStep_, 1, -1},
                  Candidate{left + columnStep_, middle + rowStep_, 1, 0},
                  Candidate{left + 2.0 * columnStep_, middle, 2, 0}};
  } else {
    base.y = blockY * 2 + (staggerEven_ ? 1 : 0);
    const double middle = boxWidth / 2;
    const double top = sideY_ / 2;
    candidates = {Candidate{middle, top, 0, 0},
                  Candidate{middle - columnStep_, top + rowStep_, -1, 1},
                  Candidate{middle + columnStep_, top + rowStep_, 0, 1},
                  Candidate{middle, top + 2.0 * rowStep_, 0, 2}};
  }
  const Candidate* nearest = &candidates[0];
  double best = -1.0;
  for (const Candidate& candidate : candidates) {
    const double d = (candidate.x - inX) * (candidate.x - inX) + (candidate.y - inY) * (candidate.y - inY);
    if (best < 0.0 || d < best) {
      best = d;
      nearest = &candidate;
    }
  }
  return Cell{base.x + nearest->dx, base.y + nearest->dy};
}

}  // namespace tactics
