// Whole games (SPEC §14, issue 41): the sample scenarios played through the demo's own rules, the
// player's side clicking as a person would (a foe to attack it from the arrow's end, else a cell
// to walk to, then Wait), choosing with the same policy as the computer's; each game is played
// to its end and must come out as the scenario means it to.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "app_boards.h"

#include "app/rules/fights.h"
#include "app/rules/turns.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/enemy_move.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

Scene scenarioScene(const std::string& name) {
  auto scenario = tactics::loadScenario(std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/" + name);
  REQUIRE(scenario);
  return makeScene(std::move(*scenario), name);
}

// One player unit's action, as clicks: the foe of its best attack this turn (chooseAttack) unless
// the forecast says the unit would fall, which walks it to the arrow's end and opens the
// forecast, then a second click on the foe; else a walk towards the enemy (the computer's own
// destination rule) and Wait. A lord keeps out of harm: it attacks only what it kills without a
// counter, and otherwise stays where it is.
void act(Scene& scene, std::size_t unit) {
  const tactics::RangeResult range = referenceRange(scene, unit);
  leftClick(scene, scene.units[unit].cell, &range);
  REQUIRE(scene.selected == unit);
  // The last of the player's units fights on, lord or not.
  const bool lord = scene.units[unit].lord &&
                    std::count_if(scene.units.begin(), scene.units.end(), [](const tactics::Unit& u) {
                      return u.team == tactics::Team::Player;
                    }) > 1;
  auto attack = chooseAttack(combatBoard(scene), range, unit);
  if (attack && (attack->forecast.removesAttacker() ||
                 (lord && (!attack->forecast.removesTarget() || attack->forecast.target.strikes > 0)))) {
    attack.reset();
  }
  if (attack) {
    const Cell foe = scene.units[attack->target].cell;
    hoverCell(scene, attack->from, &range);
    hoverCell(scene, foe, &range);
    leftClick(scene, foe, &range);
    if (scene.walk) advanceWalk(scene, 60.0);
    if (scene.attackPick) {
      leftClick(scene, foe, nullptr);  // the shown target: attack
      return;
    }
  } else if (lord && scene.objective && scene.objective->type == tactics::Objective::Type::Seize) {
    // A lord heads for the cell to seize: the stopping cell nearest it.
    Cell to = scene.units[unit].cell;
    const Cell at = scene.objective->at;
    const auto distance = [&](Cell c) { return std::abs(c.x - at.x) + std::abs(c.y - at.y); };
    for (int y = 0; y < scene.map.height(); ++y) {
      for (int x = 0; x < scene.map.width(); ++x) {
        if (canStopAt(scene, range, {x, y}) && distance({x, y}) < distance(to)) to = {x, y};
      }
    }
    if (to != scene.units[unit].cell) {
      hoverCell(scene, to, &range);
      leftClick(scene, to, &range);
      if (scene.walk) advanceWalk(scene, 60.0);
    }
  } else if (!lord) {
    const auto field = referenceField(scene, tactics::Team::Player, scene.units[unit].movement);
    const Cell to = chooseDestination(range, scene.units, unit, &field);
    if (to != scene.units[unit].cell) {
      hoverCell(scene, to, &range);
      leftClick(scene, to, &range);
      if (scene.walk) advanceWalk(scene, 60.0);
    }
  }
  if (scene.attackPick) closeAttack(scene);
  if (scene.pending) {
    waitUnit(scene);
  } else {
    selectUnit(scene, std::nullopt);
  }
}

// Ends turn after turn without moving anyone: the enemy comes.
int endTurns(Scene& scene, int turns) {
  while (scene.outcome == tactics::Outcome::Playing && scene.turn <= turns) {
    if (requestEndTurn(scene) == EndTurn::NeedsConfirmation) answerEndTurn(scene, true);
    runAiPhases(scene);
  }
  return scene.turn;
}

// Plays whole turns until the game ends or `turns` have passed; returns the turns played.
int play(Scene& scene, int turns) {
  while (scene.outcome == tactics::Outcome::Playing && scene.turn <= turns) {
    for (std::size_t i = 0; i < scene.units.size() && scene.outcome == tactics::Outcome::Playing; ++i) {
      if (scene.units[i].team == tactics::Team::Player && !scene.hasMoved(i)) act(scene, i);
    }
    if (scene.outcome != tactics::Outcome::Playing) break;
    if (requestEndTurn(scene) == EndTurn::NeedsConfirmation) answerEndTurn(scene, true);
    runAiPhases(scene);
  }
  return scene.turn;
}

}  // namespace

TEST_CASE("games: the default scenario played to a victory", "[app][games]") {
  Scene scene = scenarioScene("default.json");
  REQUIRE(sceneFights(scene));
  const int turns = play(scene, 20);
  INFO("turn " << turns);
  CHECK(scene.outcome == tactics::Outcome::Won);
  CHECK(scene.outcomeWhy == "Every enemy is routed");
  // Not a walkover: the player lost units on the way, and took several turns.
  CHECK(turns >= 5);
  CHECK(std::count_if(scene.units.begin(), scene.units.end(),
                      [](const tactics::Unit& u) { return u.team == tactics::Team::Player; }) < 6);
}

TEST_CASE("games: the fog ambush is won by fighting and lost by waiting", "[app][games]") {
  Scene fought = scenarioScene("fog.json");
  play(fought, 20);
  CHECK(fought.outcome == tactics::Outcome::Won);
  Scene waited = scenarioScene("fog.json");
  endTurns(waited, 20);
  CHECK(waited.outcome == tactics::Outcome::Lost);
  CHECK(waited.outcomeWhy == "Your lord has fallen");
  // The game stops where it was lost: no more phases, nobody takes orders.
  const int turn = waited.turn;
  CHECK_FALSE(nextAiMover(waited));
  CHECK(waited.turn == turn);
}

TEST_CASE("games: the fortress is to seize and a lord rushing in alone falls", "[app][games]") {
  Scene scene = scenarioScene("fortress.json");
  REQUIRE(scene.objective);
  CHECK(describeObjective(*scene.objective) == "Seize 11,3");
  play(scene, 20);
  CHECK(scene.outcome == tactics::Outcome::Lost);
}
