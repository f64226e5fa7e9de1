#include "app/view/board_geometry.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tactics::app {

namespace {

// Floor division for any sign: pixels left of or above the board give negative quotients.
int floorDiv(int a, int b) {
  const int q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Whether line `v` of the staggered axis (a row on hex-y, a column on hex-x) is the shifted one,
// as Topology::parity says for its cells.
int shifted(GridLayout layout, int v) {
  const bool odd = layout == GridLayout::HexYOdd || layout == GridLayout::HexXOdd;
  return odd ? (v & 1) : 1 - (v & 1);
}

// Hex boards are worked out as hex-y (pointy-top, rows staggered); a hex-x board is the same
// board turned, so its x and y are swapped going in and coming out.
struct Frame {
  bool turned = false;
  [[nodiscard]] int along(int x, int y) const { return turned ? y : x; }
  [[nodiscard]] int across(int x, int y) const { return turned ? x : y; }
};

}  // namespace

int snapCell(int cell, GridLayout layout) {
  const int step = cellStep(layout);
  return std::max(step, cell - cell % step);
}

int boardWidth(const MapShape& map, int cell) {
  if (!map.hex()) return cell * map.width;
  if (staggersRows(map.layout)) return cell * map.width + cell / 2;
  return (3 * cell * std::max(0, map.width - 1)) / 4 + cell;
}

int boardHeight(const MapShape& map, int cell) {
  if (!map.hex()) return cell * map.height;
  if (!staggersRows(map.layout)) return cell * map.height + cell / 2;
  return (3 * cell * std::max(0, map.height - 1)) / 4 + cell;
}

int fitCell(const MapShape& map, PixelSize area) {
  const int w = std::max(1, map.width);
  const int h = std::max(1, map.height);
  if (!map.hex()) return std::max(1, std::min(area.width / w, area.height / h));
  // Staggered lines take half a cell more; overlapping lines 3/4 of a cell each after the first.
  const Frame f{!staggersRows(map.layout)};
  const int alongPixels = f.along(area.width, area.height);
  const int acrossPixels = f.across(area.width, area.height);
  const int alongCells = f.along(w, h);
  const int acrossCells = f.across(w, h);
  const int cell = std::min(2 * alongPixels / (2 * alongCells + 1),
                            4 * acrossPixels / (3 * (acrossCells - 1) + 4));
  return snapCell(cell, map.layout);
}

PixelPoint cellOrigin(GridLayout layout, Cell c, int cell) {
  if (!isHex(layout)) return {c.x * cell, c.y * cell};
  const Frame f{!staggersRows(layout)};
  const int u = f.along(c.x, c.y);
  const int v = f.across(c.x, c.y);
  const int along = u * cell + shifted(layout, v) * (cell / 2);
  const int across = floorDiv(3 * cell * v, 4);
  return f.turned ? PixelPoint{across, along} : PixelPoint{along, across};
}

std::optional<Cell> cellAtBoardPixel(const MapShape& map, int cell, int px, int py) {
  if (cell <= 0) return std::nullopt;
  if (!map.hex()) {
    if (px < 0 || py < 0) return std::nullopt;
    const Cell c{px / cell, py / cell};
    if (c.x >= map.width || c.y >= map.height) return std::nullopt;
    return c;
  }
  // In quarter pixels, so that every corner of every hexagon is a whole number for any cell
  // size: the pixel's middle, the box 4 * cell wide, rows 3 * cell apart, the zig-zag band at
  // the top of each row `cell` high.
  const Frame f{!staggersRows(map.layout)};
  const int x = 4 * f.along(px, py) + 2;
  const int y = 4 * f.across(px, py) + 2;
  const int s = cell;
  const int row = floorDiv(y, 3 * s);
  const int inRow = y - row * 3 * s;
  const auto column = [&](int r) { return floorDiv(x - shifted(map.layout, r) * 2 * s, 4 * s); };
  int u = column(row);
  int v = row;
  if (inRow < s) {
    // The top of row `row`'s hexagon rises from its box's sides to its middle: below that line
    // (or on it) the pixel is in row `row`, above it in the row before.
    const int inBox = x - shifted(map.layout, row) * 2 * s - u * 4 * s;
    if (2 * inRow < std::abs(inBox - 2 * s)) {
      v = row - 1;
      u = column(v);
    }
  }
  const Cell c = f.turned ? Cell{v, u} : Cell{u, v};
  if (c.x < 0 || c.y < 0 || c.x >= map.width || c.y >= map.height) return std::nullopt;
  return c;
}

std::pair<double, double> boardPointPixels(GridLayout layout, double x, double y, int cell) {
  if (!isHex(layout)) return {x * cell, y * cell};
  const double fx = x - 0.5;
  const double fy = y - 0.5;
  const int a = static_cast<int>(std::floor(fx));
  const int b = static_cast<int>(std::floor(fy));
  const double tx = fx - a;
  const double ty = fy - b;
  double px = 0;
  double py = 0;
  for (int j = 0; j < 2; ++j) {
    for (int i = 0; i < 2; ++i) {
      const double weight = (i == 0 ? 1 - tx : tx) * (j == 0 ? 1 - ty : ty);
      if (weight == 0) continue;
      const Cell c{a + i, b + j};
      px += weight * cellCentreX(layout, c, cell);
      py += weight * cellCentreY(layout, c, cell);
    }
  }
  return {px, py};
}

std::pair<double, double> edgeMiddle(GridLayout layout, int k) {
  static constexpr std::array<std::pair<double, double>, 4> kSquare = {
      {{0.5, 0.0}, {0.5, 1.0}, {0.0, 0.5}, {1.0, 0.5}}};
  // Pointy-top, in SPEC §13's order: the two above (left, right), left, right, the two below.
  static constexpr std::array<std::pair<double, double>, 6> kPointy = {
      {{0.25, 0.125}, {0.75, 0.125}, {0.0, 0.5}, {1.0, 0.5}, {0.25, 0.875}, {0.75, 0.875}}};
  // Flat-top: up, down, the two on the left (upper, lower), the two on the right; turned, they
  // are the pointy-top's edges 2, 3, 0, 1, 4, 5.
  static constexpr std::array<std::size_t, 6> kTurned = {2, 3, 0, 1, 4, 5};
  if (!isHex(layout)) return kSquare[static_cast<std::size_t>(std::clamp(k, 0, 3))];
  const std::size_t i = static_cast<std::size_t>(std::clamp(k, 0, 5));
  if (staggersRows(layout)) return kPointy[i];
  const auto [x, y] = kPointy[kTurned[i]];
  return {y, x};
}

}  // namespace tactics::app
