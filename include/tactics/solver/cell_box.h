#pragma once
// A rectangle of cells: what a solve can touch, what a readback reads, what a result must clear.

#include <algorithm>

#include "tactics/solver/grid.h"

namespace tactics {

// Cells [x0..x1] x [y0..y1], inclusive.
struct CellBox {
  int x0 = 0;
  int y0 = 0;
  int x1 = -1;
  int y1 = -1;

  static CellBox around(Cell c, int radius) {
    return {c.x - radius, c.y - radius, c.x + radius, c.y + radius};
  }
  [[nodiscard]] CellBox clippedTo(int width, int height) const {
    return {std::max(x0, 0), std::max(y0, 0), std::min(x1, width - 1), std::min(y1, height - 1)};
  }
  [[nodiscard]] CellBox unitedWith(const CellBox& other) const {
    if (empty()) return other;
    if (other.empty()) return *this;
    return {std::min(x0, other.x0), std::min(y0, other.y0), std::max(x1, other.x1),
            std::max(y1, other.y1)};
  }
  [[nodiscard]] CellBox intersectedWith(const CellBox& other) const {
    return {std::max(x0, other.x0), std::max(y0, other.y0), std::min(x1, other.x1),
            std::min(y1, other.y1)};
  }
  [[nodiscard]] CellBox grownBy(int cells) const {
    return empty() ? *this : CellBox{x0 - cells, y0 - cells, x1 + cells, y1 + cells};
  }
  [[nodiscard]] bool empty() const { return x1 < x0 || y1 < y0; }
  [[nodiscard]] bool contains(Cell c) const { return c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1; }
  [[nodiscard]] int width() const { return x1 - x0 + 1; }
  [[nodiscard]] int height() const { return y1 - y0 + 1; }
  [[nodiscard]] long long area() const {
    return empty() ? 0 : static_cast<long long>(width()) * height();
  }
};

}  // namespace tactics
