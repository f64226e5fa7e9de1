// gpu::Solvers, the one way commands get answers: every job on every backend against the CPU
// reference on random boards, Auto's per-job choice, and the cpu backend with no GL context.
#include <catch2/catch.hpp>

#include <array>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gl_context.h"
#include "random_cases.h"
#include "random_fields.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;
using gpu::SolverJob;

namespace {

constexpr int kRandomBoards = 12;

// The run's one context (support/gl_context.h), of the API its --gl names.
using testing::requireContext;

gpu::Solvers makeSolvers(const CostMap& map, Backend backend) {
  auto solvers = gpu::Solvers::create(map, backend);
  INFO(backendName(backend) << ": " << (solvers ? "" : solvers.error()));
  REQUIRE(solvers);
  return std::move(*solvers);
}

// A board of units for the danger job: each on a cell its class can enter, alone; enemies,
// players and allies; ranges from none to long (seeded, so a failure can be replayed).
std::vector<Unit> randomUnits(const CostMap& map, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(random);
  };
  const std::array<MovementClass, 3> classes = {MovementClass(), MovementClass({1, 3, 5, 0, 0}),
                                                MovementClass({1, 1, 1, 1, 0})};
  std::vector<Unit> units;
  const int wanted = pick(1, std::min(12, map.width() * map.height()));
  for (int tries = 0; tries < 8 * wanted && static_cast<int>(units.size()) < wanted; ++tries) {
    Unit u;
    u.name = "U" + std::to_string(units.size());
    u.cell = {pick(0, map.width() - 1), pick(0, map.height() - 1)};
    u.movement = classes[static_cast<std::size_t>(pick(0, 2))];
    if (!u.movement.passable(map.terrain(u.cell)) || unitAt(units, u.cell)) continue;
    u.team = pick(0, 1) ? Team::Enemy : (pick(0, 1) ? Team::Player : Team::Ally);
    u.moveRange = pick(0, 12);
    const int min = pick(0, 3);
    u.attack = min == 0 ? AttackRange{0, 0} : AttackRange{min, min + pick(0, 3)};
    units.push_back(u);
  }
  return units;
}

std::string describeUnits(const std::vector<Unit>& units) {
  std::ostringstream text;
  for (const Unit& u : units) {
    text << teamName(u.team) << "@" << toString(u.cell) << " move " << u.moveRange << " attack "
         << formatAttackRange(u.attack) << " costs " << u.movement.toString() << "; ";
  }
  return text.str();
}

// Every job on one backend, on random boards, against the references.
void requireEveryJobMatchesReference(Backend backend) {
  for (int i = 0; i < kRandomBoards; ++i) {
    const auto seed = static_cast<std::uint64_t>(9000 + i);
    const testing::RandomCase c = testing::makeRandomCase(seed, {48, 12});
    INFO(backendName(backend) << ", range " << c.describe());
    gpu::Solvers solvers = makeSolvers(c.map, backend);

    const auto range = solvers.range(c.query, gpu::StateBytes::Read);
    INFO((range ? "" : range.error()));
    REQUIRE(range);
    CHECK(range->backend == backend);
    const RangeResult reference = solveReference(c.map, c.query);
    const auto difference = testing::compareReachAndCost(range->result, reference);
    INFO(difference.value_or("reach and costs agree"));
    CHECK_FALSE(difference);
    CHECK(range->result.passes == reference.passes);
    CHECK(range->stats.passes == reference.passes);
    CHECK(range->state == encodeState(c.map, reference));

    const std::vector<Unit> units = randomUnits(c.map, seed);
    INFO("danger: " << describeUnits(units));
    const auto danger = solvers.danger(units);
    INFO((danger ? "" : danger.error()));
    REQUIRE(danger);
    CHECK(danger->backend == backend);
    CHECK(danger->counts.cells() == dangerZone(c.map, units).cells());

    // Fields on their own boards: even seeds open maps, odd ones mazes.
    const testing::RandomField f = testing::makeRandomField(seed, {40, 24});
    INFO("field " << f.describe());
    gpu::Solvers fieldSolvers = makeSolvers(f.map, backend);
    const auto field = fieldSolvers.field(f.query);
    INFO((field ? "" : field.error()));
    REQUIRE(field);
    CHECK(field->backend == backend);
    CHECK(field->stats.converged);
    const auto fieldDifference =
        testing::compareFields(field->field, solveFieldReference(f.map, f.query));
    INFO(fieldDifference.value_or("fields agree"));
    CHECK_FALSE(fieldDifference);
  }
}

}  // namespace

TEST_CASE("Auto's choice: gpu for range and danger, cpu for fields on a software renderer",
          "[gpu][solvers]") {
  const gpu::BackendFacts none{false, false};
  const gpu::BackendFacts hardware{true, false};
  const gpu::BackendFacts software{true, true};
  for (SolverJob job : {SolverJob::Range, SolverJob::Danger, SolverJob::Field}) {
    CHECK(gpu::chooseBackend(job, none) == Backend::Cpu);
  }
  CHECK(gpu::chooseBackend(SolverJob::Range, hardware) == Backend::Gpu);
  CHECK(gpu::chooseBackend(SolverJob::Range, software) == Backend::Gpu);
  CHECK(gpu::chooseBackend(SolverJob::Danger, hardware) == Backend::Gpu);
  CHECK(gpu::chooseBackend(SolverJob::Danger, software) == Backend::Gpu);
  CHECK(gpu::chooseBackend(SolverJob::Field, hardware) == Backend::Gpu);
  CHECK(gpu::chooseBackend(SolverJob::Field, software) == Backend::Cpu);
}

TEST_CASE("software renderers are told by their GL_RENDERER", "[gpu][solvers]") {
  CHECK(gpu::isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
  CHECK(gpu::isSoftwareRenderer("softpipe"));
  CHECK(gpu::isSoftwareRenderer("Google SwiftShader"));
  CHECK_FALSE(gpu::isSoftwareRenderer("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
  CHECK_FALSE(gpu::isSoftwareRenderer("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6)"));
  CHECK_FALSE(gpu::isSoftwareRenderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
}

TEST_CASE("Solvers on the cpu backend need no GL context", "[gpu][solvers]") {
  const testing::RandomCase c = testing::makeRandomCase(42, {32, 8});
  INFO(c.describe());
  // ctest runs each test case in a process of its own, in which nothing has made a context;
  // a run of the whole binary may have made one before, and then only the answers are checked.
  const bool noContext = !gpu::hasCurrentContext();
  if (noContext) {
    for (Backend needsOne : {Backend::Gpu, Backend::Compute}) {
      const auto refused = gpu::Solvers::create(c.map, needsOne);
      REQUIRE_FALSE(refused);
      CHECK(refused.error().rfind(
                std::string(backendName(needsOne)) + " needs a current OpenGL context", 0) == 0);
    }
    // Auto with no context answers every job on the CPU.
    gpu::Solvers automatic = makeSolvers(c.map, Backend::Auto);
    for (SolverJob job : {SolverJob::Range, SolverJob::Danger, SolverJob::Field}) {
      CHECK(automatic.backendFor(job) == Backend::Cpu);
    }
    const auto range = automatic.range(c.query);
    REQUIRE(range);
    CHECK(range->backend == Backend::Cpu);
  } else {
    WARN(
        "a GL context is current in this process; run this test case alone to check the cpu "
        "backend without one");
  }
  gpu::Solvers solvers = makeSolvers(c.map, Backend::Cpu);
  CHECK(solvers.requested() == Backend::Cpu);
  const auto range = solvers.range(c.query, gpu::StateBytes::Read);
  REQUIRE(range);
  CHECK(range->backend == Backend::Cpu);
  const RangeResult reference = solveReference(c.map, c.query);
  CHECK_FALSE(testing::compareReachAndCost(range->result, reference));
  CHECK(range->state == encodeState(c.map, reference));
  const std::vector<Unit> units = randomUnits(c.map, 42);
  const auto danger = solvers.danger(units);
  REQUIRE(danger);
  CHECK(danger->counts.cells() == dangerZone(c.map, units).cells());
  const testing::RandomField f = testing::makeRandomField(43, {32, 16});
  gpu::Solvers fieldSolvers = makeSolvers(f.map, Backend::Cpu);
  const auto field = fieldSolvers.field(f.query);
  REQUIRE(field);
  CHECK_FALSE(testing::compareFields(field->field, solveFieldReference(f.map, f.query)));
  // Still none: the cpu backend made none and made none current.
  CHECK(gpu::hasCurrentContext() == !noContext);
}

TEST_CASE("Solvers on the cpu backend equal the references", "[gpu][solvers]") {
  requireEveryJobMatchesReference(Backend::Cpu);
}

TEST_CASE("Solvers on the gpu backend equal the references", "[gpu][solvers]") {
  requireContext();
  requireEveryJobMatchesReference(Backend::Gpu);
}

TEST_CASE("Solvers on the compute backend equal the references",
          "[gpu][solvers][compute]") {
  requireContext();
  if (!gpu::supportsCompute()) {
    // Desktop OpenGL before 4.3, or OpenGL ES (a run of the whole suite on ES gets here): the
    // backend is refused with the reason.
    const auto refused = gpu::Solvers::create(testing::makeRandomCase(1).map, Backend::Compute);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().rfind("compute needs OpenGL 4.3", 0) == 0);
    return;
  }
  for (int i = 0; i < kRandomBoards; ++i) {
    const auto seed = static_cast<std::uint64_t>(9100 + i);
    const testing::RandomCase c = testing::makeRandomCase(seed, {48, 12});
    INFO("range " << c.describe());
    gpu::Solvers solvers = makeSolvers(c.map, Backend::Compute);
    const auto range = solvers.range(c.query, gpu::StateBytes::Read);
    INFO((range ? "" : range.error()));
    REQUIRE(range);
    CHECK(range->backend == Backend::Compute);
    const RangeResult reference = solveReference(c.map, c.query);
    CHECK_FALSE(testing::compareReachAndCost(range->result, reference));
    CHECK(range->result.passes == reference.passes);
    CHECK(range->state == encodeState(c.map, reference));
    // Danger: one compute dispatch per enemy that can attack, equal to the reference and to
    // the batched fragment solver (its own code, so the per-enemy threat marking is checked
    // against an independent one too).
    const std::vector<Unit> units = randomUnits(c.map, seed);
    const auto danger = solvers.danger(units);
    INFO((danger ? "" : danger.error()));
    REQUIRE(danger);
    CHECK(danger->backend == Backend::Compute);
    CHECK(danger->counts.cells() == dangerZone(c.map, units).cells());
    int attackers = 0;
    for (const Unit& u : units) attackers += u.team == Team::Enemy && !u.attack.none();
    CHECK(danger->stats.enemies == attackers);
    CHECK(danger->stats.batches == attackers);
    gpu::Solvers batched = makeSolvers(c.map, Backend::Gpu);
    const auto fromGpu = batched.danger(units);
    REQUIRE(fromGpu);
    CHECK(fromGpu->counts.cells() == danger->counts.cells());

    const testing::RandomField f = testing::makeRandomField(seed, {40, 24});
    INFO("field " << f.describe());
    gpu::Solvers fieldSolvers = makeSolvers(f.map, Backend::Compute);
    const auto field = fieldSolvers.field(f.query);
    INFO((field ? "" : field.error()));
    REQUIRE(field);
    CHECK(field->backend == Backend::Compute);
    CHECK_FALSE(testing::compareFields(field->field, solveFieldReference(f.map, f.query)));
  }
}

TEST_CASE("Solvers on auto run each job where the rule says, and name it", "[gpu][solvers]") {
  requireContext();
  const bool software = gpu::isSoftwareRenderer(gpu::rendererName());
  INFO(gpu::contextDescription());
  const testing::RandomCase c = testing::makeRandomCase(77, {32, 8});
  gpu::Solvers solvers = makeSolvers(c.map, Backend::Auto);
  CHECK(solvers.requested() == Backend::Auto);
  CHECK(solvers.backendFor(SolverJob::Range) == Backend::Gpu);
  CHECK(solvers.backendFor(SolverJob::Danger) == Backend::Gpu);
  CHECK(solvers.backendFor(SolverJob::Field) == (software ? Backend::Cpu : Backend::Gpu));

  const auto range = solvers.range(c.query);
  REQUIRE(range);
  CHECK(range->backend == Backend::Gpu);
  CHECK_FALSE(testing::compareReachAndCost(range->result, solveReference(c.map, c.query)));
  const std::vector<Unit> units = randomUnits(c.map, 77);
  const auto danger = solvers.danger(units);
  REQUIRE(danger);
  CHECK(danger->backend == Backend::Gpu);
  CHECK(danger->counts.cells() == dangerZone(c.map, units).cells());
  const FieldQuery query = fieldQueryFor(units, Team::Player, MovementClass());
  const auto field = solvers.field(query);
  REQUIRE(field);
  CHECK(field->backend == solvers.backendFor(SolverJob::Field));
  CHECK_FALSE(testing::compareFields(field->field, solveFieldReference(c.map, query)));
}

TEST_CASE("Solvers refill a kept range answer and see painted cells", "[gpu][solvers]") {
  requireContext();
  // A corridor; painting a wall across it cuts the unit off from the far end.
  const CostMap open = testing::mapFromRows({{0, 0, 0, 0, 0, 0}, {255, 255, 255, 255, 255, 255}});
  const CostMap walled =
      testing::mapFromRows({{0, 0, 255, 0, 0, 0}, {255, 255, 255, 255, 255, 255}});
  const RangeQuery query = testing::query({0, 0}, 5, {1, 1});
  for (Backend backend : {Backend::Cpu, Backend::Gpu, Backend::Compute}) {
    if (backend == Backend::Compute && !gpu::supportsCompute()) continue;
    INFO(backendName(backend));
    gpu::Solvers solvers = makeSolvers(open, backend);
    gpu::RangeAnswer kept;
    REQUIRE_FALSE(solvers.range(query, kept));
    CHECK(kept.result.reach[{5, 0}] == Reach::Reached);
    // Danger and field solvers made before the paint must not answer for the old map.
    const std::vector<Unit> units = {Unit{"E", Team::Enemy, {5, 0}, 5, {1, 1}, {}, "foot", "", {}},
                                     Unit{"P", Team::Player, {0, 0}, 5, {1, 1}, {}, "foot", "", {}}};
    if (backend != Backend::Compute) REQUIRE(solvers.danger(units));
    const FieldQuery fieldQuery = fieldQueryFor(units, Team::Player, MovementClass());
    REQUIRE(solvers.field(fieldQuery));

    solvers.updateMap(walled, CellBox{2, 0, 2, 0});
    REQUIRE_FALSE(solvers.range(query, kept));
    CHECK(kept.backend == backend);
    CHECK_FALSE(testing::compareReachAndCost(kept.result, solveReference(walled, query)));
    CHECK(kept.result.reach[{5, 0}] == Reach::None);
    if (backend != Backend::Compute) {
      const auto danger = solvers.danger(units);
      REQUIRE(danger);
      CHECK(danger->counts.cells() == dangerZone(walled, units).cells());
    }
    const auto field = solvers.field(fieldQuery);
    REQUIRE(field);
    CHECK(field->field.cells() == solveFieldReference(walled, fieldQuery).cells());
    CHECK(field->field[{0, 0}] == kFieldUnreachable);
  }
}

TEST_CASE("Solvers refuse questions off the map instead of solving them", "[gpu][solvers]") {
  const CostMap map = testing::mapFromRows({{0, 0, 0}, {0, 0, 0}});
  gpu::Solvers solvers = makeSolvers(map, Backend::Cpu);
  const auto range = solvers.range(testing::query({3, 0}, 2));
  REQUIRE_FALSE(range);
  CHECK(range.error().find("3,0") != std::string::npos);
  const auto danger = solvers.danger({Unit{"E", Team::Enemy, {0, 5}, 2, {1, 1}, {}, "foot", "", {}}});
  REQUIRE_FALSE(danger);
  CHECK(danger.error().find("0,5 is outside") != std::string::npos);
  FieldQuery query;
  query.sources = {{9, 9}};
  const auto field = solvers.field(query);
  REQUIRE_FALSE(field);
  CHECK(field.error().find("source 9,9 is outside") != std::string::npos);
}
