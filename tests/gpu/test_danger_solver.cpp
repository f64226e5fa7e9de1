// The batched GPU danger zone against the CPU reference (SPEC §7), on random boards, with a
// control: two plausible but wrong unions must disagree with the reference on many of them.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/headless_context.h"
#include "gl_context.h"
#include "gpu/gl/gl_api.h"
#include "random_cases.h"

using namespace tactics;

namespace {

// One context for the whole test run, of the API the run asks for (gl_context.h).
using testing::requireContext;

// A random board: map, classes, teams, ranges (min > 1 and attack 0 included), reproducible.
struct RandomBoard {
  std::uint64_t seed = 0;
  CostMap map;
  std::vector<Unit> units;

  [[nodiscard]] std::string describe() const {
    std::ostringstream text;
    text << "seed " << seed << ": " << map.sizeText() << " map, " << units.size() << " units:";
    for (const Unit& u : units) {
      text << " " << teamName(u.team) << "@" << toString(u.cell) << " move " << u.moveRange
           << " attack " << formatAttackRange(u.attack) << " costs " << u.movement.toString() << ";";
    }
    return text.str();
  }
};

RandomBoard makeBoard(std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  RandomBoard board;
  board.seed = seed;
  const int width = pick(1, 40);
  const int height = pick(1, 40);
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height));
  const int wallChance = pick(0, 30);
  for (auto& g : grey) {
    const int roll = pick(0, 99);
    g = roll < wallChance ? 255 : static_cast<std::uint8_t>(pick(0, 203));
  }
  board.map = CostMap(width, height, grey);
  const std::array<MovementClass, 4> classes = {
      MovementClass(), MovementClass({1, 3, 6, 0, 0}), MovementClass({1, 3, 5, 0, 0}),
      MovementClass({1, 1, 1, 1, 0})};
  const int wanted = pick(1, std::min(24, width * height));
  for (int tries = 0; tries < 4 * wanted && static_cast<int>(board.units.size()) < wanted; ++tries) {
    Unit u;
    u.name = "U";
    u.cell = {pick(0, width - 1), pick(0, height - 1)};
    u.movement = classes[static_cast<std::size_t>(pick(0, 3))];
    if (!u.movement.passable(board.map.terrain(u.cell)) || unitAt(board.units, u.cell)) continue;
    u.team = pick(0, 9) < 5 ? Team::Enemy : (pick(0, 1) ? Team::Player : Team::Ally);
    u.moveRange = pick(0, 4) == 0 ? pick(0, 40) : pick(0, 9);
    const int kind = pick(0, 9);
    if (kind == 0) {
      u.attack = {0, 0};
    } else {
      const int min = kind < 6 ? 1 : pick(2, 4);
      u.attack = {min, min + pick(0, kind == 9 ? 30 : 2)};
    }
    board.units.push_back(u);
  }
  return board;
}

// Wrong union 1: SPEC §3's red area per enemy (reached cells excluded).
Grid<std::uint8_t> redAreaUnion(const RandomBoard& b) {
  Grid<std::uint8_t> count(b.map.width(), b.map.height(), 0);
  for (std::size_t i = 0; i < b.units.size(); ++i) {
    if (b.units[i].team != Team::Enemy) continue;
    const RangeResult r = solveReference(b.map, queryFor(b.units, i));
    for (std::size_t c = 0; c < count.cells().size(); ++c) {
      count.cells()[c] = static_cast<std::uint8_t>(count.cells()[c] + (r.reach.cells()[c] == Reach::Attackable));
    }
  }
  return count;
}

// Wrong union 2: attacks also from reached cells another enemy stands on.
Grid<std::uint8_t> crossedCellsUnion(const RandomBoard& b) {
  Grid<std::uint8_t> count(b.map.width(), b.map.height(), 0);
  for (std::size_t i = 0; i < b.units.size(); ++i) {
    if (b.units[i].team != Team::Enemy) continue;
    RangeQuery q = queryFor(b.units, i);
    q.attack = {0, 0};
    const RangeResult r = solveReference(b.map, q);
    Grid<std::uint8_t> origins(b.map.width(), b.map.height(), 0);
    for (std::size_t c = 0; c < origins.cells().size(); ++c) origins.cells()[c] = r.reach.cells()[c] == Reach::Reached;
    Grid<std::uint8_t> threat(b.map.width(), b.map.height(), 0);
    markThreatened(origins, b.units[i].attack, threat);
    for (std::size_t c = 0; c < count.cells().size(); ++c) {
      count.cells()[c] = static_cast<std::uint8_t>(count.cells()[c] + threat.cells()[c]);
    }
  }
  return count;
}

// The first cell where two count grids differ, if any.
std::optional<std::string> firstDifference(const Grid<std::uint8_t>& actual, const Grid<std::uint8_t>& expected) {
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

// The GPU's counts, and how many batches it ran for them.
struct GpuDanger {
  Grid<std::uint8_t> counts;
  int batches = 0;
};

GpuDanger gpuDanger(const CostMap& map, const std::vector<Unit>& units,
                    std::size_t atlasBudget = gpu::DangerSolver::kAtlasBudgetBytes) {
  requireContext();
  auto solver = gpu::DangerSolver::create(map, atlasBudget);
  INFO((solver ? "" : solver.error()));
  REQUIRE(solver);
  const auto stats = solver->solve(units);
  INFO((stats ? "" : stats.error()));
  REQUIRE(stats);
  // Never more batches than enemies; with the default budget, one for any enemies at all.
  CHECK(stats->batches <= stats->enemies);
  if (atlasBudget == gpu::DangerSolver::kAtlasBudgetBytes) {
    CHECK(stats->batches == std::min(stats->enemies, 1));
  }
  return {solver->readCounts(), stats->batches};
}

Grid<std::uint8_t> gpuCounts(const CostMap& map, const std::vector<Unit>& units) {
  return gpuDanger(map, units).counts;
}

constexpr std::uint64_t kRandomBoards = 240;

}  // namespace

TEST_CASE("GPU danger counts equal the CPU's on random boards", "[gpu][danger]") {
  for (std::uint64_t seed = 1; seed <= kRandomBoards; ++seed) {
    const RandomBoard board = makeBoard(seed);
    INFO(board.describe());
    const auto difference = firstDifference(gpuCounts(board.map, board.units), dangerZone(board.map, board.units));
    INFO(difference.value_or("same counts"));
    REQUIRE_FALSE(difference);
  }
}

TEST_CASE("GPU danger without same-frame query answers (WebGL2) equals the CPU's", "[gpu][danger]") {
  // The browser's way (gpu/gl/gl_api.h): every pass runs, no change test is drawn.
  gpu::setSameFrameQueries(false);
  for (std::uint64_t seed = 1; seed <= kRandomBoards; seed += 3) {
    const RandomBoard board = makeBoard(seed);
    INFO(board.describe());
    const auto difference = firstDifference(gpuCounts(board.map, board.units), dangerZone(board.map, board.units));
    INFO(difference.value_or("same counts"));
    if (difference) gpu::setSameFrameQueries(true);
    REQUIRE_FALSE(difference);
  }
  gpu::setSameFrameQueries(true);
}

TEST_CASE("the danger comparison has teeth: wrong unions fail on many boards", "[gpu][danger]") {
  int redAreaCaught = 0;
  int crossedCaught = 0;
  for (std::uint64_t seed = 1; seed <= kRandomBoards; ++seed) {
    const RandomBoard board = makeBoard(seed);
    const Grid<std::uint8_t> reference = dangerZone(board.map, board.units);
    redAreaCaught += firstDifference(redAreaUnion(board), reference).has_value();
    crossedCaught += firstDifference(crossedCellsUnion(board), reference).has_value();
  }
  INFO("red-area union caught on " << redAreaCaught << " of " << kRandomBoards
       << ", crossed-cells union on " << crossedCaught);
  CHECK(redAreaCaught >= static_cast<int>(kRandomBoards) / 2);
  CHECK(crossedCaught >= static_cast<int>(kRandomBoards) / 4);
}

TEST_CASE("GPU danger: hand-counted boards and saturation", "[gpu][danger]") {
  // A 2-2 bow that cannot move: only its ring. Two of them overlap on the middle cells.
  const CostMap open(9, 3, std::vector<std::uint8_t>(27, 0));
  Unit bow;
  bow.name = "Bow";
  bow.team = Team::Enemy;
  bow.moveRange = 0;
  bow.attack = {2, 2};
  std::vector<Unit> units = {bow, bow};
  units[0].cell = {2, 1};
  units[1].cell = {6, 1};
  const auto counts = gpuCounts(open, units);
  CHECK(counts[{4, 1}] == 2);
  CHECK(counts[{3, 1}] == 0);
  CHECK(counts[{2, 1}] == 0);
  CHECK(counts[{0, 1}] == 1);
  CHECK(counts[{3, 0}] == 1);

  // 256 enemies all reaching one cell: the count saturates at 255.
  const CostMap wide(32, 8, std::vector<std::uint8_t>(256, 0));
  std::vector<Unit> crowd;
  for (int i = 0; i < 256; ++i) {
    Unit u = bow;
    u.cell = {i % 32, i / 32};
    u.attack = {1, 60};
    crowd.push_back(u);
  }
  const auto saturated = gpuCounts(wide, crowd);
  CHECK(saturated[{0, 0}] == 255);
  CHECK(saturated.cells() == dangerZone(wide, crowd).cells());
}

TEST_CASE("GPU danger: boards too large for one batch add up the same", "[gpu][danger]") {
  // An atlas budget of 8x8 texels: a window of move 4 or more runs alone, smaller ones share.
  const std::size_t budget = gpu::DangerSolver::kBytesPerAtlasTexel * 64;
  int split = 0;
  for (std::uint64_t seed = 1000; seed < 1030; ++seed) {
    const RandomBoard board = makeBoard(seed);
    INFO(board.describe());
    const GpuDanger danger = gpuDanger(board.map, board.units, budget);
    split += danger.batches > 1;
    const auto difference = firstDifference(danger.counts, dangerZone(board.map, board.units));
    INFO(difference.value_or("same counts"));
    REQUIRE_FALSE(difference);
  }
  // The budget must really split most boards, or this test shows nothing.
  INFO("boards run in more than one batch: " << split << " of 30");
  CHECK(split >= 15);
}
