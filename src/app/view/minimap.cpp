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
  minimap.cellPixels =
      std::min(static_cast<double>(roomX) / map.width, static_cast<double>(roomY) / map.height);
  const int width = std::max(1, static_cast<int>(std::lround(map.width * minimap.cellPixels)));
  const int height = std::max(1, static_cast<int>(std::lround(map.height * minimap.cellPixels)));
  minimap.rect = {area.x + area.width - margin - width, area.y + margin, width, height};
  return minimap;
}

BoardPoint Minimap::mapPointAt(double px, double py) const {
  const double x = (px - rect.x) / cellPixels;
  const double y = (py - rect.y) / cellPixels;
  return {std::clamp(x, 0.0, static_cast<double>(map.width)),
          std::clamp(y, 0.0, static_cast<double>(map.height))};
}

BoardPoint Minimap::pixelAt(BoardPoint cells) const {
  return {rect.x + cells.x * cellPixels, rect.y + cells.y * cellPixels};
}

bool Minimap::covers(const BoardLayout& layout, BoardPoint centre) const {
  const auto [cx, cy] = layout.pointPixels(centre.x, centre.y);
  const double x0 = cx - 0.5 * layout.cell;
  const double y0 = cy - 0.5 * layout.cell;
  return x0 < rect.x + rect.width && x0 + layout.cell > rect.x && y0 < rect.y + rect.height &&
         y0 + layout.cell > rect.y;
}

PixelRect Minimap::viewRect(const BoardLayout& layout) const {
  // Cells per pixel along each axis: a hex board's overlapping rows (hex-y) or columns (hex-x)
  // lie 3/4 of a cell apart, and the minimap draws them a whole cell apart.
  const double cell = std::max(1, layout.cell);
  const GridLayout grid = layout.map.layout;
  const double cellX = isHex(grid) && !staggersRows(grid) ? 0.75 * cell : cell;
  const double cellY = staggersRows(grid) ? 0.75 * cell : cell;
  const BoardPoint first =
      pixelAt({(layout.area.x - layout.x0) / cellX, (layout.area.y - layout.y0) / cellY});
  const BoardPoint last = pixelAt({(layout.area.x + layout.area.width - layout.x0) / cellX,
                                   (layout.area.y + layout.area.height - layout.y0) / cellY});
  const int x0 = std::max(rect.x, static_cast<int>(std::floor(first.x)));
  const int y0 = std::max(rect.y, static_cast<int>(std::floor(first.y)));
  const int x1 = std::min(rect.x + rect.width, static_cast<int>(std::ceil(last.x)));
  const int y1 = std::min(rect.y + rect.height, static_cast<int>(std::ceil(last.y)));
  return {x0, y0, std::max(0, x1 - x0), std::max(0, y1 - y0)};
}

}  // namespace tactics::app
