// Edit mode's units (rules/unit_placement.h): placed, moved, removed and changed with the
// scenario reader's checks, each refusal saying why and leaving the board as it was.
#include <catch2/catch.hpp>

#include "app/rules/scene.h"
#include "app/rules/unit_placement.h"
#include "tactics/io/scenario.h"

using namespace tactics;
using namespace tactics::app;

namespace {

// 6x4 plains with a wall at 5,0 and mountains at 4,0; a player at 0,0 and an enemy at 2,0.
Scene board() {
  std::vector<std::uint8_t> grey(24, kCanonicalGrey[0]);
  grey[5] = kCanonicalGrey[4];
  grey[4] = kCanonicalGrey[3];
  Scene scene = makeScene(CostMap(6, 4, grey), "board.png");
  scene.units.clear();
  scene.moved.clear();
  REQUIRE_FALSE(placeUnit(scene, {0, 0}, Team::Player));
  REQUIRE_FALSE(placeUnit(scene, {2, 0}, Team::Enemy));
  return scene;
}

bool says(const std::optional<std::string>& problem, const std::string& words) {
  INFO(problem.value_or("(no problem)"));
  return problem && problem->find(words) != std::string::npos;
}

}  // namespace

TEST_CASE("unit placement: placed units are named, numbered, foot, selected", "[unit_placement]") {
  Scene scene = board();
  REQUIRE(scene.units.size() == 2);
  CHECK(scene.units[0].name == "Player 1");
  CHECK(scene.units[1].name == "Enemy 1");
  CHECK(scene.units[1].team == Team::Enemy);
  CHECK(scene.units[1].className == "foot");
  CHECK(formatAttackRange(scene.units[1].attack) == formatAttackRange(*parseAttackRange("1", "")));
  CHECK(scene.selected == std::size_t{1});
  CHECK(scene.moved.size() == 2);
  REQUIRE_FALSE(placeUnit(scene, {1, 1}, Team::Player));
  CHECK(scene.units[2].name == "Player 2");
}

TEST_CASE("unit placement: a cell outside the map, taken or impassable is refused with why",
          "[unit_placement]") {
  Scene scene = board();
  CHECK(says(placeUnit(scene, {2, 0}, Team::Player), "Enemy 1 already stands on 2,0"));
  CHECK(says(placeUnit(scene, {5, 0}, Team::Player), "cannot enter wall"));
  CHECK(says(placeUnit(scene, {6, 0}, Team::Player), "outside"));
  CHECK(scene.units.size() == 2);
  CHECK(says(moveUnit(scene, 0, {2, 0}), "cannot move Player 1: Enemy 1 already stands"));
  CHECK(says(moveUnit(scene, 0, {5, 0}), "cannot enter wall"));
  CHECK(scene.units[0].cell == Cell{0, 0});
  CHECK_FALSE(moveUnit(scene, 0, {3, 3}));
  CHECK(scene.units[0].cell == Cell{3, 3});
}

TEST_CASE("unit placement: removing a unit keeps the selection and flags on the right units",
          "[unit_placement]") {
  Scene scene = board();
  REQUIRE_FALSE(placeUnit(scene, {1, 1}, Team::Ally));
  scene.moved = {false, true, false};
  scene.selected = 2;
  REQUIRE_FALSE(removeUnit(scene, 0));
  REQUIRE(scene.units.size() == 2);
  CHECK(scene.units[0].name == "Enemy 1");
  CHECK(scene.moved == std::vector<bool>{true, false});
  CHECK(scene.selected == std::size_t{1});
  REQUIRE_FALSE(removeUnit(scene, 1));
  CHECK_FALSE(scene.selected);
  CHECK(says(removeUnit(scene, 0), "at least one unit"));
  CHECK(scene.units.size() == 1);
}

TEST_CASE("unit placement: name, class, move and attack are checked as the scenario reader "
          "checks them", "[unit_placement]") {
  Scene scene = board();
  CHECK_FALSE(renameUnit(scene, 0, "Eirika"));
  CHECK(scene.units[0].name == "Eirika");
  CHECK(says(renameUnit(scene, 0, ""), "1..32 characters"));
  CHECK(says(renameUnit(scene, 0, std::string(33, 'a')), "1..32 characters"));
  CHECK(says(renameUnit(scene, 0, "a\tb"), "control characters"));
  CHECK(scene.units[0].name == "Eirika");

  setUnitTeam(scene, 0, Team::Ally);
  CHECK(scene.units[0].team == Team::Ally);

  CHECK_FALSE(setUnitClass(scene, 0, "flier"));
  CHECK(scene.units[0].className == "flier");
  CHECK(scene.units[0].movement == presetMovementClasses().at("flier"));
  CHECK(says(setUnitClass(scene, 0, "dragon"), "no class \"dragon\""));
  // A mounted unit cannot stand on the mountains it stands on.
  REQUIRE_FALSE(moveUnit(scene, 0, {4, 0}));
  CHECK(says(setUnitClass(scene, 0, "mounted"), "cannot enter mountains"));
  CHECK(scene.units[0].className == "flier");

  CHECK_FALSE(setUnitMove(scene, 0, 255));
  CHECK(says(setUnitMove(scene, 0, 256), "0..255"));
  CHECK(says(setUnitMove(scene, 0, -1), "0..255"));
  CHECK(scene.units[0].moveRange == 255);

  CHECK_FALSE(setUnitAttack(scene, 0, "2-3"));
  CHECK(formatAttackRange(scene.units[0].attack) == "2-3");
  CHECK(setUnitAttack(scene, 0, "3-2"));
  CHECK(setUnitAttack(scene, 0, "lots"));
  CHECK(formatAttackRange(scene.units[0].attack) == "2-3");
}

TEST_CASE("unit placement: only an enemy can be hidden, and one that changes side is not",
          "[unit_placement][fog]") {
  Scene scene = board();
  CHECK(says(setUnitHidden(scene, 0, true), "only an enemy can be hidden"));
  CHECK_FALSE(scene.units[0].hidden);
  CHECK_FALSE(setUnitHidden(scene, 1, true));
  CHECK(scene.units[1].hidden);
  setUnitTeam(scene, 1, Team::Ally);
  CHECK_FALSE(scene.units[1].hidden);
  CHECK_FALSE(setUnitHidden(scene, 0, false));
  CHECK(says(setUnitHidden(scene, 7, true), "no such unit"));
}
