// SPEC §14 in the demo's turn flow: Attack after a move, the pick and its forecast, the fight
// (the fallen leave, indices follow), the computer's fights after its move, and the objectives'
// Victory and Defeat, on hand-made boards with the CPU reference's ranges.
#include <catch2/catch.hpp>

#include <algorithm>

#include "app_boards.h"

#include "app/rules/cursor.h"
#include "app/rules/fights.h"
#include "app/rules/turns.h"

using tactics::Cell;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::solveUnit;
using tactics::testing::unitAtCell;
using tactics::testing::walkUnit;

namespace {

Unit fighter(std::string name, Team team, Cell cell, int hp, int str, int def, int spd) {
  Unit unit = unitAtCell(std::move(name), team, cell, 3);
  unit.hp = hp;
  unit.str = str;
  unit.def = def;
  unit.spd = spd;
  return unit;
}

// Open ground, 12x8: a lord and a fighter of the player's, two brigands.
Scene board() {
  Scene scene;
  scene.map = openGround();
  scene.defence = tactics::TerrainDefence::defaults(scene.map);
  scene.units = {fighter("Lord", Team::Player, {2, 2}, 20, 8, 3, 9),
                 fighter("Myrmidon", Team::Player, {2, 4}, 18, 7, 2, 12),
                 fighter("Brigand", Team::Enemy, {6, 2}, 10, 6, 1, 3),
                 fighter("Thief", Team::Enemy, {10, 6}, 6, 3, 0, 6)};
  scene.units[0].lord = true;
  scene.moved.assign(scene.units.size(), false);
  return scene;
}

std::vector<ComputerMove> enemyPhase(Scene& scene) {
  REQUIRE(requestEndTurn(scene) != EndTurn::NotNow);
  if (scene.confirmingEndTurn) answerEndTurn(scene, true);
  return runAiPhases(scene);
}

}  // namespace

TEST_CASE("fights: Attack opens on the targets in reach and the forecast is what the fight does",
          "[app]") {
  Scene scene = board();
  walkUnit(scene, 0, {5, 2});  // next to the Brigand
  REQUIRE(scene.pending);
  CHECK(attackTargets(scene, 0) == std::vector<std::size_t>{2});
  // Z on the menu picks Attack first when a foe is in reach.
  pressKey(scene, CursorKey::Confirm, nullptr);
  REQUIRE(scene.attackPick);
  const auto picked = pickedAttack(scene);
  REQUIRE(picked);
  // Lord 8 str against def 1: 7 a strike; spd 9 against 3 strikes twice; the Brigand falls on
  // the second strike, after its counter of 6 - 3 = 3.
  CHECK(picked->forecast.attacker.damage == 7);
  CHECK(picked->forecast.attacker.strikes == 2);
  CHECK(picked->forecast.target.damage == 3);
  CHECK(picked->forecast.target.hpAfter == 0);
  CHECK(picked->forecast.attacker.hpAfter == 17);
  // Z again: the fight, as forecast.
  pressKey(scene, CursorKey::Confirm, nullptr);
  CHECK_FALSE(scene.attackPick);
  CHECK_FALSE(scene.pending);
  REQUIRE(scene.fightsToShow.size() == 1);
  CHECK(formatFight(scene.fightsToShow[0]) ==
        "Lord attacks Brigand from 5,2: deals 7 x2, takes 3; Brigand falls");
  REQUIRE(scene.units.size() == 3);  // the Brigand has left the board
  CHECK(scene.units[0].hp == 17);
  CHECK(scene.units[2].name == "Thief");
  CHECK(scene.hasMoved(0));
  CHECK_FALSE(scene.hasMoved(1));
  CHECK(scene.moved.size() == 3);
  CHECK(scene.outcome == tactics::Outcome::Playing);  // the Thief is left
}

TEST_CASE("fights: Back from the forecast returns to the menu and the arrows go round targets",
          "[app]") {
  Scene scene = board();
  scene.units[3].cell = {5, 3};
  walkUnit(scene, 0, {5, 2});
  REQUIRE(openAttack(scene));
  REQUIRE(scene.attackPick->targets.size() == 2);
  CHECK(pickedAttack(scene)->target == 2);
  pressKey(scene, CursorKey::Right, nullptr);
  CHECK(pickedAttack(scene)->target == 3);
  pressKey(scene, CursorKey::Right, nullptr);
  CHECK(pickedAttack(scene)->target == 2);
  pressKey(scene, CursorKey::Left, nullptr);
  CHECK(pickedAttack(scene)->target == 3);
  // A click on the other target shows it; X closes the pick and the menu stays.
  leftClick(scene, {6, 2}, nullptr);
  CHECK(pickedAttack(scene)->target == 2);
  pressKey(scene, CursorKey::Cancel, nullptr);
  CHECK_FALSE(scene.attackPick);
  REQUIRE(scene.pending);
  // C waits instead: no fight.
  pressKey(scene, CursorKey::Wait, nullptr);
  CHECK_FALSE(scene.pending);
  CHECK(scene.units.size() == 4);
  CHECK(scene.fightsToShow.empty());
}

TEST_CASE("fights: clicking a foe walks to the arrow's end and opens its forecast", "[app]") {
  Scene scene = board();
  leftClick(scene, scene.units[0].cell, nullptr);
  const auto range = solveUnit(scene, 0);
  hoverCell(scene, Cell{6, 2}, &range);
  leftClick(scene, {6, 2}, &range);
  REQUIRE(scene.walk);
  advanceWalk(scene, 10.0);
  REQUIRE(scene.pending);
  REQUIRE(scene.attackPick);
  CHECK(pickedAttack(scene)->target == 2);
  // A second click on the shown target attacks it.
  leftClick(scene, {6, 2}, nullptr);
  CHECK(scene.fightsToShow.size() == 1);
}

TEST_CASE("fights: without hp the board does not fight and Z still waits", "[app]") {
  Scene scene = board();
  for (Unit& unit : scene.units) unit.hp = 0;
  walkUnit(scene, 0, {5, 2});
  CHECK(attackTargets(scene, 0).empty());
  pressKey(scene, CursorKey::Confirm, nullptr);
  CHECK_FALSE(scene.attackPick);
  CHECK_FALSE(scene.pending);
  CHECK(scene.hasMoved(0));
}

TEST_CASE("fights: the enemy attacks the best forecast after its move and a rout wins", "[app]") {
  Scene scene = board();
  // The Brigand can reach the Lord or the Myrmidon: both kill it by doubling, so it picks the
  // one it hurts more for what it takes (Myrmidon 4 dealt against the Lord's 3).
  scene.units[2].moveRange = 5;
  const auto moves = enemyPhase(scene);
  const auto fought = std::find_if(moves.begin(), moves.end(),
                                   [](const ComputerMove& m) { return m.fight.has_value(); });
  REQUIRE(fought != moves.end());
  CHECK(fought->fight->attacker == "Brigand");
  CHECK(fought->fight->target == "Myrmidon");
  CHECK(fought->fight->fallen == std::vector<std::string>{"Brigand"});
  CHECK(scene.turn == 2);
  // Now the player routs them.
  Scene rout = board();
  rout.units.erase(rout.units.begin() + 3);  // no Thief
  rout.moved.assign(rout.units.size(), false);
  walkUnit(rout, 0, {5, 2});
  REQUIRE(openAttack(rout));
  confirmAttack(rout);
  CHECK(rout.outcome == tactics::Outcome::Won);
  CHECK(rout.outcomeWhy == "Every enemy is routed");
  CHECK(outcomeTitle(rout.outcome) == "Victory");
  // Nobody takes orders once the game is over.
  leftClick(rout, rout.units[1].cell, nullptr);
  CHECK_FALSE(rout.selectedCanMove());
}

TEST_CASE("fights: the lord falling loses and seizing or surviving wins", "[app]") {
  Scene scene = board();
  scene.units[0].hp = 2;  // the Lord dies to the Brigand's first strike
  scene.units[0].cell = {5, 2};
  scene.units[1].cell = {0, 7};
  enemyPhase(scene);
  CHECK(scene.outcome == tactics::Outcome::Lost);
  CHECK(scene.outcomeWhy == "Your lord has fallen");
  CHECK(outcomeTitle(scene.outcome) == "Defeat");

  Scene seize = board();
  seize.objective = tactics::Objective{tactics::Objective::Type::Seize, Cell{2, 0}, 0};
  walkUnit(seize, 0, {2, 0});
  waitUnit(seize);
  CHECK(seize.outcome == tactics::Outcome::Won);
  CHECK(seize.outcomeWhy == "Lord holds 2,0");

  Scene survive = board();
  survive.objective = tactics::Objective{tactics::Objective::Type::Survive, Cell{}, 1};
  survive.units[2].cell = {11, 0};  // nobody in reach this turn
  survive.units[3].cell = {11, 7};
  enemyPhase(survive);
  CHECK(survive.outcome == tactics::Outcome::Won);
  CHECK(survive.outcomeWhy == "You held out for 1 turns");
  CHECK(survive.phase == Phase::Enemy);  // the game stops where it was won
}
