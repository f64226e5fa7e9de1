// SPEC §11.8 line of sight: the integer test and the walk against a geometric reading, the rules
// it states (next-door cells, symmetry, the diagonal corner), and every CPU solver that marks
// attack cells against the literal model on random boards full of diagonal wall pairs.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <tuple>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/route.h"
#include "tactics/solver/sight.h"

#include "random_cases.h"
#include "rules_model.h"

using tactics::Cell;
using tactics::CellBox;
using tactics::CostMap;
using tactics::SightWindow;
using tactics::testing::mapFromRows;
using tactics::testing::segmentCutsModel;
using tactics::testing::sightModel;

namespace {

struct CellLess {
  bool operator()(Cell a, Cell b) const { return std::tie(a.y, a.x) < std::tie(b.y, b.x); }
};

SightWindow windowOf(const CostMap& map, std::uint64_t blockers = tactics::kDefaultSightBlockers) {
  SightWindow window;
  window.bake(map, blockers, CellBox{0, 0, map.width() - 1, map.height() - 1});
  return window;
}

}  // namespace

TEST_CASE("sight: the integer test is the geometric one for every cell near a segment") {
  const Cell s{0, 0};
  for (int ty = -7; ty <= 7; ++ty) {
    for (int tx = -7; tx <= 7; ++tx) {
      const Cell t{tx, ty};
      std::set<Cell, CellLess> walked;
      tactics::forEachCrossed(s, t, [&](Cell c) {
        CHECK(walked.insert(c).second);
        return true;
      });
      std::set<Cell, CellLess> crossed;
      for (int y = std::min(0, ty); y <= std::max(0, ty); ++y) {
        for (int x = std::min(0, tx); x <= std::max(0, tx); ++x) {
          const Cell c{x, y};
          INFO("s 0,0 t " << tx << "," << ty << " c " << x << "," << y);
          REQUIRE(tactics::segmentCrosses(s, t, c) == segmentCutsModel(s, t, c));
          if (c != s && c != t && segmentCutsModel(s, t, c)) crossed.insert(c);
        }
      }
      INFO("s 0,0 t " << tx << "," << ty);
      CHECK(walked == crossed);
    }
  }
}

TEST_CASE("sight: next-door cells always see each other, and sight is symmetric") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto c = tactics::testing::makeSightCase(seed);
    const SightWindow window = windowOf(c.map, c.query.sight.blockers);
    for (int y = 0; y < c.map.height(); y += 3) {
      for (int x = 0; x < c.map.width(); x += 2) {
        const Cell s{x, y};
        for (int dy = -8; dy <= 8; ++dy) {
          for (int dx = -8; dx <= 8; ++dx) {
            const Cell t{x + dx, y + dy};
            if (!c.map.contains(t)) continue;
            const bool seen = window.inSight(s, t);
            INFO(c.describe() << " s " << x << "," << y << " t " << t.x << "," << t.y);
            REQUIRE(seen == window.inSight(t, s));
            REQUIRE(seen == sightModel(c.map, c.query.sight.blockers, s, t));
            if (std::abs(dx) + std::abs(dy) <= 1) REQUIRE(seen);
          }
        }
      }
    }
  }
}

TEST_CASE("sight: a diagonal pair of walls does not block the segment through their corner") {
  // W = wall (255), . = plain. The unit's corner-to-corner diagonal passes between the two walls.
  const CostMap map = mapFromRows({
      {0, 0, 0, 0},
      {0, 0, 255, 0},
      {0, 255, 0, 0},
      {0, 0, 0, 0},
  });
  const SightWindow window = windowOf(map);
  CHECK(window.inSight({0, 0}, {3, 3}));  // exactly through the corner the walls share
  CHECK(window.inSight({1, 1}, {2, 2}));  // the same, next door
  CHECK_FALSE(window.inSight({0, 3}, {3, 0}));  // the other diagonal runs through both walls
  CHECK_FALSE(window.inSight({0, 2}, {3, 2}));  // along row 2, through the wall at 1,2
  CHECK_FALSE(window.inSight({0, 3}, {3, 1}));  // cuts the wall at 1,2
  Cell blocker{-1, -1};
  CHECK(window.firstBlocker({0, 2}, {3, 2}, blocker));
  CHECK(blocker == Cell{1, 2});
  // The terrain under s and t never blocks: from a wall to a wall.
  CHECK(window.inSight({2, 1}, {1, 2}));
}

TEST_CASE("sight: blockers by name") {
  const std::vector<std::string> names = {"plain", "forest", "mountains", "water", "wall"};
  std::uint64_t bits = 0;
  std::string problem;
  CHECK(tactics::sightBlockersOf({"forest", "wall"}, names, bits, problem));
  CHECK(bits == ((std::uint64_t{1} << 1) | (std::uint64_t{1} << 4)));
  CHECK(tactics::sightBlockerNames(bits, names) == std::vector<std::string>{"forest", "wall"});
  CHECK(tactics::sightBlockersOf({}, names, bits, problem));
  CHECK(bits == 0);
  CHECK_FALSE(tactics::sightBlockersOf({"lava"}, names, bits, problem));
  CHECK(problem == "unknown terrain \"lava\"");
  CHECK_FALSE(tactics::sightBlockersOf({"wall", "wall"}, names, bits, problem));
  CHECK(problem == "terrain \"wall\" is named twice");
}

TEST_CASE("sight: the reference solver marks only attack cells in sight of a stopping cell") {
  int blockedSomewhere = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const auto c = tactics::testing::makeSightCase(seed);
    INFO(c.describe());
    REQUIRE_FALSE(tactics::validate(c.map, c.query));
    const auto actual = tactics::solveReference(c.map, c.query);
    const auto model = tactics::testing::solveRulesModel(c.map, c.query);
    const auto problem = tactics::testing::compareReachAndCost(actual, model);
    INFO(problem.value_or(""));
    REQUIRE_FALSE(problem);
    // The masks path marks the same cells.
    const auto cells = static_cast<std::size_t>(c.map.width() * c.map.height());
    std::vector<std::int16_t> cost(cells);
    std::vector<std::uint8_t> kind(cells);
    tactics::solveReference(c.map, c.query, tactics::RangeMasks{cost.data(), kind.data(), nullptr});
    for (int y = 0; y < c.map.height(); ++y) {
      for (int x = 0; x < c.map.width(); ++x) {
        const bool attack = kind[static_cast<std::size_t>(y * c.map.width() + x)] ==
                            static_cast<std::uint8_t>(tactics::CellKind::Attack);
        REQUIRE(attack == (model.reach[{x, y}] == tactics::Reach::Attackable));
      }
    }
    auto off = c.query;
    off.sight.on = false;
    const auto open = tactics::solveReference(c.map, off);
    for (std::size_t i = 0; i < cells; ++i) {
      if (open.reach.cells()[i] != actual.reach.cells()[i]) {
        ++blockedSomewhere;
        break;
      }
    }
  }
  // The boards are walled enough that sight changes many answers.
  CHECK(blockedSomewhere > 100);
}

TEST_CASE("sight: pockets across a wide board are seen only from their right") {
  // A wall cell closed on its left, top and bottom by walls is in sight of the stopping cells to
  // its right only. One every ten columns along a 130-column board: each row of 64 columns then
  // holds targets far apart, the farthest of them seen only from cells further right.
  const int width = 130;
  const int height = 7;
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height), 0);
  const auto wall = [&](int x, int y) { grey[static_cast<std::size_t>(y * width + x)] = 255; };
  for (int x = 6; x < width - 3; x += 10) {
    for (int y = 2; y <= 4; ++y) wall(x - 1, y);
    wall(x, 2);
    wall(x, 3);  // the pocket
    wall(x, 4);
  }
  const CostMap map(width, height, grey);
  tactics::RangeQuery query;
  query.unit = Cell{0, 0};
  query.moveRange = 255;
  query.sight.on = true;
  for (const auto& attack : {tactics::AttackRange(2, 8), tactics::AttackRange(1, 12),
                             tactics::AttackRange(3, 5), tactics::AttackRange(2, 16)}) {
    query.attack = attack;
    INFO("attack " << attack.span(0).min << "-" << attack.span(0).max);
    const auto actual = tactics::solveReference(map, query);
    const auto model = tactics::testing::solveRulesModel(map, query);
    const auto problem = tactics::testing::compareReachAndCost(actual, model);
    INFO(problem.value_or(""));
    REQUIRE_FALSE(problem);
    // Every pocket is attackable, from its right.
    for (int x = 6; x < width - 3; x += 10) REQUIRE(actual.reach[{x, 3}] == tactics::Reach::Attackable);
  }
}

TEST_CASE("sight: each solve reads the blockers and the map it is given, one after another") {
  // The reference solver keeps what it can from one solve to the next on a thread (which bytes
  // block, for one rule): every change of rule, of map kind or of cells must still be seen.
  // Blockers forming one run of byte values or several, or more runs than are compared at once,
  // and units near the map's end, whose last bytes are read one at a time.
  const int side = 40;
  std::mt19937 rng(11);
  std::vector<std::uint8_t> terrains(static_cast<std::size_t>(side * side));
  for (auto& t : terrains) t = static_cast<std::uint8_t>(rng() % 12);
  std::vector<std::string> names = tactics::defaultTerrainNames();
  for (int i = 5; i < 12; ++i) names.push_back("extra" + std::to_string(i));
  CostMap indexed = CostMap::named(side, side, terrains, names);
  std::vector<std::uint8_t> greys(terrains.size());
  for (auto& g : greys) g = static_cast<std::uint8_t>(rng() % 256);
  const CostMap grey(side, side, greys);
  tactics::MovementClass::Costs ones{};
  ones.fill(1);
  tactics::RangeQuery query;
  query.movement = tactics::MovementClass::fromCosts(ones);
  query.moveRange = 3;
  query.sight.on = true;
  const auto bit = [](int t) { return std::uint64_t{1} << t; };
  const std::vector<std::uint64_t> rules = {
      bit(4), bit(5) | bit(6) | bit(7), bit(1) | bit(3) | bit(5) | bit(7) | bit(9) | bit(11),
      bit(0), bit(4), (bit(12) - 1), 0, bit(2) | bit(4)};
  const auto check = [&](const CostMap& map) {
    for (const Cell unit : {Cell{20, 20}, Cell{37, 38}, Cell{2, 1}}) {
      for (const auto& attack : {tactics::AttackRange(1, 8), tactics::AttackRange(2, 12)}) {
        query.unit = unit;
        query.attack = attack;
        INFO("blockers " << query.sight.blockers << " unit " << unit.x << "," << unit.y
                         << " indexed " << map.indexed());
        const auto problem = tactics::testing::compareReachAndCost(
            tactics::solveReference(map, query), tactics::testing::solveRulesModel(map, query));
        INFO(problem.value_or(""));
        REQUIRE_FALSE(problem);
      }
    }
  };
  for (const std::uint64_t blockers : rules) {
    query.sight.blockers = blockers;
    check(indexed);
    // The same rule on a grey map: byte 4 is plains there, greys 204..255 are walls.
    check(grey);
    // Cells painted between solves, the rule unchanged.
    for (int i = 0; i < 200; ++i) {
      indexed.setGrey(Cell{static_cast<int>(rng() % side), static_cast<int>(rng() % side)},
                      static_cast<std::uint8_t>(rng() % 12));
    }
    check(indexed);
  }
}

TEST_CASE("sight: the danger zone threatens only cells in sight") {
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const auto c = tactics::testing::makeSightCase(seed);
    INFO(c.describe());
    tactics::Grid<std::uint8_t> origins(c.map.width(), c.map.height(), 0);
    std::mt19937_64 rng(seed);
    for (auto& o : origins.cells()) o = (rng() % 7 == 0) ? 1 : 0;
    tactics::Grid<std::uint8_t> threat(c.map.width(), c.map.height(), 0);
    tactics::markThreatened(origins, c.query.attack, threat, c.map, c.query.sight);
    for (int y = 0; y < c.map.height(); ++y) {
      for (int x = 0; x < c.map.width(); ++x) {
        const Cell t{x, y};
        bool model = false;
        for (int oy = 0; oy < c.map.height() && !model; ++oy) {
          for (int ox = 0; ox < c.map.width() && !model; ++ox) {
            const Cell o{ox, oy};
            model = origins[o] != 0 &&
                    c.query.attack.contains(std::abs(ox - x) + std::abs(oy - y)) &&
                    sightModel(c.map, c.query.sight.blockers, o, t);
          }
        }
        INFO("cell " << x << "," << y);
        REQUIRE((threat[t] != 0) == model);
      }
    }
  }
}

TEST_CASE("sight: the route's attack-from cell sees its target") {
  // A bow (2-3) on the left; the target behind a wall is in range of the unit's own cell but
  // not in its sight: the route walks to a cell that sees it.
  const CostMap map = mapFromRows({
      {0, 0, 0, 0, 0},
      {0, 0, 255, 0, 0},
      {0, 0, 0, 0, 0},
  });
  tactics::RangeQuery query = tactics::testing::query({1, 1}, 2, tactics::AttackRange(2, 3));
  query.sight.on = true;
  const auto range = tactics::solveReference(map, query);
  const tactics::RouteBoard board(map, query, range);
  CHECK_FALSE(board.canAttack({1, 1}, {3, 1}));
  CHECK_FALSE(board.canAttack({1, 0}, {3, 1}));  // cuts the wall's corner
  CHECK(board.canAttack({2, 0}, {3, 1}));         // touches it only at a corner
  const auto route = tactics::attackRoute(tactics::startRoute(board), {4, 1}, board);
  REQUIRE(route);
  CHECK(board.canAttack(route->back(), {4, 1}));
  CHECK(route->back() != Cell{1, 1});
}

TEST_CASE("sight: a hex board with sight is refused") {
  CostMap map = mapFromRows({{0, 0, 0}, {0, 0, 0}});
  map.setLayout(tactics::GridLayout::HexYOdd);
  auto query = tactics::testing::query({0, 0}, 2, tactics::AttackRange(1, 2));
  query.sight.on = true;
  const auto problem = tactics::validate(map, query);
  REQUIRE(problem);
  CHECK(*problem == "line of sight is defined on square boards only, and this board is "
                    "hex-y-odd (SPEC 11.8)");
}
