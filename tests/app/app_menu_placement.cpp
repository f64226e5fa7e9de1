// The menu after a move sits beside the unit and, where there is room, over no other unit
// (issue 37 item 9: the Wait/Back menu covered a neighbour).
#include <catch2/catch.hpp>

#include "app/ui/menu_placement.h"

using namespace tactics::app;

namespace {

constexpr float kCell = 28;
constexpr ScreenPoint kSize{120, 60};
constexpr ScreenRect kBoard{0, 0, 900, 700};

ScreenPoint cellCentre(int x, int y) {
  return {(static_cast<float>(x) + 0.5F) * kCell, (static_cast<float>(y) + 0.5F) * kCell};
}

bool covers(ScreenPoint at, ScreenPoint token) {
  const float r = kCell * 0.4F;
  return token.x + r > at.x && token.x - r < at.x + kSize.x && token.y + r > at.y &&
         token.y - r < at.y + kSize.y;
}

}  // namespace

TEST_CASE("the move menu goes right of the unit when nothing is there") {
  const ScreenPoint unit = cellCentre(5, 10);
  const ScreenPoint at = placeMoveMenu(unit, kCell, kSize, kBoard, {unit});
  CHECK(at.x > unit.x);
  CHECK(at.y < unit.y);
  CHECK(at.y + kSize.y > unit.y);
}

TEST_CASE("the move menu avoids a neighbour on the right, and stays on the board") {
  // The case: the Cavalier at 5,19 with the Knight at 6,20 right of it and below.
  const ScreenPoint unit = cellCentre(5, 19);
  const ScreenPoint knight = cellCentre(6, 20);
  const ScreenPoint at = placeMoveMenu(unit, kCell, kSize, kBoard, {unit, knight});
  CHECK_FALSE(covers(at, knight));
  CHECK_FALSE(covers(at, unit));
  CHECK(at.x >= kBoard.x0);
  CHECK(at.y + kSize.y <= kBoard.y1);

  // At the board's right edge with a neighbour on the left: below or above, not over either.
  const ScreenPoint edge = cellCentre(31, 10);
  const ScreenPoint left = cellCentre(30, 10);
  const ScreenRect narrow{0, 0, 32.0F * kCell, 700};
  const ScreenPoint there = placeMoveMenu(edge, kCell, kSize, narrow, {edge, left});
  CHECK_FALSE(covers(there, left));
  CHECK_FALSE(covers(there, edge));
  CHECK(there.x + kSize.x <= narrow.x1);
}

TEST_CASE("surrounded, the move menu covers as few units as it can") {
  const ScreenPoint unit = cellCentre(10, 10);
  std::vector<ScreenPoint> tokens = {unit};
  for (int dy = -3; dy <= 3; ++dy) {
    for (int dx = -6; dx <= 6; ++dx) {
      if (dx != 0 || dy != 0) tokens.push_back(cellCentre(10 + dx, 10 + dy));
    }
  }
  const ScreenPoint at = placeMoveMenu(unit, kCell, kSize, kBoard, tokens);
  CHECK_FALSE(covers(at, unit));  // never over the unit that moved
}
