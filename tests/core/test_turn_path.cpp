// Paths beyond one turn: the cheapest path read off a single-source field, and where each turn
// ends. Boards drawn by hand, answers worked out by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tactics/solver/turn_path.h"

using namespace tactics;

namespace {

// '.' plains, 'f' forest (2), '#' wall.
CostMap mapOf(const std::vector<std::string>& rows) {
  std::vector<std::uint8_t> grey;
  for (const std::string& row : rows) {
    for (char c : row) grey.push_back(c == 'f' ? 76 : c == '#' ? 255 : 0);
  }
  return CostMap(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()), grey);
}

Unit unit(Team team, Cell cell, int move = 5) {
  Unit u;
  u.name = teamName(team);
  u.team = team;
  u.cell = cell;
  u.moveRange = move;
  return u;
}

}  // namespace

TEST_CASE("single-source field: the unit is the source, hostile units block", "[core]") {
  const CostMap map = mapOf({"....", "....", "...."});
  const std::vector<Unit> units{unit(Team::Player, {0, 0}), unit(Team::Enemy, {1, 0}),
                                unit(Team::Ally, {0, 1})};
  const FieldQuery query = fieldQueryFrom(units, 0);
  CHECK(query.sources == std::vector<Cell>{{0, 0}});
  CHECK(query.blockers == std::vector<Cell>{{1, 0}});
  const DistanceField field = solveFieldReference(map, query);
  CHECK(field[{0, 0}] == 0);
  CHECK(field[{1, 0}] == kFieldUnreachable);  // the enemy's cell
  CHECK(field[{0, 1}] == 1);                  // the ally's cell is walked through
  CHECK(field[{2, 0}] == 4);                  // round the enemy: down, right, right, up
}

TEST_CASE("cheapest path: round a wall, parents in the order up, down, left, right", "[core]") {
  const CostMap map = mapOf({".#..", ".#..", "...."});
  const std::vector<Unit> units{unit(Team::Player, {0, 0})};
  const DistanceField field = solveFieldReference(map, fieldQueryFrom(units, 0));
  const std::vector<Cell> path = cheapestPath(map, units[0].movement, field, {2, 0});
  // 2,0 (6): up none, down 2,1 (5) fits, so 2,1; then 2,1: down 2,2 (4); 2,2: left 1,2 (3); ...
  CHECK(path == std::vector<Cell>{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}, {2, 1}, {2, 0}});
  CHECK(cheapestPath(map, units[0].movement, field, {1, 0}).empty());  // a wall
  CHECK(cheapestPath(map, units[0].movement, field, {0, 0}) == std::vector<Cell>{{0, 0}});
}

TEST_CASE("cheapest path: a stale field (the map painted since) gives no path, never a loop",
          "[core]") {
  // The field was solved before 1,0 (forest) and 1,1 were painted into walls. Both have field
  // value 2; as walls their entry cost reads 0, so each looked like the other's predecessor and
  // the walk back bounced between them for ever (the soak found this).
  const CostMap before = mapOf({".f.", "..."});
  const std::vector<Unit> units{unit(Team::Player, {0, 0})};
  const DistanceField field = solveFieldReference(before, fieldQueryFrom(units, 0));
  REQUIRE(field[{1, 0}] == 2);
  REQUIRE(field[{1, 1}] == 2);
  const CostMap after = mapOf({".#.", ".#."});
  CHECK(cheapestPath(after, units[0].movement, field, {2, 1}).empty());
}

TEST_CASE("turn plan: each turn ends on the farthest stopping cell in range", "[core]") {
  // Seven steps of cost 1 with move 3: turns end at 3, 6 and 7.
  const std::vector<int> entry(8, 1);
  const std::vector<bool> canStop(8, true);
  const TurnPlan plan = planTurns(entry, canStop, 3);
  CHECK(plan.ends == std::vector<std::size_t>{3, 6, 7});
  CHECK(plan.complete);
}

TEST_CASE("turn plan: allies' cells are not stopping cells, forest costs more", "[core]") {
  // Costs 1 1 2 1 1 1 with move 3; an ally on index 2. Turn 1: 1 -> 1, 2 -> 2 (ally: no), 3
  // would cost 4: ends at 1. Turn 2 from 1: 2 (1), 3 (3) ends at 3. Turn 3: 4, 5, 6 (3): 6.
  const std::vector<int> entry{0, 1, 1, 2, 1, 1, 1};
  std::vector<bool> canStop(7, true);
  canStop[2] = false;
  const TurnPlan plan = planTurns(entry, canStop, 3);
  CHECK(plan.ends == std::vector<std::size_t>{1, 3, 6});
  CHECK(plan.complete);
}

TEST_CASE("turn plan: the one-step rule, and paths that cannot be finished", "[core]") {
  // A mountain of cost 8 with move 5: one step onto it takes a whole turn.
  CHECK(planTurns({0, 8, 1}, {true, true, true}, 5).ends == std::vector<std::size_t>{1, 2});
  // An ally on the only next cell, too dear to pass: no turn can end anywhere.
  const TurnPlan stuck = planTurns({0, 8, 1}, {true, false, true}, 5);
  CHECK(stuck.ends.empty());
  CHECK_FALSE(stuck.complete);
  // The last cell is an ally's: the walk ends short of it.
  const TurnPlan shortOf = planTurns({0, 1, 1}, {true, true, false}, 5);
  CHECK(shortOf.ends == std::vector<std::size_t>{1});
  CHECK_FALSE(shortOf.complete);
  // Move 0 never leaves; one cell takes no turn.
  CHECK(planTurns({0, 1}, {true, true}, 0).ends.empty());
  CHECK(planTurns({0}, {true}, 3).ends.empty());
  CHECK_FALSE(planTurns({0}, {true}, 3).complete);
}

TEST_CASE("cheapest path: on a hex board, parents in SPEC 13's neighbour order", "[core][hex]") {
  // hex-y-odd, from (0,0) to (2,2) (distance 3): (2,2) is on an unshifted row, its neighbour 0
  // (1,1) has 2; (1,1) is shifted, its neighbour 0 (1,0) has 1; (1,0)'s neighbour 2 is (0,0).
  CostMap map = mapOf({"....", "....", "....", "...."});
  map.setLayout(GridLayout::HexYOdd);
  const std::vector<Unit> units{unit(Team::Player, {0, 0})};
  const DistanceField field = solveFieldReference(map, fieldQueryFrom(units, 0));
  CHECK(cheapestPath(map, units[0].movement, field, {2, 2}) ==
        std::vector<Cell>{{0, 0}, {1, 0}, {1, 1}, {2, 2}});
  // A square board's path to the same cell takes four steps.
  CostMap square = mapOf({"....", "....", "....", "...."});
  const DistanceField squareField = solveFieldReference(square, fieldQueryFrom(units, 0));
  CHECK(cheapestPath(square, units[0].movement, squareField, {2, 2}).size() == 5);
}
