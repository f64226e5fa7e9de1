#pragma once
// Where the menu after a move goes: beside the unit that moved, never over another unit when
// there is room (issue 37: the Wait/Back menu covered a neighbour). Screen coordinates; no GL,
// no ImGui, so the choice is tested on its own.

#include <vector>

namespace tactics::app {

struct ScreenPoint {
  float x = 0;
  float y = 0;
};

struct ScreenRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// The menu's top-left corner for a menu of `size`, beside the token at `unit` (tokens are `cell`
// wide): right of it, then left, then below, then above, then right and up or down, the first of
// those that stays on `board` and covers none of `tokens` (every drawn token's centre, the
// mover's included); when each covers some, the one covering fewest.
ScreenPoint placeMoveMenu(ScreenPoint unit, float cell, ScreenPoint size, ScreenRect board,
                          const std::vector<ScreenPoint>& tokens);

}  // namespace tactics::app
