// The turn flow: Wait, Back, End turn with and without confirmation, and the enemy and ally
// phases on a hand-made board (ranges from the CPU reference, destinations worked out by hand).
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/turns.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::CostMap;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::solveUnit;
using tactics::testing::unitAtCell;
using tactics::testing::walkUnit;

namespace {

// Open ground, 12x8: two players, an enemy, an ally.
Scene board() {
  Scene scene;
  scene.map = openGround();
  scene.units = {
      unitAtCell("Lord", Team::Player, {2, 2}, 3), unitAtCell("Archer", Team::Player, {3, 2}, 3),
      unitAtCell("Brigand", Team::Enemy, {8, 2}, 3), unitAtCell("Nomad", Team::Ally, {2, 5}, 3)};
  scene.moved.assign(scene.units.size(), false);
  return scene;
}

}  // namespace

TEST_CASE("turns: after a walk the menu waits, and Wait greys the unit until next turn", "[app]") {
  Scene scene = board();
  const MoveEvent move = walkUnit(scene, 0, {2, 0});
  CHECK(formatMove(move) == "move Lord 2,2 -> 2,0 path 2,2 2,1 2,0");
  REQUIRE(scene.pending);
  CHECK(scene.pending->unit == 0);
  CHECK(scene.pending->from == Cell{2, 2});

  leftClick(scene, {3, 2}, nullptr);  // the menu is open: clicks elsewhere are ignored
  CHECK_FALSE(scene.selected);
  CHECK(moveMenuTitle(scene) == "Lord moved to 2,0");

  waitUnit(scene);
  CHECK(moveMenuTitle(scene).empty());
  CHECK_FALSE(scene.pending);
  CHECK(scene.hasMoved(0));
  CHECK(scene.units[0].cell == Cell{2, 0});
  leftClick(scene, {2, 0}, nullptr);  // a unit that has moved shows its range, takes no orders
  CHECK(scene.selected == std::optional<std::size_t>(0));
  CHECK_FALSE(scene.selectedCanMove());
  CHECK(unmovedPlayers(scene) == std::vector<std::size_t>{1});
}

TEST_CASE("turns: Back (or Esc) returns the unit to where it stood, still to move", "[app]") {
  Scene scene = board();
  walkUnit(scene, 0, {2, 0});
  const auto back = backUnit(scene);
  REQUIRE(back);
  CHECK(formatBack(*back) == "back Lord 2,0 -> 2,2");
  CHECK(scene.units[0].cell == Cell{2, 2});
  CHECK_FALSE(scene.pending);
  CHECK_FALSE(scene.hasMoved(0));
  CHECK(scene.selected == std::optional<std::size_t>(0));
  CHECK(scene.selectedCanMove());
  CHECK(scene.route == tactics::Route{{2, 2}});

  walkUnit(scene, 0, {1, 2});
  cancel(scene);  // Esc, X and right click are Back while the menu is open
  CHECK(scene.units[0].cell == Cell{2, 2});
  CHECK_FALSE(backUnit(scene));  // nothing left to undo
}

TEST_CASE("turns: End turn asks while units have not moved", "[app]") {
  Scene scene = board();
  CHECK(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  CHECK(scene.confirmingEndTurn);
  answerEndTurn(scene, false);
  CHECK_FALSE(scene.confirmingEndTurn);
  CHECK(scene.phase == Phase::Player);

  CHECK(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  answerEndTurn(scene, true);
  CHECK(scene.phase == Phase::Enemy);
  CHECK_FALSE(scene.confirmingEndTurn);
  CHECK(requestEndTurn(scene) == EndTurn::NotNow);
}

TEST_CASE("turns: End turn after every player unit has moved needs no confirmation", "[app]") {
  Scene scene = board();
  walkUnit(scene, 0, {2, 0});
  waitUnit(scene);
  walkUnit(scene, 1, {4, 3});
  waitUnit(scene);
  CHECK(unmovedPlayers(scene).empty());
  CHECK(requestEndTurn(scene) == EndTurn::Started);
  CHECK_FALSE(scene.confirmingEndTurn);
  CHECK(scene.phase == Phase::Enemy);
}

TEST_CASE("turns: the enemy, then the ally, move towards the other side, then turn 2", "[app]") {
  Scene scene = board();
  requestEndTurn(scene);
  answerEndTurn(scene, true);
  const auto moves = runAiPhases(scene, solveUnit);
  REQUIRE(moves.size() == 2);
  // The brigand (move 3) cannot reach a cell next to the archer at 3,2; 5,2 is the closest, 2.
  CHECK(formatMove(moves[0]) == "move Brigand 8,2 -> 5,2 path 8,2 7,2 6,2 5,2");
  // The nomad cannot reach the brigand either: 3,3, 4,4 and 5,5 are all 3 from it at cost 3
  // (2,2 is the lord's); the smaller y wins. Parents: up, down, left, right among the cheapest.
  CHECK(formatMove(moves[1]) == "move Nomad 2,5 -> 3,3 path 2,5 3,5 3,4 3,3");
  CHECK(scene.phase == Phase::Player);
  CHECK(scene.turn == 2);
  CHECK(unmovedPlayers(scene).size() == 2);
  CHECK(scene.units[2].cell == Cell{5, 2});
  CHECK(scene.units[3].cell == Cell{3, 3});
}

TEST_CASE("turns: AI moves step by step, one walk at a time, in scenario order", "[app]") {
  Scene scene = board();
  scene.units.push_back(unitAtCell("Fighter", Team::Enemy, {4, 2}, 3));  // next to the archer
  scene.moved.push_back(false);
  requestEndTurn(scene);
  answerEndTurn(scene, true);

  REQUIRE(nextAiMover(scene) == std::optional<std::size_t>(2));
  CHECK_FALSE(startAiMove(scene, 2, solveUnit(scene, 2)));  // it walks
  REQUIRE(scene.walk);
  CHECK_FALSE(nextAiMover(scene));  // nobody else while it walks
  const auto brigand = advanceWalk(scene, 10.0);
  REQUIRE(brigand);
  CHECK_FALSE(scene.pending);  // no menu for the computer's units
  // The fighter already stands next to the archer: it stays, a move of one cell.
  REQUIRE(nextAiMover(scene) == std::optional<std::size_t>(4));
  const auto fighter = startAiMove(scene, 4, solveUnit(scene, 4));
  REQUIRE(fighter);
  CHECK(formatMove(*fighter) == "move Fighter 4,2 -> 4,2 path 4,2");
  CHECK_FALSE(scene.walk);
  REQUIRE(nextAiMover(scene) == std::optional<std::size_t>(3));
  CHECK(scene.phase == Phase::Ally);
  // Clicks are the player's only on the player phase.
  leftClick(scene, {2, 2}, nullptr);
  CHECK_FALSE(scene.selected);
}

TEST_CASE("turns: enemies move in scenario order, each seeing where the earlier ones stand",
          "[app]") {
  Scene scene;
  scene.map = CostMap(7, 3, std::vector<std::uint8_t>(7 * 3, 0));
  scene.units = {unitAtCell("Lord", Team::Player, {0, 1}, 3),
                 unitAtCell("First", Team::Enemy, {3, 1}, 2),
                 unitAtCell("Second", Team::Enemy, {4, 1}, 3)};
  scene.moved.assign(scene.units.size(), false);
  REQUIRE(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  answerEndTurn(scene, true);
  const auto moves = runAiPhases(scene, solveUnit);
  REQUIRE(moves.size() == 2);
  // The first takes 1,1, next to the lord (cost 2).
  CHECK(formatMove(moves[0]) == "move First 3,1 -> 1,1 path 3,1 2,1 1,1");
  // The second could have reached 1,1 (cost 3) but it is taken, and 0,0 and 0,2 cost 5: no cell
  // in range, so the closest free one, 2,1 (2 from the lord).
  CHECK(formatMove(moves[1]) == "move Second 4,1 -> 2,1 path 4,1 3,1 2,1");
}

TEST_CASE("turns: one distance field per team and movement class per phase, not one per unit",
          "[app]") {
  // Far apart, so nobody is in reach: every computer unit heads down its side's field.
  Scene scene;
  scene.map = openGround(30, 6);
  Unit flier = unitAtCell("Wyvern", Team::Enemy, {27, 4}, 3);
  flier.movement = tactics::MovementClass({1, 1, 1, 1, tactics::MovementClass::kImpassable});
  scene.units = {unitAtCell("Lord", Team::Player, {1, 1}, 3),
                 unitAtCell("Brigand", Team::Enemy, {27, 1}, 3),
                 unitAtCell("Fighter", Team::Enemy, {28, 2}, 3), flier,
                 unitAtCell("Nomad", Team::Ally, {1, 4}, 3),
                 unitAtCell("Hero", Team::Ally, {2, 4}, 3)};
  scene.moved.assign(scene.units.size(), false);
  REQUIRE(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  answerEndTurn(scene, true);
  std::vector<std::pair<Team, std::string>> asked;
  const auto countingField = [&](const Scene& s, Team team, const tactics::MovementClass& m) {
    asked.emplace_back(team, m.toString());
    return referenceField(s, team, m);
  };
  const auto moves = runAiPhases(scene, solveUnit, countingField);
  CHECK(moves.size() == 5);
  // Enemy phase: foot and flier; ally phase: foot. Three fields for five movers.
  CHECK(asked == std::vector<std::pair<Team, std::string>>{
                     {Team::Enemy, "1,2,4,8,x"}, {Team::Enemy, "1,1,1,1,x"}, {Team::Ally, "1,2,4,8,x"}});
  // And they did follow the field: every enemy came closer to the Lord.
  CHECK(scene.units[1].cell.x < 27);
  CHECK(scene.units[2].cell.x < 28);
  CHECK(scene.units[3].cell.x < 27);
}

TEST_CASE("turns: a unit that attacks from where it stands says it stays, not that it moved", "[app]") {
  Scene scene = board();
  scene.units[2].cell = {2, 3};       // the Brigand next to the Lord
  leftClick(scene, {2, 2}, nullptr);  // select the Lord
  const RangeResult range = solveUnit(scene, 0);
  leftClick(scene, {2, 3}, &range);  // and click the Brigand: he attacks from where he stands
  CHECK_FALSE(scene.walk);
  CHECK(scene.units[0].cell == Cell{2, 2});
  REQUIRE(scene.pending);
  CHECK(moveMenuTitle(scene) == "Lord stays at 2,2");
}

TEST_CASE("turns: End turn with the menu after a walk open waits that unit, then ends the turn",
          "[app]") {
  Scene scene = board();
  walkUnit(scene, 0, {2, 0});
  REQUIRE(scene.pending);
  // The Archer has not moved: the usual question, with the Lord already done.
  CHECK(requestEndTurn(scene) == EndTurn::NeedsConfirmation);
  CHECK_FALSE(scene.pending);
  CHECK(scene.hasMoved(0));
  CHECK(scene.units[0].cell == Cell{2, 0});
  CHECK(unmovedPlayers(scene) == std::vector<std::size_t>{1});

  // The last unit's menu open: End turn waits it and the enemy phase begins at once.
  answerEndTurn(scene, false);
  walkUnit(scene, 1, {4, 3});
  CHECK(requestEndTurn(scene) == EndTurn::Started);
  CHECK_FALSE(scene.pending);
  CHECK(scene.units[1].cell == Cell{4, 3});
  CHECK(scene.phase == Phase::Enemy);
}

TEST_CASE("turns: Auto end turn ends the player phase after the last unit's Wait", "[app][turns]") {
  // Off (the default): every unit done, the phase waits for End turn.
  Scene manual = board();
  walkUnit(manual, 0, {2, 0});
  waitUnit(manual);
  walkUnit(manual, 1, {4, 3});
  waitUnit(manual);
  CHECK(manual.phase == Phase::Player);

  Scene scene = board();
  scene.autoEndTurn = true;
  walkUnit(scene, 0, {2, 0});
  waitUnit(scene);
  CHECK(scene.phase == Phase::Player);  // the Archer has yet to act
  walkUnit(scene, 1, {4, 3});
  // Back keeps the phase: the unit is to move again.
  backUnit(scene);
  CHECK(scene.phase == Phase::Player);
  walkUnit(scene, 1, {4, 3});
  waitUnit(scene);
  CHECK(scene.phase == Phase::Enemy);
  CHECK_FALSE(scene.selected);
  CHECK_FALSE(scene.confirmingEndTurn);
  // The enemy phase has begun: End turn is not for now, and the next Wait has nothing to end.
  CHECK(requestEndTurn(scene) == EndTurn::NotNow);

  // End turn with the last unit's menu open: its Wait ends the turn once, through the option.
  Scene last = board();
  last.autoEndTurn = true;
  walkUnit(last, 0, {2, 0});
  waitUnit(last);
  walkUnit(last, 1, {4, 3});
  CHECK(requestEndTurn(last) == EndTurn::Started);
  CHECK(last.phase == Phase::Enemy);
  CHECK(last.turn == 1);
}

TEST_CASE("turns: on a hex board a sword attacks any of the six neighbours", "[app][hex]") {
  // hex-y-odd: (1,1) is neighbour 0 of (2,2), 2 away by Manhattan.
  Scene scene;
  scene.map = openGround();
  scene.map.setLayout(tactics::GridLayout::HexYOdd);
  scene.units = {unitAtCell("Lord", Team::Player, {2, 2}, 3),
                 unitAtCell("Brigand", Team::Enemy, {1, 1}, 3)};
  scene.units[0].attack = {1, 1};
  scene.moved.assign(scene.units.size(), false);
  const auto attack = attackFromHere(scene, 0);
  REQUIRE(attack);
  CHECK(attack->targetName == "Brigand");
  scene.map.setLayout(tactics::GridLayout::Square);
  CHECK_FALSE(attackFromHere(scene, 0));
}
