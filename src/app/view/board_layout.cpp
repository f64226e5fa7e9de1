#include "app/view/board_layout.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tactics::app {

namespace {

float ratio(int framebuffer, int window) {
  return window > 0 ? static_cast<float>(framebuffer) / static_cast<float>(window) : 1.0F;
}

}  // namespace

PixelRect boardArea(const LayoutInputs& in) {
  const float scale = ratio(in.framebuffer.width, in.window.width);
  const int margin = static_cast<int>(std::lround(static_cast<float>(in.margin) * scale));
  const int panel = static_cast<int>(std::lround(static_cast<float>(in.panelWidth) * scale));
  return {margin, margin, std::max(1, in.framebuffer.width - panel - 2 * margin),
          std::max(1, in.framebuffer.height - 2 * margin)};
}

BoardLayout layoutBoard(const LayoutInputs& in) {
  BoardLayout layout;
  layout.map = in.map;
  layout.scaleX = ratio(in.framebuffer.width, in.window.width);
  layout.scaleY = ratio(in.framebuffer.height, in.window.height);
  layout.area = boardArea(in);

  const PixelRect& area = layout.area;
  const int mapWidth = std::max(1, in.map.width);
  const int mapHeight = std::max(1, in.map.height);
  layout.cell = std::max(1, std::min(area.width / mapWidth, area.height / mapHeight));
  layout.x0 = area.x + std::max(0, (area.width - layout.cell * mapWidth) / 2);
  layout.y0 = area.y + std::max(0, (area.height - layout.cell * mapHeight) / 2);
  return layout;
}

std::optional<Cell> BoardLayout::cellAtPixel(double px, double py) const {
  if (cell <= 0 || (area.width > 0 && !area.contains(px, py))) return std::nullopt;
  const double localX = px - x0;
  const double localY = py - y0;
  if (localX < 0 || localY < 0) return std::nullopt;
  const int x = static_cast<int>(std::floor(localX / cell));
  const int y = static_cast<int>(std::floor(localY / cell));
  if (x >= map.width || y >= map.height) return std::nullopt;
  return Cell{x, y};
}

std::optional<Cell> BoardLayout::cellAtCursor(double sx, double sy) const {
  return cellAtPixel(sx * static_cast<double>(scaleX), sy * static_cast<double>(scaleY));
}

std::pair<double, double> BoardLayout::cursorAtCell(Cell c) const {
  const double half = cell / 2.0;
  return {(cellX(c.x) + half) / static_cast<double>(scaleX),
          (cellY(c.y) + half) / static_cast<double>(scaleY)};
}

}  // namespace tactics::app
