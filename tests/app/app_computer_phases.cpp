// The computer's phases as the player watches them (session/computer_phases.h): the banner
// fades in and out, each move waits for the banner and a pause, and a unit whose range cannot
// be solved stays where it stands.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/session/computer_phases.h"
#include "app/session/watch_animation.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

Scene enemyPhase() {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {2, 2}, 3),
                 unitAtCell("Brigand", Team::Enemy, {8, 2}, 3)};
  scene.moved.assign(scene.units.size(), true);  // the player is done: no question
  requestEndTurn(scene);
  return scene;
}

}  // namespace

TEST_CASE("computer phases: the banner, then the first move after the pause", "[app]") {
  Scene scene = enemyPhase();
  REQUIRE(scene.phase == Phase::Enemy);
  ComputerPhases phases;
  RangeResult range;
  int solves = 0;
  const SolveSelected solve = [&] {
    ++solves;
    range = tactics::solveReference(scene.map, queryFor(scene.units, *scene.selected));
    return &range;
  };
  CHECK_FALSE(phases.banner(scene.phase));  // not shown before the phase is seen

  // The banner, until it starts to fade: nobody moves.
  double elapsed = 0.1;
  CHECK(phases.advance(scene, 0.1, solve, referenceField).empty());
  auto banner = phases.banner(scene.phase);
  REQUIRE(banner);
  CHECK(banner->text == "Enemy phase");
  CHECK(banner->alpha > 0);
  CHECK(banner->alpha <= 1);
  while (solves == 0 && elapsed < 2) {
    CHECK_FALSE(scene.walk);
    phases.advance(scene, 0.05, solve, referenceField);
    elapsed += 0.05;
  }
  CHECK(elapsed == Approx(kFirstMoveSeconds).margin(0.06));
  // Then the brigand is shown with its range for a moment (its walk held back), and walks.
  CHECK(solves == 1);
  CHECK(scene.selected == std::optional<std::size_t>(1));
  CHECK_FALSE(scene.walk);
  for (int frame = 0; frame < 20 && !scene.walk; ++frame) {
    phases.advance(scene, 0.05, solve, referenceField);
  }
  CHECK(solves == 1);
  REQUIRE(scene.walk);
  CHECK(scene.selected == std::optional<std::size_t>(1));

  // Once the banner has gone it is not drawn.
  for (int frame = 0; frame < 40; ++frame) phases.advance(scene, 0.05, solve, referenceField);
  CHECK_FALSE(phases.banner(scene.phase));
}

TEST_CASE("computer phases: a unit whose range cannot be solved stays, and the phase goes on",
          "[app]") {
  Scene scene = enemyPhase();
  ComputerPhases phases;
  const SolveSelected unsolvable = [] { return nullptr; };
  std::vector<ComputerMove> stayed;
  for (int frame = 0; frame < 100 && stayed.empty(); ++frame) {
    stayed = phases.advance(scene, 0.05, unsolvable, referenceField);
  }
  REQUIRE(stayed.size() == 1);
  CHECK(formatMove(stayed[0]) == "move Brigand 8,2 -> 8,2 path 8,2");
}

TEST_CASE("computer phases: a phase played off screen (--end-turn) shows no banner", "[app]") {
  Scene scene = enemyPhase();
  ComputerPhases phases;
  phases.shown(scene.phase);
  phases.advance(scene, 0.01, [] { return nullptr; }, referenceField);
  CHECK_FALSE(phases.banner(scene.phase));
}

TEST_CASE("watch animation: one pass at a time, a rest at the whole solve, then over", "[app]") {
  WatchSettings watch;
  watch.enabled = true;
  watch.animate = true;
  watch.passesPerSecond = 4;  // a pass every 0.25 s
  animateWatch(watch, 2, 0.2);
  CHECK(watch.passes == 0);
  animateWatch(watch, 2, 0.1);
  CHECK(watch.passes == 1);
  animateWatch(watch, 2, 0.25);
  CHECK(watch.passes == 2);
  animateWatch(watch, 2, 0.5);  // resting four intervals at the whole solve
  CHECK(watch.passes == 2);
  animateWatch(watch, 2, 0.5);
  CHECK(watch.passes == 0);
  watch.animate = false;
  animateWatch(watch, 2, 10);
  CHECK(watch.passes == 0);
  CHECK(watch.sinceLastPass == 0);
}

namespace {

// A large board (issue 22): 200x160 with forests and hills in bands, 6 players in the south-west
// and 24 enemies spread over the map, some next to the players.
Scene largeBattle() {
  Scene scene;
  const int width = 200;
  const int height = 160;
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height), 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int band = (x / 7 + y / 5) % 6;
      grey[static_cast<std::size_t>(y * width + x)] = band == 0 ? 76 : (band == 3 ? 127 : 0);
    }
  }
  scene.map = tactics::CostMap(width, height, std::move(grey));
  for (int i = 0; i < 6; ++i) {
    scene.units.push_back(unitAtCell("P" + std::to_string(i), Team::Player, {10 + i, 150}, 5));
  }
  for (int i = 0; i < 24; ++i) {
    const Cell at = i < 2 ? Cell{10 + i, 149} : Cell{20 + (i * 37) % 170, 5 + (i * 53) % 140};
    scene.units.push_back(unitAtCell("E" + std::to_string(i), Team::Enemy, at, 4 + i % 4));
  }
  scene.moved.assign(scene.units.size(), true);
  return scene;
}

struct Played {
  double seconds = 0;  // game time until the player's phase came back
  std::vector<ComputerMove> moves;
  int pans = 0;
};

// Plays the enemy phase on a simulated clock at 60 frames a second; the view shows the cells
// within 12 of `centre`, and a glide moves it to the mover at once.
Played playPhase(Scene& scene, ComputerPhases& phases, Cell centre) {
  RangeResult range;
  const SolveSelected solve = [&] {
    range = tactics::solveReference(scene.map, sceneQuery(scene, *scene.selected));
    return &range;
  };
  Played played;
  PhaseCamera camera;
  camera.onScreen = [&](Cell c) { return std::abs(c.x - centre.x) <= 12 && std::abs(c.y - centre.y) <= 12; };
  camera.glideToShow = [&](Cell mover, Cell, double) {
    ++played.pans;
    centre = mover;
  };
  REQUIRE(requestEndTurn(scene) == EndTurn::Started);
  const double frame = 1.0 / 60;
  while (scene.phase != Phase::Player && played.seconds < 600) {
    for (ComputerMove& move : phases.advance(scene, frame, solve, referenceField, camera)) {
      played.moves.push_back(std::move(move));
    }
    played.seconds += frame;
  }
  return played;
}

}  // namespace

TEST_CASE("computer phases: 24 enemies on a 200x160 map at 4x play in under 10 s", "[app]") {
  Scene quick = largeBattle();
  ComputerPhases fast;
  fast.setSpeed(PhaseSpeed::Quadruple);
  const Played four = playPhase(quick, fast, {12, 148});
  CHECK(four.moves.size() == 24);
  CHECK(four.seconds < 10.0);
  // The camera panned to the movers off screen, not to the two next to the players.
  CHECK(four.pans >= 20);
  CHECK(four.pans <= 22);
  int attacks = 0;
  for (const ComputerMove& move : four.moves) attacks += move.attack ? 1 : 0;
  CHECK(attacks >= 2);

  // The same phase at 1x takes four times as long (to a frame per step), and the same moves;
  // holding Space plays it at 4x whatever the panel says.
  Scene slow = largeBattle();
  ComputerPhases normal;
  const Played one = playPhase(slow, normal, {12, 148});
  REQUIRE(one.moves.size() == 24);
  for (std::size_t i = 0; i < one.moves.size(); ++i) CHECK(formatMove(one.moves[i]) == formatMove(four.moves[i]));
  CHECK(one.seconds > 3.5 * four.seconds);
  CHECK(one.seconds < 4.5 * four.seconds);
  Scene held = largeBattle();
  ComputerPhases hurried;
  hurried.setHurry(true);
  CHECK(playPhase(held, hurried, {12, 148}).seconds == Approx(four.seconds).margin(0.1));
}

TEST_CASE("computer phases: the camera pans only to a mover or destination off screen", "[app]") {
  Scene scene = enemyPhase();  // the brigand at 8,2 walks towards the lord at 2,2
  ComputerPhases phases;
  std::vector<std::pair<Cell, Cell>> pans;
  PhaseCamera camera;
  camera.glideToShow = [&](Cell mover, Cell to, double) { pans.emplace_back(mover, to); };
  RangeResult range;
  const SolveSelected solve = [&] {
    range = tactics::solveReference(scene.map, sceneQuery(scene, *scene.selected));
    return &range;
  };
  // Everything on screen: no pan.
  camera.onScreen = [](Cell) { return true; };
  for (int frame = 0; frame < 200 && scene.phase != Phase::Player; ++frame) {
    phases.advance(scene, 0.05, solve, referenceField, camera);
  }
  CHECK(pans.empty());
  // Only columns 0..6 on screen: the brigand (8,2) is off it, its destination (5,2) on it.
  Scene again = enemyPhase();
  ComputerPhases watched;
  camera.onScreen = [](Cell c) { return c.x <= 6; };
  const SolveSelected solveAgain = [&] {
    range = tactics::solveReference(again.map, sceneQuery(again, *again.selected));
    return &range;
  };
  for (int frame = 0; frame < 200 && again.phase != Phase::Player; ++frame) {
    watched.advance(again, 0.05, solveAgain, referenceField, camera);
  }
  REQUIRE(pans.size() == 1);
  CHECK(pans[0].first == Cell{8, 2});
  CHECK(pans[0].second == Cell{5, 2});
}

TEST_CASE("computer phases: an attack flashes, a quiet phase says so, skip ends it", "[app]") {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {6, 17 - 14}, 3),
                 unitAtCell("Brigand", Team::Enemy, {6, 4}, 3),
                 unitAtCell("Fighter", Team::Enemy, {11, 7}, 0)};
  scene.units[2].attack = {0, 0};  // cannot move or attack: nothing to show
  scene.moved.assign(scene.units.size(), true);
  REQUIRE(requestEndTurn(scene) == EndTurn::Started);
  ComputerPhases phases;
  RangeResult range;
  const SolveSelected solve = [&] {
    range = tactics::solveReference(scene.map, sceneQuery(scene, *scene.selected));
    return &range;
  };
  std::vector<ComputerMove> moves;
  bool flashed = false;
  std::vector<std::string> banners;
  for (int frame = 0; frame < 400 && scene.phase != Phase::Player; ++frame) {
    for (ComputerMove& move : phases.advance(scene, 0.02, solve, referenceField)) {
      moves.push_back(std::move(move));
    }
    if (const auto flash = phases.flash()) {
      flashed = true;
      CHECK(flash->from == Cell{6, 4});
      CHECK(flash->to == Cell{6, 3});
    }
    if (const auto banner = phases.banner(scene.phase)) {
      if (banners.empty() || banners.back() != banner->text) banners.push_back(banner->text);
    }
  }
  CHECK(flashed);
  REQUIRE(moves.size() == 2);
  REQUIRE(moves[0].attack);
  CHECK(formatAttack(*moves[0].attack) == "Brigand attacks Lord from 6,4");
  CHECK(banners == std::vector<std::string>{"Enemy phase"});  // the brigand attacked

  // Next turn the lord is out of reach, walled off: nothing moves, nothing is in reach.
  scene.units[0].cell = {0, 0};
  scene.units[1].moveRange = 0;
  scene.moved.assign(scene.units.size(), true);
  REQUIRE(requestEndTurn(scene) == EndTurn::Started);
  banners.clear();
  for (int frame = 0; frame < 400 && scene.phase != Phase::Player; ++frame) {
    phases.advance(scene, 0.02, solve, referenceField);
    if (const auto banner = phases.banner(scene.phase)) {
      if (banners.empty() || banners.back() != banner->text) banners.push_back(banner->text);
    }
  }
  CHECK(banners == std::vector<std::string>{"Enemy phase",
                                            "Enemy phase: nothing moves, no target in reach"});

  // Skip: the rest of the phase at once, the walk under way included.
  Scene skipped = largeBattle();
  ComputerPhases skipping;
  REQUIRE(requestEndTurn(skipped) == EndTurn::Started);
  RangeResult big;
  const SolveSelected solveBig = [&] {
    big = tactics::solveReference(skipped.map, sceneQuery(skipped, *skipped.selected));
    return &big;
  };
  std::vector<ComputerMove> played;
  for (int frame = 0; frame < 60; ++frame) {
    for (ComputerMove& move : skipping.advance(skipped, 0.05, solveBig, referenceField)) {
      played.push_back(std::move(move));
    }
  }
  REQUIRE(skipped.phase == Phase::Enemy);
  for (ComputerMove& move : skipping.skip(skipped, referenceRange, referenceField)) {
    played.push_back(std::move(move));
  }
  CHECK(skipped.phase == Phase::Player);
  CHECK_FALSE(skipped.walk);
  CHECK(played.size() == 24);
  CHECK_FALSE(skipping.banner(skipped.phase));
  // The same moves as the phase played out in full.
  Scene full = largeBattle();
  REQUIRE(requestEndTurn(full) == EndTurn::Started);
  const auto reference = runAiPhases(full);
  REQUIRE(reference.size() == played.size());
  for (std::size_t i = 0; i < played.size(); ++i) CHECK(formatMove(played[i]) == formatMove(reference[i]));
}
