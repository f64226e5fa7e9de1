// Attack sets (SPEC §11.4): the text form and its errors, the JSON form, and the CPU reference's
// attack and threat marks against a literal reading of the rule on thousands of random boards
// whose holes movement cannot fill. The control reads "1,3" as "1-3" and must be caught.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "random_cases.h"
#include "rules_model.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/enemy_move.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/route.h"

using namespace tactics;

namespace {

AttackRange parsed(const char* text) {
  const auto attack = parseAttackRange(text, "--attack");
  INFO(text << ": " << (attack ? "" : attack.error()));
  REQUIRE(attack);
  return *attack;
}

std::vector<AttackSpan> spansOf(const AttackRange& attack) {
  std::vector<AttackSpan> spans;
  for (int i = 0; i < attack.spanCount(); ++i) spans.push_back(attack.span(i));
  return spans;
}

CostMap openMap(int width, int height) {
  return CostMap(width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width * height), 0));
}

}  // namespace

TEST_CASE("attack sets: a comma list of ranges, N meaning exactly N inside it", "[core][parse][attack]") {
  const AttackRange fe = parsed("1,3");
  CHECK(fe.listed());
  CHECK(spansOf(fe) == std::vector<AttackSpan>{{1, 1}, {3, 3}});
  CHECK(fe.contains(1));
  CHECK_FALSE(fe.contains(2));
  CHECK(fe.contains(3));
  CHECK(fe.minDistance() == 1);
  CHECK(fe.maxDistance() == 3);

  const AttackRange wide = parsed("1-2,4-10");
  CHECK(spansOf(wide) == std::vector<AttackSpan>{{1, 2}, {4, 10}});
  CHECK_FALSE(wide.contains(3));
  CHECK(wide.contains(10));
  CHECK_FALSE(wide.contains(11));

  // A lone N keeps its meaning 1-N; 0 is none.
  CHECK(parsed("3") == AttackRange{1, 3});
  CHECK_FALSE(parsed("3").listed());
  CHECK(parsed("0").none());
  CHECK(parsed("0").maxDistance() == 0);
  CHECK_FALSE(parsed("0").contains(0));

  // Eight ranges are allowed, up to 255; overlaps and any order too.
  CHECK(parsed("1,2,3,4,5,6,7,255").spanCount() == 8);
  CHECK(spansOf(parsed("6,1-3,2-4")) == std::vector<AttackSpan>{{6, 6}, {1, 3}, {2, 4}});
}

TEST_CASE("attack sets: the merged ranges, and the JSON form", "[core][parse][attack]") {
  CHECK(parsed("1-2,3-4,6").merged() == std::vector<AttackSpan>{{1, 4}, {6, 6}});
  CHECK(parsed("6,1-3,2-4").merged() == std::vector<AttackSpan>{{1, 4}, {6, 6}});
  CHECK(attackRangeJson(parsed("1-2,3-4,6"), true) == "[[1, 4], [6, 6]]");
  CHECK(attackRangeJson(parsed("1-2,3-4,6")) == "[[1,4],[6,6]]");
  // A list stays a list of pairs even when it merges into one range.
  CHECK(attackRangeJson(parsed("1-2,3"), true) == "[[1, 3]]");
  // Without a comma: [MIN, MAX].
  CHECK(attackRangeJson(parsed("5"), true) == "[1, 5]");
  CHECK(attackRangeJson(parsed("2-3")) == "[2,3]");
  CHECK(attackRangeJson(parsed("0")) == "[0,0]");
}

TEST_CASE("attack sets: formatAttackRange writes what parseAttackRange reads back", "[core][parse][attack]") {
  for (const char* text : {"1,3", "1-2,4-10", "3,1", "2,2", "1,2,3,4,5,6,7,8", "0", "2-3", "1-255"}) {
    INFO(text);
    const AttackRange attack = parsed(text);
    CHECK(formatAttackRange(attack) == text);
    CHECK(parsed(formatAttackRange(attack).c_str()) == attack);
  }
  // A lone N is written MIN-MAX, a range of one distance in a list N: each reads back the same.
  CHECK(formatAttackRange(parsed("4")) == "1-4");
  CHECK(parsed("1-4") == parsed("4"));
  CHECK(formatAttackRange(parsed("1-1,3")) == "1,3");
  CHECK(parsed("1,3") == parsed("1-1,3"));
}

TEST_CASE("attack sets: every bad list is refused with what is allowed", "[core][parse][attack]") {
  const std::vector<std::pair<const char*, const char*>> bad = {
      {"0,2", "starts at 0"},          {"1,", "empty entry"},        {"1,,3", "empty entry"},
      {",1", "empty entry"},           {"3-1,5", "MIN > MAX"},       {"1,2,3,4,5,6,7,8,9", "9 ranges"},
      {"1,256", "over 255"},           {"1,2-300", "over 255"},      {"1,a", "not MIN-MAX or N"},
      {"1,2-", "not MIN-MAX or N"},    {"1, 3", "not MIN-MAX or N"}, {"1,1-2-3", "not MIN-MAX or N"},
      {"0-0,3", "starts at 0"},        {"1,99999999", "not MIN-MAX or N"}};
  for (const auto& [text, why] : bad) {
    INFO(text);
    const auto attack = parseAttackRange(text, "\"attack\"");
    REQUIRE_FALSE(attack);
    CHECK(attack.error().rfind(std::string("\"attack\" '") + text + "'", 0) == 0);
    CHECK(attack.error().find(why) != std::string::npos);
    CHECK(attack.error().find("comma list of 2..8 ranges") != std::string::npos);
    CHECK(attack.error().find('\n') == std::string::npos);
  }
}

TEST_CASE("attack sets: validate checks every range", "[core][attack]") {
  const CostMap map = openMap(5, 5);
  RangeQuery q = testing::query({2, 2}, 1, AttackRange::list({{1, 1}, {3, 2}}));
  REQUIRE(validate(map, q));
  CHECK(validate(map, q)->find("3-2") != std::string::npos);
  q.attack = AttackRange::list({{1, 1}, {3, 255}});
  CHECK_FALSE(validate(map, q));
}

TEST_CASE("attack sets: a 1+3 unit that cannot move leaves the 2 ring empty", "[core][attack]") {
  const CostMap map = openMap(9, 9);
  const RangeResult r = solveReference(map, testing::query({4, 4}, 0, parsed("1,3")));
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 9; ++x) {
      const int d = manhattan({x, y}, {4, 4});
      INFO(x << "," << y);
      CHECK(r.reach[{x, y}] == (d == 0 ? Reach::Reached : d == 1 || d == 3 ? Reach::Attackable : Reach::None));
    }
  }
  // The danger zone of the same enemy: the unit's own cell (distance 0) is not in the set either.
  Unit e;
  e.team = Team::Enemy;
  e.cell = {4, 4};
  e.moveRange = 0;
  e.attack = parsed("1,3");
  const auto count = dangerZone(map, {e});
  CHECK(count[{4, 4}] == 0);
  CHECK(count[{4, 5}] == 1);
  CHECK(count[{4, 6}] == 0);
  CHECK(count[{4, 7}] == 1);
}

TEST_CASE("attack sets: the reference equals the literal rule on random boards, and a hull does not",
          "[core][attack][random]") {
  constexpr std::uint64_t kBoards = 10000;
  int hullCaught = 0;
  for (std::uint64_t seed = 1; seed <= kBoards; ++seed) {
    const testing::RandomCase c = testing::makeAttackSetCase(seed);
    INFO(c.describe());
    REQUIRE_FALSE(validate(c.map, c.query));
    const RangeResult literal = testing::solveRulesModel(c.map, c.query);
    const auto difference = testing::compareReachAndCost(solveReference(c.map, c.query), literal);
    INFO(difference.value_or("same"));
    REQUIRE_FALSE(difference);
    // The control: reading the set as one range from its nearest to its farthest distance.
    RangeQuery hull = c.query;
    hull.attack = testing::attackHull(c.query.attack);
    const bool caught = testing::compareReachAndCost(solveReference(c.map, hull), literal).has_value();
    hullCaught += caught;
  }
  // Where movement fills the holes the hull is right; on about half the boards it is not.
  INFO("the hull was caught on " << hullCaught << " of " << kBoards << " boards");
  CHECK(hullCaught * 3 >= static_cast<int>(kBoards));
}

TEST_CASE("attack sets: danger counts use every range, against the literal rule", "[core][danger][attack][random]") {
  int hullCaught = 0;
  constexpr std::uint64_t kBoards = 3000;
  for (std::uint64_t seed = 1; seed <= kBoards; ++seed) {
    const testing::RandomCase c = testing::makeAttackSetCase(seed);
    INFO(c.describe());
    // The case's unit as the enemy, its enemies as players (they block it), allies as enemies.
    std::vector<Unit> units;
    Unit self;
    self.team = Team::Enemy;
    self.cell = c.query.unit;
    self.moveRange = c.query.moveRange;
    self.attack = c.query.attack;
    self.movement = c.query.movement;
    units.push_back(self);
    for (Cell cell : c.query.enemies) {
      Unit u;
      u.team = Team::Player;
      u.cell = cell;
      units.push_back(u);
    }
    // The literal rule: every cell against every stopping cell of the reference's movement.
    RangeQuery moveOnly = queryFor(units, 0);
    moveOnly.attack = {0, 0};
    const RangeResult range = solveReference(c.map, moveOnly);
    Grid<std::uint8_t> expected(c.map.width(), c.map.height(), 0);
    Grid<std::uint8_t> hullExpected(c.map.width(), c.map.height(), 0);
    const AttackRange hull = testing::attackHull(self.attack);
    for (int sy = 0; sy < c.map.height(); ++sy) {
      for (int sx = 0; sx < c.map.width(); ++sx) {
        if (!range.reached({sx, sy}) || (unitAt(units, {sx, sy}) && Cell{sx, sy} != self.cell)) continue;
        for (int y = 0; y < c.map.height(); ++y) {
          for (int x = 0; x < c.map.width(); ++x) {
            const int d = manhattan({sx, sy}, {x, y});
            if (self.attack.contains(d)) expected[{x, y}] = 1;
            if (hull.contains(d)) hullExpected[{x, y}] = 1;
          }
        }
      }
    }
    const auto counts = dangerZone(c.map, units);
    REQUIRE(counts.cells() == expected.cells());
    REQUIRE(threatOf(c.map, units, 0).cells() == expected.cells());
    hullCaught += hullExpected.cells() != counts.cells();
  }
  INFO("the hull was caught on " << hullCaught << " of " << kBoards << " boards");
  CHECK(hullCaught * 3 >= static_cast<int>(kBoards));
}

TEST_CASE("attack sets: the enemy phase and the arrow attack only from a distance in the set",
          "[core][attack][enemy_move][route]") {
  // An archer with 1+3 (no 2) on an open strip, a player 2 cells away: it must step to a cell
  // 1 or 3 away, never stay where it stands (2 away).
  const CostMap map = openMap(9, 1);
  std::vector<Unit> units(2);
  units[0].team = Team::Enemy;
  units[0].cell = {4, 0};
  units[0].moveRange = 1;
  units[0].attack = parsed("1,3");
  units[1].team = Team::Player;
  units[1].cell = {6, 0};
  const RangeResult range = solveReference(map, queryFor(units, 0));
  const Cell to = chooseDestination(range, units, 0);
  CHECK(to != units[0].cell);
  CHECK(parsed("1,3").contains(manhattan(to, units[1].cell)));

  // The arrow: a player 1+3 unit that cannot move attacks a cell 3 away from where it stands,
  // and has no route to a cell 2 away (that cell is not attackable at all).
  const RangeQuery archer = testing::query({0, 0}, 0, parsed("1,3"));
  const RangeResult archerRange = solveReference(map, archer);
  RouteBoard board(map, archer, archerRange);
  const Route start{Cell{0, 0}};
  CHECK(attackRoute(start, {3, 0}, board) == std::optional<Route>(start));
  CHECK_FALSE(attackRoute(start, {2, 0}, board));
}

TEST_CASE("attack sets: the reference's marks for short and long ranges equal the literal rule",
          "[core][attack][random]") {
  // A sword from a short move, and a siege engine's 1-20 from a move of 20 on a 48x48 board,
  // whose rings overlap many times over.
  const char* attacks[] = {"1", "2", "1,3", "1-20", "1,5-20,30", "3-6,9,12-25"};
  const int moves[] = {0, 3, 20};
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    std::mt19937_64 random(seed);
    std::vector<std::uint8_t> greys(48 * 48);
    for (auto& g : greys) {
      g = kCanonicalGrey[std::uniform_int_distribution<std::size_t>(0, 9)(random) < 8 ? 0 : 3];
    }
    const CostMap map(48, 48, greys);
    for (const char* attack : attacks) {
      for (const int move : moves) {
        RangeQuery query;
        query.unit = {24, 24};
        query.moveRange = move;
        query.attack = parsed(attack);
        query.enemies = {{30, 24}, {24, 10}};
        query.allies = {{23, 24}};
        INFO("seed " << seed << ", move " << move << ", attack " << attack);
        const auto difference = testing::compareReachAndCost(
            solveReference(map, query), testing::solveRulesModel(map, query));
        INFO(difference.value_or("same"));
        CHECK_FALSE(difference);
      }
    }
  }
}

TEST_CASE("attack sets: marks across 64-column words and at the map's edges equal the literal rule",
          "[core][attack][random]") {
  // The reference ORs rings into rows of 64-column words: rings that cross from one word into
  // the next, shifts of more than a word, and a window cut by the map's edges.
  const char* attacks[] = {"1", "1,3", "1-20", "64", "60-70", "1,5-20,30", "3-6,9,12-25,100"};
  const int moves[] = {0, 4, 40};
  const Cell units[] = {{63, 20}, {64, 3}, {127, 36}, {2, 20}, {197, 20}, {100, 20}};
  std::mt19937_64 random(7);
  std::vector<std::uint8_t> greys(200 * 40);
  for (auto& g : greys) {
    g = kCanonicalGrey[std::uniform_int_distribution<std::size_t>(0, 9)(random) < 8 ? 0 : 3];
  }
  for (const Cell unit : units) greys[static_cast<std::size_t>(unit.y * 200 + unit.x)] = 0;
  const CostMap map(200, 40, greys);
  for (const Cell unit : units) {
    for (const char* attack : attacks) {
      for (const int move : moves) {
        RangeQuery query;
        query.unit = unit;
        query.moveRange = move;
        query.attack = parsed(attack);
        query.allies = {{unit.x, unit.y == 0 ? 1 : unit.y - 1}};
        INFO("unit " << toString(unit) << ", move " << move << ", attack " << attack);
        const auto difference = testing::compareReachAndCost(
            solveReference(map, query), testing::solveRulesModel(map, query));
        INFO(difference.value_or("same"));
        CHECK_FALSE(difference);
      }
    }
  }
}

namespace {

constexpr std::array<GridLayout, 4> kHexLayouts = {GridLayout::HexYOdd, GridLayout::HexYEven,
                                                   GridLayout::HexXOdd, GridLayout::HexXEven};

}  // namespace

TEST_CASE("attack sets: on every hex layout the reference equals the literal rule, a hull does not",
          "[core][attack][random][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    int hullCaught = 0;
    constexpr std::uint64_t kHexBoards = 60;
    for (std::uint64_t seed = 1; seed <= kHexBoards; ++seed) {
      const testing::RandomCase c = testing::makeAttackSetCase(seed, layout);
      INFO(c.describe());
      REQUIRE_FALSE(validate(c.map, c.query));
      const RangeResult literal = testing::solveRulesModel(c.map, c.query);
      const auto difference = testing::compareReachAndCost(solveReference(c.map, c.query), literal);
      INFO(difference.value_or("same"));
      REQUIRE_FALSE(difference);
      RangeQuery hull = c.query;
      hull.attack = testing::attackHull(c.query.attack);
      hullCaught += testing::compareReachAndCost(solveReference(c.map, hull), literal).has_value();
    }
    INFO(layoutName(layout) << ": the hull was caught on " << hullCaught << " of " << kHexBoards);
    CHECK(hullCaught * 3 >= static_cast<int>(kHexBoards));
  }
}

TEST_CASE("attack sets: hex marks across 64-column words and at the map's edges equal the literal rule",
          "[core][attack][random][hex]") {
  // A hex-x board splits each origin row by column parity; rows and words must both line up,
  // whichever parity the window's first column has.
  const char* attacks[] = {"1", "2-3", "1,3", "60-70", "3-6,9,12-25,100"};
  const int moves[] = {0, 4};
  const Cell units[] = {{63, 20}, {64, 3}, {127, 36}, {2, 20}, {197, 21}};
  std::mt19937_64 random(11);
  std::vector<std::uint8_t> greys(200 * 40);
  for (auto& g : greys) {
    g = kCanonicalGrey[std::uniform_int_distribution<std::size_t>(0, 9)(random) < 8 ? 0 : 3];
  }
  for (const Cell unit : units) greys[static_cast<std::size_t>(unit.y * 200 + unit.x)] = 0;
  for (const GridLayout layout : kHexLayouts) {
    CostMap map(200, 40, greys);
    map.setLayout(layout);
    for (const Cell unit : units) {
      for (const char* attack : attacks) {
        for (const int move : moves) {
          RangeQuery query;
          query.unit = unit;
          query.moveRange = move;
          query.attack = parsed(attack);
          query.allies = {{unit.x, unit.y == 0 ? 1 : unit.y - 1}};
          INFO(layoutName(layout) << ": unit " << toString(unit) << ", move " << move << ", attack "
                                  << attack);
          const auto difference = testing::compareReachAndCost(
              solveReference(map, query), testing::solveRulesModel(map, query));
          INFO(difference.value_or("same"));
          CHECK_FALSE(difference);
        }
      }
    }
  }
}

TEST_CASE("attack sets: a hex unit that cannot move attacks the rings of its set", "[core][attack][hex]") {
  // hex-y-odd, unit on the shifted row 3, attack "1,3": the six neighbours and the 18 cells of
  // ring 3, never ring 2's 12.
  CostMap map = openMap(9, 9);
  map.setLayout(GridLayout::HexYOdd);
  const Topology topology = map.topology();
  RangeQuery q;
  q.unit = {4, 3};
  q.moveRange = 0;
  q.attack = parsed("1,3");
  const RangeResult r = solveReference(map, q);
  int rings[5] = {0, 0, 0, 0, 0};
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 9; ++x) {
      const int d = topology.distance(q.unit, {x, y});
      INFO(x << "," << y << " at distance " << d);
      CHECK((r.reach[{x, y}] == Reach::Attackable) == (d == 1 || d == 3));
      if (d <= 4) ++rings[d];
    }
  }
  CHECK(rings[1] == 6);
  CHECK(rings[2] == 12);
  CHECK(rings[3] == 18);
  CHECK(r.reach[{3, 3}] == Reach::Attackable);  // left neighbour
  CHECK(r.reach[{5, 2}] == Reach::Attackable);  // up-right on the shifted row
  CHECK(r.reach[{3, 2}] == Reach::None);        // distance 2: the row above is not shifted
}
