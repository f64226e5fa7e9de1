// gpu::Solvers, the one way commands get answers: every job on every backend against the CPU
// reference on random boards, Auto's per-job choice, and the cpu backend with no GL context.
#include <catch2/catch.hpp>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gl_context.h"
#include "random_cases.h"
#include "random_fields.h"
#include "tactics/gpu/auto_choice.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"
#include "temp_paths.h"

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

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

}  // namespace

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

TEST_CASE("Solvers on auto measure each job once per size class, and name the backend that ran",
          "[gpu][solvers][auto]") {
  requireContext();
  INFO(gpu::contextDescription());
  const std::filesystem::path folder = testing::uniqueTempPath("auto_choice");
  std::filesystem::create_directories(folder);
  const std::string cache = (folder / "auto-backends.txt").string();
  ::setenv("TACTICS_AUTO_CACHE", cache.c_str(), 1);
  gpu::AutoChoices::shared().reload();
  CHECK(gpu::AutoChoices::shared().cachePath() == cache);
  const auto offered = [](Backend b) {
    return b == Backend::Cpu || b == Backend::Gpu ||
           (b == Backend::Compute && gpu::supportsCompute());
  };

  const testing::RandomCase c = testing::makeRandomCase(77, {32, 8});
  gpu::Solvers solvers = makeSolvers(c.map, Backend::Auto);
  CHECK(solvers.requested() == Backend::Auto);
  // Before any answer it cannot say: it chooses per job and size class.
  for (SolverJob job : {SolverJob::Range, SolverJob::Danger, SolverJob::Field}) {
    CHECK(solvers.backendFor(job) == Backend::Auto);
  }
  const auto range = solvers.range(c.query);
  REQUIRE(range);
  CHECK(offered(range->backend));
  CHECK(solvers.backendFor(SolverJob::Range) == range->backend);
  CHECK_FALSE(testing::compareReachAndCost(range->result, solveReference(c.map, c.query)));
  const std::vector<Unit> units = randomUnits(c.map, 77);
  const auto danger = solvers.danger(units);
  REQUIRE(danger);
  CHECK(offered(danger->backend));
  CHECK(danger->counts.cells() == dangerZone(c.map, units).cells());
  const FieldQuery query = fieldQueryFor(units, Team::Player, MovementClass());
  const auto field = solvers.field(query);
  REQUIRE(field);
  CHECK(offered(field->backend));
  CHECK(field->backend == solvers.backendFor(SolverJob::Field));
  CHECK_FALSE(testing::compareFields(field->field, solveFieldReference(c.map, query)));

  // Every choice went into the cache file, one line each, under this renderer.
  const std::string renderer = gpu::contextDescription();
  const int rangeClass = gpu::rangeSizeClass(c.map, c.query);
  const std::string text = readText(cache);
  INFO(text);
  CHECK(text.rfind("tactics-grid auto-backends 1\n", 0) == 0);
  CHECK(text.find(renderer + "\trange\t" + std::to_string(rangeClass) + "\t" +
                  backendName(range->backend) + "\n") != std::string::npos);
  CHECK(text.find(renderer + "\tdanger\t" + std::to_string(gpu::dangerSizeClass(c.map, units)) +
                  "\t" + backendName(danger->backend) + "\n") != std::string::npos);
  CHECK(text.find(renderer + "\tfield\t" + std::to_string(gpu::fieldSizeClass(c.map)) + "\t" +
                  backendName(field->backend) + "\n") != std::string::npos);

  // A later process reads the file and runs what it says, measuring nothing: a choice written
  // there by hand (here the one that did not win, where there was one) is obeyed.
  const Backend other = range->backend == Backend::Gpu ? Backend::Cpu : Backend::Gpu;
  writeText(cache, "tactics-grid auto-backends 1\n" + renderer + "\trange\t" +
                       std::to_string(rangeClass) + "\t" + backendName(other) + "\nnot a line\n" +
                       renderer + "\trange\tx\tgpu\n");
  gpu::AutoChoices::shared().reload();
  gpu::Solvers later = makeSolvers(c.map, Backend::Auto);
  const auto again = later.range(c.query);
  REQUIRE(again);
  CHECK(again->backend == other);
  CHECK_FALSE(testing::compareReachAndCost(again->result, range->result));

  // A file of another layout, or none at all, is no error: the choices are measured again.
  writeText(cache, "something else entirely\n\t\t\n");
  gpu::AutoChoices::shared().reload();
  CHECK_FALSE(gpu::AutoChoices::shared().find(renderer, SolverJob::Range, rangeClass));
  ::setenv("TACTICS_AUTO_CACHE", "off", 1);
  gpu::AutoChoices::shared().reload();
  CHECK(gpu::AutoChoices::shared().cachePath().empty());
  gpu::Solvers inMemory = makeSolvers(c.map, Backend::Auto);
  REQUIRE(inMemory.range(c.query));
  CHECK(gpu::AutoChoices::shared().find(renderer, SolverJob::Range, rangeClass));
  // The same query with line of sight is measured for itself, under its own class (SPEC 11.8).
  REQUIRE(c.map.layout() == GridLayout::Square);
  RangeQuery seen = c.query;
  seen.sight.on = true;
  const int sightClass = rangeClass + 1024;
  CHECK_FALSE(gpu::AutoChoices::shared().find(renderer, SolverJob::Range, sightClass));
  const auto sighted = inMemory.range(seen);
  REQUIRE(sighted);
  CHECK(gpu::AutoChoices::shared().find(renderer, SolverJob::Range, sightClass));
  CHECK_FALSE(testing::compareReachAndCost(sighted->result, solveReference(c.map, seen)));
  ::unsetenv("TACTICS_AUTO_CACHE");
  gpu::AutoChoices::shared().reload();
  std::filesystem::remove_all(folder);
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

TEST_CASE("auto's measurement: the fastest complete backend, slow cut runs given up early",
          "[gpu][solvers][auto]") {
  // Fake backends with known costs: cpu 2 ms; compute 1 ms a run; gpu 0.1 ms a pass and 1,000
  // passes to finish, so that every run it is given at a pass limit is cut short.
  std::vector<int> gpuLimits;
  int cpuRuns = 0;
  int computeRuns = 0;
  const gpu::Candidate cpu{Backend::Cpu, false, [&](int) {
                             ++cpuRuns;
                             return gpu::TimedRun{2.0, true};
                           }};
  const gpu::Candidate compute{Backend::Compute, false, [&](int) {
                                 ++computeRuns;
                                 return gpu::TimedRun{1.0, true};
                               }};
  const gpu::Candidate gpuPasses{
      Backend::Gpu, true, [&](int limit) {
        gpuLimits.push_back(limit);
        const int passes = limit == gpu::Candidate::kNoLimit ? 1000 : std::min(limit, 1000);
        return gpu::TimedRun{0.1 * passes, passes == 1000};
      }};
  std::vector<gpu::Measured> found;
  CHECK(gpu::measureFastest({cpu, compute, gpuPasses}, &found) == Backend::Compute);
  // Each warmed up once, then timed: a run over 1 ms is repeated twice more, one under it four.
  CHECK(cpuRuns == 1 + 1 + 2);
  CHECK(computeRuns == 1 + 1 + 2);
  // gpu: warm-up at 8 passes (0.8 ms), then 8 (0.8, cut, under the best 1.0: go on), then 32
  // (3.2 ms, cut, over the best: it has lost). Never the thousand passes.
  CHECK(gpuLimits == std::vector<int>{8, 8, 32});
  REQUIRE(found.size() == 3);
  CHECK(found[2].backend == Backend::Gpu);
  CHECK_FALSE(found[2].complete);
  CHECK(found[1].milliseconds == Approx(1.0));

  // A limited backend that finishes within a limit is timed at that limit, and can win.
  const gpu::Candidate quick{Backend::Gpu, true, [&](int limit) {
                               const int passes =
                                   limit == gpu::Candidate::kNoLimit ? 20 : std::min(limit, 20);
                               return gpu::TimedRun{0.01 * passes, passes == 20};
                             }};
  found.clear();
  CHECK(gpu::measureFastest({cpu, quick}, &found) == Backend::Gpu);
  REQUIRE(found.size() == 2);
  CHECK(found[1].complete);
  CHECK(found[1].milliseconds == Approx(0.2));
  // One candidate is chosen without a contest.
  CHECK(gpu::measureFastest({cpu}) == Backend::Cpu);
}
