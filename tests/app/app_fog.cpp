// Fog in the demo's rules (SPEC §11.5): hidden enemies look like empty cells to the player, and a
// walk that runs into one stops short of it, reveals it and ends the walker's action (Ambush!).
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/turns.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::solveUnit;
using tactics::testing::unitAtCell;
using tactics::testing::walkUnit;

namespace {

// A corridor of plains, 10x1: the Lord at 0, an Assassin hidden at 4.
Scene corridor() {
  Scene scene;
  scene.map = openGround(10, 1);
  Unit assassin = unitAtCell("Assassin", Team::Enemy, {4, 0}, 3);
  assassin.hidden = true;
  scene.units = {unitAtCell("Lord", Team::Player, {0, 0}, 6), assassin};
  scene.moved.assign(scene.units.size(), false);
  return scene;
}

}  // namespace

TEST_CASE("fog: the player sees an empty cell where an enemy hides", "[app][fog]") {
  Scene scene = corridor();
  CHECK_FALSE(seenUnitAt(scene.units, {4, 0}));
  CHECK(seenUnitAt(scene.units, {0, 0}) == std::size_t{0});
  // A click on it selects nobody; the Lord's range runs through it to 6.
  leftClick(scene, {4, 0}, nullptr);
  CHECK_FALSE(scene.selected);
  const RangeResult range = solveUnit(scene, 0);
  CHECK(canStopAt(scene, range, {4, 0}));
  CHECK(canStopAt(scene, range, {6, 0}));
}

TEST_CASE("fog: a walk into a hidden enemy stops before it, reveals it and ends the action",
          "[app][fog]") {
  Scene scene = corridor();
  const MoveEvent move = walkUnit(scene, 0, {6, 0});
  CHECK(formatMove(move) == "move Lord 0,0 -> 3,0 path 0,0 1,0 2,0 3,0");
  CHECK(formatAmbush(move) == "ambush: Lord stopped at 3,0 by Assassin at 4,0");
  CHECK(scene.units[0].cell == Cell{3, 0});
  CHECK_FALSE(scene.units[1].hidden);
  // No Wait or Back: the Lord has acted.
  CHECK_FALSE(scene.pending);
  CHECK(scene.hasMoved(0));
  // Revealed, the Assassin blocks the Lord's side from now on.
  CHECK(seenUnitAt(scene.units, {4, 0}) == std::size_t{1});
  CHECK(queryFor(scene.units, 0).enemies == std::vector<Cell>{{4, 0}});
}

TEST_CASE("fog: the ambushed walk stops on the last cell before it where it may stop",
          "[app][fog]") {
  SECTION("an ally's cell is crossed, not stopped on") {
    Scene scene = corridor();
    scene.units.push_back(unitAtCell("Nomad", Team::Ally, {3, 0}, 3));
    scene.moved.assign(scene.units.size(), false);
    const MoveEvent move = walkUnit(scene, 0, {6, 0});
    CHECK(move.path.back() == Cell{2, 0});
    REQUIRE(move.ambush);
    CHECK(move.ambush->at == Cell{4, 0});
  }
  SECTION("the enemy next to the start: the unit stays, revealed at once") {
    Scene scene = corridor();
    scene.units[1].cell = {1, 0};
    const MoveEvent move = walkUnit(scene, 0, {5, 0});
    CHECK(move.path == std::vector<Cell>{{0, 0}});
    CHECK(formatAmbush(move) == "ambush: Lord stopped at 0,0 by Assassin at 1,0");
    CHECK(scene.hasMoved(0));
    CHECK_FALSE(scene.units[1].hidden);
  }
  SECTION("a walk that stops short of the hidden enemy is no ambush") {
    Scene scene = corridor();
    const MoveEvent move = walkUnit(scene, 0, {3, 0});
    CHECK_FALSE(move.ambush);
    CHECK(scene.pending);
    CHECK(scene.units[1].hidden);
  }
}

TEST_CASE("fog: an ally's walk is ambushed too, an enemy's never is", "[app][fog]") {
  Scene scene = corridor();
  scene.units[0].team = Team::Ally;
  const Walk ally = walkAlong(scene, 0, {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}});
  CHECK(ally.animation.path().size() == 4);
  CHECK(ally.ambusher == std::size_t{1});
  // Another enemy walking through the hidden one's cell knows it is there: no cut.
  scene.units[0].team = Team::Enemy;
  const Walk enemy = walkAlong(scene, 0, {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}});
  CHECK(enemy.animation.path().size() == 6);
  CHECK_FALSE(enemy.ambusher);
}
