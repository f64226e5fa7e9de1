// The App's minimap (view/minimap.h): its marks over the board and its clicks. Its terrain is
// drawn by the board's renderer (render() passes the inset).
#include <algorithm>

#include "app/app.h"
#include "app/ui/panel.h"
#include "app/view/minimap.h"

namespace tactics::app {

// The minimap's frame, dots and view rectangle over the terrain render() draws in it.
void App::drawMinimap() {
  const BoardLayout& layout = s_.view.layout();
  const std::optional<Minimap> minimap = placeMinimap(layout, s_.surface.contentScale);
  if (!minimap) return;
  const float scaleX = layout.scaleX > 0 ? layout.scaleX : 1.0F;
  const float scaleY = layout.scaleY > 0 ? layout.scaleY : 1.0F;
  const PixelRect& r = minimap->rect;
  const PixelRect view = minimap->viewRect(layout);
  MinimapMarks marks;
  marks.x0 = static_cast<float>(r.x) / scaleX;
  marks.y0 = static_cast<float>(r.y) / scaleY;
  marks.x1 = static_cast<float>(r.x + r.width) / scaleX;
  marks.y1 = static_cast<float>(r.y + r.height) / scaleY;
  marks.viewX0 = static_cast<float>(view.x) / scaleX;
  marks.viewY0 = static_cast<float>(view.y) / scaleY;
  marks.viewX1 = static_cast<float>(view.x + view.width) / scaleX;
  marks.viewY1 = static_cast<float>(view.y + view.height) / scaleY;
  marks.dot = std::clamp(static_cast<float>(minimap->cellPixels) * 0.5F / scaleX, 2.0F, 4.0F);
  for (std::size_t i = 0; i < s_.scene.units.size(); ++i) {
    if (!shows(i)) continue;
    const BoardPoint at = minimap->pixelAt(tokenCentre(i));
    marks.dots.push_back({static_cast<float>(at.x) / scaleX, static_cast<float>(at.y) / scaleY,
                          s_.scene.units[i].team});
  }
  drawMinimapMarks(marks);
}

// A click or a left drag on the minimap centres the board there; the board under the inset
// sees neither the pointer nor the click.
void App::useMinimap(Input& input) {
  const BoardLayout& layout = s_.view.layout();
  const std::optional<Minimap> minimap = placeMinimap(layout, s_.surface.contentScale);
  if (!minimap) return;
  const auto onMinimap = [&](double x, double y) {
    return minimap->rect.contains(x * layout.scaleX, y * layout.scaleY);
  };
  const MapShape map{s_.scene.map.width(), s_.scene.map.height(), s_.scene.map.layout()};
  const auto jump = [&](double x, double y) {
    s_.view.centreOn(map, minimap->mapPointAt(x * layout.scaleX, y * layout.scaleY));
  };
  bool used = false;
  for (auto click = input.clicks.begin(); click != input.clicks.end();) {
    if (click->button == MouseButton::Left && onMinimap(click->x, click->y)) {
      jump(click->x, click->y);
      click = input.clicks.erase(click);
      used = true;
    } else {
      ++click;
    }
  }
  if (input.cursorInside && onMinimap(input.cursorX, input.cursorY)) {
    if (input.leftHeld) {
      jump(input.cursorX, input.cursorY);
      used = true;
    }
    input.leftHeld = false;
    input.cursorInside = false;
  }
  if (used) board_.placeBoard();
}

}  // namespace tactics::app
