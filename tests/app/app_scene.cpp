// The roster and the rules of clicking: who can be selected, where a unit may go, the walk.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include <set>

#include "app/rules/scene.h"
#include "tactics/solver/path.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using tactics::CostMap;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

// Two players, an enemy and an ally on open ground.
Scene twoSides() {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {2, 2}, 3),
                 unitAtCell("Archer", Team::Player, {3, 2}, 3),
                 unitAtCell("Brigand", Team::Enemy, {8, 2}, 3),
                 unitAtCell("Nomad", Team::Ally, {2, 5}, 3)};
  return scene;
}

RangeResult rangeOf(const Scene& scene) {
  return tactics::solveReference(scene.map, sceneQuery(scene, *scene.selected));
}

}  // namespace

TEST_CASE("a scenario's zone of control reaches every solve of its scene", "[scene]") {
  tactics::Scenario scenario;
  scenario.map = openGround();
  scenario.units = twoSides().units;
  scenario.rules.zoc = true;
  Scene scene = makeScene(std::move(scenario), "zoc.json");
  CHECK(sceneQuery(scene, 0).zoc);
  // The Lord (move 5 on plains) walks by the Brigand at 5,2: with ZOC on, 5,1 beside it is
  // reached but travel goes no further, so 6,1 (cost 5 through 5,1; 7 round by row 0) is not.
  scene.units[0].moveRange = 5;
  scene.units[2].cell = {5, 2};
  scene.selected = 0;
  const RangeResult zoc = rangeOf(scene);
  scene.rules.zoc = false;
  const RangeResult free = rangeOf(scene);
  CHECK(zoc.reached({5, 1}));
  CHECK(free.reached({6, 1}));
  CHECK_FALSE(zoc.reached({6, 1}));
}

TEST_CASE("the built-in roster: 4 players with different ranges incl. a 2-2 bow, 4 enemies",
          "[roster]") {
  const auto units = crossroadsRoster();
  int players = 0;
  int enemies = 0;
  bool bow = false;
  std::set<std::pair<int, int>> ranges;
  for (const Unit& unit : units) {
    players += unit.team == Team::Player;
    enemies += unit.team == Team::Enemy;
    if (unit.team == Team::Player) {
      ranges.insert({unit.moveRange, unit.attack.minDistance() * 1000 + unit.attack.maxDistance()});
      bow = bow || unit.attack == tactics::AttackRange{2, 2};
    }
  }
  CHECK(players >= 4);
  CHECK(enemies >= 4);
  CHECK(bow);
  CHECK(ranges.size() >= 3);
}

TEST_CASE("the roster fits every map: valid queries for every unit", "[roster]") {
  std::vector<CostMap> maps;
  maps.push_back(openGround());
  // Mostly wall, with a little open ground in one corner.
  std::vector<std::uint8_t> walls(20 * 10, 255);
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 4; ++x) walls[static_cast<std::size_t>(y * 20 + x)] = 0;
  }
  maps.emplace_back(20, 10, walls);
  for (const CostMap& map : maps) {
    const auto units = defaultRoster(map);
    CHECK_FALSE(units.empty());
    for (std::size_t i = 0; i < units.size(); ++i) {
      INFO(units[i].name);
      CHECK_FALSE(tactics::validate(map, queryFor(units, i)));
    }
  }
}

TEST_CASE("friends pass through, foes block", "[roster]") {
  const Scene scene = twoSides();
  const auto query = queryFor(scene.units, 0);
  CHECK(query.unit == Cell{2, 2});
  CHECK(query.allies == std::vector<Cell>{{3, 2}, {2, 5}});
  CHECK(query.enemies == std::vector<Cell>{{8, 2}});
  CHECK(queryFor(scene.units, 2).enemies.size() == 3);
}

TEST_CASE("clicking selects a unit, clicking it again deselects it", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {2, 2}, nullptr);
  CHECK(scene.selected == std::optional<std::size_t>(0));
  leftClick(scene, {8, 2}, nullptr);  // an enemy out of reach, with the lord selected: nothing
  CHECK(scene.selected == std::optional<std::size_t>(0));
  leftClick(scene, {3, 2}, nullptr);  // another of the player's units: selects it
  CHECK(scene.selected == std::optional<std::size_t>(1));
  inspectOrCancel(scene, Cell{8, 2});  // the right button inspects the enemy: its range
  CHECK(scene.selected == std::optional<std::size_t>(2));
  CHECK_FALSE(scene.selectedCanMove());
  leftClick(scene, {8, 2}, nullptr);
  CHECK_FALSE(scene.selected);
  leftClick(scene, {8, 2}, nullptr);  // with nothing selected a click inspects the enemy
  CHECK(scene.selected == std::optional<std::size_t>(2));
  inspectOrCancel(scene, Cell{6, 6});  // the right button on no unit cancels
  CHECK_FALSE(scene.selected);
}

TEST_CASE("a click on a reached free cell walks there, and occupied cells are refused", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);

  CHECK_FALSE(canStopAt(scene, range, {3, 2}));  // the archer stands there
  CHECK(range.reached({3, 2}));                 // ...though the lord can pass through
  CHECK(canStopAt(scene, range, {4, 2}));

  // The cursor jumps from the lord to 4,3: it enters 3,2 (the archer: passed through), 3,3, 4,3.
  hoverCell(scene, Cell{4, 3}, &range);
  const auto preview = previewPath(scene, &range);
  CHECK(preview == std::vector<Cell>{{2, 2}, {3, 2}, {3, 3}, {4, 3}});

  leftClick(scene, {4, 3}, &range);
  REQUIRE(scene.walk);
  leftClick(scene, {3, 2}, &range);  // clicks while walking are ignored
  CHECK(scene.walk);
  cancel(scene);                      // so is cancel
  CHECK(scene.selected);

  CHECK_FALSE(advanceWalk(scene, 0.1));
  const auto move = advanceWalk(scene, 1.0);
  REQUIRE(move);
  CHECK(move->unit == "Lord");
  CHECK(move->path == preview);
  CHECK(scene.units[0].cell == Cell{4, 3});
  CHECK_FALSE(scene.selected);
  CHECK(formatMove(*move) == "move Lord 2,2 -> 4,3 path 2,2 3,2 3,3 4,3");
}

TEST_CASE("enemies cannot be ordered, and clicks out of range do nothing", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {8, 2}, nullptr);
  const RangeResult enemyRange = rangeOf(scene);
  hoverCell(scene, Cell{8, 3}, &enemyRange);
  CHECK(previewPath(scene, &enemyRange).empty());
  leftClick(scene, {8, 3}, &enemyRange);
  CHECK_FALSE(scene.walk);
  CHECK_FALSE(scene.selected);

  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  leftClick(scene, {11, 7}, &range);  // far out of range: not a cancel
  CHECK_FALSE(scene.walk);
  CHECK(scene.selected == std::optional<std::size_t>(0));
}

TEST_CASE("right click or Esc cancels the selection", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {2, 2}, nullptr);
  cancel(scene);
  CHECK_FALSE(scene.selected);
}

TEST_CASE("the arrow follows the traced route and the unit walks exactly that route", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  // A detour round the lord's left: 1,2, 1,1, 2,1 (cost 3 = move), not the cheapest 2,2 2,1.
  for (Cell c : {Cell{1, 2}, Cell{1, 1}, Cell{2, 1}}) hoverCell(scene, c, &range);
  const std::vector<Cell> detour{{2, 2}, {1, 2}, {1, 1}, {2, 1}};
  CHECK(previewPath(scene, &range) == detour);
  leftClick(scene, {2, 1}, &range);
  REQUIRE(scene.walk);
  CHECK(scene.walk->animation.path() == detour);
}

TEST_CASE("no arrow and no walk on cells the unit cannot stop on", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  hoverCell(scene, Cell{3, 2}, &range);  // the archer: passed through, not a place to stop
  CHECK(scene.route == tactics::Route{{2, 2}, {3, 2}});
  CHECK(previewPath(scene, &range).empty());
  hoverCell(scene, Cell{6, 6}, &range);  // out of range: the route stays, the arrow is gone
  CHECK(previewPath(scene, &range).empty());
  leftClick(scene, {6, 6}, &range);  // nothing happens: the unit stays selected
  CHECK_FALSE(scene.walk);
  CHECK(scene.selected == std::optional<std::size_t>(0));
  leftClick(scene, {3, 2}, &range);  // the archer: selected, a new route from it
  CHECK(scene.selected == std::optional<std::size_t>(1));
  CHECK(scene.route == tactics::Route{{3, 2}});
}

TEST_CASE("FE selection: a red cell does nothing, a foe in the red sends the unit to attack it",
          "[scene]") {
  Scene scene = twoSides();
  scene.moved.assign(scene.units.size(), false);
  scene.units[2].cell = {6, 2};  // the brigand, 4 from the lord: out of move 3, in the red
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  REQUIRE(range.reach[{5, 3}] == tactics::Reach::Attackable);
  // A red cell: nothing happens, the selection and its route stay.
  hoverCell(scene, Cell{5, 3}, &range);
  leftClick(scene, {5, 3}, &range);
  CHECK_FALSE(scene.walk);
  CHECK_FALSE(scene.pending);
  CHECK(scene.selected == std::optional<std::size_t>(0));

  // The brigand: the arrow goes to the cell the lord attacks it from, and the lord walks there.
  resetRoute(scene);
  hoverCell(scene, Cell{6, 2}, &range);
  const std::vector<Cell> arrow = previewPath(scene, &range);
  REQUIRE(arrow.size() >= 2);
  CHECK(tactics::manhattan(arrow.back(), Cell{6, 2}) == 1);
  leftClick(scene, {6, 2}, &range);
  REQUIRE(scene.walk);
  CHECK(scene.walk->animation.path() == arrow);
  const auto move = advanceWalk(scene, 10.0);
  REQUIRE(move);
  CHECK(scene.units[0].cell == arrow.back());
  REQUIRE(scene.pending);  // Wait or Back
  CHECK(scene.pending->unit == 0);
  CHECK(scene.pending->from == Cell{2, 2});
}

TEST_CASE("FE selection: a foe already in reach opens the menu without a walk", "[scene]") {
  Scene scene = twoSides();
  scene.moved.assign(scene.units.size(), false);
  scene.units[2].cell = {2, 3};  // next to the lord
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  leftClick(scene, {2, 3}, &range);
  CHECK_FALSE(scene.walk);
  REQUIRE(scene.pending);
  CHECK(scene.pending->unit == 0);
  CHECK(scene.pending->from == Cell{2, 2});
  CHECK(scene.units[0].cell == Cell{2, 2});
}

TEST_CASE("FE selection: a unit that has acted is inspected, greyed and read-only", "[scene]") {
  Scene scene = twoSides();
  scene.moved.assign(scene.units.size(), false);
  scene.moved[0] = true;  // the lord waited
  leftClick(scene, {2, 2}, nullptr);
  CHECK(scene.selected == std::optional<std::size_t>(0));
  CHECK(scene.selectedHasActed());
  CHECK_FALSE(scene.selectedCanMove());
  const RangeResult range = rangeOf(scene);
  hoverCell(scene, Cell{2, 0}, &range);
  CHECK(previewPath(scene, &range).empty());  // no arrow
  leftClick(scene, {2, 0}, &range);  // a blue cell: it does not move
  CHECK_FALSE(scene.walk);
  CHECK(scene.units[0].cell == Cell{2, 2});
  leftClick(scene, {3, 2}, nullptr);  // the archer has not acted
  CHECK_FALSE(scene.selectedHasActed());
  CHECK(scene.selectedCanMove());
}

TEST_CASE("a new selection or resetRoute starts the route over from the unit", "[scene]") {
  Scene scene = twoSides();
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  hoverCell(scene, Cell{2, 4}, &range);
  CHECK(scene.route == tactics::Route{{2, 2}, {2, 3}, {2, 4}});
  resetRoute(scene);  // what the demo does after a new solve
  CHECK(scene.route == tactics::Route{{2, 2}});
  CHECK(previewPath(scene, &range).empty());  // the cursor has not entered a cell since
  hoverCell(scene, Cell{2, 4}, &range);       // the next frame: the hovered cell alone
  CHECK(scene.route == tactics::Route{{2, 2}, {2, 3}, {2, 4}});
  // Then the line to 0,3: 1,4 is appended (cost 3); 1,3 does not fit, so the cheapest path to
  // it (parent up, then right); 0,3 fits after that.
  hoverCell(scene, Cell{0, 3}, &range);
  CHECK(scene.route == tactics::Route{{2, 2}, {1, 2}, {1, 3}, {0, 3}});
  leftClick(scene, {3, 2}, &range);  // the archer: selected, the route starts at it
  CHECK(scene.route == tactics::Route{{3, 2}});
}

TEST_CASE("the route waits for the selection's range, then enters the hovered cell", "[scene]") {
  Scene scene = twoSides();
  const RangeResult lordRange = tactics::solveReference(scene.map, queryFor(scene.units, 0));
  scene.selected = 1;  // selected without a click, as --select does; the archer's range is late
  hoverCell(scene, Cell{4, 4}, &lordRange);  // another unit's range: nothing entered
  hoverCell(scene, Cell{4, 4}, nullptr);     // no range yet: nothing entered
  CHECK(scene.route.empty());
  const RangeResult range = rangeOf(scene);
  hoverCell(scene, Cell{4, 4}, &range);  // only 4,4 itself: the cheapest path
  CHECK(scene.route == tactics::pathTo(range, {3, 2}, {4, 4}));
  CHECK(previewPath(scene, &range) == scene.route);
}

TEST_CASE("on a hex board a jumping cursor enters the hex line between its cells", "[scene][hex]") {
  // hex-y-odd: from the lord at (2,2) the cursor jumps to (2,4); the line passes (1,3), a tie
  // between (1,3) and (2,3) that the lower neighbour index wins (SPEC §13).
  Scene scene = twoSides();
  scene.map.setLayout(tactics::GridLayout::HexYOdd);
  leftClick(scene, {2, 2}, nullptr);
  const RangeResult range = rangeOf(scene);
  hoverCell(scene, Cell{2, 2}, &range);
  hoverCell(scene, Cell{2, 4}, &range);
  CHECK(previewPath(scene, &range) == std::vector<Cell>{{2, 2}, {1, 3}, {2, 4}});
}

TEST_CASE("the roster on a hex map: units go to the nearest cell by hex distance", "[roster][hex]") {
  // A 7x7 hex-y-odd map (small: one Lord, wanted at 0,0) with the corner walled: of the cells
  // 2 away from (0,0), only (1,2) is open (it is 3 away by Manhattan, where (3,0) would win).
  CostMap map = openGround(7, 7);
  for (const Cell wall : {Cell{0, 0}, Cell{1, 0}, Cell{0, 1}, Cell{2, 0}, Cell{1, 1}, Cell{0, 2}}) {
    map.setGrey(wall, 255);
  }
  CostMap square = map;
  map.setLayout(tactics::GridLayout::HexYOdd);
  const auto units = defaultRoster(map);
  REQUIRE(units.size() == 1);
  CHECK(units[0].cell == Cell{1, 2});
  CHECK(defaultRoster(square)[0].cell == Cell{3, 0});
  // The full roster on a hex board: every unit on a cell it may stand on.
  CostMap ground = openGround(32, 24);
  ground.setLayout(tactics::GridLayout::HexXEven);
  const auto roster = defaultRoster(ground);
  CHECK(roster.size() == 8);
  for (std::size_t i = 0; i < roster.size(); ++i) {
    INFO(roster[i].name);
    CHECK_FALSE(tactics::validate(ground, queryFor(roster, i)));
  }
}
