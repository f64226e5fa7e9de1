// Line of sight (SPEC §11.8) on the GPU backends: on random boards full of diagonal wall pairs,
// the fragment passes (shaders/sight.glsl in the attack pass), compute, the batched solves and
// the danger zone must give the literal model's answer (tests/support/rules_model.h: every
// stopping cell against every cell, the segment read geometrically), on GL core and ES.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "gl_context.h"
#include "random_cases.h"
#include "rules_model.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

constexpr std::uint64_t kBoards = 24;

// Each board through `solveOne` against the model; the sight must matter on some of them.
template <class SolveOne>
void everySightBoard(SolveOne solveOne) {
  int differs = 0;
  for (std::uint64_t seed = 1; seed <= kBoards; ++seed) {
    const testing::RandomCase c = testing::makeSightCase(seed * 31);
    INFO(c.describe());
    const RangeResult model = testing::solveRulesModel(c.map, c.query);
    const RangeResult got = solveOne(c);
    const auto difference = testing::compareReachAndCost(got, model);
    INFO(difference.value_or("reach and cost agree"));
    REQUIRE_FALSE(difference);
    RangeQuery blind = c.query;
    blind.sight.on = false;
    differs += testing::solveRulesModel(c.map, blind).reach.cells() != model.reach.cells();
  }
  CHECK(differs >= static_cast<int>(kBoards) / 4);
}

RangeResult onSolvers(const testing::RandomCase& c, Backend backend) {
  auto solvers = gpu::Solvers::create(c.map, backend);
  REQUIRE(solvers);
  auto answer = solvers->range(c.query, gpu::StateBytes::Read);
  INFO((answer ? "" : answer.error()));
  REQUIRE(answer);
  REQUIRE(answer->backend == backend);
  // The state bytes (SPEC §4) say the same.
  REQUIRE(answer->state == encodeState(c.map, answer->result));
  return answer->result;
}

}  // namespace

TEST_CASE("GPU sight: the fragment passes equal the model on random walled boards",
          "[gpu][sight]") {
  testing::requireContext();
  everySightBoard([](const testing::RandomCase& c) { return onSolvers(c, Backend::Gpu); });
}

TEST_CASE("GPU sight: one solver, sight on and off and other blockers in turn", "[gpu][sight]") {
  testing::requireContext();
  const testing::RandomCase c = testing::makeSightCase(7);
  auto solver = gpu::RangeSolver::create(c.map);
  REQUIRE(solver);
  for (const std::uint64_t blockers :
       {kDefaultSightBlockers, std::uint64_t{0}, std::uint64_t{0x12}, kDefaultSightBlockers}) {
    for (const bool on : {true, false}) {
      RangeQuery q = c.query;
      q.sight.on = on;
      q.sight.blockers = blockers;
      solver->solve(q);
      INFO("sight " << on << " blockers " << blockers);
      REQUIRE_FALSE(testing::compareReachAndCost(solver->readResult(), testing::solveRulesModel(c.map, q)));
    }
  }
}

TEST_CASE("GPU sight: words of 32 cells across a wide board equal the model", "[gpu][sight]") {
  // Sight is decided 32 cells a word for attacks reaching up to 12 (sight_seen.frag), farther by
  // the cell-by-cell walk: a 100-column board puts origins and walls on both sides of the words'
  // edges (31|32, 63|64, 95|96), and the attacks reach 12 (the most by words) and 13.
  testing::requireContext();
  const int width = 100;
  const int height = 15;
  std::mt19937_64 random(4242);
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height), 0);
  for (std::uint8_t& g : grey) g = random() % 5 == 0 ? 255 : static_cast<std::uint8_t>(random() % 40);
  const CostMap map(width, height, grey);
  auto solver = gpu::RangeSolver::create(map);
  REQUIRE(solver);
  const std::vector<AttackRange> attacks = {
      AttackRange(2, 8), AttackRange(1, 12), AttackRange(12, 12), AttackRange(2, 13),
      AttackRange::list({AttackSpan{1, 2}, AttackSpan{6, 12}})};
  for (const int column : {2, 31, 32, 50, 63, 64, 96, 97}) {
    for (const AttackRange& attack : attacks) {
      RangeQuery q;
      q.unit = Cell{column, static_cast<int>(random() % height)};
      grey[static_cast<std::size_t>(q.unit.y * width + q.unit.x)] = 0;
      q.moveRange = 3 + static_cast<int>(random() % 6);
      q.attack = attack;
      q.sight.on = true;
      const CostMap board(width, height, grey);
      solver->updateMap(board, CellBox{0, 0, width - 1, height - 1});
      solver->solve(q);
      INFO("unit " << q.unit.x << "," << q.unit.y << " move " << q.moveRange << " attack "
                   << formatAttackRange(attack));
      REQUIRE_FALSE(testing::compareReachAndCost(solver->readResult(),
                                                 testing::solveRulesModel(board, q)));
    }
  }
}

TEST_CASE("compute sight: random walled boards equal the model", "[gpu][sight][compute]") {
  testing::requireContext();
  if (!testing::computeRuns()) return;
  everySightBoard([](const testing::RandomCase& c) { return onSolvers(c, Backend::Compute); });
}

TEST_CASE("GPU sight: the batched solves equal the model", "[gpu][sight][batch]") {
  testing::requireContext();
  std::vector<Backend> backends = {Backend::Gpu};
  if (testing::testGlApi() == gpu::GlApi::Core && gpu::supportsCompute()) backends.push_back(Backend::Compute);
  for (const Backend backend : backends) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const testing::RandomCase base = testing::makeSightCase(seed * 97);
      std::vector<RangeQuery> queries;
      std::vector<RangeResult> models;
      std::mt19937_64 random(seed);
      for (int k = 0; k < 12; ++k) {
        RangeQuery q = base.query;
        q.sight.on = k % 3 != 0;
        q.moveRange = static_cast<int>(random() % 5);
        if (validate(base.map, q)) continue;
        queries.push_back(q);
        models.push_back(testing::solveRulesModel(base.map, q));
      }
      auto solvers = gpu::Solvers::create(base.map, backend);
      REQUIRE(solvers);
      const auto cells = static_cast<std::size_t>(base.map.width() * base.map.height());
      std::vector<std::int16_t> cost(queries.size() * cells);
      std::vector<std::uint8_t> kind(queries.size() * cells);
      REQUIRE(solvers->rangeMany(queries, RangeMasks{cost.data(), kind.data(), nullptr}, backend, 1));
      for (std::size_t k = 0; k < queries.size(); ++k) {
        std::vector<std::int16_t> c(cells);
        std::vector<std::uint8_t> m(cells);
        writeMasks(queries[k], models[k], c.data(), m.data(), nullptr);
        INFO(backendName(backend) << " " << base.describe() << " query " << k);
        REQUIRE(std::equal(m.begin(), m.end(), kind.begin() + static_cast<std::ptrdiff_t>(k * cells)));
      }
    }
  }
}

TEST_CASE("GPU sight: the danger zone equals the CPU's", "[gpu][sight][danger]") {
  testing::requireContext();
  std::vector<Backend> backends = {Backend::Gpu};
  if (testing::testGlApi() == gpu::GlApi::Core && gpu::supportsCompute()) backends.push_back(Backend::Compute);
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const testing::RandomCase c = testing::makeSightCase(seed * 53);
    // The case's unit an enemy bow; its "enemies" players that block and can be hit.
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
    const BoardRules rules(false, c.query.sight);
    const Grid<std::uint8_t> cpu = dangerZone(c.map, units, rules);
    for (const Backend backend : backends) {
      auto solvers = gpu::Solvers::create(c.map, backend);
      REQUIRE(solvers);
      const auto answer = solvers->danger(units, rules);
      REQUIRE(answer);
      INFO(backendName(backend) << " " << c.describe());
      REQUIRE(answer->counts.cells() == cpu.cells());
    }
  }
}
