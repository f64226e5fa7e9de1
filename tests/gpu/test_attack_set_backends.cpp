// Attack sets (SPEC §11.4) on every GPU backend: the fragment attack pass, the compute dispatch
// and the batched danger atlas test each range of the set per origin, and must give the CPU
// reference's bytes on thousands of random boards whose holes movement cannot fill (move 0, a
// unit in a walled pocket). The control: the same comparison must catch an answer that reads
// "1,3" as "1-3" on a share of the boards.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <map>
#include <random>

#include "gl_context.h"
#include "random_cases.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

constexpr std::uint64_t kBoards = 1500;
// And a few on each hex layout (SPEC §13: hex distances), after the square ones.
constexpr std::uint64_t kHexBoards = 10;

// Board i of the sweep: kBoards square ones, then kHexBoards on each hex layout.
testing::RandomCase sweepBoard(std::uint64_t i) {
  if (i < kBoards) return testing::makeAttackSetCase(i + 1);
  const std::uint64_t hex = i - kBoards;
  return testing::makeAttackSetCase(hex % kHexBoards + 1, kGridLayouts[1 + hex / kHexBoards]);
}
constexpr std::uint64_t kSweepBoards = kBoards + 4 * kHexBoards;

// The state bytes a backend gave, against the reference's for the query; true when they match.
bool sameAsReference(const CostMap& map, const RangeQuery& q, const std::vector<std::uint8_t>& state) {
  return state == encodeState(map, solveReference(map, q));
}

// Runs every random attack-set board through `solve(board, query) -> state bytes`, with one
// solver per map size (made by `make`, the map then replaced by updateMap). Each answer must be
// the reference's; the same backend asked the hull of the set must be caught on a share.
template <class Solver, class Make>
void everyBoard(const char* backend, Make make) {
  const auto started = std::chrono::steady_clock::now();
  std::map<std::pair<int, int>, Solver> solvers;
  int hullCaught = 0;
  // One solver per map size, whatever its layout: a board of another layout rebuilds its passes
  // (updateMap), which this sweep exercises too.
  for (std::uint64_t i = 0; i < kSweepBoards; ++i) {
    const testing::RandomCase c = sweepBoard(i);
    INFO(c.describe());
    const std::pair<int, int> size{c.map.width(), c.map.height()};
    auto found = solvers.find(size);
    if (found == solvers.end()) {
      auto made = make(c.map);
      INFO((made ? "" : made.error()));
      REQUIRE(made);
      found = solvers.emplace(size, std::move(*made)).first;
    } else {
      found->second.updateMap(c.map, CellBox{0, 0, c.map.width() - 1, c.map.height() - 1});
    }
    Solver& solver = found->second;
    solver.solve(c.query);
    const RangeResult reference = solveReference(c.map, c.query);
    const auto difference = testing::compareReachAndCost(solver.readResult(), reference);
    INFO(difference.value_or("grid and costs agree"));
    REQUIRE_FALSE(difference);
    REQUIRE(solver.readState() == encodeState(c.map, reference));
    // The control: the hull through the same backend and the same comparison.
    RangeQuery hull = c.query;
    hull.attack = testing::attackHull(c.query.attack);
    solver.solve(hull);
    hullCaught += !sameAsReference(c.map, c.query, solver.readState());
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << backend << ": " << kSweepBoards << " attack-set boards matched the reference in "
            << seconds << " s; the hull was caught on " << hullCaught << "\n";
  CHECK(hullCaught * 3 >= static_cast<int>(kSweepBoards));
}

// The case as a danger board: its unit an enemy with the attack set, its enemies players that
// block it, its allies more enemies (each with a set of its own, some with none).
std::vector<Unit> dangerUnits(const testing::RandomCase& c, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Unit> units(1);
  units[0].team = Team::Enemy;
  units[0].cell = c.query.unit;
  units[0].moveRange = c.query.moveRange;
  units[0].attack = c.query.attack;
  units[0].movement = c.query.movement;
  for (Cell cell : c.query.enemies) {
    Unit u;
    u.team = Team::Player;
    u.cell = cell;
    units.push_back(u);
  }
  std::uint64_t other = seed * 1000;
  for (Cell cell : c.query.allies) {
    Unit u;
    u.team = Team::Enemy;
    u.cell = cell;
    u.moveRange = static_cast<int>(random() % 3);
    u.attack = random() % 4 == 0 ? AttackRange{0, 0} : testing::makeAttackSet(++other, 6);
    units.push_back(u);
  }
  return units;
}

}  // namespace

TEST_CASE("GPU attack sets: the fragment passes equal the reference, and the hull is caught",
          "[gpu][attack][random]") {
  testing::requireContext();
  everyBoard<gpu::RangeSolver>("gpu", [](const CostMap& map) { return gpu::RangeSolver::create(map); });
}

TEST_CASE("compute attack sets: one dispatch equals the reference, and the hull is caught",
          "[gpu][compute][attack][random]") {
  if (!testing::computeRuns()) return;
  everyBoard<gpu::ComputeRangeSolver>("compute",
                                      [](const CostMap& map) { return gpu::ComputeRangeSolver::create(map); });
}

TEST_CASE("GPU attack sets: the batched danger counts equal the reference, and the hull is caught",
          "[gpu][danger][attack][random]") {
  testing::requireContext();
  const auto started = std::chrono::steady_clock::now();
  constexpr std::uint64_t kDangerBoards = 400;  // and kHexBoards on each hex layout
  int hullCaught = 0;
  for (std::uint64_t i = 0; i < kDangerBoards + 4 * kHexBoards; ++i) {
    const bool square = i < kDangerBoards;
    const std::uint64_t seed = square ? i + 1 : (i - kDangerBoards) % kHexBoards + 1;
    const testing::RandomCase c =
        square ? testing::makeAttackSetCase(seed)
               : testing::makeAttackSetCase(seed, kGridLayouts[1 + (i - kDangerBoards) / kHexBoards]);
    std::vector<Unit> units = dangerUnits(c, seed);
    INFO(c.describe() << " and " << units.size() - 1 << " more units");
    auto solver = gpu::DangerSolver::create(c.map);
    INFO((solver ? "" : solver.error()));
    REQUIRE(solver);
    REQUIRE(solver->solve(units));
    const Grid<std::uint8_t> reference = dangerZone(c.map, units);
    REQUIRE(solver->readCounts().cells() == reference.cells());
    // The control: every set read as its hull.
    for (Unit& u : units) u.attack = testing::attackHull(u.attack);
    REQUIRE(solver->solve(units));
    hullCaught += solver->readCounts().cells() != reference.cells();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "danger: " << kDangerBoards + 4 * kHexBoards << " attack-set boards matched the reference in "
            << seconds << " s; the hull was caught on " << hullCaught << "\n";
  CHECK(hullCaught * 3 >= static_cast<int>(kDangerBoards));
}
