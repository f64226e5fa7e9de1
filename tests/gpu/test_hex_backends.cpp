// Hex boards (SPEC §13) on the GPU backends: the fragment passes and the compute dispatch must
// give the CPU reference's bytes on random boards of every hex layout, attacks measured in hex
// steps. The attack marks are held to a brute-force model here (every stopping cell against
// every cell, topology.distance), so the GPU's line runs are checked by a rule they do not share.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "gl_context.h"
#include "random_cases.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/topology.h"

using namespace tactics;

namespace {

constexpr std::array<GridLayout, 4> kHexLayouts = {GridLayout::HexYOdd, GridLayout::HexYEven,
                                                   GridLayout::HexXOdd, GridLayout::HexXEven};

// The reference's movement, and every unreached cell marked attackable that lies at a hex
// distance of the attack set from some stopping cell (reached, and the rules let the unit stop).
RangeResult hexModel(const CostMap& map, const RangeQuery& q) {
  RangeQuery moveOnly = q;
  moveOnly.attack = AttackRange{0, 0};
  RangeResult result = solveReference(map, moveOnly);
  if (q.attack.none()) return result;
  const MoveRules rules(map, q);
  std::vector<Cell> origins;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (result.reached({x, y}) && cell_rule::mayStop(rules.at({x, y}))) origins.push_back({x, y});
    }
  }
  const Topology topology = map.topology();
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (result.reached({x, y})) continue;
      for (const Cell o : origins) {
        if (q.attack.contains(topology.distance({x, y}, o))) {
          result.reach[{x, y}] = Reach::Attackable;
          break;
        }
      }
    }
  }
  return result;
}

// A few boards per layout: random movement cases (up to 40 cells a side) and attack-set cases,
// each read as `layout`.
std::vector<testing::RandomCase> hexBoards(GridLayout layout) {
  std::vector<testing::RandomCase> boards;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    testing::RandomCase c = testing::makeRandomCase(seed * 7 + static_cast<std::uint64_t>(layout),
                                                    {40, 8});
    c.map.setLayout(layout);
    boards.push_back(std::move(c));
    testing::RandomCase a = testing::makeAttackSetCase(seed * 13 + static_cast<std::uint64_t>(layout));
    a.map.setLayout(layout);
    boards.push_back(std::move(a));
  }
  return boards;
}

template <class Solver, class Make>
void everyHexBoard(Make make) {
  for (const GridLayout layout : kHexLayouts) {
    int attackable = 0;  // the boards must put the attack runs to work
    for (const testing::RandomCase& c : hexBoards(layout)) {
      INFO(layoutName(layout) << " " << c.describe());
      auto solver = make(c.map);
      INFO((solver ? "" : solver.error()));
      REQUIRE(solver);
      solver->solve(c.query);
      const RangeResult model = hexModel(c.map, c.query);
      const auto difference = testing::compareReachAndCost(solver->readResult(), model);
      INFO(difference.value_or("grid and costs agree"));
      REQUIRE_FALSE(difference);
      REQUIRE(solver->readState() == encodeState(c.map, model));
      REQUIRE(solver->readResult().layout == layout);
      for (const Reach r : model.reach.cells()) attackable += r == Reach::Attackable;
    }
    CHECK(attackable >= 100);
  }
}

// hex-y-odd, 5x5 plains, the unit at (2, 2) on an unshifted row with move 1: its six neighbours
// of SPEC §13 and nothing else; (1, 1), on a shifted row, has the unit as its neighbour 5.
CostMap hexPlains() {
  CostMap map = testing::mapFromRows(std::vector<std::vector<int>>(5, std::vector<int>(5, 0)));
  map.setLayout(GridLayout::HexYOdd);
  return map;
}

template <class Solver>
void checkSixNeighbours(Solver& solver) {
  solver.solve(testing::query({2, 2}, 1));
  const RangeResult r = solver.readResult();
  std::vector<Cell> reached;
  for (int y = 0; y < 5; ++y) {
    for (int x = 0; x < 5; ++x) {
      if (r.reached({x, y})) reached.push_back({x, y});
    }
  }
  const std::vector<Cell> expected = {{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 2}, {1, 3}, {2, 3}};
  CHECK(reached == expected);
  const std::vector<std::uint8_t> state = solver.readState();
  CHECK(state[(1 * 5 + 1) * 4 + 3] == 18 + 36 * 5);  // (1, 1): neighbour 5 is (2, 2)
  CHECK(state[(3 * 5 + 2) * 4 + 3] == 18 + 36 * 0);  // (2, 3), shifted: neighbour 0 is (2, 2)
  CHECK(state[(2 * 5 + 2) * 4 + 3] == 255);          // the unit: none
}

}  // namespace

TEST_CASE("GPU hex: the six neighbours of SPEC 13 and their parent bytes", "[gpu][hex]") {
  testing::requireContext();
  auto solver = gpu::RangeSolver::create(hexPlains());
  REQUIRE(solver);
  checkSixNeighbours(*solver);
}

TEST_CASE("GPU hex: random boards of every layout equal the reference", "[gpu][hex][random]") {
  testing::requireContext();
  everyHexBoard<gpu::RangeSolver>([](const CostMap& map) { return gpu::RangeSolver::create(map); });
}

TEST_CASE("GPU hex: a map update to another layout rebuilds the passes", "[gpu][hex]") {
  testing::requireContext();
  testing::RandomCase c = testing::makeRandomCase(5, {24, 4});
  auto solver = gpu::RangeSolver::create(c.map);
  REQUIRE(solver);
  solver->solve(c.query);
  REQUIRE(solver->readState() == encodeState(c.map, solveReference(c.map, c.query)));
  for (const GridLayout layout : {GridLayout::HexXEven, GridLayout::Square}) {
    INFO(layoutName(layout));
    c.map.setLayout(layout);
    solver->updateMap(c.map, CellBox{0, 0, 0, 0});
    solver->solve(c.query);
    CHECK(solver->readState() == encodeState(c.map, hexModel(c.map, c.query)));
    CHECK(solver->readResult().layout == layout);
  }
}

TEST_CASE("compute hex: the six neighbours of SPEC 13 and their parent bytes",
          "[gpu][compute][hex]") {
  if (!testing::computeRuns()) return;
  auto solver = gpu::ComputeRangeSolver::create(hexPlains());
  REQUIRE(solver);
  checkSixNeighbours(*solver);
}

TEST_CASE("compute hex: random boards of every layout equal the reference",
          "[gpu][compute][hex][random]") {
  if (!testing::computeRuns()) return;
  everyHexBoard<gpu::ComputeRangeSolver>(
      [](const CostMap& map) { return gpu::ComputeRangeSolver::create(map); });
}
