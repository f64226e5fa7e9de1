// Hex boards (SPEC §13) on the GPU backends: the fragment passes and the compute dispatch must
// give the CPU reference's bytes on random boards of every hex layout, attacks measured in hex
// steps. The attack marks are held to a brute-force model here (every stopping cell against
// every cell, topology.distance), so the GPU's line runs are checked by a rule they do not share.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gl_context.h"
#include "random_cases.h"
#include "random_fields.h"
#include "tactics/gpu/batch_range_solver.h"
#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/field_solver.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/solver/danger_zone.h"
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
      // The model and the CPU reference (its attack marks by line runs) agree.
      REQUIRE(encodeState(c.map, solveReference(c.map, c.query)) == encodeState(c.map, model));
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

// Two random fields per layout (an open map and a maze, up to 40 cells a side), each read as
// the layout: the backend's field must be the model's, and must differ from the square field
// of the same board on some of them (or the grid never reached the shader).
template <class Make>
void everyHexField(Make make) {
  for (const GridLayout layout : kHexLayouts) {
    int differsFromSquare = 0;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      testing::RandomField f =
          testing::makeRandomField(seed * 5 + static_cast<std::uint64_t>(layout), {40, 40});
      const DistanceField square = testing::bruteForceField(f.map, f.query);
      f.map.setLayout(layout);
      INFO(layoutName(layout) << " " << f.describe());
      auto solver = make(f.map);
      INFO((solver ? "" : solver.error()));
      REQUIRE(solver);
      solver->solve(f.query);
      const DistanceField model = testing::bruteForceField(f.map, f.query);
      const auto difference = testing::compareFields(solver->readField(), model);
      INFO(difference.value_or("fields agree"));
      REQUIRE_FALSE(difference);
      differsFromSquare += model.cells() != square.cells();
    }
    CHECK(differsFromSquare >= 1);
  }
}

// SPEC §7 on a hex board: each known enemy's stopping cells (its movement solved by the
// reference, the player's view), and every cell at a hex distance of its attack set from one.
Grid<std::uint8_t> hexDangerModel(const CostMap& map, const std::vector<Unit>& units) {
  Grid<std::uint8_t> count(map.width(), map.height(), 0);
  const Topology topology = map.topology();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    if (u.team != Team::Enemy || u.attack.none() || u.hidden) continue;
    RangeQuery q = queryFor(units, i, BoardRules{}, View::Player);
    q.attack = AttackRange{0, 0};
    const Grid<std::uint8_t> origins = stoppingCells(map, q, solveReference(map, q));
    std::vector<Cell> from;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        if (origins[{x, y}] != 0) from.push_back({x, y});
      }
    }
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const bool threatened = std::any_of(from.begin(), from.end(), [&](Cell o) {
          return u.attack.contains(topology.distance({x, y}, o));
        });
        if (threatened && count[{x, y}] < kMaxDangerCount) ++count[{x, y}];
      }
    }
  }
  return count;
}

// An attack-set case as a danger board: its unit an enemy with the set, its enemies players,
// its allies more enemies with sets of their own.
std::vector<Unit> dangerBoard(const testing::RandomCase& c, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Unit> units(1);
  units[0].team = Team::Enemy;
  units[0].cell = c.query.unit;
  units[0].moveRange = c.query.moveRange;
  units[0].attack = c.query.attack;
  for (Cell cell : c.query.enemies) {
    Unit u;
    u.team = Team::Player;
    u.cell = cell;
    units.push_back(u);
  }
  for (Cell cell : c.query.allies) {
    Unit u;
    u.team = Team::Enemy;
    u.cell = cell;
    u.moveRange = static_cast<int>(random() % 4);
    u.attack = testing::makeAttackSet(seed * 1000 + units.size(), 6);
    units.push_back(u);
  }
  return units;
}

// Queries on a board for the batch: the unit on random cells, random moves and attacks (none,
// 1-n, 2-n, a set), no movement rules.
std::vector<RangeQuery> batchQueries(const testing::RandomCase& base, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  std::vector<RangeQuery> queries;
  for (int tries = 0; queries.size() < 24 && tries < 400; ++tries) {
    RangeQuery q = base.query;
    q.unit = {pick(0, base.map.width() - 1), pick(0, base.map.height() - 1)};
    const auto remove = [&](std::vector<Cell>& cells) {
      cells.erase(std::remove(cells.begin(), cells.end(), q.unit), cells.end());
    };
    remove(q.allies);
    remove(q.enemies);
    q.moveRange = pick(0, 4) == 0 ? 0 : pick(1, 12);
    switch (pick(0, 3)) {
      case 0: q.attack = {0, 0}; break;
      case 1: q.attack = {1, pick(1, 3)}; break;
      case 2: q.attack = {2, pick(2, 5)}; break;
      default: q.attack = testing::makeAttackSet(seed * 1000 + static_cast<std::uint64_t>(tries), 6);
    }
    if (!validate(base.map, q)) queries.push_back(q);
  }
  return queries;
}

}  // namespace

TEST_CASE("GPU hex danger: random boards of every layout equal the model", "[gpu][danger][hex]") {
  testing::requireContext();
  for (const GridLayout layout : kHexLayouts) {
    int threatened = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      testing::RandomCase c = testing::makeAttackSetCase(seed * 11 + static_cast<std::uint64_t>(layout));
      c.map.setLayout(layout);
      const std::vector<Unit> units = dangerBoard(c, seed);
      INFO(layoutName(layout) << " " << c.describe() << " and " << units.size() - 1 << " more units");
      auto solver = gpu::DangerSolver::create(c.map);
      INFO((solver ? "" : solver.error()));
      REQUIRE(solver);
      REQUIRE(solver->solve(units));
      const Grid<std::uint8_t> model = hexDangerModel(c.map, units);
      REQUIRE(solver->readCounts().cells() == model.cells());
      for (std::uint8_t n : model.cells()) threatened += n > 0;
    }
    CHECK(threatened >= 50);
  }
}

TEST_CASE("GPU hex batch: random queries of every layout equal the model on both methods",
          "[gpu][batch][hex]") {
  const bool compute = testing::requireContext().hasCompute();
  for (const GridLayout layout : kHexLayouts) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      testing::RandomCase base =
          testing::makeRandomCase(seed * 3 + static_cast<std::uint64_t>(layout), {40, 6});
      base.map.setLayout(layout);
      const std::vector<RangeQuery> queries = batchQueries(base, seed);
      for (const auto method :
           {gpu::BatchRangeSolver::Method::Fragment, gpu::BatchRangeSolver::Method::Compute}) {
        if (method == gpu::BatchRangeSolver::Method::Compute && !compute) continue;
        auto solver = gpu::BatchRangeSolver::create(base.map, method);
        INFO((solver ? "" : solver.error()));
        REQUIRE(solver);
        std::vector<int> answered(queries.size(), 0);
        const auto stats = solver->solve(queries, [&](std::size_t k, const RangeResult& result) {
          REQUIRE(k < queries.size());
          ++answered[k];
          INFO(layoutName(layout) << " " << base.describe() << " query " << k << ": unit "
                                  << toString(queries[k].unit) << " move " << queries[k].moveRange
                                  << " attack " << formatAttackRange(queries[k].attack));
          const RangeResult model = hexModel(base.map, queries[k]);
          const auto difference = testing::compareReachAndCost(result, model);
          INFO(difference.value_or("reach and costs agree"));
          REQUIRE_FALSE(difference);
          REQUIRE(encodeState(base.map, result) == encodeState(base.map, model));
          REQUIRE(result.passes == model.passes);
        });
        INFO((stats ? "" : stats.error()));
        REQUIRE(stats);
        CHECK(std::all_of(answered.begin(), answered.end(), [](int n) { return n == 1; }));
      }
    }
  }
}

TEST_CASE("GPU hex field: random fields of every layout equal the model", "[gpu][field][hex]") {
  testing::requireContext();
  everyHexField([](const CostMap& map) { return gpu::FieldSolver::create(map); });
}

TEST_CASE("compute hex field: random fields of every layout equal the model",
          "[gpu][compute][field][hex]") {
  if (!testing::computeRuns()) return;
  everyHexField([](const CostMap& map) { return gpu::ComputeFieldSolver::create(map); });
}

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
