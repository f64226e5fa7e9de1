// Zone of control, pass, skirmisher and ignore-units (SPEC §11.2, §11.3, §11.6) on every GPU
// backend: the fragment passes, the compute dispatch and the batched danger atlas read the bytes
// the rules seam bakes, and must give the CPU reference's answer byte for byte on crowded random
// boards under every rule variant. The danger comparison keeps a control: the same board solved
// without ZOC must differ on a share of the boards.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <random>
#include <sstream>

#include "gl_context.h"
#include "random_cases.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

constexpr std::uint64_t kBoards = 300;  // each solved under all 8 rule variants
// And a few on each hex layout (SPEC §13: ZOC on the six neighbours), after the square ones.
constexpr std::uint64_t kHexBoards = 6;

// Bytes, passes and parents of one backend's answer against the reference.
void requireReference(const CostMap& map, const RangeQuery& q, const RangeResult& actual,
                      int passes, const std::vector<std::uint8_t>& state) {
  const RangeResult reference = solveReference(map, q);
  const auto difference = testing::compareReachAndCost(actual, reference);
  INFO(difference.value_or("grid and costs agree"));
  REQUIRE_FALSE(difference);
  const auto parents = testing::checkParents(map, q, actual);
  INFO(parents.value_or("parents are valid"));
  REQUIRE_FALSE(parents);
  CHECK(passes == reference.passes);
  REQUIRE(state == encodeState(map, reference));
}

// Runs `solveOn(board, query)` for every board and rule variant; prints the time taken.
template <class Solve>
void everyVariant(const char* backend, Solve solveOn) {
  const auto started = std::chrono::steady_clock::now();
  int halted = 0;  // solves with a reached zone of control cell: the rule was exercised
  std::uint64_t solved = 0;
  for (const GridLayout layout : kGridLayouts) {
  const std::uint64_t boards = layout == GridLayout::Square ? kBoards : kHexBoards;
  for (std::uint64_t seed = 1; seed <= boards; ++seed, ++solved) {
    const testing::RandomCase c =
        testing::makeCrowdedCase(seed, seed % 3 == 0 ? 0.5 : 0.25, layout);
    halted += solveOn(c, [&](const RangeResult& reference, const RangeQuery& q) {
      const RuleWindow rules = MoveRules(c.map, q).bake(MoveRules(c.map, q).reachBox());
      for (int y = rules.box().y0; y <= rules.box().y1; ++y) {
        for (int x = rules.box().x0; x <= rules.box().x1; ++x) {
          if (reference.reached({x, y}) && !cell_rule::continues(rules[{x, y}])) return 1;
        }
      }
      return 0;
    });
  }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << backend << ": " << solved * testing::kRuleVariants.size()
            << " rule-variant solves matched the reference in " << seconds << " s (" << halted
            << " reached a ZOC cell)\n";
  CHECK(halted * 3 >= static_cast<int>(kBoards));
}

// A board for the danger zone: up to 20x20, crowded, enemies with skills, moves up to 8.
struct DangerBoard {
  std::uint64_t seed = 0;
  CostMap map;
  std::vector<Unit> units;

  [[nodiscard]] std::string describe() const {
    std::ostringstream text;
    text << "seed " << seed << ": " << map.sizeText() << " " << layoutName(map.layout()) << " map, " << units.size() << " units:";
    for (const Unit& u : units) {
      text << " " << teamName(u.team) << "@" << toString(u.cell) << " move " << u.moveRange
           << " attack " << formatAttackRange(u.attack) << " skills '"
           << formatSkills(u.skills) << "';";
    }
    return text.str();
  }
};

DangerBoard makeDangerBoard(std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  DangerBoard board;
  board.seed = seed;
  const int width = pick(1, 20);
  const int height = pick(1, 20);
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height));
  const int wallChance = pick(0, 25);
  for (auto& g : grey) g = pick(0, 99) < wallChance ? 255 : static_cast<std::uint8_t>(pick(0, 152));
  board.map = CostMap(width, height, grey);
  const int density = pick(5, 35);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (pick(0, 99) >= density || !MovementClass().passable(board.map.terrain({x, y}))) continue;
      Unit u;
      u.name = "U";
      u.cell = {x, y};
      u.team = pick(0, 9) < 4 ? Team::Enemy : (pick(0, 1) ? Team::Player : Team::Ally);
      u.moveRange = pick(0, 8);
      const int min = pick(0, 3) == 0 ? pick(2, 3) : 1;
      u.attack = {min, min + pick(0, 2)};
      if (pick(0, 3) == 0) u.skills.add(Skill::Pass);
      if (pick(0, 5) == 0) u.skills.add(Skill::Skirmisher);
      board.units.push_back(u);
    }
  }
  return board;
}

std::optional<std::string> firstDifference(const Grid<std::uint8_t>& actual,
                                           const Grid<std::uint8_t>& expected) {
  for (int y = 0; y < expected.height(); ++y) {
    for (int x = 0; x < expected.width(); ++x) {
      if (actual[{x, y}] != expected[{x, y}]) {
        return "cell " + toString({x, y}) + ": " + std::to_string(actual[{x, y}]) + ", expected " +
               std::to_string(expected[{x, y}]);
      }
    }
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("GPU rules: the fragment passes equal the reference under every rule variant",
          "[gpu][rules][zoc][random]") {
  testing::requireContext();
  // The control: a backend that ignored ZOC would give the rules-off bytes; the comparison must
  // tell them from the ZOC answer on a share of the boards.
  int ignoringCaught = 0;
  everyVariant("gpu", [&](const testing::RandomCase& c, const auto& exercised) {
    auto solver = gpu::RangeSolver::create(c.map);
    INFO((solver ? "" : solver.error()));
    REQUIRE(solver);
    int halted = 0;
    for (const testing::RuleVariant& variant : testing::kRuleVariants) {
      const RangeQuery q = testing::withRules(c.query, variant);
      INFO(c.describe() << " under " << variant.name);
      const gpu::SolveStats stats = solver->solve(q);
      requireReference(c.map, q, solver->readResult(), stats.passes, solver->readState());
      halted = std::max(halted, exercised(solveReference(c.map, q), q));
      if (q.zoc && q.skills.empty() && !q.ignoreUnits) {
        ignoringCaught += solver->readState() != encodeState(c.map, solveReference(c.map, c.query));
      }
    }
    return halted;
  });
  INFO("the rules-off bytes were caught on " << ignoringCaught << " of " << kBoards << " ZOC solves");
  CHECK(ignoringCaught * 10 >= static_cast<int>(kBoards));
}

TEST_CASE("compute rules: one dispatch equals the reference under every rule variant",
          "[gpu][compute][rules][zoc][random]") {
  if (!testing::computeRuns()) return;
  everyVariant("compute", [](const testing::RandomCase& c, const auto& exercised) {
    auto solver = gpu::ComputeRangeSolver::create(c.map);
    INFO((solver ? "" : solver.error()));
    REQUIRE(solver);
    int halted = 0;
    for (const testing::RuleVariant& variant : testing::kRuleVariants) {
      const RangeQuery q = testing::withRules(c.query, variant);
      INFO(c.describe() << " under " << variant.name);
      const gpu::SolveStats stats = solver->solve(q);
      requireReference(c.map, q, solver->readResult(), stats.passes, solver->readState());
      halted = std::max(halted, exercised(solveReference(c.map, q), q));
    }
    return halted;
  });
}

TEST_CASE("compute rules: every-cell rounds (short lists) and both workgroups honour ZOC",
          "[gpu][compute][rules][zoc][random]") {
  if (!testing::computeRuns()) return;
  using Compute = gpu::ComputeRangeSolver;
  int overflowed = 0;
  for (std::uint64_t board = 0; board < 100 + 4 * kHexBoards; ++board) {
    // The ordinary random cases (moves up to 255, fewer units): long frontiers, which overflow
    // lists of 4 cells. 100 square boards, then a few on each hex layout.
    const bool square = board < 100;
    const GridLayout layout =
        square ? GridLayout::Square : kGridLayouts[1 + (board - 100) / kHexBoards];
    const std::uint64_t seed = square ? board + 1 : (board - 100) % kHexBoards + 1;
    const testing::RandomCase c = testing::makeRandomCase(seed, {48, 6}, layout);
    for (const Compute::Workgroup workgroup : {Compute::Workgroup::Narrow, Compute::Workgroup::Wide}) {
      auto solver = Compute::create(c.map, workgroup, Compute::Kernel::Solve, Compute::Lists::Short);
      INFO((solver ? "" : solver.error()));
      REQUIRE(solver);
      for (const std::size_t v : {1u, 3u, 4u}) {  // zoc; zoc + pass; zoc + skirmisher
        const RangeQuery q = testing::withRules(c.query, testing::kRuleVariants[v]);
        INFO(c.describe() << ", short lists");
        const gpu::SolveStats stats = solver->solve(q);
        requireReference(c.map, q, solver->readResult(), stats.passes, solver->readState());
        overflowed += solver->everyCellRounds() > 0 ? 1 : 0;
      }
    }
  }
  INFO(overflowed << " of 600 solves ran every-cell rounds");
  CHECK(overflowed >= 100);
}

TEST_CASE("GPU rules: danger with zone of control equals the reference, and differs without it",
          "[gpu][danger][rules][zoc][random]") {
  testing::requireContext();
  int zocMatters = 0;
  const std::uint64_t boards = 200;  // and kHexBoards read as each hex layout
  for (std::uint64_t i = 0; i < boards + 4 * kHexBoards; ++i) {
    const bool square = i < boards;
    DangerBoard board = makeDangerBoard(square ? i + 1 : (i - boards) % kHexBoards + 1);
    if (!square) board.map.setLayout(kGridLayouts[1 + (i - boards) / kHexBoards]);
    INFO(board.describe());
    auto solver = gpu::DangerSolver::create(board.map);
    INFO((solver ? "" : solver.error()));
    REQUIRE(solver);
    for (const bool zoc : {true, false}) {
      INFO("zoc " << zoc);
      REQUIRE(solver->solve(board.units, BoardRules{zoc}));
      const auto difference =
          firstDifference(solver->readCounts(), dangerZone(board.map, board.units, BoardRules{zoc}));
      INFO(difference.value_or("same counts"));
      REQUIRE_FALSE(difference);
    }
    // The control: the answer without ZOC is wrong for a ZOC board on a share of them.
    REQUIRE(solver->solve(board.units, BoardRules{true}));
    zocMatters += firstDifference(solver->readCounts(), dangerZone(board.map, board.units)).has_value();
  }
  std::cout << "danger: ZOC changed the counts on " << zocMatters << " of " << boards + 4 * kHexBoards << " boards\n";
  CHECK(zocMatters * 5 >= static_cast<int>(boards));
}

TEST_CASE("Solvers: danger takes the board's rules on every backend that has it",
          "[gpu][solvers][rules][zoc]") {
  testing::requireContext();
  // An enemy in a field of plains, a player above its path: with ZOC the enemy stops next to
  // the player and (5,1) is out of its reach (as in the core danger test).
  const CostMap map(7, 3, std::vector<std::uint8_t>(21, 0));
  std::vector<Unit> units(2);
  units[0].team = Team::Enemy;
  units[0].cell = {0, 1};
  units[0].moveRange = 4;
  units[1].team = Team::Player;
  units[1].cell = {3, 0};
  for (const Backend backend : {Backend::Cpu, Backend::Gpu}) {
    INFO(static_cast<int>(backend));
    auto solvers = gpu::Solvers::create(map, backend);
    REQUIRE(solvers);
    const auto open = solvers->danger(units);
    const auto zoc = solvers->danger(units, BoardRules{true});
    REQUIRE(open);
    REQUIRE(zoc);
    CHECK(open->counts[{5, 1}] == 1);
    CHECK(zoc->counts[{5, 1}] == 0);
    CHECK(zoc->counts[{4, 1}] == 1);
  }
}
