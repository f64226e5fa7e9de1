// Fog in the demo's rules (SPEC §11.5): hidden enemies look like empty cells to the player, and a
// walk that runs into one stops short of it, reveals it and ends the walker's action (Ambush!).
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/threats.h"
#include "app/rules/turns.h"
#include "app/session/computer_phases.h"
#include "tactics/solver/enemy_move.h"
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

TEST_CASE("fog: an ally neither hunts nor attacks a hidden enemy, and an ambush ends its action",
          "[app][fog]") {
  // A corridor 10x1: an ally Nomad at 0 (move 6, attack 1), a hidden Assassin at 4.
  Scene scene = corridor();
  scene.units[0] = unitAtCell("Nomad", Team::Ally, {0, 0}, 6);
  SECTION("hidden, the enemy is no target: the ally stays where it is") {
    const RangeResult range = solveUnit(scene, 0);
    CHECK(tactics::chooseDestination(range, scene.units, 0) == Cell{0, 0});
    scene.units[0].cell = {3, 0};  // right next to it
    CHECK_FALSE(attackFromHere(scene, 0));
  }
  SECTION("once seen it is both") {
    scene.units[1].hidden = false;
    const RangeResult range = solveUnit(scene, 0);
    CHECK(tactics::chooseDestination(range, scene.units, 0) == Cell{3, 0});
    scene.units[0].cell = {3, 0};
    REQUIRE(attackFromHere(scene, 0));
  }
  SECTION("walking into it, the ally is ambushed and does not attack the ambusher") {
    scene.units.push_back(unitAtCell("Brigand", Team::Enemy, {7, 0}, 1));
    scene.moved.assign(scene.units.size(), false);
    scene.phase = Phase::Ally;
    scene.walk = walkAlong(scene, 0, {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}});
    const auto arrived = advanceWalk(scene, 10.0);
    REQUIRE(arrived);
    const MoveEvent& move = *arrived;
    REQUIRE(move.ambush);
    CHECK(move.path.back() == Cell{3, 0});
    CHECK_FALSE(attackAfterMove(scene, 0, move));  // the Assassin is next to it, seen now
    CHECK(attackFromHere(scene, 0));
  }
}

TEST_CASE("fog: a hidden enemy moves unseen and an attack gives it away", "[app][fog]") {
  Scene scene;
  scene.map = openGround();
  Unit assassin = unitAtCell("Assassin", Team::Enemy, {8, 2}, 3);
  assassin.hidden = true;
  scene.units = {unitAtCell("Lord", Team::Player, {2, 2}, 3), assassin};
  scene.moved.assign(scene.units.size(), true);
  requestEndTurn(scene);
  REQUIRE(scene.phase == Phase::Enemy);
  ComputerPhases phases;
  RangeResult range;
  int solves = 0;
  const SolveSelected solve = [&] {
    ++solves;
    range = tactics::solveReference(scene.map, sceneQuery(scene, *scene.selected));
    return &range;
  };
  PhaseCamera camera;
  int pans = 0;
  camera.onScreen = [](Cell) { return false; };  // a seen mover would make the camera pan
  camera.glideToShow = [&](Cell, Cell, double) { ++pans; };
  std::vector<ComputerMove> moves;
  bool everSelected = false;
  for (int frame = 0; frame < 400 && scene.phase == Phase::Enemy; ++frame) {
    for (ComputerMove& move : phases.advance(scene, 0.05, solve, referenceField, camera)) {
      moves.push_back(std::move(move));
    }
    everSelected = everSelected || scene.selected.has_value();
  }
  CHECK(solves == 1);
  CHECK_FALSE(everSelected);  // no range, no name in the panel
  CHECK(pans == 0);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].path.back() == Cell{5, 2});
  CHECK(scene.units[1].hidden);  // three cells short of the Lord: nothing to attack, still unseen

  // Next time it reaches the Lord and attacks: it is revealed.
  scene.moved.assign(scene.units.size(), true);
  scene.phase = Phase::Player;
  requestEndTurn(scene);
  std::optional<tactics::app::AttackEvent> attack;
  for (int frame = 0; frame < 400 && scene.phase == Phase::Enemy; ++frame) {
    for (ComputerMove& move : phases.advance(scene, 0.05, solve, referenceField, camera)) {
      if (move.attack) attack = move.attack;
    }
  }
  REQUIRE(attack);
  CHECK(attack->unit == "Assassin");
  CHECK_FALSE(scene.units[1].hidden);
}

TEST_CASE("fog: marks and selections never hold a hidden enemy outside the editor", "[app][fog]") {
  Scene scene = corridor();
  scene.units[1].hidden = false;
  ThreatSettings threats;
  REQUIRE(toggleMark(threats, scene.units, {4, 0}));
  CHECK(threats.marked == std::vector<std::size_t>{1});
  scene.units[1].hidden = true;  // the level editor hides it
  pruneMarks(threats, scene.units);
  CHECK(threats.marked.empty());
  CHECK_FALSE(toggleMark(threats, scene.units, {4, 0}));

  scene.selected = 1;  // selected in the level editor
  dropUnseenSelection(scene);
  CHECK_FALSE(scene.selected);
  scene.selected = 0;
  dropUnseenSelection(scene);
  CHECK(scene.selected == std::optional<std::size_t>(0));
}
