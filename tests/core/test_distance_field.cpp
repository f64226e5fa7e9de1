// The CPU distance field against SPEC §10: hand-computed fields, and a brute-force relaxation on
// random boards.
#include <catch2/catch.hpp>

#include "tactics/solver/distance_field.h"
#include "random_cases.h"
#include "random_fields.h"

using namespace tactics;
using tactics::testing::mapFromRows;

namespace {

constexpr int P = 0;    // plains, cost 1 on foot
constexpr int F = 76;   // forest, 2
constexpr int H = 127;  // hills, 4
constexpr int M = 178;  // mountains, 8
constexpr int W = 255;  // wall
constexpr int U = -1;   // unreachable

std::vector<std::vector<FieldCost>> rowsOf(const DistanceField& field) {
  std::vector<std::vector<FieldCost>> rows;
  for (int y = 0; y < field.height(); ++y) {
    std::vector<FieldCost> row;
    for (int x = 0; x < field.width(); ++x) row.push_back(field[{x, y}]);
    rows.push_back(row);
  }
  return rows;
}

FieldQuery onFoot(std::vector<Cell> sources, std::vector<Cell> blockers = {}) {
  FieldQuery q;
  q.sources = std::move(sources);
  q.blockers = std::move(blockers);
  return q;
}

Unit unitAt(Team team, Cell cell) {
  Unit u;
  u.name = teamName(team);
  u.team = team;
  u.cell = cell;
  return u;
}

}  // namespace

TEST_CASE("Field: walls are walked around", "[core][field]") {
  const CostMap map = mapFromRows({{P, P, W}, {P, W, P}, {P, P, P}});
  const auto field = solveFieldReference(map, onFoot({{0, 0}}));
  CHECK(rowsOf(field) == std::vector<std::vector<FieldCost>>{{0, 1, U}, {1, U, 5}, {2, 3, 4}});
}

TEST_CASE("Field: weighted terrain costs what is entered", "[core][field]") {
  // Entering forest 2, hills 4, mountains 8; the source's own cell is free.
  const CostMap strip = mapFromRows({{P, F, H, M, P}});
  CHECK(rowsOf(solveFieldReference(strip, onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 2, 6, 14, 15}});
  // The close-once counterexample of SPEC 2: the detour under the mountain is cheaper.
  const CostMap detour = mapFromRows({{P, M, P, P}, {P, P, P, P}});
  CHECK(rowsOf(solveFieldReference(detour, onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 8, 4, 5}, {1, 2, 3, 4}});
  // Another movement class prices the same map differently.
  FieldQuery flier = onFoot({{0, 0}});
  flier.movement = MovementClass({3, 3, 3, 3, MovementClass::kImpassable});
  CHECK(rowsOf(solveFieldReference(strip, flier)) ==
        std::vector<std::vector<FieldCost>>{{0, 3, 6, 9, 12}});
}

TEST_CASE("Field: every cell counts from its nearest source", "[core][field]") {
  const CostMap strip = mapFromRows({{P, P, P, P, P, P, P}});
  CHECK(rowsOf(solveFieldReference(strip, onFoot({{0, 0}, {6, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 1, 2, 3, 2, 1, 0}});
  // Nearest in cost, not in steps: x = 3 is two steps from the right source, over hills, and
  // cheaper from the left one.
  const CostMap hilly = mapFromRows({{P, P, P, H, H, P}});
  CHECK(rowsOf(solveFieldReference(hilly, onFoot({{0, 0}, {5, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 1, 2, 6, 4, 0}});
  // A source listed twice is one source.
  CHECK(rowsOf(solveFieldReference(strip, onFoot({{3, 0}, {3, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{3, 2, 1, 0, 1, 2, 3}});
}

TEST_CASE("Field: blocked cells are never entered but sources on them start", "[core][field]") {
  const CostMap strip = mapFromRows({{P, P, P, P, P}});
  // A blocker that is no source cuts the strip.
  CHECK(rowsOf(solveFieldReference(strip, onFoot({{0, 0}}, {{2, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 1, U, U, U}});
  // Hostile units are sources and blockers: each is started from, none is entered.
  CHECK(rowsOf(solveFieldReference(strip, onFoot({{0, 0}, {2, 0}}, {{0, 0}, {2, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 1, 0, 1, 2}});
  // A source on terrain its class cannot enter still spreads.
  const CostMap walled = mapFromRows({{P, W, F}});
  CHECK(rowsOf(solveFieldReference(walled, onFoot({{1, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{1, 0, 2}});
  // Around a blocker in open ground.
  const CostMap open = mapFromRows({{P, P, P}, {P, P, P}, {P, P, P}});
  CHECK(rowsOf(solveFieldReference(open, onFoot({{1, 0}}, {{1, 1}}))) ==
        std::vector<std::vector<FieldCost>>{{1, 0, 1}, {2, U, 2}, {3, 4, 3}});
}

TEST_CASE("Field: pockets no source reaches stay -1", "[core][field]") {
  const CostMap map = mapFromRows({{P, P, W, P, P}, {P, F, W, P, P}, {P, P, W, P, M}});
  CHECK(rowsOf(solveFieldReference(map, onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 1, U, U, U}, {1, 3, U, U, U}, {2, 3, U, U, U}});
  // No sources at all: nothing is reached.
  CHECK(rowsOf(solveFieldReference(map, onFoot({}))) ==
        std::vector<std::vector<FieldCost>>{{U, U, U, U, U}, {U, U, U, U, U}, {U, U, U, U, U}});
}

TEST_CASE("Field: 1x1 maps and one-cell-wide strips", "[core][field]") {
  CHECK(rowsOf(solveFieldReference(mapFromRows({{P}}), onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0}});
  CHECK(rowsOf(solveFieldReference(mapFromRows({{W}}), onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0}});
  CHECK(rowsOf(solveFieldReference(mapFromRows({{P}}), onFoot({}))) ==
        std::vector<std::vector<FieldCost>>{{U}});
  const CostMap column = mapFromRows({{H}, {P}, {M}, {F}, {W}, {P}});
  CHECK(rowsOf(solveFieldReference(column, onFoot({{0, 1}}))) ==
        std::vector<std::vector<FieldCost>>{{4}, {0}, {8}, {10}, {U}, {U}});
}

TEST_CASE("Field: long paths add up without a range cap", "[core][field]") {
  // 4096 mountains in a row on a class that pays 15 for them: far beyond any Movement Range.
  const std::vector<std::vector<int>> rows{std::vector<int>(kMaxMapSide, M)};
  FieldQuery q = onFoot({{0, 0}});
  q.movement = MovementClass({1, 1, 1, 15, MovementClass::kImpassable});
  const auto field = solveFieldReference(mapFromRows(rows), q);
  CHECK(field[{1, 0}] == 15);
  CHECK(field[{kMaxMapSide - 1, 0}] == 15 * (kMaxMapSide - 1));
}

TEST_CASE("Field: the query for a team makes hostile units sources and friends ground",
          "[core][field]") {
  const std::vector<Unit> units = {unitAt(Team::Enemy, {0, 0}), unitAt(Team::Player, {2, 0}),
                                   unitAt(Team::Ally, {3, 0}), unitAt(Team::Enemy, {5, 0})};
  const CostMap strip = mapFromRows({{P, P, P, P, P, P, P}});
  const MovementClass foot;

  // Players and allies move towards the enemies; their own cells do not block.
  const FieldQuery forPlayers = fieldQueryFor(units, Team::Player, foot);
  CHECK(forPlayers.sources == std::vector<Cell>{{0, 0}, {5, 0}});
  CHECK(forPlayers.blockers == std::vector<Cell>{{0, 0}, {5, 0}});
  CHECK(rowsOf(solveFieldReference(strip, forPlayers)) ==
        std::vector<std::vector<FieldCost>>{{0, 1, 2, 2, 1, 0, 1}});
  CHECK(fieldQueryFor(units, Team::Ally, foot).sources == forPlayers.sources);

  // Enemies move towards players and allies, through each other's cells.
  const FieldQuery forEnemies = fieldQueryFor(units, Team::Enemy, foot);
  CHECK(forEnemies.sources == std::vector<Cell>{{2, 0}, {3, 0}});
  CHECK(rowsOf(solveFieldReference(strip, forEnemies)) ==
        std::vector<std::vector<FieldCost>>{{2, 1, 0, 0, 1, 2, 3}});

  // The class is the caller's: armour cannot enter mountains.
  const MovementClass armour({1, 3, 6, MovementClass::kImpassable, MovementClass::kImpassable});
  const CostMap ridge = mapFromRows({{P, P, P, P, P, P, M}});
  CHECK(solveFieldReference(ridge, fieldQueryFor(units, Team::Enemy, armour))[{6, 0}] == U);
}

TEST_CASE("Field: the reference equals brute-force relaxation on random boards",
          "[core][field][random]") {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const auto c = testing::makeRandomField(seed, {12, 12});
    INFO(c.describe());
    const auto difference =
        testing::compareFields(solveFieldReference(c.map, c.query), testing::bruteForceField(c.map, c.query));
    INFO(difference.value_or("fields agree"));
    REQUIRE_FALSE(difference);
  }
}

TEST_CASE("Field: on a hex board each step goes to one of six neighbours", "[core][field][hex]") {
  // hex-y-odd, row 1 shifted: (0,0)'s neighbours below are (-1,1) and (0,1); (0,1)'s are (0,2)
  // and (1,2).
  CostMap map = mapFromRows({{P, P, P}, {P, P, P}, {P, P, P}});
  map.setLayout(GridLayout::HexYOdd);
  CHECK(rowsOf(solveFieldReference(map, onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, 1, 2}, {1, 2, 3}, {2, 2, 3}});
  // hex-x-even, column 0 shifted: (0,0) reaches (1,0) and (1,1) in one step; a wall at (1,0)
  // leaves the way through (1,1), and forest at (2,1) costs 2.
  CostMap columns = mapFromRows({{P, W, P}, {P, P, F}});
  columns.setLayout(GridLayout::HexXEven);
  CHECK(rowsOf(solveFieldReference(columns, onFoot({{0, 0}}))) ==
        std::vector<std::vector<FieldCost>>{{0, U, 2}, {1, 1, 3}});
}

TEST_CASE("Field: on open plains a field is the board's distance, on every layout", "[core][field][hex]") {
  for (const GridLayout layout : kGridLayouts) {
    INFO(layoutName(layout));
    CostMap map(11, 9, std::vector<std::uint8_t>(99, 0));
    map.setLayout(layout);
    const Cell source{5, 4};
    const DistanceField field = solveFieldReference(map, onFoot({source}));
    for (int y = 0; y < 9; ++y) {
      for (int x = 0; x < 11; ++x) {
        INFO(x << "," << y);
        CHECK(field[{x, y}] == map.topology().distance(source, {x, y}));
      }
    }
  }
}

TEST_CASE("Field: the reference equals brute-force relaxation on random hex boards",
          "[core][field][random][hex]") {
  for (const GridLayout layout : {GridLayout::HexYOdd, GridLayout::HexYEven, GridLayout::HexXOdd,
                                  GridLayout::HexXEven}) {
    for (std::uint64_t seed = 1; seed <= 16; ++seed) {
      const auto c = testing::makeRandomField(seed, {14, 14}, layout);
      INFO(c.describe());
      REQUIRE(c.map.layout() == layout);
      const auto difference = testing::compareFields(solveFieldReference(c.map, c.query),
                                                     testing::bruteForceField(c.map, c.query));
      INFO(difference.value_or("fields agree"));
      REQUIRE_FALSE(difference);
    }
  }
}
