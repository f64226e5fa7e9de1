#include "app/view/minimap.h"

#include <algorithm>
#include <cmath>

#include "app/view/camera.h"

namespace tactics::app {

std::optional<Minimap> placeMinimap(const BoardLayout& layout, float contentScale) {
  const MapShape& map = layout.map;
  if (map.width <= 0 || map.height <= 0 || layout.cell <= 0) return std::nullopt;
  if (showsWholeMap({layout.x0, layout.y0, layout.cell}, layout.area, map)) return std::nullopt;
  const PixelRect& area = layout.area;
  const auto scaled = [contentScale](int pixels) {
    return static_cast<int>(std::lround(static_cast<float>(pixels) * contentScale));
  };
  const int margin = scaled(kMinimapMargin);
  const int side = std::clamp(std::min(area.width, area.height) / 4, scaled(kMinimapMinSide),
                              scaled(kMinimapMaxSide));
  // Never wider or taller than the area leaves beside its margins.
  const int roomX = std::max(1, std::min(side, area.width - 2 * margin));
  const int roomY = std::max(1, std::min(side, area.height - 2 * margin));
  Minimap minimap;
  minimap.map = {map.width, map.height};
  minimap.grid = map.layout;
  // The board's size in cells (a hex board's in quarters of a cell, every corner whole).
  const double spanX = boardWidth(map, 4) / 4.0;
  const double spanY = boardHeight(map, 4) / 4.0;
  minimap.cellPixels = std::min(static_cast<double>(roomX) / spanX, static_cast<double>(roomY) / spanY);
  const int width = std::max(1, static_cast<int>(std::lround(spanX * minimap.cellPixels)));
  const int height = std::max(1, static_cast<int>(std::lround(spanY * minimap.cellPixels)));
  minimap.rect = {area.x + area.width - margin - width, area.y + margin, width, height};
  return minimap;
}

BoardPoint Minimap::mapPointAt(double px, double py) const {
  double x = (px - rect.x) / cellPixels;
  double y = (py - rect.y) / cellPixels;
  // On a hex board the overlapping lines lie 3/4 of a cell apart, centres half a cell in; the
  // half-cell shift of every other line is left out (a click centres the view, no more).
  if (staggersRows(grid)) y = (y - 0.5) / 0.75 + 0.5;
  if (isHex(grid) && !staggersRows(grid)) x = (x - 0.5) / 0.75 + 0.5;
  return {std::clamp(x, 0.0, static_cast<double>(map.width)),
          std::clamp(y, 0.0, static_cast<double>(map.height))};
}

BoardPoint Minimap::pixelAt(BoardPoint cells) const {
  if (!isHex(grid)) return {rect.x + cells.x * cellPixels, rect.y + cells.y * cellPixels};
  // Where the board draws the point, in cells (cells 4 pixels wide: every corner whole).
  const auto [x, y] = boardPointPixels(grid, cells.x, cells.y, 4);
  return {rect.x + x / 4.0 * cellPixels, rect.y + y / 4.0 * cellPixels};
}

bool Minimap::covers(const BoardLayout& layout, BoardPoint centre) const {
  const auto [cx, cy] = layout.pointPixels(centre.x, centre.y);
  const double x0 = cx - 0.5 * layout.cell;
  const double y0 = cy - 0.5 * layout.cell;
  return x0 < rect.x + rect.width && x0 + layout.cell > rect.x && y0 < rect.y + rect.height &&
         y0 + layout.cell > rect.y;
}

PixelRect Minimap::viewRect(const BoardLayout& layout) const {
  // The board's pixels scaled down: the inset is the board drawn cellPixels / cell times smaller.
  const double cell = std::max(1, layout.cell);
  const auto inset = [&](double px, double py) {
    return BoardPoint{rect.x + px / cell * cellPixels, rect.y + py / cell * cellPixels};
  };
  const BoardPoint first = inset(layout.area.x - layout.x0, layout.area.y - layout.y0);
  const BoardPoint last = inset(layout.area.x + layout.area.width - layout.x0,
                                layout.area.y + layout.area.height - layout.y0);
  const int x0 = std::max(rect.x, static_cast<int>(std::floor(first.x)));
  const int y0 = std::max(rect.y, static_cast<int>(std::floor(first.y)));
  const int x1 = std::min(rect.x + rect.width, static_cast<int>(std::ceil(last.x)));
  const int y1 = std::min(rect.y + rect.height, static_cast<int>(std::ceil(last.y)));
  return {x0, y0, std::max(0, x1 - x0), std::max(0, y1 - y0)};
}

}  // namespace tactics::app
