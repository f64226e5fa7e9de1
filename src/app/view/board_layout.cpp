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
  layout.cell = fitCell(in.map, {area.width, area.height});
  layout.x0 = area.x + std::max(0, (area.width - layout.width()) / 2);
  layout.y0 = area.y + std::max(0, (area.height - layout.height()) / 2);
  return layout;
}

std::optional<Cell> BoardLayout::cellAtPixel(double px, double py) const {
  if (cell <= 0 || (area.width > 0 && !area.contains(px, py))) return std::nullopt;
  // The pixel the position falls in, decided at its middle like a fragment.
  const int x = static_cast<int>(std::floor(px)) - x0;
  const int y = static_cast<int>(std::floor(py)) - y0;
  return cellAtBoardPixel(map, cell, x, y);
}

std::optional<Cell> BoardLayout::cellAtCursor(double sx, double sy) const {
  return cellAtPixel(sx * static_cast<double>(scaleX), sy * static_cast<double>(scaleY));
}

std::pair<double, double> BoardLayout::cursorAtCell(Cell c) const {
  return {(x0 + cellCentreX(map.layout, c, cell)) / static_cast<double>(scaleX),
          (y0 + cellCentreY(map.layout, c, cell)) / static_cast<double>(scaleY)};
}

}  // namespace tactics::app
