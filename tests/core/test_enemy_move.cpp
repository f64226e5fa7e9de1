// Where the computer's units go: boards drawn by hand, destinations worked out by hand from the
// rules in core/enemy_move.h, ranges from the CPU reference.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tactics/solver/enemy_move.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

Unit unit(Team team, Cell cell, int move = 0, AttackRange attack = {1, 1}) {
  Unit u;
  u.name = teamName(team);
  u.team = team;
  u.cell = cell;
  u.moveRange = move;
  u.attack = attack;
  return u;
}

// '.' plains, 'f' forest (2), '#' wall.
CostMap mapOf(const std::vector<std::string>& rows) {
  std::vector<std::uint8_t> grey;
  for (const std::string& row : rows) {
    for (char c : row) grey.push_back(c == 'f' ? 76 : c == '#' ? 255 : 0);
  }
  return CostMap(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()), grey);
}

CostMap open(int width, int height) {
  return CostMap(width, height,
                 std::vector<std::uint8_t>(static_cast<std::size_t>(width * height), 0));
}

Cell destination(const CostMap& map, const std::vector<Unit>& units, std::size_t mover) {
  return chooseDestination(solveReference(map, queryFor(units, mover)), units, mover);
}

}  // namespace

TEST_CASE("enemy move: the cheapest cell in attack range, ties by y then x", "[core]") {
  const CostMap map = open(5, 5);
  // From 0,0 with move 4: next to the player at 2,2 are 2,1 and 1,2 (cost 3 each; 3,2 and 2,3
  // cost 5). The smaller y wins.
  CHECK(destination(map, {unit(Team::Enemy, {0, 0}, 4), unit(Team::Player, {2, 2})}, 0) ==
        Cell{2, 1});
  // Another enemy on 2,1: passable, but not a place to stop.
  CHECK(destination(
            map,
            {unit(Team::Enemy, {0, 0}, 4), unit(Team::Enemy, {2, 1}), unit(Team::Player, {2, 2})},
            0) == Cell{1, 2});
}

TEST_CASE("enemy move: minimum range counts, and staying put is cheapest", "[core]") {
  const CostMap map = open(5, 5);
  // A 2-2 bow two cells above the player already has it in range: it stays.
  CHECK(destination(map, {unit(Team::Enemy, {2, 0}, 3, {2, 2}), unit(Team::Player, {2, 2})}, 0) ==
        Cell{2, 0});
  // A 1-1 sword there steps next to it.
  CHECK(destination(map, {unit(Team::Enemy, {2, 0}, 3, {1, 1}), unit(Team::Player, {2, 2})}, 0) ==
        Cell{2, 1});
  // A 2-2 bow at 0,0 with move 4: distance 2 from 2,2 at cost 2 are 2,0, 1,1 and 0,2.
  CHECK(destination(map, {unit(Team::Enemy, {0, 0}, 4, {2, 2}), unit(Team::Player, {2, 2})}, 0) ==
        Cell{2, 0});
}

TEST_CASE("enemy move: out of reach, the closest cell, ties by cost, then y, then x", "[core]") {
  // Distance only: from 8,1 with move 3, 5,1 is 3 from the player at 2,1; nothing is closer.
  CHECK(destination(open(9, 3), {unit(Team::Enemy, {8, 1}, 3), unit(Team::Player, {2, 1})}, 0) ==
        Cell{5, 1});
  // Cost before y: 1,1 (cost 1) and 2,0 (cost 3, round the wall's top) are both 8 from 9,1.
  const CostMap walled = mapOf({"..........", "..#......."});
  CHECK(destination(walled, {unit(Team::Enemy, {0, 1}, 3), unit(Team::Player, {9, 1})}, 0) ==
        Cell{1, 1});
  // y: 4,1, 3,2 and 2,3 are all 3 from 4,4 at cost 3.
  CHECK(destination(open(6, 6), {unit(Team::Enemy, {2, 0}, 3), unit(Team::Player, {4, 4})}, 0) ==
        Cell{4, 1});
  // x: two players; 0,0 and 4,0 are both 4 from the nearest one at cost 2, as are 1,1 and 3,1.
  const std::vector<Unit> twoPlayers = {unit(Team::Enemy, {2, 0}, 2, {0, 0}),
                                        unit(Team::Player, {0, 4}), unit(Team::Player, {4, 4})};
  CHECK(destination(open(5, 5), twoPlayers, 0) == Cell{0, 0});
}

TEST_CASE("ally move: towards the enemies, passing the players", "[core]") {
  const CostMap map = open(5, 5);
  // Next to the enemy at 2,2: 2,1 holds a player, so 1,2 (cost 3).
  CHECK(destination(
            map,
            {unit(Team::Ally, {0, 0}, 4), unit(Team::Player, {2, 1}), unit(Team::Enemy, {2, 2})},
            0) == Cell{1, 2});
  // With nobody to go for, a unit stays.
  CHECK(destination(map, {unit(Team::Ally, {0, 0}, 4), unit(Team::Player, {2, 1})}, 0) ==
        Cell{0, 0});
  CHECK(isTarget(Team::Enemy, Team::Player));
  CHECK_FALSE(isTarget(Team::Enemy, Team::Ally));
  CHECK(isTarget(Team::Ally, Team::Enemy));
  CHECK_FALSE(isTarget(Team::Player, Team::Enemy));
}

namespace {

// A wall down column 4 with its only gap at the bottom row; the player beyond it, top right.
// From 0,3 with move 3, Manhattan distance to the player is 8 along the whole edge x <= y of the
// diamond, so the straight-line rule walks up to 0,0: a dead end in the top-left corner. The
// field goes round through the gap (4,6): from 8,0 that is 3 left, 6 down, 2 left = 11 to 3,6,
// and 11 + (3 - x) + (6 - y) to a cell left of the wall, lowest (14) on the edge x + y = 6 of
// the diamond, all at travel cost 3: the smaller y, 3,3, wins.
CostMap walled() {
  return mapOf({"....#....",
                "....#....",
                "....#....",
                "....#....",
                "....#....",
                "....#....",
                "........."});
}

Cell byField(const CostMap& map, const std::vector<Unit>& units, std::size_t mover) {
  const DistanceField field =
      solveFieldReference(map, fieldQueryFor(units, units[mover].team, units[mover].movement));
  return chooseDestination(solveReference(map, queryFor(units, mover)), units, mover, &field);
}

}  // namespace

TEST_CASE("enemy move by field: round the wall where Manhattan walks into a dead end", "[core]") {
  const CostMap map = walled();
  const std::vector<Unit> units{unit(Team::Enemy, {0, 3}, 3), unit(Team::Player, {8, 0})};
  CHECK(destination(map, units, 0) == Cell{0, 0});
  CHECK(byField(map, units, 0) == Cell{3, 3});
  // Without the field the new overload is the Manhattan rule.
  CHECK(chooseDestination(solveReference(map, queryFor(units, 0)), units, 0, nullptr) ==
        Cell{0, 0});
}

TEST_CASE("enemy move by field: a target in attack range still comes first", "[core]") {
  const CostMap map = walled();
  // The player at 3,0 is in reach: the cheapest cell next to it (3,1 at cost 3) wins over any
  // field value.
  const std::vector<Unit> units{unit(Team::Enemy, {0, 1}, 3), unit(Team::Player, {3, 0})};
  CHECK(byField(map, units, 0) == Cell{2, 0});
}

TEST_CASE("enemy move by field: equal field values go to the smaller y", "[core]") {
  // Forest at 1,0. From 0,2 with move 2 the stopping cells are 0,2 (travel 0), 1,2 and 0,1 (1),
  // 2,2, 1,1 and 0,0 (2). Their field values from the player at 5,0 (walking to them): 0,2 = 7,
  // 1,2 = 6, 0,1 = 6, 2,2 = 5, 1,1 = 5 (along row 1), 0,0 = 6 (through the forest, 3 + 2 + 1).
  // 2,2 and 1,1 tie at 5 and travel 2: the smaller y wins.
  const CostMap map = mapOf({".f....", "......", "......"});
  const std::vector<Unit> units{unit(Team::Enemy, {0, 2}, 2), unit(Team::Player, {5, 0})};
  CHECK(byField(map, units, 0) == Cell{1, 1});
}

TEST_CASE("enemy move by field: equal field values go to the cheaper travel cost", "[core]") {
  // Open 5x3, the enemy at 0,2 with move 7 and no attack (so only the field decides), the player
  // at 4,1. Field 1 (next to the player): 3,1 at travel 4, 4,2 at travel 4, 4,0 at travel 6.
  // 4,0 has the smallest y but costs more to reach; 3,1 and 4,2 tie on travel, 3,1 has the
  // smaller y.
  const CostMap map = open(5, 3);
  const std::vector<Unit> units{unit(Team::Enemy, {0, 2}, 7, {0, 0}), unit(Team::Player, {4, 1})};
  CHECK(byField(map, units, 0) == Cell{3, 1});
}

TEST_CASE("enemy move by field: walled off from every target, Manhattan decides", "[core]") {
  const CostMap map = mapOf({"..#..", "..#..", "..#.."});
  const std::vector<Unit> units{unit(Team::Enemy, {0, 1}, 3), unit(Team::Player, {4, 1})};
  // The field reaches no cell left of the wall: the straight-line rule picks 1,1 (distance 3,
  // cost 1) over 1,0 and 1,2 (distance 4).
  CHECK(byField(map, units, 0) == destination(map, units, 0));
  CHECK(byField(map, units, 0) == Cell{1, 1});
}

TEST_CASE("enemy move: out of reach on a hex board, the nearest cell by hex distance", "[core][hex]") {
  // hex-y-odd: from (6,3) the player at (5,5) is 2 away (rows 3 and 5 are both shifted), from the
  // mover's own (2,5) 3 away; both are 3 by Manhattan, where the cheaper (staying) would win.
  RangeResult range(7, 7, GridLayout::HexYOdd);
  range.reach[{2, 5}] = Reach::Reached;
  range.travelCost[{2, 5}] = 0;
  range.reach[{6, 3}] = Reach::Reached;
  range.travelCost[{6, 3}] = 4;
  const std::vector<Unit> units{unit(Team::Enemy, {2, 5}, 4, {0, 0}), unit(Team::Player, {5, 5})};
  CHECK(chooseDestination(range, units, 0) == Cell{6, 3});
  range.layout = GridLayout::Square;
  CHECK(chooseDestination(range, units, 0) == Cell{2, 5});
}

TEST_CASE("enemy move: a hex sword attacks from any of the six neighbours", "[core][hex]") {
  // hex-x-odd: the player at (3,3) (a shifted column) has (2,3) and (2,4) as neighbours in
  // column 2; the mover at (0,4) reaches both for 2 (through (1,3)), and the smaller y wins. On
  // a square board (2,3) is 3 away and no cell next to the player is within reach.
  CostMap map = open(6, 6);
  map.setLayout(GridLayout::HexXOdd);
  const std::vector<Unit> units{unit(Team::Enemy, {0, 4}, 2), unit(Team::Player, {3, 3})};
  CHECK(destination(map, units, 0) == Cell{2, 3});
  const RangeResult range = solveReference(map, queryFor(units, 0));
  CHECK(range.travelCost[{2, 4}] == 2);
}
