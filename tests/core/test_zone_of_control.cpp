// Zone of control, the pass and skirmisher skills and ignoring units (SPEC §11.2, §11.3, §11.6)
// in the solver layer: the SPEC's own examples on boards drawn as text, the rules seam's bytes,
// routes, danger and fields; then the reference against a literal model of the SPEC on thousands
// of crowded random boards, with wrong models that the same comparison must catch.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "random_cases.h"
#include "rules_model.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/route.h"

using namespace tactics;

namespace {

// A board drawn as rows: '.' plains, 'f' forest (2), '#' wall, 'U' the unit (on plains), 'a' an
// ally, 'E' an enemy (both on plains).
struct Board {
  CostMap map;
  RangeQuery query;

  Board(const std::vector<std::string>& rows, int move, AttackRange attack = {0, 0}) {
    const int width = static_cast<int>(rows.front().size());
    const int height = static_cast<int>(rows.size());
    std::vector<std::uint8_t> grey;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
        grey.push_back(c == 'f' ? 76 : c == '#' ? 255 : 0);
        if (c == 'U') query.unit = {x, y};
        if (c == 'a') query.allies.push_back({x, y});
        if (c == 'E') query.enemies.push_back({x, y});
      }
    }
    map = CostMap(width, height, grey);
    query.moveRange = move;
    query.attack = attack;
  }

  [[nodiscard]] RangeQuery with(bool zoc, Skills skills = {}, bool ignoreUnits = false) const {
    RangeQuery q = query;
    q.zoc = zoc;
    q.skills = skills;
    q.ignoreUnits = ignoreUnits;
    return q;
  }
};

const Skills kPass = Skills{}.add(Skill::Pass);
const Skills kSkirmisher = Skills{}.add(Skill::Skirmisher);

// Travel cost of each cell of row y, -1 where not reached.
std::vector<int> rowCosts(const RangeResult& r, int y) {
  std::vector<int> costs;
  for (int x = 0; x < r.width(); ++x) costs.push_back(r.reached({x, y}) ? r.travelCost[{x, y}] : -1);
  return costs;
}

// The reference must agree with the literal model and have valid parents on every hand board.
RangeResult solveChecked(const CostMap& map, const RangeQuery& q) {
  const RangeResult r = solveReference(map, q);
  const auto difference = testing::compareReachAndCost(r, testing::solveRulesModel(map, q));
  INFO(difference.value_or("the literal model agrees"));
  REQUIRE_FALSE(difference);
  const auto parents = testing::checkParents(map, q, r);
  INFO(parents.value_or("parents are valid"));
  REQUIRE_FALSE(parents);
  return r;
}

// Random boards per comparison: each is solved under every rule variant.
constexpr std::uint64_t kBoards = 1500;

// A corridor with an enemy below its third cell.
const std::vector<std::string> kCorridor = {
    "######",
    "U.....",
    "##E###",
};

}  // namespace

TEST_CASE("zoc: a zone of control cell is reached, nothing beyond it", "[core][rules][zoc]") {
  const Board b(kCorridor, 5, {1, 1});
  const RangeResult open = solveChecked(b.map, b.with(false));
  CHECK(rowCosts(open, 1) == std::vector<int>{0, 1, 2, 3, 4, 5});
  const RangeResult zoc = solveChecked(b.map, b.with(true));
  CHECK(rowCosts(zoc, 1) == std::vector<int>{0, 1, 2, -1, -1, -1});
  // The ZOC cell is a stopping cell: the next one is in attack range of it, the one after not.
  CHECK(zoc.reach[{3, 1}] == Reach::Attackable);
  CHECK(zoc.reach[{4, 1}] == Reach::None);
}

TEST_CASE("zoc: a unit standing in a zone of control leaves it freely", "[core][rules][zoc]") {
  Board b(kCorridor, 3);
  b.query.unit = {2, 1};
  const RangeResult r = solveChecked(b.map, b.with(true));
  CHECK(rowCosts(r, 1) == std::vector<int>{2, 1, 0, 1, 2, 3});
}

TEST_CASE("zoc: an ally standing in a zone of control cannot be entered", "[core][rules][zoc]") {
  const Board b({"######", "U.a...", "##E###"}, 5);
  CHECK(rowCosts(solveChecked(b.map, b.with(false)), 1) == std::vector<int>{0, 1, 2, 3, 4, 5});
  CHECK(rowCosts(solveChecked(b.map, b.with(true)), 1) == std::vector<int>{0, 1, -1, -1, -1, -1});
}

TEST_CASE("zoc: with pass, only an enemy next to the start is crossed", "[core][rules][zoc]") {
  const Board b({"######", "UE..E.", "######"}, 6);
  // Pass alone: both enemies are crossed (reached, not stopping cells).
  const RangeResult pass = solveChecked(b.map, b.with(false, kPass));
  CHECK(rowCosts(pass, 1) == std::vector<int>{0, 1, 2, 3, 4, 5});
  // With ZOC: the enemy next to the start is crossed, the cell beyond it is in its zone (reached,
  // a stop), and nothing goes on from there.
  const RangeResult both = solveChecked(b.map, b.with(true, kPass));
  CHECK(rowCosts(both, 1) == std::vector<int>{0, 1, 2, -1, -1, -1});
  // An enemy one step further is never crossed: the cell before it halts travel.
  const Board far({"######", "U.E...", "######"}, 6);
  CHECK(rowCosts(solveChecked(far.map, far.with(true, kPass)), 1) ==
        std::vector<int>{0, 1, -1, -1, -1, -1});
  CHECK(rowCosts(solveChecked(far.map, far.with(false, kPass)), 1) ==
        std::vector<int>{0, 1, 2, 3, 4, 5});
  // Two enemies side by side: each is in the other's zone, so neither can be crossed.
  const Board pair({"######", "UEE...", "######"}, 6);
  CHECK(rowCosts(solveChecked(pair.map, pair.with(true, kPass)), 1) ==
        std::vector<int>{0, -1, -1, -1, -1, -1});
}

TEST_CASE("zoc: a skirmisher ignores zones of control", "[core][rules][zoc]") {
  const Board b(kCorridor, 5);
  CHECK(rowCosts(solveChecked(b.map, b.with(true, kSkirmisher)), 1) ==
        std::vector<int>{0, 1, 2, 3, 4, 5});
  const Board crossed({"######", "UE..E.", "######"}, 6);
  CHECK(rowCosts(solveChecked(crossed.map, crossed.with(true, Skills{kPass}.add(Skill::Skirmisher))), 1) ==
        std::vector<int>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("ignore-units: every other unit is gone, and zoc with it", "[core][rules]") {
  const Board b({"######", "UaE.E.", "######"}, 6, {1, 1});
  const RangeResult r = solveChecked(b.map, b.with(true, {}, true));
  CHECK(rowCosts(r, 1) == std::vector<int>{0, 1, 2, 3, 4, 5});
  // The ally's cell is an ordinary stopping cell: nothing to attack beyond row 1's walls.
  const RuleWindow rules = MoveRules(b.map, b.with(true, {}, true)).bake(CellBox{0, 0, 5, 2});
  CHECK(cell_rule::mayStop(rules[{1, 1}]));
  CHECK(rules[{2, 1}] == 1);
}

TEST_CASE("rules seam: the bytes of zone of control, pass and skirmisher", "[core][rules][zoc]") {
  // . . . .
  // U E a .
  // . . E E
  const Board b({"....", "UEa.", "..EE"}, 5);
  const auto at = [&](const RangeQuery& q, Cell c) { return MoveRules(b.map, q).at(c); };
  const RangeQuery zoc = b.with(true);
  CHECK(at(zoc, {0, 1}) == 0);                       // the start: exempt, entered by no path
  CHECK(at(zoc, {1, 0}) == (1 | cell_rule::kHalt));  // next to an enemy
  CHECK(at(zoc, {3, 1}) == (1 | cell_rule::kHalt));
  CHECK(at(zoc, {0, 0}) == 1);                       // diagonal only: no zone
  CHECK(at(zoc, {3, 0}) == 1);
  CHECK(at(zoc, {2, 1}) == 0);                       // an ally in a zone: cannot be entered
  CHECK(at(zoc, {1, 1}) == 0);                       // an enemy still blocks
  CHECK(at(b.with(false), {2, 1}) == (1 | cell_rule::kNoStop));
  const RangeQuery pass = b.with(false, kPass);
  CHECK(at(pass, {1, 1}) == (1 | cell_rule::kNoStop));
  CHECK(at(pass, {2, 2}) == (1 | cell_rule::kNoStop));
  // With ZOC too: an enemy with no other enemy beside it is crossed, one beside another is not.
  CHECK(at(b.with(true, kPass), {1, 1}) == (1 | cell_rule::kNoStop));
  CHECK(at(b.with(true, kPass), {2, 2}) == 0);
  CHECK(at(b.with(true, kSkirmisher), {1, 0}) == 1);
  CHECK(at(b.with(true, kSkirmisher), {2, 1}) == (1 | cell_rule::kNoStop));
  CHECK(at(b.with(true, {}, true), {1, 1}) == 1);
  CHECK(at(b.with(true, {}, true), {2, 1}) == 1);
  CHECK(at(b.with(true, {}, true), {1, 0}) == 1);
}

TEST_CASE("rules seam: a baked box holds what at() says under every rule", "[core][rules][zoc]") {
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const testing::RandomCase c = testing::makeCrowdedCase(seed, 0.4);
    for (const testing::RuleVariant& variant : testing::kRuleVariants) {
      const RangeQuery q = testing::withRules(c.query, variant);
      const MoveRules rules(c.map, q);
      const RuleWindow window = rules.bake(CellBox::around(q.unit, q.moveRange + 1));
      for (int y = window.box().y0; y <= window.box().y1; ++y) {
        for (int x = window.box().x0; x <= window.box().x1; ++x) {
          INFO(c.describe() << ", " << variant.name << ", cell " << x << "," << y);
          REQUIRE(window[{x, y}] == rules.at({x, y}));
        }
      }
    }
  }
}

TEST_CASE("route: rule 3 never appends past a zone of control cell", "[core][rules][zoc]") {
  const Board b({".....", "U....", "..E.."}, 5);
  const RangeQuery q = b.with(true);
  const RangeResult range = solveChecked(b.map, q);
  const RouteBoard board(b.map, q, range);
  CHECK(board.haltsTravel({2, 1}));
  CHECK_FALSE(board.haltsTravel({1, 1}));
  Route route = startRoute(board);
  for (Cell c : {Cell{1, 1}, Cell{2, 1}}) enterCell(route, c, board);
  REQUIRE(route == Route{{0, 1}, {1, 1}, {2, 1}});
  CHECK(arrowShows(route, {2, 1}, board));
  // (3,1) is next to the route's end and 3 fits the move, but the end is a ZOC cell: rule 4.
  enterCell(route, {3, 1}, board);
  CHECK(route == Route{{0, 1}, {1, 1}, {1, 0}, {2, 0}, {3, 0}, {3, 1}});
  CHECK(routeCost(route, board) == 5);

  // A unit standing in a zone of control: its own cell is the route's end, and rule 3 appends.
  Board inZone({".....", ".....", ".UE.."}, 3);
  const RangeQuery fromZone = inZone.with(true);
  const RangeResult fromRange = solveChecked(inZone.map, fromZone);
  const RouteBoard fromBoard(inZone.map, fromZone, fromRange);
  CHECK_FALSE(fromBoard.haltsTravel({1, 2}));
  Route first = startRoute(fromBoard);
  enterCell(first, {1, 1}, fromBoard);
  CHECK(first == Route{{1, 2}, {1, 1}});
}

TEST_CASE("danger: each enemy's range feels the players' zones of control", "[core][danger][zoc]") {
  // An enemy in a corridor of plains, a player above it: with ZOC the enemy stops next to the
  // player and threatens one cell less far.
  const std::vector<std::uint8_t> grey(7 * 3, 0);
  const CostMap map(7, 3, grey);
  std::vector<Unit> units(2);
  units[0].team = Team::Enemy;
  units[0].cell = {0, 1};
  units[0].moveRange = 4;
  units[1].team = Team::Player;
  units[1].cell = {3, 0};
  const Grid<std::uint8_t> open = dangerZone(map, units);
  const Grid<std::uint8_t> zoc = dangerZone(map, units, BoardRules{true});
  CHECK(open[{5, 1}] == 1);
  CHECK(zoc[{5, 1}] == 0);
  CHECK(zoc[{4, 1}] == 1);  // next to the ZOC cell (3,1), where the enemy may stop
  CHECK(zoc[{3, 0}] == 1);  // the player itself
  // A skirmisher enemy ignores it.
  units[0].skills = kSkirmisher;
  CHECK(dangerZone(map, units, BoardRules{true})[{5, 1}] == 1);
}

TEST_CASE("fields ignore zone of control and skills", "[core][rules][zoc]") {
  const CostMap map(6, 1, std::vector<std::uint8_t>(6, 0));
  std::vector<Unit> units(3);
  units[0].team = Team::Player;
  units[0].cell = {0, 0};
  units[0].skills = Skills{kPass}.add(Skill::Skirmisher);
  units[1].team = Team::Enemy;
  units[1].cell = {2, 0};
  units[2].team = Team::Enemy;
  units[2].cell = {5, 0};
  // The pass skill does not let the mover's field cross its foes: they still block it.
  const FieldQuery from = fieldQueryFrom(units, 0);
  const DistanceField field = solveFieldReference(map, from);
  CHECK(field[{1, 0}] == 1);
  CHECK(field[{3, 0}] == kFieldUnreachable);
  // Nothing stops next to a foe either: the enemies' field reaches the whole corridor from both.
  const DistanceField enemies = solveFieldReference(map, fieldQueryFor(units, Team::Player, MovementClass()));
  CHECK(enemies[{0, 0}] == 2);
  CHECK(enemies[{4, 0}] == 1);
}

TEST_CASE("the reference equals the literal rules model on crowded random boards",
          "[core][rules][zoc][random]") {
  int compared = 0;
  int zocChanged = 0;    // zoc cases whose answer differs from the same board without it
  int passChanged = 0;   // pass cases whose answer differs from the same board without it
  int alliesInZone = 0;  // zoc cases with an ally on a cell next to an enemy, within the move
  for (std::uint64_t seed = 1; seed <= kBoards; ++seed) {
    const testing::RandomCase c = testing::makeCrowdedCase(seed, seed % 3 == 0 ? 0.5 : 0.25);
    const RangeResult plain = solveReference(c.map, c.query);
    for (const testing::RuleVariant& variant : testing::kRuleVariants) {
      const RangeQuery q = testing::withRules(c.query, variant);
      INFO(c.describe() << " under " << variant.name);
      const RangeResult reference = solveReference(c.map, q);
      const auto difference = testing::compareReachAndCost(reference, testing::solveRulesModel(c.map, q));
      INFO(difference.value_or("the literal model agrees"));
      REQUIRE_FALSE(difference);
      const auto parents = testing::checkParents(c.map, q, reference);
      INFO(parents.value_or("parents are valid"));
      REQUIRE_FALSE(parents);
      ++compared;
      const bool changed = testing::compareReachAndCost(reference, plain).has_value();
      if (q.zoc && q.skills.empty() && !q.ignoreUnits) {
        zocChanged += changed;
        const MoveRules rules(c.map, q);
        for (Cell a : q.allies) {
          if (manhattan(a, q.unit) <= q.moveRange && !cell_rule::enterable(rules.at(a)) &&
              cell_rule::enterable(terrainRule(c.map, q.movement, a))) {
            ++alliesInZone;
            break;
          }
        }
      }
      if (!q.zoc && q.skills == kPass) passChanged += changed;
    }
  }
  INFO(compared << " solves; zoc changed " << zocChanged << ", pass " << passChanged
                << ", allies in a zone on " << alliesInZone << " boards");
  CHECK(compared == static_cast<int>(kBoards) * static_cast<int>(testing::kRuleVariants.size()));
  CHECK(zocChanged >= 200);  // out of 1500 zoc solves
  CHECK(passChanged >= 100);
  CHECK(alliesInZone >= 100);
}

TEST_CASE("the rules comparison has teeth: wrong zone of control models fail it",
          "[core][rules][zoc][control]") {
  int zocMatters = 0;        // boards where ZOC changes the answer
  int propagatesCaught = 0;  // ... and the model that lets travel go on through ZOC cells differs
  int crossesCaught = 0;     // boards where crossing a cell in a zone (with pass) is not caught
  for (std::uint64_t seed = 1; seed <= kBoards; ++seed) {
    const testing::RandomCase c = testing::makeCrowdedCase(seed, 0.3);
    const RangeQuery zoc = testing::withRules(c.query, testing::kRuleVariants[1]);
    const RangeResult zocReference = solveReference(c.map, zoc);
    if (testing::compareReachAndCost(zocReference, solveReference(c.map, c.query))) {
      ++zocMatters;
      propagatesCaught += testing::compareReachAndCost(
          testing::solveRulesModel(c.map, zoc, testing::RulesModel::ZocPropagates), zocReference).has_value();
    }
    const RangeQuery zocPass = testing::withRules(c.query, testing::kRuleVariants[3]);
    crossesCaught += testing::compareReachAndCost(
        testing::solveRulesModel(c.map, zocPass, testing::RulesModel::CrossesZoc),
        solveReference(c.map, zocPass)).has_value();
  }
  INFO("ZOC mattered on " << zocMatters << " of " << kBoards << " boards; letting it propagate was caught on "
       << propagatesCaught << " of those, crossing in a zone on " << crossesCaught << " boards");
  CHECK(zocMatters * 10 >= static_cast<int>(kBoards));
  CHECK(propagatesCaught * 2 >= zocMatters);
  CHECK(crossesCaught * 10 >= static_cast<int>(kBoards));
}

TEST_CASE("queries differ when only their rules differ", "[core][rules]") {
  const Board b(kCorridor, 5);
  CHECK(b.with(false) == b.with(false));
  CHECK(b.with(true) != b.with(false));
  CHECK(b.with(false, kPass) != b.with(false));
  CHECK(b.with(false, {}, true) != b.with(false));
  // queryFor fills the rules in from the unit and the board.
  std::vector<Unit> units(2);
  units[0].cell = {0, 1};
  units[0].skills = kPass;
  units[1].team = Team::Enemy;
  units[1].cell = {2, 2};
  const RangeQuery q = queryFor(units, 0, BoardRules{true});
  CHECK(q.zoc);
  CHECK(q.skills == kPass);
  CHECK(q.enemies == std::vector<Cell>{{2, 2}});
  CHECK_FALSE(queryFor(units, 0).zoc);
}

TEST_CASE("zoc: on a hex board the zone is the enemy's six neighbours", "[core][rules][zoc][hex]") {
  // An enemy on the shifted row 3 of hex-y-odd, then on the unshifted column 2 of hex-x-even.
  struct Case {
    GridLayout layout;
    Cell enemy;
    std::vector<Cell> zone;  // SPEC §13's neighbours, worked by hand
  };
  const Case cases[] = {
      {GridLayout::HexYOdd, {4, 3}, {{4, 2}, {5, 2}, {3, 3}, {5, 3}, {4, 4}, {5, 4}}},
      {GridLayout::HexYEven, {4, 3}, {{3, 2}, {4, 2}, {3, 3}, {5, 3}, {3, 4}, {4, 4}}},
      {GridLayout::HexXOdd, {3, 3}, {{3, 2}, {3, 4}, {2, 3}, {2, 4}, {4, 3}, {4, 4}}},
      {GridLayout::HexXEven, {3, 3}, {{3, 2}, {3, 4}, {2, 2}, {2, 3}, {4, 2}, {4, 3}}},
  };
  for (const Case& c : cases) {
    INFO(layoutName(c.layout));
    Board b({".......", ".......", ".......", ".......", ".......", "U......", "......."}, 12);
    b.query.enemies = {c.enemy};
    b.map.setLayout(c.layout);
    const RangeQuery q = b.with(true);
    const MoveRules rules(b.map, q);
    for (int y = 0; y < 7; ++y) {
      for (int x = 0; x < 7; ++x) {
        const Cell cell{x, y};
        INFO("cell " << toString(cell));
        const bool zone = std::find(c.zone.begin(), c.zone.end(), cell) != c.zone.end();
        CHECK(cell_rule::continues(rules.at(cell)) == !zone);
      }
    }
    // The reference agrees with the model: zone cells are reached and lead nowhere.
    const RangeResult r = solveChecked(b.map, q);
    for (const Cell z : c.zone) {
      INFO("zone cell " << toString(z));
      CHECK(r.reached(z));
    }
  }
}
