// Route memory (SPEC §8) as cursor sequences: every expected route is worked out by hand from the
// SPEC's four rules and section 2's parent rule, on boards drawn as text.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tactics/solver/path.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/route.h"

using namespace tactics;

namespace {

// A board drawn as rows: '.' plains, 'f' forest (2), 'm' mountains (8), '#' wall, 'U' the unit
// (on plains), 'a' an ally, 'E' an enemy.
struct Board {
  CostMap map;
  RangeQuery query;
  RangeResult range;

  Board(const std::vector<std::string>& rows, int move) {
    const int width = static_cast<int>(rows.front().size());
    const int height = static_cast<int>(rows.size());
    std::vector<std::uint8_t> grey;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
        grey.push_back(c == 'f' ? 76 : c == 'm' ? 178 : c == '#' ? 255 : 0);
        if (c == 'U') query.unit = {x, y};
        if (c == 'a') query.allies.push_back({x, y});
        if (c == 'E') query.enemies.push_back({x, y});
      }
    }
    map = CostMap(width, height, grey);
    query.moveRange = move;
    range = solveReference(map, query);
  }
};

// Feeds the cursor cells in order and returns the route after each.
std::vector<Route> trace(const Board& board, const std::vector<Cell>& cursor) {
  const RouteBoard rules(board.map, board.query, board.range);
  Route route = startRoute(rules);
  std::vector<Route> routes;
  for (Cell c : cursor) {
    enterCell(route, c, rules);
    routes.push_back(route);
  }
  return routes;
}

}  // namespace

TEST_CASE("route: extends along the cursor while the movement lasts, then cuts back", "[core]") {
  const Board board({".......", ".......", "...U...", ".......", "......."}, 3);
  const Cell u{3, 2};
  const auto routes = trace(board, {{4, 2}, {5, 2}, {5, 1}, {4, 2}, {3, 2}});
  CHECK(routes[0] == Route{u, {4, 2}});
  CHECK(routes[1] == Route{u, {4, 2}, {5, 2}});
  CHECK(routes[2] == Route{u, {4, 2}, {5, 2}, {5, 1}});
  CHECK(routes[3] == Route{u, {4, 2}});  // cut just after the cell stepped back onto
  CHECK(routes[4] == Route{u});          // back on the unit
}

TEST_CASE("route: a traced detour is kept while it fits, not replaced by the cheapest path",
          "[core]") {
  const Board board({".......", ".......", "...U...", ".......", "......."}, 3);
  const RouteBoard rules(board.map, board.query, board.range);
  const auto routes = trace(board, {{3, 1}, {4, 1}, {4, 2}});
  const Route detour{{3, 2}, {3, 1}, {4, 1}, {4, 2}};
  CHECK(routes[2] == detour);
  CHECK(routeCost(detour, rules) == 3);
  CHECK(arrowShows(detour, {4, 2}, rules));
  CHECK_FALSE(arrowShows(detour, {4, 1}, rules));  // the arrow ends where the cursor is
}

TEST_CASE("route: a step past the movement falls back to the cheapest path", "[core]") {
  const Board board({".......", ".......", "...U...", ".......", "......."}, 3);
  const auto routes = trace(board, {{4, 2}, {5, 2}, {5, 1}, {4, 1}, {0, 2}, {6, 2}});
  // Cost 3 used up: (4,1) costs 2 by the cheapest path, whose parent is down (up, down, left,
  // right order among the cheapest, fewest-step neighbours).
  CHECK(routes[3] == Route{{3, 2}, {4, 2}, {4, 1}});
  // Not next to the end: the cheapest path, straight along the row.
  CHECK(routes[4] == Route{{3, 2}, {2, 2}, {1, 2}, {0, 2}});
  // From the far left, (6,2) is 3 away: again the cheapest path.
  CHECK(routes[5] == Route{{3, 2}, {4, 2}, {5, 2}, {6, 2}});
}

TEST_CASE("route: cells outside the blue area leave the route unchanged", "[core]") {
  const Board board({".......", ".......", "...U...", ".......", "......."}, 2);
  const auto routes = trace(board, {{4, 2}, {6, 2}, {0, 0}, {5, 2}});
  CHECK(routes[1] == Route{{3, 2}, {4, 2}});  // 6,2 is 3 away
  CHECK(routes[2] == Route{{3, 2}, {4, 2}});
  CHECK(routes[3] == Route{{3, 2}, {4, 2}, {5, 2}});
}

TEST_CASE("route: the one-step rule appends a costly first step, and only a first step", "[core]") {
  // Move 3; the mountain right of the unit costs 8 and is reached only by the one-step rule.
  const Board board({"....", ".Um."}, 3);
  const Cell u{1, 1};
  const Cell mountain{2, 1};
  const RouteBoard rules(board.map, board.query, board.range);

  auto routes = trace(board, {mountain, {3, 1}, {3, 0}});
  CHECK(routes[0] == Route{u, mountain});
  CHECK(routeCost(routes[0], rules) == 8);
  CHECK(arrowShows(routes[0], mountain, rules));
  CHECK(routes[1] == Route{u, mountain});  // nothing beyond the mountain is reached through it
  // (3,0) is not next to the mountain: its cheapest path goes over the top row.
  CHECK(routes[2] == Route{u, {1, 0}, {2, 0}, {3, 0}});

  // The same mountain after two steps: it does not fit, and the cheapest path is the one step.
  routes = trace(board, {{1, 0}, {2, 0}, mountain});
  CHECK(routes[1] == Route{u, {1, 0}, {2, 0}});
  CHECK(routes[2] == Route{u, mountain});
}

TEST_CASE("route: forest costs count against the movement left", "[core]") {
  // Move 4: through the forest (2) then one plain fits; a second plain does not.
  const Board board({"Uf..."}, 4);
  const RouteBoard rules(board.map, board.query, board.range);
  const auto routes = trace(board, {{1, 0}, {2, 0}, {3, 0}});
  CHECK(routes[1] == Route{{0, 0}, {1, 0}, {2, 0}});
  CHECK(routeCost(routes[1], rules) == 3);
  CHECK(routes[2] == Route{{0, 0}, {1, 0}, {2, 0}, {3, 0}});
  CHECK(routeCost(routes[2], rules) == 4);
}

TEST_CASE("route: allies are passed through but the arrow never ends on them", "[core]") {
  const Board board({".....", "Ua...", "....."}, 3);
  const RouteBoard rules(board.map, board.query, board.range);
  const auto routes = trace(board, {{1, 1}, {2, 1}, {1, 1}});
  CHECK(routes[0] == Route{{0, 1}, {1, 1}});
  CHECK_FALSE(arrowShows(routes[0], {1, 1}, rules));
  CHECK(routes[1] == Route{{0, 1}, {1, 1}, {2, 1}});
  CHECK(arrowShows(routes[1], {2, 1}, rules));
  CHECK(routes[2] == Route{{0, 1}, {1, 1}});
  // A route of only the unit: its own cell is a stopping cell (SPEC §3: the start counts).
  CHECK(arrowShows(Route{{0, 1}}, {0, 1}, rules));
}

TEST_CASE("route: enemy cells are never entered, and the route goes around them", "[core]") {
  const Board board({".....", "UE...", "....."}, 4);
  const auto routes = trace(board, {{1, 1}, {1, 0}, {2, 0}, {2, 1}});
  CHECK(routes[0] == Route{{0, 1}});  // the enemy's cell is not reached
  // Not next to the unit: the cheapest path, around the enemy by the top row.
  CHECK(routes[1] == Route{{0, 1}, {0, 0}, {1, 0}});
  CHECK(routes[3] == Route{{0, 1}, {0, 0}, {1, 0}, {2, 0}, {2, 1}});
}

TEST_CASE("route: a cursor that jumps enters every cell of the line between", "[core]") {
  const Board board({"........", "........", "........", "...U....", "........", "........"}, 4);
  const RouteBoard rules(board.map, board.query, board.range);
  Route route = startRoute(rules);
  for (Cell c : cellsBetween({3, 3}, {5, 5})) enterCell(route, c, rules);
  CHECK(route == Route{{3, 3}, {4, 3}, {4, 4}, {5, 4}, {5, 5}});
  // Jumping back onto the route cuts it, even from far away.
  for (Cell c : cellsBetween({5, 5}, {4, 3})) enterCell(route, c, rules);
  CHECK(route == Route{{3, 3}, {4, 3}});
}

TEST_CASE("route: a route that does not start at the unit is restarted", "[core]") {
  const Board board({"...", ".U.", "..."}, 2);
  const RouteBoard rules(board.map, board.query, board.range);
  Route stale{{0, 0}, {1, 0}};
  enterCell(stale, {2, 1}, rules);
  CHECK(stale == Route{{1, 1}, {2, 1}});
}

TEST_CASE("cellsBetween: straight lines, both ways", "[core]") {
  CHECK(cellsBetween({2, 2}, {2, 2}).empty());
  CHECK(cellsBetween({0, 0}, {3, 0}) == std::vector<Cell>{{1, 0}, {2, 0}, {3, 0}});
  CHECK(cellsBetween({3, 0}, {0, 0}) == std::vector<Cell>{{2, 0}, {1, 0}, {0, 0}});
  CHECK(cellsBetween({1, 4}, {1, 2}) == std::vector<Cell>{{1, 3}, {1, 2}});
}

TEST_CASE("cellsBetween: a diagonal is a staircase that starts along x", "[core]") {
  CHECK(cellsBetween({0, 0}, {2, 2}) == std::vector<Cell>{{1, 0}, {1, 1}, {2, 1}, {2, 2}});
  CHECK(cellsBetween({2, 2}, {0, 0}) == std::vector<Cell>{{1, 2}, {1, 1}, {0, 1}, {0, 0}});
  CHECK(cellsBetween({0, 2}, {2, 0}) == std::vector<Cell>{{1, 2}, {1, 1}, {2, 1}, {2, 0}});
}

TEST_CASE("cellsBetween: steep and shallow lines follow the segment", "[core]") {
  // From (0.5,0.5) to (1.5,3.5): x crosses 1 exactly at y = 2, a corner: x first.
  CHECK(cellsBetween({0, 0}, {1, 3}) == std::vector<Cell>{{0, 1}, {1, 1}, {1, 2}, {1, 3}});
  // From (0.5,0.5) to (3.5,1.5): y crosses 1 exactly at x = 2, a corner: x first.
  CHECK(cellsBetween({0, 0}, {3, 1}) == std::vector<Cell>{{1, 0}, {2, 0}, {2, 1}, {3, 1}});
  // From (0.5,0.5) to (4.5,1.5): y crosses 1 at x = 2.5, inside cell column 2.
  CHECK(cellsBetween({0, 0}, {4, 1}) == std::vector<Cell>{{1, 0}, {2, 0}, {2, 1}, {3, 1}, {4, 1}});
  // Every line is 4-connected and as long as the Manhattan distance.
  const auto line = cellsBetween({7, 1}, {2, 9});
  REQUIRE(line.size() == 13);
  Cell previous{7, 1};
  for (Cell c : line) {
    CHECK(manhattan(previous, c) == 1);
    previous = c;
  }
}

TEST_CASE("attackRoute: keeps a route that ends in range, else the cheapest cell in range",
          "[core]") {
  // Unit at 1,2 with move 3; the enemy at 4,2.
  Board board({".......", ".......", ".U..E..", ".......", "......."}, 3);
  board.query.attack = {1, 2};
  board.range = solveReference(board.map, board.query);
  const RouteBoard rules(board.map, board.query, board.range);
  const Cell u{1, 2};
  const Cell enemy{4, 2};
  // Just the unit (3 away): 2,2 is the cheapest cell 1..2 from the enemy (cost 1).
  CHECK(attackRoute(Route{u}, enemy, rules) == Route{u, {2, 2}});
  // A traced route ending 2 from the enemy is kept, though it costs more.
  const Route below{u, {1, 3}, {2, 3}, {3, 3}};
  CHECK(attackRoute(below, enemy, rules) == below);
  // A route ending out of range is not.
  CHECK(attackRoute(Route{u, {1, 1}, {1, 0}}, enemy, rules) == Route{u, {2, 2}});
  // Only attackable cells: a reached cell or a cell out of reach gives nothing.
  CHECK_FALSE(attackRoute(Route{u}, {2, 2}, rules));
  CHECK_FALSE(attackRoute(Route{u}, {6, 0}, rules));
}

TEST_CASE("attackRoute: a sword must stand next to the enemy, ties by y then x", "[core]") {
  // Move 4 from 0,0; the enemy at 2,2: 2,1 and 1,2 both cost 3, 2,1 has the smaller y.
  const Board board({"U....", ".....", "..E..", ".....", "....."}, 4);
  const RouteBoard rules(board.map, board.query, board.range);
  CHECK(attackRoute(Route{{0, 0}}, {2, 2}, rules) == Route{{0, 0}, {1, 0}, {2, 0}, {2, 1}});
  // With move 0 nothing is reached but the unit, and the enemy is 4 away: not red.
  const Board still({"U....", ".....", "..E..", ".....", "....."}, 0);
  const RouteBoard stillRules(still.map, still.query, still.range);
  CHECK_FALSE(attackRoute(Route{{0, 0}}, {2, 2}, stillRules));
}

namespace {

// Every step of a line is to a neighbour, one nearer the end, and it ends there.
void checkLine(Cell a, Cell b, GridLayout layout) {
  const Topology topology(layout);
  const std::vector<Cell> line = cellsBetween(a, b, layout);
  INFO(layoutName(layout) << " from " << toString(a) << " to " << toString(b));
  REQUIRE(static_cast<int>(line.size()) == topology.distance(a, b));
  Cell at = a;
  for (const Cell c : line) {
    CHECK(topology.neighbourIndex(at, c) >= 0);
    CHECK(topology.distance(c, b) == topology.distance(at, b) - 1);
    at = c;
  }
  if (!line.empty()) CHECK(line.back() == b);
}

}  // namespace

TEST_CASE("cellsBetween on hex: rows, zig-zags and ties to the lower neighbour", "[core][hex]") {
  CHECK(cellsBetween({2, 2}, {2, 2}, GridLayout::HexYOdd).empty());
  // Along a row of hex-y-odd.
  CHECK(cellsBetween({0, 0}, {3, 0}, GridLayout::HexYOdd) == std::vector<Cell>{{1, 0}, {2, 0}, {3, 0}});
  // Straight down hex-y-odd's column of centres at half-width 4: (1,1) and (2,1) lie one
  // half-width either side, a tie that neighbour 4 (1,1) wins; (2,2) is on the segment.
  CHECK(cellsBetween({2, 0}, {2, 4}, GridLayout::HexYOdd) ==
        std::vector<Cell>{{1, 1}, {2, 2}, {1, 3}, {2, 4}});
  // Along a row of hex-x-even, whose centres zig-zag: the segment runs through the shifted
  // columns' centres, so each unshifted column ties between its two cells and neighbour 4 wins.
  CHECK(cellsBetween({0, 0}, {4, 0}, GridLayout::HexXEven) ==
        std::vector<Cell>{{1, 0}, {2, 0}, {3, 0}, {4, 0}});
  // Down a hex-x-odd column.
  CHECK(cellsBetween({3, 1}, {3, 4}, GridLayout::HexXOdd) == std::vector<Cell>{{3, 2}, {3, 3}, {3, 4}});
  // A square board keeps its staircase.
  CHECK(cellsBetween({0, 0}, {2, 2}, GridLayout::Square) == cellsBetween({0, 0}, {2, 2}));
}

TEST_CASE("cellsBetween on hex: every line steps through neighbours to its end", "[core][hex]") {
  const Cell ends[] = {{0, 0}, {5, 1}, {2, 7}, {9, 9}, {4, 4}, {8, 0}, {1, 5}, {7, 6}};
  for (const GridLayout layout : {GridLayout::HexYOdd, GridLayout::HexYEven, GridLayout::HexXOdd,
                                  GridLayout::HexXEven}) {
    for (const Cell a : ends) {
      for (const Cell b : ends) checkLine(a, b, layout);
    }
  }
}

TEST_CASE("route: on a hex board a traced diagonal step is next to the route's end", "[core][hex]") {
  // hex-y-odd: from the unit at (2,2), (1,2) then (0,1), a neighbour of (1,2) on the row above.
  // The route keeps the traced cells; the cheapest path would go through (1,1), neighbour 3 of
  // (0,1), which comes before (1,2) (neighbour 5).
  Board b({".....", ".....", "..U..", ".....", "....."}, 4);
  b.map.setLayout(GridLayout::HexYOdd);
  b.range = solveReference(b.map, b.query);
  const auto routes = trace(b, {{1, 2}, {0, 1}});
  CHECK(routes.back() == Route{{2, 2}, {1, 2}, {0, 1}});
  CHECK(pathTo(b.range, {2, 2}, {0, 1}) == Route{{2, 2}, {1, 1}, {0, 1}});
  // A cursor that jumps enters the hex line: (2,2) to (2,4) passes (1,3).
  const RouteBoard rules(b.map, b.query, b.range);
  Route route = startRoute(rules);
  for (const Cell c : cellsBetween({2, 2}, {2, 4}, b.map.layout())) enterCell(route, c, rules);
  CHECK(route == Route{{2, 2}, {1, 3}, {2, 4}});
}

TEST_CASE("attackRoute: a hex sword stands on a hex neighbour of its target", "[core][hex]") {
  // hex-y-even, the enemy at (3,1), a wall left of it: the unit at (0,3) with move 3 reaches
  // only (2,2) of its neighbours (on the row below, row 1 being unshifted; no square neighbour).
  Board b({".....", "..#E.", ".....", "U....", "....."}, 3);
  b.map.setLayout(GridLayout::HexYEven);
  b.query.attack = {1, 1};
  b.range = solveReference(b.map, b.query);
  const RouteBoard rules(b.map, b.query, b.range);
  const auto route = attackRoute(startRoute(rules), {3, 1}, rules);
  REQUIRE(route);
  CHECK(route->back() == Cell{2, 2});
  CHECK(b.map.topology().neighbourIndex(route->back(), {3, 1}) >= 0);
}
