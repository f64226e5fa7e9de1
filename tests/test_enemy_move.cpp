// Where the computer's units go: boards drawn by hand, destinations worked out by hand from the
// rules in core/enemy_move.h, ranges from the CPU reference.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/enemy_move.h"
#include "core/reference_solver.h"

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
