#include "app/view/camera.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tactics::app {

namespace {

int scaled(int pixels, float scale) {
  return std::max(1, static_cast<int>(std::lround(static_cast<float>(pixels) * scale)));
}

// Keeps one axis of the board [origin, origin + size) overlapping [start, start + extent) by
// at least min(size, extent / 2) pixels.
int clampAxis(int origin, int size, int start, int extent) {
  const int overlap = std::min(size, extent / 2);
  const int lowest = start + overlap - size;      // board's right edge at start + overlap
  const int highest = start + extent - overlap;   // board's left edge at end - overlap
  return std::clamp(origin, std::min(lowest, highest), std::max(lowest, highest));
}

// The tight version for views the demo chooses itself: a board larger than the area covers it
// completely, a smaller one is centred.
int coverAxis(int origin, int size, int start, int extent) {
  if (size <= extent) return start + (extent - size) / 2;
  return std::clamp(origin, start + extent - size, start);
}

}  // namespace

Camera fitCamera(const PixelRect& area, const MapShape& map) {
  Camera camera;
  camera.cell = fitCell(map, {area.width, area.height});
  const MapShape board{std::max(1, map.width), std::max(1, map.height), map.layout};
  camera.x0 = area.x + (area.width - boardWidth(board, camera.cell)) / 2;
  camera.y0 = area.y + (area.height - boardHeight(board, camera.cell)) / 2;
  return camera;
}

Camera defaultCamera(const PixelRect& area, const MapShape& map, std::optional<Cell> focus,
                     float scale) {
  return defaultCamera(area, map, focus ? std::vector<Cell>{*focus} : std::vector<Cell>{}, scale);
}

Camera defaultCamera(const PixelRect& area, const MapShape& map, const std::vector<Cell>& focus,
                     float scale) {
  const Camera fit = fitCamera(area, map);
  if (fit.cell >= scaled(kReadableCell, scale)) return fit;
  const int cell = snapCell(scaled(kDefaultCell, scale), map.layout);
  const std::optional<Cell> centre = groupCentre(area, cell, focus);
  return centredCamera(area, map, centre.value_or(Cell{map.width / 2, map.height / 2}), cell);
}

std::optional<Cell> groupCentre(const PixelRect& area, int cell, const std::vector<Cell>& cells) {
  if (cells.empty()) return std::nullopt;
  // Cells either side of an anchor that still fit with a spare cell at each edge.
  const int size = std::max(1, cell);
  const int halfX = std::max(0, (area.width / size - 3) / 2);
  const int halfY = std::max(0, (area.height / size - 3) / 2);
  std::size_t best = 0;
  Cell bestCentre = cells.front();
  for (const Cell anchor : cells) {
    std::size_t count = 0;
    Cell low = anchor;
    Cell high = anchor;
    for (const Cell c : cells) {
      if (std::abs(c.x - anchor.x) > halfX || std::abs(c.y - anchor.y) > halfY) continue;
      ++count;
      low = {std::min(low.x, c.x), std::min(low.y, c.y)};
      high = {std::max(high.x, c.x), std::max(high.y, c.y)};
    }
    if (count <= best) continue;
    best = count;
    bestCentre = {(low.x + high.x) / 2, (low.y + high.y) / 2};
  }
  return bestCentre;
}

Camera showRange(Camera camera, const PixelRect& area, const MapShape& map, Cell unit, int radius) {
  const int r = std::max(0, radius);
  const Cell low{std::max(0, unit.x - r), std::max(0, unit.y - r)};
  const Cell high{std::min(map.width - 1, unit.x + r), std::min(map.height - 1, unit.y + r)};
  if (cellInView(camera, area, low, map.layout) && cellInView(camera, area, high, map.layout)) {
    return camera;
  }
  const int cell = std::max(1, camera.cell);
  // A spare cell: the range's middle may fall between two cells.
  const bool fits = (high.x - low.x + 2) * cell <= area.width &&
                    (high.y - low.y + 2) * cell <= area.height;
  const Cell centre = fits ? Cell{(low.x + high.x) / 2, (low.y + high.y) / 2} : unit;
  return centredCamera(area, map, centre, cell);
}

Camera centredCamera(const PixelRect& area, const MapShape& map, Cell centre, int cell) {
  Camera camera;
  camera.cell = snapCell(std::clamp(cell, 1, kMaxCell * 4), map.layout);
  const PixelPoint middle = cellOrigin(map.layout, centre, camera.cell);
  camera.x0 = area.x + area.width / 2 - middle.x - camera.cell / 2;
  camera.y0 = area.y + area.height / 2 - middle.y - camera.cell / 2;
  camera.x0 = coverAxis(camera.x0, boardWidth(map, camera.cell), area.x, area.width);
  camera.y0 = coverAxis(camera.y0, boardHeight(map, camera.cell), area.y, area.height);
  return camera;
}

Camera zoomAt(Camera camera, const PixelRect& area, const MapShape& map, double px, double py,
              double steps, float scale) {
  if (camera.cell <= 0) return camera;
  const double wanted = camera.cell * std::pow(1.25, steps);
  int cell = static_cast<int>(std::lround(wanted));
  // Every notch changes the size, even at small cells where 1.25x rounds back.
  // A hex board's cells come in steps of 4 (board_geometry.h): rounded to the nearest step.
  const int step = cellStep(map.layout);
  cell = (cell + step / 2) / step * step;
  if (cell == camera.cell) cell += steps > 0 ? step : (steps < 0 ? -step : 0);
  cell = snapCell(std::clamp(cell, 1, scaled(kMaxCell, scale)), map.layout);
  // The map point under the cursor, in cells, stays under the cursor.
  const double mapX = (px - camera.x0) / camera.cell;
  const double mapY = (py - camera.y0) / camera.cell;
  Camera zoomed;
  zoomed.cell = cell;
  zoomed.x0 = static_cast<int>(std::lround(px - mapX * cell));
  zoomed.y0 = static_cast<int>(std::lround(py - mapY * cell));
  return clampCamera(zoomed, area, map);
}

Camera panBy(Camera camera, const PixelRect& area, const MapShape& map, int dx, int dy) {
  camera.x0 += dx;
  camera.y0 += dy;
  return clampCamera(camera, area, map);
}

Camera keepInView(Camera camera, const PixelRect& area, const MapShape& map, Cell cell) {
  // The room is the neighbouring cell on each side, where there is one: a cell on the board's
  // edge needs none, so a board that is wholly visible never moves (issue 22, item 10).
  const PixelPoint box = cellOrigin(map.layout, cell, camera.cell);
  const auto axis = [](int origin, int cellSize, int boxStart, int index, int count, int start,
                       int extent) {
    const int room = extent >= 3 * cellSize ? cellSize : 0;
    const int before = index > 0 ? room : 0;
    const int after = index + 1 < count ? room : 0;
    const int first = origin + boxStart;
    if (first < start + before) return origin + (start + before - first);
    const int last = first + cellSize;
    if (last > start + extent - after) return origin - (last - (start + extent - after));
    return origin;
  };
  const Camera moved{axis(camera.x0, camera.cell, box.x, cell.x, map.width, area.x, area.width),
                     axis(camera.y0, camera.cell, box.y, cell.y, map.height, area.y, area.height),
                     camera.cell};
  return moved == camera ? camera : clampCamera(moved, area, map);
}

Camera keepCentre(Camera camera, const PixelRect& from, const PixelRect& to, const MapShape& map) {
  camera.x0 += (to.x + to.width / 2) - (from.x + from.width / 2);
  camera.y0 += (to.y + to.height / 2) - (from.y + from.height / 2);
  return clampCamera(camera, to, map);
}

bool showsWholeMap(Camera camera, const PixelRect& area, const MapShape& map) {
  return camera.x0 >= area.x && camera.y0 >= area.y &&
         camera.x0 + boardWidth(map, camera.cell) <= area.x + area.width &&
         camera.y0 + boardHeight(map, camera.cell) <= area.y + area.height;
}

bool cellInView(Camera camera, const PixelRect& area, Cell cell, GridLayout layout) {
  const PixelPoint box = cellOrigin(layout, cell, camera.cell);
  const int x = camera.x0 + box.x;
  const int y = camera.y0 + box.y;
  return x >= area.x && y >= area.y && x + camera.cell <= area.x + area.width &&
         y + camera.cell <= area.y + area.height;
}

Camera showBoth(Camera camera, const PixelRect& area, const MapShape& map, Cell a, Cell b) {
  if (cellInView(camera, area, a, map.layout) && cellInView(camera, area, b, map.layout)) {
    return camera;
  }
  const int cell = std::max(1, camera.cell);
  const bool fit = (std::abs(a.x - b.x) + 3) * cell <= area.width &&
                   (std::abs(a.y - b.y) + 3) * cell <= area.height;
  const Cell centre = fit ? Cell{(a.x + b.x) / 2, (a.y + b.y) / 2} : a;
  return centredCamera(area, map, centre, cell);
}

Camera glideCamera(Camera from, Camera to, double t) {
  if (t >= 1 || from.cell != to.cell) return to;
  const double u = std::clamp(t, 0.0, 1.0);
  const double eased = u * u * (3 - 2 * u);
  Camera camera = to;
  camera.x0 = from.x0 + static_cast<int>(std::lround((to.x0 - from.x0) * eased));
  camera.y0 = from.y0 + static_cast<int>(std::lround((to.y0 - from.y0) * eased));
  return camera;
}

Camera clampCamera(Camera camera, const PixelRect& area, const MapShape& map) {
  camera.x0 = clampAxis(camera.x0, boardWidth(map, camera.cell), area.x, area.width);
  camera.y0 = clampAxis(camera.y0, boardHeight(map, camera.cell), area.y, area.height);
  return camera;
}

BoardLayout layoutFor(Camera camera, const PixelRect& area, const MapShape& map, float scaleX,
                      float scaleY) {
  BoardLayout layout;
  layout.x0 = camera.x0;
  layout.y0 = camera.y0;
  layout.cell = std::max(1, camera.cell);
  layout.map = map;
  layout.area = area;
  layout.scaleX = scaleX;
  layout.scaleY = scaleY;
  return layout;
}

}  // namespace tactics::app
