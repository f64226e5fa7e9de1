// Batched range solves (batch_range_solver.h) against the CPU reference, query by query: many
// random queries on one board (every rule variant, attack sets, allies and enemies, move 0, and
// compute windows too large for shared memory), in one submission, on both methods and both APIs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>

#include "gl_context.h"
#include "random_cases.h"
#include "tactics/gpu/auto_choice.h"
#include "tactics/gpu/batch_range_solver.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

// Queries on the board of `base`: its units, the mover put on random cells, with random moves,
// attack sets and rules; only those validate() accepts.
std::vector<RangeQuery> queriesOn(const testing::RandomCase& base, std::uint64_t seed, int count,
                                  int maxMove) {
  std::mt19937_64 random(seed);
  const auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(random);
  };
  std::vector<RangeQuery> queries;
  for (int tries = 0; static_cast<int>(queries.size()) < count && tries < count * 20; ++tries) {
    RangeQuery q = testing::withRules(base.query,
                                      testing::kRuleVariants[static_cast<std::size_t>(pick(0, 7))]);
    q.unit = {pick(0, base.map.width() - 1), pick(0, base.map.height() - 1)};
    const auto remove = [&](std::vector<Cell>& cells) {
      cells.erase(std::remove(cells.begin(), cells.end(), q.unit), cells.end());
    };
    remove(q.allies);
    remove(q.enemies);
    q.moveRange = pick(0, 4) == 0 ? 0 : pick(1, maxMove);
    switch (pick(0, 3)) {
      case 0: q.attack = {0, 0}; break;
      case 1: q.attack = {1, pick(1, 3)}; break;
      case 2: q.attack = {2, pick(2, 5)}; break;
      default:
        q.attack = testing::makeAttackSet(seed * 1000 + static_cast<std::uint64_t>(tries), 6);
    }
    if (!validate(base.map, q)) queries.push_back(q);
  }
  return queries;
}

// Every answer of a batch, held to the reference's bytes, passes and parents; each query
// answered exactly once.
void requireBatchMatches(gpu::BatchRangeSolver& solver, const CostMap& map,
                         const std::vector<RangeQuery>& queries, const std::string& what) {
  std::vector<int> answered(queries.size(), 0);
  const auto stats = solver.solve(queries, [&](std::size_t k, const RangeResult& result) {
    REQUIRE(k < queries.size());
    ++answered[k];
    const RangeResult reference = solveReference(map, queries[k]);
    INFO(what << ", query " << k << ": unit " << toString(queries[k].unit) << " move "
              << queries[k].moveRange << " attack " << formatAttackRange(queries[k].attack)
              << " zoc " << queries[k].zoc);
    const auto difference = testing::compareReachAndCost(result, reference);
    INFO(difference.value_or("reach and costs agree"));
    REQUIRE_FALSE(difference);
    REQUIRE(encodeState(map, result) == encodeState(map, reference));  // parents too
    REQUIRE(result.passes == reference.passes);
  });
  INFO((stats ? "" : stats.error()));
  REQUIRE(stats);
  CHECK(stats->queries == static_cast<int>(queries.size()));
  CHECK(std::all_of(answered.begin(), answered.end(), [](int n) { return n == 1; }));
}

}  // namespace

TEST_CASE("batched range solves equal the reference, query by query, on both methods",
          "[gpu][batch][random]") {
  const bool compute = testing::requireContext().hasCompute();
  int oneByOne = 0;
  int solved = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    // Crowded small boards for the rules, and larger open ones for long moves.
    const testing::RandomCase base = seed % 2 == 0 ? testing::makeCrowdedCase(seed, 0.2)
                                                   : testing::makeRandomCase(seed, {72, 6});
    const std::vector<RangeQuery> queries = queriesOn(base, seed, 60, seed % 4 == 1 ? 40 : 12);
    solved += static_cast<int>(queries.size());
    for (const auto method :
         {gpu::BatchRangeSolver::Method::Fragment, gpu::BatchRangeSolver::Method::Compute}) {
      const bool isCompute = method == gpu::BatchRangeSolver::Method::Compute;
      if (isCompute && !compute) continue;
      auto solver = gpu::BatchRangeSolver::create(base.map, method);
      INFO((solver ? "" : solver.error()));
      REQUIRE(solver);
      requireBatchMatches(*solver, base.map, queries,
                          base.describe() + (isCompute ? " (compute)" : " (fragment)"));
      if (isCompute) {
        // Windows past shared memory go one by one: the long-move boards have some.
        const auto stats = solver->solve(queries, [](std::size_t, const RangeResult&) {});
        REQUIRE(stats);
        oneByOne += stats->oneByOne;
      }
    }
  }
  std::cout << "batch: " << solved << " random queries on 40 boards matched the reference"
            << (compute ? "" : " (fragment only: no OpenGL 4.3)") << "\n";
  if (compute)
    CHECK(oneByOne > 0);
  else
    WARN("no OpenGL 4.3 here: the compute batch is not tested (the fragment batch is)");
}

TEST_CASE("a batch larger than its atlas budget runs in several, each query answered once",
          "[gpu][batch]") {
  testing::requireContext();
  const testing::RandomCase base = testing::makeRandomCase(7, {40, 3});
  const std::vector<RangeQuery> queries = queriesOn(base, 7, 300, 10);
  REQUIRE(queries.size() > 100);
  auto solver = gpu::BatchRangeSolver::create(base.map, gpu::BatchRangeSolver::Method::Fragment,
                                              64 * 1024);  // room for a few windows an atlas
  REQUIRE(solver);
  requireBatchMatches(*solver, base.map, queries, base.describe() + " (small atlases)");
  const auto stats = solver->solve(queries, [](std::size_t, const RangeResult&) {});
  REQUIRE(stats);
  CHECK(stats->submissions > 1);
  // Nothing to do: no submission at all.
  const auto none = solver->solve({}, [](std::size_t, const RangeResult&) { FAIL("no query"); });
  REQUIRE(none);
  CHECK(none->submissions == 0);
}

TEST_CASE("OpenGL ES: the compute batch is refused with the reason", "[gpu][batch][es]") {
  if (testing::testGlApi() != gpu::GlApi::Es) {
    WARN("skipped: this case is for the OpenGL ES run (gpu_tests --gl es)");
    return;
  }
  testing::requireContext();
  const CostMap map = testing::mapFromRows({{0, 0, 0}, {0, 76, 0}});
  const auto compute = gpu::BatchRangeSolver::create(map, gpu::BatchRangeSolver::Method::Compute);
  REQUIRE_FALSE(compute);
  CHECK(compute.error().find("OpenGL ES") != std::string::npos);
}

TEST_CASE("Solvers::rangeMany writes every query's masks, on every backend and auto",
          "[gpu][batch][solvers]") {
  testing::requireContext();
  const testing::RandomCase base = testing::makeCrowdedCase(11, 0.2);
  const std::vector<RangeQuery> queries = queriesOn(base, 11, 80, 10);
  const std::size_t cells =
      static_cast<std::size_t>(base.map.width()) * static_cast<std::size_t>(base.map.height());
  // The expected masks, query by query from the reference.
  std::vector<std::int16_t> cost(queries.size() * cells);
  std::vector<std::uint8_t> kind(queries.size() * cells);
  std::vector<std::uint8_t> parent(queries.size() * cells);
  for (std::size_t k = 0; k < queries.size(); ++k) {
    writeMasks(queries[k], solveReference(base.map, queries[k]), cost.data() + k * cells,
               kind.data() + k * cells, parent.data() + k * cells);
  }
  ::setenv("TACTICS_AUTO_CACHE", "off", 1);
  gpu::AutoChoices::shared().reload();
  std::vector<Backend> backends = {Backend::Cpu, Backend::Gpu, Backend::Auto};
  if (gpu::supportsCompute()) backends.push_back(Backend::Compute);
  for (Backend backend : backends) {
    for (unsigned threads : {1u, 3u}) {
      INFO(backendName(backend) << " on " << threads << " threads, " << base.describe());
      auto solvers = gpu::Solvers::create(base.map, backend);
      REQUIRE(solvers);
      std::vector<std::int16_t> c(cost.size(), 99);
      std::vector<std::uint8_t> k(kind.size(), 99);
      std::vector<std::uint8_t> p(parent.size(), 99);
      const auto ran =
          solvers->rangeMany(queries, RangeMasks{c.data(), k.data(), p.data()}, threads);
      INFO((ran ? "" : ran.error()));
      REQUIRE(ran);
      CHECK(*ran != Backend::Auto);
      if (backend != Backend::Auto) CHECK(*ran == backend);
      CHECK(solvers->backendFor(gpu::SolverJob::Batch) == *ran);
      CHECK(c == cost);
      CHECK(k == kind);
      CHECK(p == parent);
      // Only the masks asked for are written.
      std::vector<std::uint8_t> kindsOnly(kind.size(), 99);
      REQUIRE(solvers->rangeMany(queries, RangeMasks{nullptr, kindsOnly.data(), nullptr}, threads));
      CHECK(kindsOnly == kind);
    }
  }
  ::unsetenv("TACTICS_AUTO_CACHE");
  gpu::AutoChoices::shared().reload();

  // One bad query: nothing solved, the problem named with its index.
  std::vector<RangeQuery> bad = queries;
  bad[5].unit = {base.map.width() + 3, 0};
  auto solvers = gpu::Solvers::create(base.map, Backend::Gpu);
  REQUIRE(solvers);
  std::vector<std::uint8_t> untouched(kind.size(), 99);
  const auto refused = solvers->rangeMany(bad, RangeMasks{nullptr, untouched.data(), nullptr}, 1);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().rfind("queries[5]: ", 0) == 0);
  CHECK(std::all_of(untouched.begin(), untouched.end(), [](std::uint8_t v) { return v == 99; }));
}
