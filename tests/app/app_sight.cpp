// Line of sight in the demo's rules (SPEC §11.8, issue 39): the hover's reason for a cell in
// range that is not red, and the sight lines the board draws, on a small walled board.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/sight_view.h"
#include "app/rules/turns.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::unitAtCell;

namespace {

// 7x3 plains with a wall at 3,1; a bow (move 0, attack 2-4) at 1,1.
Scene walled(bool sight) {
  Scene scene;
  std::vector<std::uint8_t> grey(21, 0);
  grey[1 * 7 + 3] = 255;
  scene.map = tactics::CostMap(7, 3, grey);
  Unit bow = unitAtCell("Bow", Team::Player, {1, 1}, 0);
  bow.attack = tactics::AttackRange(2, 4);
  scene.units = {bow};
  scene.moved.assign(1, false);
  scene.selected = 0;
  scene.rules.sight.on = sight;
  return scene;
}

}  // namespace

TEST_CASE("sight: a cell in range behind a wall says why it is not red", "[app][sight]") {
  Scene scene = walled(true);
  const RangeResult range = tactics::solveReference(scene.map, sceneQuery(scene, 0));
  CHECK(range.reach[Cell{4, 1}] == tactics::Reach::None);
  CHECK(outOfSight(scene, range, {4, 1}));
  CHECK_FALSE(outOfSight(scene, range, {3, 0}));  // red: in sight
  CHECK_FALSE(outOfSight(scene, range, {6, 1}));  // 5 away: out of range, not out of sight
  // With sight off the cell is red, and the reason never shows.
  Scene blind = walled(false);
  const RangeResult open = tactics::solveReference(blind.map, sceneQuery(blind, 0));
  CHECK(open.reach[Cell{4, 1}] == tactics::Reach::Attackable);
  CHECK_FALSE(outOfSight(blind, open, {4, 1}));
}

TEST_CASE("sight: the lines from a stopping cell name the wall that hides a cell", "[app][sight]") {
  Scene scene = walled(true);
  const std::vector<SightLine> lines = sightLinesFrom(scene, {1, 1});
  const auto line = [&](Cell to) {
    for (const SightLine& l : lines) {
      if (l.to == to) return l;
    }
    FAIL("no line to " << to.x << "," << to.y);
    return SightLine{};
  };
  CHECK(line({4, 1}).blocker == Cell{3, 1});
  CHECK(line({5, 1}).blocker == Cell{3, 1});
  CHECK_FALSE(line({3, 0}).blocker);
  // Every cell 2..4 away, and nothing else.
  for (const SightLine& l : lines) {
    const int d = std::abs(l.to.x - 1) + std::abs(l.to.y - 1);
    CHECK((d >= 2 && d <= 4));
  }
  CHECK(sightLinesFrom(walled(false), {1, 1}).empty());
}

TEST_CASE("sight: a computer unit does not attack a foe hidden behind a wall", "[app][sight]") {
  Scene scene = walled(true);
  scene.units[0].team = Team::Enemy;
  scene.units.push_back(unitAtCell("Lord", Team::Player, {4, 1}, 3));
  scene.moved.assign(2, false);
  CHECK_FALSE(attackFromHere(scene, 0));
  scene.rules.sight.on = false;
  REQUIRE(attackFromHere(scene, 0));
  CHECK(attackFromHere(scene, 0)->target == 1);
}
