#include "app/view/board_view.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tactics::app {

namespace {

constexpr int kMargin = 12;  // screen coordinates around the board

}  // namespace

PixelRect BoardView::area(const MapShape& map) const {
  const float scale = screen_.contentScale;
  const LayoutInputs inputs{screen_.window, screen_.framebuffer, map, screen_.panelWidth,
                            static_cast<int>(static_cast<float>(kMargin) * scale)};
  return boardArea(inputs);
}

bool BoardView::place(const ViewScreen& screen, const MapShape& map) {
  screen_ = screen;
  const PixelRect where = area(map);
  switch (mode_) {
    case Mode::Default: camera_ = defaultCamera(where, map, focus_, screen.contentScale); break;
    case Mode::Fitted: camera_ = fitCamera(where, map); break;
    case Mode::User:
      camera_ = layout_.area.width > 0 && layout_.area != where
                    ? keepCentre(camera_, layout_.area, where, map)
                    : clampCamera(camera_, where, map);
      break;
  }
  const PixelSize window = screen.window;
  const float scaleX = window.width > 0 ? static_cast<float>(screen.framebuffer.width) /
                                              static_cast<float>(window.width)
                                        : 1.0F;
  const float scaleY = window.height > 0 ? static_cast<float>(screen.framebuffer.height) /
                                               static_cast<float>(window.height)
                                         : 1.0F;
  const BoardLayout layout = layoutFor(camera_, where, map, scaleX, scaleY);
  if (layout == layout_) return false;
  layout_ = layout;
  return true;
}

void BoardView::reset(const ViewScreen& screen, const MapShape& map, std::optional<Cell> focus,
                      std::optional<int> cellSize, Cell centre) {
  reset(screen, map, focus ? std::vector<Cell>{*focus} : std::vector<Cell>{}, cellSize, centre);
}

void BoardView::reset(const ViewScreen& screen, const MapShape& map, std::vector<Cell> focus,
                      std::optional<int> cellSize, Cell centre) {
  glide_.reset();
  mode_ = Mode::Default;
  focus_ = std::move(focus);
  if (!cellSize) return;
  screen_ = screen;
  camera_ = centredCamera(area(map), map, centre, *cellSize);
  mode_ = Mode::User;
}

bool BoardView::onScreen(Cell cell) const {
  return cellInView(camera_, layout_.area, cell, layout_.map.layout);
}

void BoardView::glideToShow(const MapShape& map, Cell a, Cell b, double seconds) {
  const Camera to = showBoth(camera_, layout_.area, map, a, b);
  if (to == camera_) return;
  mode_ = Mode::User;
  glide_ = Glide{camera_, to, seconds, 0};
  if (seconds <= 0) glide(0);
}

bool BoardView::glide(double seconds) {
  if (!glide_) return false;
  glide_->elapsed += seconds;
  const double t = glide_->seconds > 0 ? glide_->elapsed / glide_->seconds : 1.0;
  camera_ = glideCamera(glide_->from, glide_->to, t);
  if (t >= 1) glide_.reset();
  return true;
}

void BoardView::zoom(const MapShape& map, double cursorX, double cursorY, double steps, float scale) {
  glide_.reset();
  camera_ = zoomAt(camera_, layout_.area, map, cursorX * layout_.scaleX, cursorY * layout_.scaleY,
                   steps, scale);
  mode_ = Mode::User;
}

void BoardView::pan(const MapShape& map, double dx, double dy) {
  glide_.reset();
  camera_ = panBy(camera_, layout_.area, map, static_cast<int>(std::lround(dx * layout_.scaleX)),
                  static_cast<int>(std::lround(dy * layout_.scaleY)));
  mode_ = Mode::User;
}

void BoardView::fit(const MapShape& map) {
  glide_.reset();
  camera_ = fitCamera(layout_.area, map);
  mode_ = Mode::Fitted;
}

void BoardView::show(const MapShape& map, Cell cell) {
  glide_.reset();
  // A cell already in view keeps the view as it is, fitted or default included.
  const Camera moved = keepInView(camera_, layout_.area, map, cell);
  if (moved == camera_) return;
  camera_ = moved;
  mode_ = Mode::User;
}

void BoardView::showRange(const MapShape& map, Cell unit, int radius) {
  glide_.reset();
  const Camera moved = app::showRange(camera_, layout_.area, map, unit, radius);
  if (moved == camera_) return;
  camera_ = moved;
  mode_ = Mode::User;
}

void BoardView::centreOn(const MapShape& map, BoardPoint point) {
  glide_.reset();
  const PixelRect& area = layout_.area;
  const int cell = std::max(1, camera_.cell);
  const auto [px, py] = boardPointPixels(map.layout, point.x, point.y, cell);
  camera_.x0 = area.x + area.width / 2 - static_cast<int>(std::lround(px));
  camera_.y0 = area.y + area.height / 2 - static_cast<int>(std::lround(py));
  camera_ = clampCamera(camera_, area, map);
  mode_ = Mode::User;
}

}  // namespace tactics::app
