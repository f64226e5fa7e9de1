// The keyboard cursor: moving and clamping, Z/Enter and X/Esc in each state, Tab over the units
// yet to move, and the arrow to the best cell to attack a hovered enemy from.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/cursor.h"
#include "app/rules/turns.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::CostMap;
using tactics::RangeResult;
using tactics::Route;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

// Open ground, 12x8.
Scene board() {
  Scene scene;
  scene.map = openGround();
  scene.units = {
      unitAtCell("Lord", Team::Player, {2, 2}, 3), unitAtCell("Archer", Team::Player, {3, 2}, 3),
      unitAtCell("Brigand", Team::Enemy, {8, 2}, 3), unitAtCell("Nomad", Team::Ally, {2, 5}, 3),
      unitAtCell("Pegasus", Team::Player, {5, 5}, 3)};
  scene.moved.assign(scene.units.size(), false);
  return scene;
}

RangeResult rangeOf(const Scene& scene) {
  return tactics::solveReference(scene.map, queryFor(scene.units, *scene.selected));
}

void press(Scene& scene, CursorKey key, int times, const RangeResult* range = nullptr) {
  for (int i = 0; i < times; ++i) pressKey(scene, key, range);
}

}  // namespace

TEST_CASE("cursor: starts on the first player unit and stays on the map", "[app]") {
  Scene scene = board();
  CHECK(cursorCell(scene) == Cell{2, 2});
  press(scene, CursorKey::Up, 5);
  CHECK(scene.hovered == Cell{2, 0});
  press(scene, CursorKey::Left, 5);
  CHECK(scene.hovered == Cell{0, 0});
  press(scene, CursorKey::Right, 20);
  press(scene, CursorKey::Down, 20);
  CHECK(scene.hovered == Cell{11, 7});
}

TEST_CASE("cursor: Z selects, the keys trace the route, Z walks it, Z again is Wait", "[app]") {
  Scene scene = board();
  pressKey(scene, CursorKey::Confirm, nullptr);  // on the lord
  REQUIRE(scene.selected == std::optional<std::size_t>(0));
  const RangeResult range = rangeOf(scene);
  press(scene, CursorKey::Left, 1, &range);
  press(scene, CursorKey::Down, 2, &range);
  CHECK(scene.route == Route{{2, 2}, {1, 2}, {1, 3}, {1, 4}});
  CHECK(previewPath(scene, &range) == scene.route);
  pressKey(scene, CursorKey::Confirm, &range);
  REQUIRE(scene.walk);
  CHECK(scene.walk->animation.path() == Route{{2, 2}, {1, 2}, {1, 3}, {1, 4}});
  REQUIRE(advanceWalk(scene, 10.0));
  REQUIRE(scene.pending);
  pressKey(scene, CursorKey::Confirm, nullptr);
  CHECK_FALSE(scene.pending);
  CHECK(scene.hasMoved(0));
}

TEST_CASE("cursor: X is Back after a walk, deselects otherwise, and says no to End turn", "[app]") {
  Scene scene = board();
  pressKey(scene, CursorKey::Confirm, nullptr);
  const RangeResult range = rangeOf(scene);
  press(scene, CursorKey::Up, 1, &range);
  pressKey(scene, CursorKey::Confirm, &range);
  REQUIRE(advanceWalk(scene, 10.0));
  const auto back = pressKey(scene, CursorKey::Cancel, nullptr);
  REQUIRE(back);
  CHECK(formatBack(*back) == "back Lord 2,1 -> 2,2");
  CHECK(scene.units[0].cell == Cell{2, 2});
  CHECK(scene.selected == std::optional<std::size_t>(0));
  CHECK_FALSE(pressKey(scene, CursorKey::Cancel, nullptr));
  CHECK_FALSE(scene.selected);

  REQUIRE(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  pressKey(scene, CursorKey::Cancel, nullptr);
  CHECK_FALSE(scene.confirmingEndTurn);
  CHECK(scene.phase == Phase::Player);
  REQUIRE(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  pressKey(scene, CursorKey::Confirm, nullptr);
  CHECK(scene.phase == Phase::Enemy);
}

TEST_CASE("cursor: Tab cycles over the player units yet to move, in scenario order", "[app]") {
  Scene scene = board();
  pressKey(scene, CursorKey::NextUnit, nullptr);  // from the lord, under the cursor
  CHECK(scene.hovered == Cell{3, 2});
  CHECK(scene.selected == std::optional<std::size_t>(1));  // Tab selects it, too
  CHECK(scene.selectedCanMove());
  pressKey(scene, CursorKey::NextUnit, nullptr);  // past the enemy and the ally
  CHECK(scene.hovered == Cell{5, 5});
  pressKey(scene, CursorKey::NextUnit, nullptr);  // round again
  CHECK(scene.hovered == Cell{2, 2});
  scene.moved[1] = true;  // the archer has waited
  pressKey(scene, CursorKey::NextUnit, nullptr);
  CHECK(scene.hovered == Cell{5, 5});
  scene.hovered = Cell{8, 2};  // from a cell with an enemy: the next player after it
  pressKey(scene, CursorKey::NextUnit, nullptr);
  CHECK(scene.hovered == Cell{5, 5});
  CHECK(scene.selected == std::optional<std::size_t>(4));
}

TEST_CASE("cursor: hovering an enemy in the red area shows where to attack it from", "[app]") {
  Scene scene = board();
  scene.units[0].attack = {1, 2};    // the lord throws: 1-2
  scene.units[2].cell = Cell{5, 1};  // the brigand, 4 from the lord: out of move 3, in the red
  pressKey(scene, CursorKey::Confirm, nullptr);
  const RangeResult range = rangeOf(scene);
  REQUIRE(range.reach[{5, 1}] == tactics::Reach::Attackable);

  // The keys trace 2,1 and 3,1; the jump to the brigand enters 4,1 (cost 3) and then the
  // brigand's cell, which changes nothing. The route ends 1 from it: the arrow keeps it.
  press(scene, CursorKey::Up, 1, &range);
  press(scene, CursorKey::Right, 1, &range);
  hoverCell(scene, Cell{5, 1}, &range);
  CHECK(previewPath(scene, &range) == std::vector<Cell>{{2, 2}, {2, 1}, {3, 1}, {4, 1}});

  // A fresh route: the cheapest stopping cells 1..2 from it cost 2 (3,1 and 4,2 through the
  // archer); 3,1 has the smaller y, and its parent is down, through the archer's cell.
  resetRoute(scene);
  hoverCell(scene, Cell{5, 1}, &range);
  CHECK(previewPath(scene, &range) == std::vector<Cell>{{2, 2}, {3, 2}, {3, 1}});

  // Not in the red: the brigand elsewhere shows no arrow.
  hoverCell(scene, Cell{11, 7}, &range);
  CHECK(previewPath(scene, &range).empty());
}
