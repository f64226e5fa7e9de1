#include "app/ui/menu_placement.h"

#include <algorithm>
#include <array>

namespace tactics::app {

namespace {

// How many tokens (drawn within 0.4 of a cell of their centre) the menu at `at` covers.
int covered(ScreenPoint at, ScreenPoint size, float cell, const std::vector<ScreenPoint>& tokens) {
  const float r = cell * 0.4F;
  return static_cast<int>(std::count_if(tokens.begin(), tokens.end(), [&](ScreenPoint t) {
    return t.x + r > at.x && t.x - r < at.x + size.x && t.y + r > at.y && t.y - r < at.y + size.y;
  }));
}

ScreenPoint clampTo(ScreenPoint at, ScreenPoint size, ScreenRect board) {
  return {std::clamp(at.x, board.x0, std::max(board.x0, board.x1 - size.x)),
          std::clamp(at.y, board.y0, std::max(board.y0, board.y1 - size.y))};
}

}  // namespace

ScreenPoint placeMoveMenu(ScreenPoint unit, float cell, ScreenPoint size, ScreenRect board,
                          const std::vector<ScreenPoint>& tokens) {
  const float gap = cell * 0.6F;
  const float half = cell * 0.5F;
  const std::array<ScreenPoint, 6> sides = {{
      {unit.x + gap, unit.y - size.y / 2},         // right
      {unit.x - gap - size.x, unit.y - size.y / 2},  // left
      {unit.x - size.x / 2, unit.y + gap},         // below
      {unit.x - size.x / 2, unit.y - gap - size.y},  // above
      {unit.x + gap, unit.y - half - size.y},      // right, up
      {unit.x + gap, unit.y + half},               // right, down
  }};
  ScreenPoint best = clampTo(sides[0], size, board);
  int fewest = covered(best, size, cell, tokens);
  for (const ScreenPoint side : sides) {
    const ScreenPoint at = clampTo(side, size, board);
    const int count = covered(at, size, cell, tokens);
    if (count < fewest) {
      best = at;
      fewest = count;
    }
    if (fewest == 0) break;
  }
  return best;
}

}  // namespace tactics::app
