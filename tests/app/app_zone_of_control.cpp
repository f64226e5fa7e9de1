// What the board marks of the zone of control (SPEC §11.2) and what "ignore units" (§11.6) does
// to the selected unit's solve: the cells come from the rules seam, and only where the selected
// unit's travel really halts. No GL.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app_boards.h"
#include "app/rules/scene.h"
#include "app/rules/zone_of_control.h"
#include "app/view/palette.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/reference_solver.h"
#include "temp_paths.h"

using tactics::Cell;
using tactics::RangeResult;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

// A Lord (move 4) at 2,4 and a Brigand at 6,4 on open ground, ZOC on, the Lord selected.
Scene skirmish() {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {2, 4}, 4),
                 unitAtCell("Brigand", Team::Enemy, {6, 4}, 3),
                 unitAtCell("Nomad", Team::Ally, {6, 3}, 3)};
  scene.moved.assign(scene.units.size(), false);
  scene.rules.zoc = true;
  scene.selected = 0;
  return scene;
}

std::vector<Cell> sorted(std::vector<Cell> cells) {
  std::sort(cells.begin(), cells.end(),
            [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  return cells;
}

}  // namespace

TEST_CASE("zone of control cells: the enemy's free neighbours within reach, no more", "[app][zoc]") {
  const Scene scene = skirmish();
  const auto query = sceneQuery(scene, 0);
  // The reach box is 4 around 2,4 (x 0..6): 7,4 lies outside it. 6,3 is the ally's: next to the
  // Brigand it cannot be entered at all (SPEC §11.2), so it halts nothing.
  const std::vector<Cell> cells = sorted(haltingCells(scene.map, query));
  CHECK(cells == std::vector<Cell>{{5, 4}, {6, 5}});
  // Only the ones the solve reaches: 6,5 is 5 steps away.
  const RangeResult range = tactics::solveReference(scene.map, query);
  CHECK(range.reached({5, 4}));
  CHECK_FALSE(range.reached({6, 5}));
  CHECK(haltingCells(scene.map, query, &range) == std::vector<Cell>{{5, 4}});
  // Every cell listed halts travel in the seam's own words.
  const tactics::MoveRules rules(scene.map, query);
  for (Cell c : cells) CHECK_FALSE(tactics::cell_rule::continues(rules.at(c)));
}

TEST_CASE("zone of control cells: none with ZOC off, for a skirmisher, or ignoring units",
          "[app][zoc]") {
  Scene scene = skirmish();
  scene.rules.zoc = false;
  CHECK(haltingCells(scene.map, sceneQuery(scene, 0)).empty());
  scene.rules.zoc = true;
  scene.units[0].skills.add(tactics::Skill::Skirmisher);
  CHECK(haltingCells(scene.map, sceneQuery(scene, 0)).empty());
  scene.units[0].skills = {};
  scene.ignoreUnits = true;
  CHECK(haltingCells(scene.map, selectionQuery(scene)).empty());
  // A result of another board is not used to filter.
  const RangeResult other(3, 3);
  CHECK(haltingCells(scene.map, sceneQuery(scene, 0), &other).size() == 2);
}

TEST_CASE("zone of control cells: an enemy mover is halted next to players and allies",
          "[app][zoc]") {
  Scene scene = skirmish();
  const auto cells = sorted(haltingCells(scene.map, sceneQuery(scene, 1)));
  // Next to the Lord (2,4) within the Brigand's move 3: 3,4 only; next to the ally at 6,3: 6,2,
  // 5,3 and 7,3 (its fourth neighbour is the Brigand's own cell, which is exempt).
  CHECK(cells == std::vector<Cell>{{6, 2}, {5, 3}, {7, 3}, {3, 4}});
  CHECK(hostileTeam(Team::Enemy) == Team::Player);
  CHECK(hostileTeam(Team::Player) == Team::Enemy);
  CHECK(hostileTeam(Team::Ally) == Team::Enemy);
}

TEST_CASE("zone of control borders: the colour of the side that halts the mover", "[app][zoc]") {
  const auto same = [](Rgb a, Rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; };
  CHECK(same(zocBorderColour(Team::Player), tokenColour(Team::Enemy)));
  CHECK(same(zocBorderColour(Team::Ally), tokenColour(Team::Enemy)));
  CHECK(same(zocBorderColour(Team::Enemy), tokenColour(Team::Player)));
}

TEST_CASE("ignore units: the selection's drawn solve only, and no route or move meanwhile",
          "[app][zoc]") {
  Scene scene = skirmish();
  CHECK_FALSE(selectionQuery(scene).ignoreUnits);
  scene.ignoreUnits = true;
  const auto query = selectionQuery(scene);
  CHECK(query.ignoreUnits);
  CHECK(query.zoc);  // the board's rules stay; with no units ZOC has nothing to come from
  CHECK_FALSE(sceneQuery(scene, 0).ignoreUnits);  // every other solve plays by the real board
  // Through the Brigand's cell as if it were not there: shown, but no route runs over it.
  const RangeResult range = tactics::solveReference(scene.map, query);
  CHECK(range.reached({6, 4}));
  CHECK_FALSE(routeBoard(scene, &range));
  leftClick(scene, {3, 4}, &range);
  CHECK_FALSE(scene.walk);
  CHECK(scene.units[0].cell == Cell{2, 4});
  // The computer's movers, selected in turn on their phases, never ignore anyone.
  scene.phase = Phase::Enemy;
  scene.selected = 1;
  CHECK_FALSE(selectionQuery(scene).ignoreUnits);
  scene.phase = Phase::Player;
  scene.selected = 0;
  scene.ignoreUnits = false;
  const RangeResult real = tactics::solveReference(scene.map, selectionQuery(scene));
  CHECK(routeBoard(scene, &real));
}

TEST_CASE("a Tiled map opened as a board brings its rules property", "[app][zoc]") {
  const std::string source = std::string(TACTICS_SOURCE_DIR) + "/assets/maps/riverford_units.tmx";
  std::ifstream in(source);
  std::stringstream text;
  text << in.rdbuf();
  std::string tmx = text.str();
  // The map's own properties gain rules {"zoc": true}; the tileset is the checkout's.
  const std::string props = "<properties>\n";
  const auto at = tmx.find(props);
  REQUIRE(at != std::string::npos);
  tmx.insert(at + props.size(),
             "  <property name=\"rules\" value=\"{&quot;zoc&quot;: true}\"/>\n");
  const std::string tileset = "source=\"../tilesets/terrain.tsx\"";
  const auto ts = tmx.find(tileset);
  REQUIRE(ts != std::string::npos);
  tmx.replace(ts, tileset.size(),
              "source=\"" + std::string(TACTICS_SOURCE_DIR) + "/assets/tilesets/terrain.tsx\"");
  const auto dir = tactics::testing::uniqueTempPath("tactics_tiled_rules");
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "zoc.tmx").string();
  std::ofstream(path) << tmx;
  const auto scene = openBoard(path);
  INFO((scene ? "" : scene.error()));
  REQUIRE(scene);
  CHECK(scene->rules.zoc);
  CHECK(sceneQuery(*scene, 0).zoc);
  const auto plain = openBoard(source);
  REQUIRE(plain);
  CHECK_FALSE(plain->rules.zoc);
}
