// The danger zone's CPU reference (SPEC §7) on boards small enough to count by hand, and against
// a brute-force reading of the rule on random boards.
#include <catch2/catch.hpp>

#include <random>

#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"
#include "random_cases.h"

using namespace tactics;
using tactics::testing::mapFromRows;

namespace {

Unit unit(Team team, Cell cell, int move, AttackRange attack) {
  Unit u;
  u.name = "U";
  u.team = team;
  u.cell = cell;
  u.moveRange = move;
  u.attack = attack;
  return u;
}

CostMap openMap(int width, int height) {
  return mapFromRows(std::vector<std::vector<int>>(static_cast<std::size_t>(height),
                                                   std::vector<int>(static_cast<std::size_t>(width), 0)));
}

// The rule read literally: solve, then every cell against every stopping cell.
Grid<std::uint8_t> bruteForceThreat(const CostMap& map, const std::vector<Unit>& units,
                                    std::size_t index) {
  Grid<std::uint8_t> threat(map.width(), map.height(), 0);
  const Unit& e = units[index];
  if (e.attack.none()) return threat;
  const RangeResult r = solveReference(map, queryFor(units, index));
  for (int sy = 0; sy < map.height(); ++sy) {
    for (int sx = 0; sx < map.width(); ++sx) {
      const Cell s{sx, sy};
      const auto standing = unitAt(units, s);
      if (!r.reached(s) || (standing && *standing != index)) continue;
      for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
          const int d = map.topology().distance(s, {x, y});
          if (e.attack.contains(d)) threat[{x, y}] = 1;
        }
      }
    }
  }
  return threat;
}

}  // namespace

TEST_CASE("a bow that cannot move threatens only its ring", "[core][danger]") {
  const CostMap map = openMap(7, 7);
  const std::vector<Unit> units = {unit(Team::Enemy, {3, 3}, 0, {2, 2})};
  const auto count = dangerZone(map, units);
  for (int y = 0; y < 7; ++y) {
    for (int x = 0; x < 7; ++x) {
      INFO(x << "," << y);
      CHECK(count[{x, y}] == (manhattan({x, y}, {3, 3}) == 2 ? 1 : 0));
    }
  }
}

TEST_CASE("reached cells and the enemy's own cell are threatened too", "[core][danger]") {
  const CostMap map = openMap(7, 7);
  const std::vector<Unit> units = {unit(Team::Enemy, {3, 3}, 1, {1, 1})};
  const auto count = dangerZone(map, units);
  CHECK(count[{3, 3}] == 1);  // one step from a neighbouring stopping cell
  CHECK(count[{3, 2}] == 1);  // reached, and one step from the start
  CHECK(count[{3, 1}] == 1);
  CHECK(count[{3, 0}] == 0);
  CHECK(count[{2, 2}] == 1);
  CHECK(count[{1, 2}] == 0);
}

TEST_CASE("counts add up per enemy, and only enemies count", "[core][danger]") {
  const CostMap map = openMap(9, 3);
  const std::vector<Unit> units = {
      unit(Team::Enemy, {2, 1}, 0, {1, 2}), unit(Team::Enemy, {5, 1}, 0, {1, 2}),
      unit(Team::Player, {8, 1}, 3, {1, 5}), unit(Team::Ally, {0, 0}, 3, {1, 5}),
      unit(Team::Enemy, {8, 0}, 4, {0, 0})};  // attack 0: threatens nothing
  const auto count = dangerZone(map, units);
  CHECK(count[{3, 1}] == 2);
  CHECK(count[{4, 1}] == 2);
  CHECK(count[{2, 1}] == 0);  // its own cell is 0 away, the second enemy 3
  CHECK(count[{0, 1}] == 1);
  CHECK(count[{7, 1}] == 1);
  CHECK(count[{8, 2}] == 0);
}

TEST_CASE("players block enemies, other enemies are crossed but not stood on",
          "[core][danger]") {
  // A one-cell corridor: E1 (move 2) behind E2; a player further on.
  //   x: 0  1  2  3  4  5
  const CostMap map = mapFromRows({{255, 255, 255, 255, 255, 255},
                                   {0, 0, 0, 0, 0, 0},
                                   {255, 255, 255, 255, 255, 255}});
  std::vector<Unit> units = {unit(Team::Enemy, {0, 1}, 2, {1, 1}),
                             unit(Team::Enemy, {1, 1}, 0, {0, 0}),
                             unit(Team::Player, {3, 1}, 1, {1, 1})};
  auto threat = threatOf(map, units, 0);
  // Stopping cells 0 and 2 (1 is E2's): threatened 1 and 3, not 0 (only 1 away from E2's cell).
  CHECK(threat[{0, 1}] == 0);
  CHECK(threat[{1, 1}] == 1);
  CHECK(threat[{3, 1}] == 1);  // the player's cell: it can be hit
  CHECK(threat[{4, 1}] == 0);  // the player blocks the way
  // Walls can be threatened: attack ignores terrain.
  CHECK(threat[{2, 0}] == 1);
}

TEST_CASE("counts saturate at 255", "[core][danger]") {
  const CostMap map = openMap(20, 20);
  std::vector<Unit> units;
  for (int y = 0; y < 20; ++y) {
    for (int x = 0; x < 15; ++x) units.push_back(unit(Team::Enemy, {x, y}, 0, {1, 40}));
  }
  REQUIRE(units.size() == 300);
  const auto count = dangerZone(map, units);
  CHECK(count[{19, 19}] == 255);
  CHECK(count[{0, 0}] == 255);
}

TEST_CASE("threatOf matches the rule read literally on random boards", "[core][danger]") {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::mt19937_64 random(seed);
    const auto pick = [&](int lo, int hi) {
      return std::uniform_int_distribution<int>(lo, hi)(random);
    };
    const int width = pick(1, 14);
    const int height = pick(1, 14);
    std::vector<std::vector<int>> rows(static_cast<std::size_t>(height));
    for (auto& row : rows) {
      for (int x = 0; x < width; ++x) row.push_back(kCanonicalGrey[static_cast<std::size_t>(pick(0, 4))]);
    }
    const CostMap map = mapFromRows(rows);
    std::vector<Unit> units;
    for (int i = 0, n = pick(1, 6); i < n; ++i) {
      const Cell c{pick(0, width - 1), pick(0, height - 1)};
      if (map.terrain(c) == 4 || unitAt(units, c)) continue;
      const int min = pick(0, 3);
      const AttackRange attack = min == 0 ? AttackRange{0, 0} : AttackRange{min, min + pick(0, 3)};
      units.push_back(unit(static_cast<Team>(pick(0, 2)), c, pick(0, 9), attack));
    }
    for (std::size_t i = 0; i < units.size(); ++i) {
      INFO("seed " << seed << ", unit " << i);
      CHECK(threatOf(map, units, i).cells() == bruteForceThreat(map, units, i).cells());
    }
  }
}

TEST_CASE("a hex bow that cannot move threatens only its ring of twelve", "[core][danger][hex]") {
  for (const GridLayout layout : {GridLayout::HexYOdd, GridLayout::HexXEven}) {
    INFO(layoutName(layout));
    CostMap map = openMap(9, 9);
    map.setLayout(layout);
    const std::vector<Unit> units{unit(Team::Enemy, {4, 4}, 0, {2, 2})};
    const auto count = dangerZone(map, units);
    int threatened = 0;
    for (int y = 0; y < 9; ++y) {
      for (int x = 0; x < 9; ++x) {
        INFO(x << "," << y);
        CHECK((count[{x, y}] == 1) == (map.topology().distance({4, 4}, {x, y}) == 2));
        threatened += count[{x, y}];
      }
    }
    CHECK(threatened == 12);
  }
  // By hand on hex-y-odd: row 4 is unshifted, so the ring's row 2 is x 3..5 and row 3 holds
  // x 2 and 5 (not 6, which a shifted row would).
  CostMap map = openMap(9, 9);
  map.setLayout(GridLayout::HexYOdd);
  const auto count = dangerZone(map, {unit(Team::Enemy, {4, 4}, 0, {2, 2})});
  CHECK(count[{3, 2}] == 1);
  CHECK(count[{5, 2}] == 1);
  CHECK(count[{6, 2}] == 0);
  CHECK(count[{2, 3}] == 1);
  CHECK(count[{5, 3}] == 1);
  CHECK(count[{6, 3}] == 0);
  CHECK(count[{2, 4}] == 1);
  CHECK(count[{6, 4}] == 1);
}

TEST_CASE("threatOf and the danger counts match the rule read literally on random hex boards",
          "[core][danger][hex][random]") {
  for (const GridLayout layout : {GridLayout::HexYOdd, GridLayout::HexYEven, GridLayout::HexXOdd,
                                  GridLayout::HexXEven}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      std::mt19937_64 random(seed * 31 + static_cast<std::uint64_t>(layout));
      const auto pick = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(random);
      };
      const int width = pick(1, 14);
      const int height = pick(1, 14);
      std::vector<std::vector<int>> rows(static_cast<std::size_t>(height));
      for (auto& row : rows) {
        for (int x = 0; x < width; ++x) row.push_back(kCanonicalGrey[static_cast<std::size_t>(pick(0, 4))]);
      }
      CostMap map = mapFromRows(rows);
      map.setLayout(layout);
      std::vector<Unit> units;
      for (int i = 0, n = pick(1, 6); i < n; ++i) {
        const Cell c{pick(0, width - 1), pick(0, height - 1)};
        if (map.terrain(c) == 4 || unitAt(units, c)) continue;
        const int min = pick(0, 3);
        const AttackRange attack = min == 0   ? AttackRange{0, 0}
                                   : pick(0, 2) == 0 ? testing::makeAttackSet(seed + static_cast<std::uint64_t>(i), 5)
                                                     : AttackRange{min, min + pick(0, 3)};
        units.push_back(unit(static_cast<Team>(pick(0, 2)), c, pick(0, 9), attack));
      }
      Grid<std::uint8_t> expected(width, height, 0);
      for (std::size_t i = 0; i < units.size(); ++i) {
        INFO(layoutName(layout) << ", seed " << seed << ", unit " << i);
        const Grid<std::uint8_t> literal = bruteForceThreat(map, units, i);
        REQUIRE(threatOf(map, units, i).cells() == literal.cells());
        if (units[i].team != Team::Enemy) continue;
        for (std::size_t c = 0; c < literal.cells().size(); ++c) {
          expected.cells()[c] = static_cast<std::uint8_t>(expected.cells()[c] + literal.cells()[c]);
        }
      }
      INFO(layoutName(layout) << ", seed " << seed);
      CHECK(dangerZone(map, units).cells() == expected.cells());
    }
  }
}
