// The GPU distance field against the CPU reference (label gpu: needs an OpenGL 3.3 context via
// EGL), on hand-made boards and on random open maps and mazes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iostream>
#include <optional>

#include "tactics/solver/distance_field.h"
#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/field_solver.h"
#include "tactics/gpu/headless_context.h"
#include "gl_context.h"
#include "random_cases.h"
#include "random_fields.h"

using namespace tactics;
using tactics::testing::mapFromRows;

namespace {

constexpr int kRandomCases = 200;

// One context for the whole test run, of the API the run asks for (gl_context.h).
using testing::requireContext;

gpu::FieldSolver makeSolver(const CostMap& map) {
  requireContext();
  auto solver = gpu::FieldSolver::create(map);
  INFO((solver ? "" : solver.error()));
  REQUIRE(solver);
  return std::move(*solver);
}

// Solves on the GPU to the end; the field must be final and equal the reference.
void requireMatchesReference(gpu::FieldSolver& solver, const CostMap& map, const FieldQuery& q,
                             const std::string& what) {
  INFO(what);
  const gpu::FieldStats stats = solver.solve(q);
  CHECK(stats.converged);
  const auto difference = testing::compareFields(solver.readField(), solveFieldReference(map, q));
  if (difference) std::cerr << "GPU field differs, " << what << ": " << *difference << "\n";
  INFO(difference.value_or("fields agree"));
  REQUIRE_FALSE(difference);
}

FieldQuery onFoot(std::vector<Cell> sources, std::vector<Cell> blockers = {}) {
  FieldQuery q;
  q.sources = std::move(sources);
  q.blockers = std::move(blockers);
  return q;
}

}  // namespace

TEST_CASE("GPU field: the detour under the mountain is found", "[gpu][field]") {
  const CostMap map = mapFromRows({{0, 178, 0, 0}, {0, 0, 0, 0}});
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, onFoot({{0, 0}}), "S 8 . . / . . . .");
  const DistanceField field = solver.readField();
  CHECK(field[{1, 0}] == 8);
  CHECK(field[{2, 0}] == 4);
}

TEST_CASE("GPU field: blockers, walls, sources on walls and pockets", "[gpu][field]") {
  const CostMap map = mapFromRows({{0, 0, 255, 0, 0}, {0, 76, 255, 0, 127}, {255, 0, 255, 0, 0}});
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, onFoot({{0, 0}}), "a walled pocket on the right");
  CHECK(solver.readField()[{4, 2}] == kFieldUnreachable);
  requireMatchesReference(solver, map, onFoot({{2, 1}}), "a source standing on a wall");
  requireMatchesReference(solver, map, onFoot({{0, 0}, {3, 0}}, {{0, 0}, {3, 0}, {1, 1}}),
                          "two hostile units and a blocker");
  requireMatchesReference(solver, map, onFoot({}), "no sources");
  CHECK(solver.readField()[{0, 0}] == kFieldUnreachable);
}

TEST_CASE("GPU field: nothing wraps around the edges", "[gpu][field]") {
  // The source hugs the left edge, walled in by column 1: a GL_REPEAT lookup would reach the
  // open right column "to the left" of column 0.
  const CostMap map = mapFromRows(std::vector<std::vector<int>>(5, {0, 255, 0, 0, 0, 0}));
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, onFoot({{0, 2}}), "left edge");
  for (int y = 0; y < 5; ++y) CHECK(solver.readField()[{5, y}] == kFieldUnreachable);
}

TEST_CASE("GPU field: 1x1 maps and costs beyond 8 bits", "[gpu][field]") {
  const CostMap single = mapFromRows({{0}});
  auto solver = makeSolver(single);
  requireMatchesReference(solver, single, onFoot({{0, 0}}), "1x1 source");
  requireMatchesReference(solver, single, onFoot({}), "1x1 empty");

  const CostMap strip = mapFromRows({std::vector<int>(1000, 178)});
  auto stripSolver = makeSolver(strip);
  FieldQuery q = onFoot({{0, 0}});
  q.movement = MovementClass({1, 1, 1, 15, MovementClass::kImpassable});
  requireMatchesReference(stripSolver, strip, q, "1000 mountains at 15");
  CHECK(stripSolver.readField()[{999, 0}] == 15 * 999);
}

TEST_CASE("GPU field: one solver answers several questions on one map", "[gpu][field]") {
  const auto c = testing::makeRandomField(2, {64, 48});
  auto solver = makeSolver(c.map);
  requireMatchesReference(solver, c.map, c.query, c.describe());
  // Another class and other sources on the same map: nothing of the first solve survives.
  FieldQuery other = onFoot({{0, 0}});
  requireMatchesReference(solver, c.map, other, c.describe() + ", then foot from 0,0");
  requireMatchesReference(solver, c.map, c.query, c.describe() + ", again");
}

// The compute backend where the context has OpenGL 4.3; nothing (with a warning) elsewhere.
std::optional<gpu::ComputeFieldSolver> makeComputeSolver(const CostMap& map) {
  requireContext();
  if (!gpu::supportsCompute()) {
    WARN("no OpenGL 4.3: the compute backend is not compared");
    return std::nullopt;
  }
  auto solver = gpu::ComputeFieldSolver::create(map);
  INFO((solver ? "" : solver.error()));
  REQUIRE(solver);
  return std::move(*solver);
}

TEST_CASE("Compute field: hand-made boards and one solver for several questions",
          "[gpu][field][compute]") {
  if (!testing::computeRuns()) return;
  const CostMap map = mapFromRows({{0, 0, 255, 0, 0}, {0, 76, 255, 0, 127}, {255, 0, 255, 0, 0}});
  auto solver = makeComputeSolver(map);
  REQUIRE(solver);
  for (const auto& [query, what] :
       {std::pair{onFoot({{0, 0}}), "a walled pocket"}, std::pair{onFoot({{2, 1}}), "on a wall"},
        std::pair{onFoot({{0, 0}, {3, 0}}, {{0, 0}, {3, 0}, {1, 1}}), "two units, a blocker"},
        std::pair{onFoot({}), "no sources"}}) {
    INFO(what);
    CHECK(solver->solve(query).converged);
    const auto difference = testing::compareFields(solver->readField(), solveFieldReference(map, query));
    INFO(difference.value_or("fields agree"));
    CHECK_FALSE(difference);
  }
  // Costs beyond 8 bits, along a strip many tiles long.
  const CostMap strip = mapFromRows({std::vector<int>(1000, 178)});
  auto stripSolver = makeComputeSolver(strip);
  FieldQuery q = onFoot({{999, 0}});
  q.movement = MovementClass({1, 1, 1, 15, MovementClass::kImpassable});
  CHECK(stripSolver->solve(q).converged);
  CHECK(stripSolver->readField()[{0, 0}] == 15 * 999);
  CHECK_FALSE(testing::compareFields(stripSolver->readField(), solveFieldReference(strip, q)));
}

TEST_CASE("GPU field: equals the CPU reference on random open maps and mazes",
          "[gpu][field][random]") {
  int mazes = 0;
  int farReaching = 0;  // fields with costs that an 8-bit channel could not hold
  for (std::uint64_t seed = 1; seed <= kRandomCases; ++seed) {
    const auto c = testing::makeRandomField(seed);
    auto solver = makeSolver(c.map);
    requireMatchesReference(solver, c.map, c.query, c.describe());
    const DistanceField field = solver.readField();
    // The compute backend, byte for byte the same field.
    if (auto compute = makeComputeSolver(c.map)) {
      INFO("compute backend, " << c.describe());
      CHECK(compute->solve(c.query).converged);
      const auto difference = testing::compareFields(compute->readField(), field);
      if (difference) std::cerr << "compute field differs, " << c.describe() << ": " << *difference << "\n";
      INFO(difference.value_or("fields agree"));
      REQUIRE_FALSE(difference);
    }
    const auto& cells = field.cells();
    mazes += c.maze ? 1 : 0;
    farReaching += *std::max_element(cells.begin(), cells.end()) > 255 ? 1 : 0;
  }
  // The cases are what they claim to be.
  CHECK(mazes == kRandomCases / 2);
  CHECK(farReaching >= kRandomCases / 4);
}

TEST_CASE("GPU field control: wrong fields fail the same comparison", "[gpu][field][control]") {
  // A relaxation cut off after 8 passes, and a field that ignores terrain weights, must each
  // differ from the reference on a good share of the random cases, or the comparison above
  // proves nothing.
  int cutShort = 0;
  int unweighted = 0;
  int computeCutShort = 0;  // compute solves that one sweep did not finish
  int computeCaught = 0;    // of those, the ones whose field the comparison rejects
  for (std::uint64_t seed = 1; seed <= kRandomCases; ++seed) {
    const auto c = testing::makeRandomField(seed);
    const DistanceField reference = solveFieldReference(c.map, c.query);
    auto solver = makeSolver(c.map);
    solver.solve(c.query, 8);
    if (testing::compareFields(solver.readField(), reference)) ++cutShort;
    // The compute backend stopped after one sweep must fail too, where the field needs more.
    if (auto compute = makeComputeSolver(c.map)) {
      const gpu::FieldStats oneSweep = compute->solve(c.query, 1);
      const bool wrong = testing::compareFields(compute->readField(), reference).has_value();
      if (!oneSweep.converged) ++computeCutShort;
      if (!oneSweep.converged && wrong) ++computeCaught;
    }

    FieldQuery flat = c.query;
    std::array<std::uint8_t, kTerrainClasses> ones{};
    for (int t = 0; t < kTerrainClasses; ++t) {
      ones[static_cast<std::size_t>(t)] = c.query.movement.passable(t) ? 1 : 0;
    }
    flat.movement = MovementClass(ones);
    if (testing::compareFields(solveFieldReference(c.map, flat), reference)) ++unweighted;
  }
  INFO("cut short: " << cutShort << ", unweighted: " << unweighted << " of " << kRandomCases);
  CHECK(cutShort >= kRandomCases / 2);
  CHECK(unweighted >= kRandomCases / 2);
  if (gpu::supportsCompute()) {
    INFO("compute cut short: " << computeCutShort << ", caught: " << computeCaught);
    CHECK(computeCutShort >= kRandomCases / 4);
    CHECK(computeCaught >= computeCutShort / 2);
  }
}
