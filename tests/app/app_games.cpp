// Whole games (SPEC §14, issue 41): the sample scenarios played through the demo's own rules, the
// player's side clicking as a person would (a foe to attack it from the arrow's end, else a cell
// to walk to, then Wait), choosing with the same policy as the computer's; each game is played
// to its end and must come out as the scenario means it to.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "game_player.h"

#include "app/rules/fights.h"
#include "app/rules/turns.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/enemy_move.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

using tactics::testing::endTurns;
using tactics::testing::play;
using tactics::testing::scenarioScene;

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

TEST_CASE("games: the desert is a longer rout", "[app][games]") {
  Scene scene = scenarioScene("../maps/desert.tmx");
  REQUIRE(sceneFights(scene));
  CHECK(describeObjective(sceneObjective(scene)) == "Rout the enemy");
  const int turns = play(scene, 30);
  CHECK(scene.outcome == tactics::Outcome::Won);
  CHECK(turns >= 8);  // across 40 columns of sand
}

TEST_CASE("games: the fortress is seized with escorts and lost by a lord rushing in alone",
          "[app][games]") {
  Scene careful = scenarioScene("fortress.json");
  REQUIRE(careful.objective);
  CHECK(describeObjective(*careful.objective) == "Seize 11,3");
  const int turns = play(careful, 20);
  INFO("turn " << turns);
  CHECK(careful.outcome == tactics::Outcome::Won);
  CHECK(careful.outcomeWhy == "Lord holds 11,3");
  CHECK(turns >= 5);  // the keep is taken once the way is cleared, not at a run
  Scene careless = scenarioScene("fortress.json");
  play(careless, 20, nullptr, nullptr, tactics::testing::Seize::Careless);
  CHECK(careless.outcome == tactics::Outcome::Lost);
  CHECK(careless.outcomeWhy == "Your lord has fallen");
}

