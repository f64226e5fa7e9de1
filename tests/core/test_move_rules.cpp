// The rules seam (move_rules.h): the one place that says what entering a cell costs, whether a
// mover may stop there and whether travel continues through it. Every solver reads these bytes,
// so they are checked here against SPEC §2 and §10 directly.
#include <catch2/catch.hpp>

#include "random_cases.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/units.h"

namespace tactics {
namespace {

using testing::mapFromRows;

bool sameBox(const CellBox& a, const CellBox& b) {
  return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
}

// Greys of each class on one row: plains, forest, hills, mountains, wall.
const CostMap kStrip = mapFromRows({{0, 76, 127, 178, 255}, {0, 0, 0, 0, 0}});

TEST_CASE("rules: the class prices the terrain and walls cannot be entered", "[core][rules]") {
  RangeQuery query;
  query.unit = {0, 1};
  query.moveRange = 5;
  const MoveRules rules(kStrip, query);
  CHECK(cell_rule::entryCost(rules.at({0, 0})) == 1);
  CHECK(cell_rule::entryCost(rules.at({1, 0})) == 2);
  CHECK(cell_rule::entryCost(rules.at({2, 0})) == 4);
  CHECK(cell_rule::entryCost(rules.at({3, 0})) == 8);
  CHECK_FALSE(cell_rule::enterable(rules.at({4, 0})));
  for (int x = 0; x < 4; ++x) {
    CHECK(cell_rule::mayStop(rules.at({x, 0})));
    CHECK(cell_rule::continues(rules.at({x, 0})));
  }
  // Another class prices the same cells its own way (flier 1,1,1,1,x).
  query.movement = MovementClass({1, 1, 1, 1, MovementClass::kImpassable});
  const MoveRules flier(kStrip, query);
  CHECK(cell_rule::entryCost(flier.at({3, 0})) == 1);
  CHECK_FALSE(cell_rule::enterable(flier.at({4, 0})));
}

TEST_CASE("rules: enemies block, allies are crossed but not stopped on, paths start on the unit",
          "[core][rules]") {
  RangeQuery query;
  query.unit = {0, 1};
  query.moveRange = 5;
  query.enemies = {{2, 1}};
  query.allies = {{1, 1}, {4, 0}};  // the second stands on a wall the mover cannot enter
  const MoveRules rules(kStrip, query);
  CHECK_FALSE(cell_rule::enterable(rules.at({2, 1})));
  CHECK(cell_rule::entryCost(rules.at({1, 1})) == 1);
  CHECK_FALSE(cell_rule::mayStop(rules.at({1, 1})));
  CHECK(cell_rule::continues(rules.at({1, 1})));
  CHECK_FALSE(cell_rule::enterable(rules.at({4, 0})));
  // The unit's own cell: no path enters it, and it may stay there.
  CHECK_FALSE(cell_rule::enterable(rules.at({0, 1})));
  CHECK(cell_rule::mayStop(rules.at({0, 1})));
  CHECK(cell_rule::continues(rules.at({0, 1})));
}

TEST_CASE("rules: a baked box holds exactly what at() says, clipped to the map", "[core][rules]") {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const testing::RandomCase c = testing::makeRandomCase(seed, {32, 8});
    const MoveRules rules(c.map, c.query);
    const RuleWindow window = rules.bake(CellBox::around(c.query.unit, c.query.moveRange + 2));
    const CellBox expected = CellBox::around(c.query.unit, c.query.moveRange + 2)
                                 .clippedTo(c.map.width(), c.map.height());
    REQUIRE(sameBox(window.box(), expected));
    REQUIRE(window.bytes().size() == static_cast<std::size_t>(window.box().area()));
    for (int y = window.box().y0; y <= window.box().y1; ++y) {
      for (int x = window.box().x0; x <= window.box().x1; ++x) {
        INFO(c.describe() << ", cell " << x << "," << y);
        REQUIRE(window[{x, y}] == rules.at({x, y}));
      }
    }
    CHECK(sameBox(rules.reachBox(), CellBox::around(c.query.unit, c.query.moveRange)
                                        .clippedTo(c.map.width(), c.map.height())));
  }
}

TEST_CASE("rules: a field's blockers are never entered and nothing else is closed",
          "[core][rules]") {
  FieldQuery query;
  query.sources = {{0, 1}};
  query.blockers = {{0, 1}, {3, 1}};
  RuleWindow window;
  bakeFieldRules(kStrip, query, window);
  REQUIRE(sameBox(window.box(), CellBox{0, 0, 4, 1}));
  CHECK_FALSE(cell_rule::enterable(window[{0, 1}]));
  CHECK_FALSE(cell_rule::enterable(window[{3, 1}]));
  CHECK(cell_rule::entryCost(window[{1, 1}]) == 1);
  CHECK(cell_rule::entryCost(window[{3, 0}]) == 8);
  CHECK_FALSE(cell_rule::enterable(window[{4, 0}]));
  for (CellRule rule : window.bytes()) {
    CHECK(cell_rule::mayStop(rule));
    CHECK(cell_rule::continues(rule));
  }
}

TEST_CASE("rules: the terrain rule alone ignores units", "[core][rules]") {
  const MovementClass foot;
  CHECK(cell_rule::entryCost(terrainRule(kStrip, foot, {1, 0})) == 2);
  CHECK_FALSE(cell_rule::enterable(terrainRule(kStrip, foot, {4, 0})));
}

}  // namespace
}  // namespace tactics
