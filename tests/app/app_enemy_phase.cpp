// The enemy phase never stalls silently (issue 22 item 1): on the default scenario, once the
// enemies have reached the cells they attack from, each shows its attack from where it stands,
// and a phase in which nothing moves and nothing is in reach is told apart.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/turns.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/enemy_move.h"

#include <algorithm>
#include <string>
#include <vector>

using tactics::Cell;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

// default.json without its combat stats: these phases are the computer's moves and the attacks
// it shows on a board that does not fight (SPEC §14's fights: app_fights.cpp, app_games.cpp).
Scene defaultScenario() {
  auto scenario =
      tactics::loadScenario(std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/default.json");
  REQUIRE(scenario);
  for (tactics::Unit& unit : scenario->units) unit.hp = 0;
  return makeScene(std::move(*scenario), "default.json");
}

// The player ends the turn without moving; the enemies and allies play.
std::vector<ComputerMove> playTurn(Scene& scene) {
  const EndTurn end = requestEndTurn(scene);
  if (end == EndTurn::NeedsConfirmation) answerEndTurn(scene, true);
  REQUIRE(scene.phase == Phase::Enemy);
  return runAiPhases(scene);
}

}  // namespace

TEST_CASE("enemy phase: on default.json the computer settles, then shows what it does",
          "[app]") {
  Scene scene = defaultScenario();
  std::vector<ComputerMove> last;
  int settledTurn = 0;
  for (int turn = 1; turn <= 8 && settledTurn == 0; ++turn) {
    last = playTurn(scene);
    bool anyWalked = false;
    for (const ComputerMove& move : last) anyWalked = anyWalked || move.path.size() >= 2;
    if (!anyWalked) settledTurn = turn;
  }
  // The stall the issue found: after a few turns nobody walks any more (the enemies crowd the
  // crossroads that the ally Hero and Troubadour hold)...
  REQUIRE(settledTurn >= 2);
  REQUIRE(settledTurn <= 6);
  // ...but the phases are not silent: the units in reach show their attacks, each from the cell
  // it stands on at a hostile unit within its attack range.
  int attacks = 0;
  for (const ComputerMove& move : last) {
    if (!move.attack) continue;
    ++attacks;
    const AttackEvent& attack = *move.attack;
    REQUIRE(attack.attacker);
    REQUIRE(attack.target);
    const Unit& attacker = scene.units[*attack.attacker];
    const Unit& target = scene.units[*attack.target];
    CHECK(attacker.name == move.unit);
    CHECK(attack.from == attacker.cell);
    CHECK(attack.at == target.cell);
    CHECK_FALSE(tactics::friends(attacker.team, target.team));
    const int d = tactics::manhattan(attacker.cell, target.cell);
    CHECK(attacker.attack.contains(d));
    CHECK(formatAttack(attack) ==
          attacker.name + " attacks " + target.name + " from " + tactics::toString(attacker.cell));
  }
  CHECK(attacks >= 3);
  // Both phases show something: the enemies that crowd the Hero and the Troubadour attack them
  // (their fields lead there), the Hero attacks back.
  CHECK_FALSE(quietPhase(last, Phase::Enemy));
  CHECK_FALSE(quietPhase(last, Phase::Ally));
  std::vector<std::string> lines;
  for (const ComputerMove& move : last) {
    if (move.attack) lines.push_back(formatAttack(*move.attack));
  }
  CHECK(std::find(lines.begin(), lines.end(), "Fighter attacks Hero from 10,10") != lines.end());
}

TEST_CASE("enemy phase: an enemy next to its target attacks from where it stands", "[app]") {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {6, 3}, 3),
                 unitAtCell("Archer", Team::Player, {6, 6}, 3),
                 unitAtCell("Brigand", Team::Enemy, {6, 4}, 3)};
  scene.units[2].attack = {1, 2};
  scene.moved.assign(scene.units.size(), true);
  REQUIRE(requestEndTurn(scene) == EndTurn::Started);
  const auto moves = runAiPhases(scene);
  REQUIRE(moves.size() == 1);
  CHECK(formatMove(moves[0]) == "move Brigand 6,4 -> 6,4 path 6,4");
  REQUIRE(moves[0].attack);
  // The Lord (1 away) rather than the Archer (2 away), both in reach.
  CHECK(formatAttack(*moves[0].attack) == "Brigand attacks Lord from 6,4");
  CHECK(moves[0].attack->at == Cell{6, 3});
  CHECK_FALSE(quietPhase(moves, Phase::Enemy));
}

TEST_CASE("enemy phase: nothing moves and nothing is in reach: a quiet phase", "[app]") {
  Scene scene;
  // A wall down the middle: the brigand cannot come closer, nor reach the lord.
  scene.map = openGround(9, 5);
  for (int y = 0; y < 5; ++y) scene.map.setGrey({4, y}, 255);
  scene.units = {unitAtCell("Lord", Team::Player, {1, 2}, 3),
                 unitAtCell("Brigand", Team::Enemy, {5, 2}, 3)};
  scene.moved.assign(scene.units.size(), true);
  REQUIRE(requestEndTurn(scene) == EndTurn::Started);
  auto moves = runAiPhases(scene);
  // The first turn it walks as close as it can (Manhattan, the field reaches nothing).
  CHECK(quietPhase(moves, Phase::Ally));  // no allies: nothing happens on their phase
  int turn = 1;
  while (!quietPhase(moves, Phase::Enemy) && turn < 5) {
    scene.moved.assign(scene.units.size(), true);
    REQUIRE(requestEndTurn(scene) == EndTurn::Started);
    moves = runAiPhases(scene);
    ++turn;
  }
  CHECK(turn <= 3);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].path.size() == 1);
  CHECK_FALSE(moves[0].attack);
  CHECK(quietPhase(moves, Phase::Enemy));
}

TEST_CASE("enemy phase: with the scenario's zone of control an enemy stops where ZOC says",
          "[app]") {
  // The brigand (move 6) can reach 4,2, next to the lord, along row 2; the allied guard at 6,1
  // (hostile to it) makes 6,2 a ZOC cell for it, and every other way to the lord is too long.
  Scene scene;
  scene.map = openGround(12, 5);
  scene.units = {unitAtCell("Lord", Team::Player, {3, 2}, 3),
                 unitAtCell("Guard", Team::Ally, {6, 1}, 3),
                 unitAtCell("Brigand", Team::Enemy, {9, 2}, 6)};
  const auto play = [](Scene board) {
    board.moved.assign(board.units.size(), true);
    REQUIRE(requestEndTurn(board) == EndTurn::Started);
    const auto moves = runAiPhases(board);
    REQUIRE(moves.size() == 2);  // the brigand, then the guard
    REQUIRE(moves[0].unit == "Brigand");
    return moves[0];
  };
  const ComputerMove free = play(scene);
  scene.rules.zoc = true;
  const ComputerMove zoc = play(scene);
  // Without ZOC it walks straight through 6,2 to attack the lord from 4,2; with it, it cannot.
  CHECK(free.path.back() == Cell{4, 2});
  CHECK(std::find(free.path.begin(), free.path.end(), Cell{6, 2}) != free.path.end());
  CHECK(zoc.path.back() != Cell{4, 2});
  // The CPU reference under the scenario's rules picks the same cell.
  const auto expected = [&] {
    const tactics::RangeResult range = referenceRange(scene, 2);
    const tactics::DistanceField field = referenceField(scene, Team::Enemy, scene.units[2].movement);
    return tactics::chooseDestination(range, scene.units, 2, &field);
  }();
  CHECK(zoc.path.back() == expected);
  // No ZOC cell is walked through: only the last cell of the path may be one.
  const auto zocCell = [&](Cell c) {
    return tactics::manhattan(c, scene.units[0].cell) == 1 ||
           tactics::manhattan(c, scene.units[1].cell) == 1;
  };
  for (std::size_t i = 1; i + 1 < zoc.path.size(); ++i) {
    INFO("step " << i << " at " << tactics::toString(zoc.path[i]));
    CHECK_FALSE(zocCell(zoc.path[i]));
  }
  // And the range it moved on is the ZOC solve, not the free one.
  CHECK(referenceRange(scene, 2).reached(free.path.back()) == false);
}
