// The CPU reference against SPEC §2 and §3, and against brute-force definitions.
#include <catch2/catch.hpp>

#include <algorithm>

#include "close_once_model.h"
#include "rules_model.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/reference_solver.h"
#include "random_cases.h"

using namespace tactics;
using tactics::testing::mapFromRows;
using tactics::testing::query;

namespace {

constexpr int P = 0;    // plains, cost 1
constexpr int F = 76;   // forest, cost 2
constexpr int H = 127;  // hills, cost 4
constexpr int M = 178;  // mountains, cost 8
constexpr int W = 255;  // wall

// Reach letters per row: S unit, M reached, A attackable, . none.
std::vector<std::string> picture(const RangeResult& r, Cell unit) {
  std::vector<std::string> rows;
  for (int y = 0; y < r.height(); ++y) {
    std::string row;
    for (int x = 0; x < r.width(); ++x) {
      const Cell c{x, y};
      row += c == unit ? 'S' : r.reach[c] == Reach::Reached ? 'M' : r.reach[c] == Reach::Attackable ? 'A' : '.';
    }
    rows.push_back(row);
  }
  return rows;
}

// Brute force: relax every cell from every neighbour until nothing changes (SPEC §2 read
// literally), and test every (cell, origin) pair for attack (SPEC §3), on the map's layout.
RangeResult bruteForce(const CostMap& map, const RangeQuery& q) {
  const MoveRules rules(map, q);
  const Topology topology = map.topology();
  Grid<int> cost(map.width(), map.height(), -1);
  cost[q.unit] = 0;
  for (bool changed = q.moveRange > 0; changed;) {
    changed = false;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        const CellRule rule = rules.at(c);
        if (!cell_rule::enterable(rule) || c == q.unit) continue;
        const int enter = cell_rule::entryCost(rule);
        for (int k = 0; k < topology.neighbourCount(); ++k) {
          const Cell n = topology.neighbour(c, k);
          if (!map.contains(n) || cost[n] < 0) continue;
          if (n != q.unit && cost[n] > q.moveRange) continue;
          const int total = cost[n] + enter;
          if (total > q.moveRange && n != q.unit) continue;
          if (cost[c] < 0 || total < cost[c]) {
            cost[c] = total;
            changed = true;
          }
        }
      }
    }
  }
  RangeResult r(map.width(), map.height(), map.layout());
  std::vector<Cell> origins;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      if (cost[c] < 0) continue;
      r.reach[c] = Reach::Reached;
      r.travelCost[c] = cost[c];
      if (std::find(q.allies.begin(), q.allies.end(), c) == q.allies.end()) origins.push_back(c);
    }
  }
  if (!q.attack.none()) {
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        if (r.reach[c] != Reach::None) continue;
        for (Cell o : origins) {
          const int d = topology.distance(c, o);
          if (q.attack.contains(d)) r.reach[c] = Reach::Attackable;
        }
      }
    }
  }
  return r;
}

}  // namespace

TEST_CASE("terrain classes split the grey values at the bucket boundaries", "[core]") {
  CHECK(terrainClass(0) == 0);
  CHECK(terrainClass(50) == 0);
  CHECK(terrainClass(51) == 1);
  CHECK(terrainClass(101) == 1);
  CHECK(terrainClass(102) == 2);
  CHECK(terrainClass(152) == 2);
  CHECK(terrainClass(153) == 3);
  CHECK(terrainClass(203) == 3);
  CHECK(terrainClass(204) == 4);
  CHECK(terrainClass(255) == 4);

  // A corridor of boundary values: entering each costs its class's foot cost.
  const CostMap map = mapFromRows({{0, 50, 51, 101, 102, 152, 153, 203, 204, 255}});
  const RangeResult r = solveReference(map, query({0, 0}, 255));
  const std::vector<int> expected = {0, 1, 3, 5, 9, 13, 21, 29, -1, -1};
  for (int x = 0; x < map.width(); ++x) CHECK(r.travelCost[{x, 0}] == expected[static_cast<std::size_t>(x)]);
}

TEST_CASE("the close-once counterexample of SPEC 2 gets exact costs", "[core][regression]") {
  const CostMap map = mapFromRows({{P, M, P, P}, {P, P, P, P}});
  const RangeQuery q = query({0, 0}, 10);
  const RangeResult r = solveReference(map, q);
  CHECK(r.travelCost[{2, 0}] == 4);
  CHECK(r.travelCost[{1, 0}] == 8);
  CHECK(r.travelCost[{3, 0}] == 5);
  CHECK(picture(r, q.unit) == std::vector<std::string>{"SMMM", "MMMM"});
  // The blog's rule closes (2,0) through the mountain at cost 9.
  const RangeResult blog = testing::solveCloseOnce(map, q);
  CHECK(blog.travelCost[{2, 0}] == 9);
}

TEST_CASE("one-step rule: a neighbour dearer than the range is reached but leads nowhere", "[core]") {
  const CostMap map = mapFromRows({{P, M, P, P}});
  const RangeResult r = solveReference(map, query({0, 0}, 3, {1, 1}));
  CHECK(r.reached({1, 0}));
  CHECK(r.travelCost[{1, 0}] == 8);
  CHECK(r.parent[{1, 0}] == Direction::Left);
  CHECK_FALSE(r.reached({2, 0}));
  // It is a stopping cell, so an attack origin.
  CHECK(r.reach[{2, 0}] == Reach::Attackable);
  CHECK(r.reach[{3, 0}] == Reach::None);
}

TEST_CASE("one-step rule does not apply through walls or enemies", "[core]") {
  const CostMap map = mapFromRows({{W, P, M}});
  RangeQuery q = query({1, 0}, 2);
  q.enemies = {{2, 0}};
  const RangeResult r = solveReference(map, q);
  CHECK_FALSE(r.reached({0, 0}));
  CHECK_FALSE(r.reached({2, 0}));
}

TEST_CASE("Movement Range 0 reaches only the start", "[core]") {
  const CostMap map = mapFromRows({{P, P, P}, {P, P, P}, {P, P, P}});
  const RangeResult r = solveReference(map, query({1, 1}, 0, {1, 1}));
  CHECK(picture(r, {1, 1}) == std::vector<std::string>{".A.", "ASA", ".A."});
  CHECK(r.passes == 0);
}

TEST_CASE("allies can be passed through but not stopped on, and enemies block", "[core]") {
  const CostMap map = mapFromRows({{P, P, P, P, P, P}});
  RangeQuery q = query({0, 0}, 3, {1, 1});
  q.allies = {{1, 0}};
  q.enemies = {{4, 0}};
  const RangeResult r = solveReference(map, q);
  CHECK(r.reached({1, 0}));          // passed through
  CHECK(r.travelCost[{3, 0}] == 3);  // through the ally
  CHECK(r.reach[{4, 0}] == Reach::Attackable);  // the enemy is red, not blue
  CHECK(r.reach[{5, 0}] == Reach::None);
}

TEST_CASE("an ally's cell is not an attack origin", "[core]") {
  // The unit is walled in with an ally beside it: only the start is an origin.
  const CostMap map = mapFromRows({{W, W, W, W}, {W, P, P, W}, {W, W, W, W}});
  RangeQuery q = query({1, 1}, 5, {1, 1});
  q.allies = {{2, 1}};
  const RangeResult r = solveReference(map, q);
  CHECK(r.reached({2, 1}));
  CHECK(r.reach[{3, 1}] == Reach::None);  // 1 from the ally, 2 from the unit
  CHECK(r.reach[{0, 1}] == Reach::Attackable);
}

TEST_CASE("minimum attack range applies per origin", "[core]") {
  const std::vector<std::vector<int>> open(7, std::vector<int>(7, P));
  const CostMap map = mapFromRows(open);

  SECTION("a 2-2 bow that cannot move does not threaten adjacent cells") {
    const RangeResult r = solveReference(map, query({3, 3}, 0, {2, 2}));
    CHECK(picture(r, {3, 3}) == std::vector<std::string>{
        ".......", "...A...", "..A.A..", ".A.S.A.", "..A.A..", "...A...", "......."});
  }
  SECTION("with Movement Range 1 it threatens the cells right next to its blue area") {
    const RangeResult r = solveReference(map, query({3, 3}, 1, {2, 2}));
    CHECK(r.reach[{3, 1}] == Reach::Attackable);  // 2 from the origin (3,3), next to blue (3,2)
    CHECK(r.reach[{2, 2}] == Reach::Attackable);
    CHECK(r.reach[{3, 0}] == Reach::Attackable);  // 2 from (3,2)
    CHECK(r.reach[{1, 2}] == Reach::Attackable);  // 2 from (2,3)
    CHECK(r.reach[{0, 0}] == Reach::None);        // 5 from the nearest origin
  }
}

TEST_CASE("attack ignores terrain and walls", "[core]") {
  const CostMap map = mapFromRows({{P, W, W, P}});
  const RangeResult r = solveReference(map, query({0, 0}, 4, {1, 3}));
  CHECK(r.reach[{1, 0}] == Reach::Attackable);
  CHECK(r.reach[{3, 0}] == Reach::Attackable);
}

TEST_CASE("parents lead back to the unit along cheapest paths", "[core]") {
  const CostMap map = mapFromRows({{P, F, H, P, P}, {P, W, P, M, P}, {P, F, P, P, F}, {F, P, P, W, P}});
  RangeQuery q = query({0, 0}, 12);
  q.allies = {{2, 2}};
  const RangeResult r = solveReference(map, q);
  const auto problem = testing::checkParents(map, q, r);
  INFO(problem.value_or("ok"));
  CHECK_FALSE(problem);
}

TEST_CASE("a unit on a 1x1 map", "[core][regression]") {
  const CostMap map = mapFromRows({{P}});
  const RangeResult r = solveReference(map, query({0, 0}, 5, {1, 3}));
  CHECK(r.reach[{0, 0}] == Reach::Reached);
  CHECK(r.travelCost[{0, 0}] == 0);
  CHECK(r.parent[{0, 0}] == Direction::None);
  CHECK(r.passes == 1);
}

TEST_CASE("passes predicts the synchronous relaxation's pass count", "[core]") {
  const CostMap map = mapFromRows({{P, P, P, P, P, P, P, P}});
  CHECK(solveReference(map, query({0, 0}, 3)).passes == 3);   // the range runs out first
  CHECK(solveReference(map, query({0, 0}, 20)).passes == 8);  // 7 steps, then a quiet pass
}

TEST_CASE("the reference equals brute force on random small maps", "[core][random]") {
  int attackCases = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const auto c = testing::makeRandomCase(seed, {12, 30});
    INFO(c.describe());
    const RangeResult reference = solveReference(c.map, c.query);
    const auto problem = testing::compareReachAndCost(reference, bruteForce(c.map, c.query));
    INFO(problem.value_or("ok"));
    REQUIRE_FALSE(problem);
    const auto parents = testing::checkParents(c.map, c.query, reference);
    INFO(parents.value_or("ok"));
    REQUIRE_FALSE(parents);
    attackCases += c.query.attack.minDistance() > 1;
  }
  CHECK(attackCases > 50);
}

TEST_CASE("a result refilled in place equals a fresh solve, query after query", "[core]") {
  // One map, many units: each refill clears only what the last solve wrote, so a stale cell from
  // an earlier, wider range would show up as a difference.
  const auto base = testing::makeRandomCase(11, {96, 255});
  RangeResult reused;
  int solved = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    auto c = testing::makeRandomCase(seed, {96, 255});
    RangeQuery q = c.query;
    q.movement = base.query.movement;
    q.unit = {static_cast<int>(seed * 13) % base.map.width(), static_cast<int>(seed * 7) % base.map.height()};
    q.allies.clear();
    q.enemies.clear();
    if (validate(base.map, q)) continue;
    INFO("seed " << seed << ": unit " << toString(q.unit) << ", move " << q.moveRange);
    solveReference(base.map, q, reused);
    const RangeResult fresh = solveReference(base.map, q);
    CHECK(reused.passes == fresh.passes);
    REQUIRE(reused.reach.cells() == fresh.reach.cells());
    REQUIRE(reused.travelCost.cells() == fresh.travelCost.cells());
    REQUIRE(reused.parent.cells() == fresh.parent.cells());
    ++solved;
  }
  CHECK(solved >= 20);
}

namespace {

// The kind of each cell as the RangeResult answer says it (the Python module's and the C API's
// rule): Reach read as attack or move, a reached cell where another unit stands passed
// through (unless units are ignored), the unit's own cell the start.
std::vector<std::uint8_t> kindsOf(const RangeQuery& q, const RangeResult& r) {
  std::vector<std::uint8_t> kinds(r.reach.cells().size());
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const Reach reach = r.reach.cells()[i];
    kinds[i] = static_cast<std::uint8_t>(reach == Reach::Reached      ? CellKind::Move
                                         : reach == Reach::Attackable ? CellKind::Attack
                                                                      : CellKind::None);
  }
  const auto at = [&](Cell c) { return static_cast<std::size_t>(c.y * r.width() + c.x); };
  if (!q.ignoreUnits) {
    for (const auto* side : {&q.allies, &q.enemies}) {
      for (Cell c : *side) {
        if (r.reached(c)) kinds[at(c)] = static_cast<std::uint8_t>(CellKind::Pass);
      }
    }
  }
  kinds[at(q.unit)] = static_cast<std::uint8_t>(CellKind::Start);
  return kinds;
}

void checkMasks(const testing::RandomCase& rc) {
  INFO(rc.describe());
  const RangeResult reference = solveReference(rc.map, rc.query);
  const std::size_t cells = reference.reach.cells().size();
  // Yesterday's answer in the arrays: every cell must be written again.
  std::vector<std::int16_t> cost(cells, 77);
  std::vector<std::uint8_t> kind(cells, 9);
  CHECK(solveReference(rc.map, rc.query, RangeMasks{cost.data(), kind.data(), nullptr}) ==
        reference.passes);
  std::vector<std::int16_t> expectedCost(cells);
  std::vector<std::uint8_t> expectedParent(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    expectedCost[i] = static_cast<std::int16_t>(reference.travelCost.cells()[i]);
    expectedParent[i] = parentCode(reference.layout, reference.parent.cells()[i]);
  }
  REQUIRE(cost == expectedCost);
  REQUIRE(kind == kindsOf(rc.query, reference));
  // And with parents: the same costs and kinds, and the reference's parents.
  std::vector<std::uint8_t> parent(cells, 9);
  std::fill(cost.begin(), cost.end(), std::int16_t{77});
  std::fill(kind.begin(), kind.end(), std::uint8_t{9});
  CHECK(solveReference(rc.map, rc.query, RangeMasks{cost.data(), kind.data(), parent.data()}) ==
        reference.passes);
  REQUIRE(cost == expectedCost);
  REQUIRE(kind == kindsOf(rc.query, reference));
  REQUIRE(parent == expectedParent);
}

}  // namespace

TEST_CASE("range masks hold the reference's costs and kinds on random boards, units and rules") {
  int solved = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    testing::RandomCase rc = testing::makeRandomCase(seed, {48, 12});
    if (validate(rc.map, rc.query)) continue;
    checkMasks(rc);
    ++solved;
  }
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    testing::RandomCase rc = testing::makeCrowdedCase(seed, 0.3);
    for (const auto& rules : testing::kRuleVariants) {
      testing::RandomCase ruled = rc;
      ruled.query = testing::withRules(rc.query, rules);
      if (validate(ruled.map, ruled.query)) continue;
      checkMasks(ruled);
      ++solved;
    }
  }
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    testing::RandomCase rc = testing::makeAttackSetCase(seed);
    if (validate(rc.map, rc.query)) continue;
    checkMasks(rc);
    ++solved;
  }
  CHECK(solved > 1000);
}

namespace {

constexpr std::array<GridLayout, 4> kHexLayouts = {GridLayout::HexYOdd, GridLayout::HexYEven,
                                                   GridLayout::HexXOdd, GridLayout::HexXEven};

// The reference against the literal model byte for byte: reach, cost, SPEC §2's parent (the tie
// rule in the layout's neighbour order) and the pass count.
void checkAgainstModel(const testing::RandomCase& c, const RangeQuery& q) {
  const RangeResult reference = solveReference(c.map, q);
  const RangeResult model = testing::solveRulesModel(c.map, q);
  const auto difference = testing::compareReachAndCost(reference, model);
  INFO(difference.value_or("ok"));
  REQUIRE_FALSE(difference);
  const auto parents = testing::checkParents(c.map, q, reference);
  INFO(parents.value_or("ok"));
  REQUIRE_FALSE(parents);
  REQUIRE(reference.layout == c.map.layout());
  for (int y = 0; y < c.map.height(); ++y) {
    for (int x = 0; x < c.map.width(); ++x) {
      INFO("parent of " << x << "," << y);
      REQUIRE(neighbourOf(reference.parent[{x, y}]) == neighbourOf(model.parent[{x, y}]));
    }
  }
  CHECK(reference.passes == model.passes);
}

}  // namespace

TEST_CASE("the reference equals the literal model on random boards of every layout",
          "[core][random][hex]") {
  for (const GridLayout layout : kGridLayouts) {
    int reached = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      const auto c = testing::makeRandomCase(seed, {12, 30}, layout);
      INFO(c.describe());
      REQUIRE(c.map.layout() == layout);
      checkAgainstModel(c, c.query);
      reached += solveReference(c.map, c.query).passes > 2;
    }
    CHECK(reached >= 10);
  }
}

TEST_CASE("the reference equals the literal model on crowded boards of every layout and rule",
          "[core][random][hex][rules]") {
  for (const GridLayout layout : kGridLayouts) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const auto c = testing::makeCrowdedCase(seed, seed % 2 == 0 ? 0.5 : 0.25, layout);
      for (const auto& rules : testing::kRuleVariants) {
        INFO(c.describe() << " under " << rules.name);
        checkAgainstModel(c, testing::withRules(c.query, rules));
      }
    }
  }
}

TEST_CASE("a hex board's six neighbours are reached in one step and parents name them",
          "[core][hex]") {
  // hex-y-odd, unit on the unshifted row 2: its six neighbours at cost 1, parent the way back.
  CostMap map(5, 5, std::vector<std::uint8_t>(25, 0));
  map.setLayout(GridLayout::HexYOdd);
  const RangeResult r = solveReference(map, query({2, 2}, 1));
  const Topology topology = map.topology();
  int reached = 0;
  for (int y = 0; y < 5; ++y) {
    for (int x = 0; x < 5; ++x) reached += r.reached({x, y});
  }
  CHECK(reached == 7);
  for (const Cell n : {Cell{1, 1}, Cell{2, 1}, Cell{1, 2}, Cell{3, 2}, Cell{1, 3}, Cell{2, 3}}) {
    INFO(toString(n));
    CHECK(r.travelCost[n] == 1);
    CHECK(topology.neighbour(n, neighbourOf(r.parent[n])) == Cell{2, 2});
  }
  // (1,1) is up-left of the unit; the unit is its neighbour 5 (row 1 is shifted).
  CHECK(neighbourOf(r.parent[{1, 1}]) == 5);
  CHECK(neighbourOf(r.parent[{3, 2}]) == 2);
  CHECK(r.parent[{2, 2}] == Direction::None);
  CHECK_FALSE(r.reached({3, 1}));
  CHECK_FALSE(r.reached({3, 3}));
}

TEST_CASE("range masks hold the reference's answer on hex boards", "[core][random][hex]") {
  int solved = 0;
  for (const GridLayout layout : kHexLayouts) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      testing::RandomCase rc = testing::makeCrowdedCase(seed, 0.3, layout);
      rc.query = testing::withRules(rc.query, testing::kRuleVariants[seed % testing::kRuleVariants.size()]);
      if (validate(rc.map, rc.query)) continue;
      checkMasks(rc);
      ++solved;
    }
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const testing::RandomCase rc = testing::makeAttackSetCase(seed, layout);
      if (validate(rc.map, rc.query)) continue;
      checkMasks(rc);
      ++solved;
    }
  }
  CHECK(solved >= 40);
}

TEST_CASE("the harness has teeth on hex boards: square neighbours and Manhattan attacks fail it",
          "[core][random][hex][control]") {
  // The same board read as square by the solver and as hex by the model must differ often.
  int caught = 0;
  int boards = 0;
  for (const GridLayout layout : kHexLayouts) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const auto c = testing::makeRandomCase(seed, {12, 30}, layout);
      CostMap square = c.map;
      square.setLayout(GridLayout::Square);
      caught += testing::compareReachAndCost(solveReference(square, c.query),
                                             testing::solveRulesModel(c.map, c.query))
                    .has_value();
      ++boards;
    }
  }
  INFO("caught on " << caught << " of " << boards << " boards");
  CHECK(caught * 2 >= boards);
}
