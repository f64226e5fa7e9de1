// Named terrains (SPEC §11.1) on every backend: random boards of 6..64 terrains, each cell a
// terrain index, with movement classes that price every terrain; the fragment passes, compute,
// the batched danger atlas and the field solvers must give the CPU reference's answer byte for
// byte (the state's R being the index), and the route memory over each backend's range the
// reference's routes. The control: a solver that read the cell bytes as greys
// (the five classes of SPEC §1) is caught on most boards.
#include <catch2/catch.hpp>

#include <iostream>
#include <random>
#include <sstream>

#include "backend_sweep.h"
#include "gl_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;
using tactics::testing::backendsHere;
using tactics::testing::traceRoutes;
using tactics::testing::wander;

namespace {

constexpr std::uint64_t kBoards = 1000;
// And a few read as each hex layout (SPEC §13), after the square ones.
constexpr std::uint64_t kHexBoards = 5;

struct TerrainBoard {
  std::uint64_t seed = 0;
  CostMap map;
  std::vector<Unit> units;
  MovementClass movement;  // every unit's

  [[nodiscard]] std::string describe() const {
    std::ostringstream text;
    text << "seed " << seed << ": " << map.sizeText() << " " << layoutName(map.layout()) << " map of " << map.terrainCount()
         << " terrains, class " << movement.toString() << ", " << units.size() << " units";
    return text.str();
  }
};

TerrainBoard makeTerrainBoard(std::uint64_t seed) {
  std::mt19937_64 random(seed * 104729);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  TerrainBoard board;
  board.seed = seed;
  const int count = pick(6, kMaxTerrains);
  std::vector<std::string> names;
  for (int t = 0; t < count; ++t) names.push_back("t" + std::to_string(t));
  const int width = pick(3, 24);
  const int height = pick(3, 24);
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(width * height));
  for (auto& c : cells) c = static_cast<std::uint8_t>(pick(0, count - 1));
  board.map = CostMap::named(width, height, cells, names);
  MovementClass::Costs costs{};
  for (int t = 0; t < count; ++t) {
    costs[static_cast<std::size_t>(t)] =
        pick(0, 5) == 0 ? MovementClass::kImpassable : static_cast<std::uint8_t>(pick(1, 15));
  }
  board.movement = MovementClass::fromCosts(costs);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (pick(0, 99) >= 12 || !board.movement.passable(board.map.terrain({x, y}))) continue;
      Unit u;
      u.name = "U";
      u.cell = {x, y};
      u.team = pick(0, 1) ? Team::Enemy : Team::Player;
      u.moveRange = pick(0, 20);
      u.attack = {1, pick(1, 3)};
      u.movement = board.movement;
      board.units.push_back(u);
    }
  }
  return board;
}

// The control's reading: the same bytes taken as greys of the five classes (on the same grid).
CostMap asGreys(const CostMap& map) {
  CostMap greys(map.width(), map.height(), map.greyValues());
  greys.setLayout(map.layout());
  return greys;
}

MovementClass fiveOf(const MovementClass& movement) {
  std::array<std::uint8_t, kTerrainClasses> five{};
  for (std::size_t t = 0; t < five.size(); ++t) five[t] = movement.costs()[t];
  return MovementClass(five);
}

}  // namespace

TEST_CASE("named terrains: ranges, danger and fields on every backend equal the reference",
          "[gpu][compute][terrains][random]") {
  // Tagged [compute] (it sweeps every backend, compute among them where it exists): the gpu-es
  // run leaves it out, and a run of the whole suite on ES skips it.
  if (!testing::runsOn(gpu::GlApi::Core, "a [compute] sweep, which the gpu-es run leaves out")) {
    return;
  }
  int solves = 0;
  int caught = 0;
  int dangerCaught = 0;
  for (std::uint64_t n = 0; n < kBoards + 4 * kHexBoards; ++n) {
    const bool square = n < kBoards;
    const std::uint64_t seed = square ? n + 1 : (n - kBoards) % kHexBoards + 1;
    TerrainBoard board = makeTerrainBoard(seed);
    if (!square) board.map.setLayout(kGridLayouts[1 + (n - kBoards) / kHexBoards]);
    INFO(board.describe());
    const Grid<std::uint8_t> danger = dangerZone(board.map, board.units);
    const FieldQuery fieldQuery = fieldQueryFor(board.units, Team::Enemy, board.movement);
    const DistanceField field = solveFieldReference(board.map, fieldQuery);
    for (const Backend backend : backendsHere()) {
      INFO(backendName(backend));
      auto solvers = gpu::Solvers::create(board.map, backend);
      INFO((solvers ? "" : solvers.error()));
      REQUIRE(solvers);
      for (std::size_t i = 0; i < board.units.size() && i < 3; ++i) {
        const RangeQuery query = queryFor(board.units, i);
        const auto answer = solvers->range(query, gpu::StateBytes::Read);
        REQUIRE(answer);
        const RangeResult reference = solveReference(board.map, query);
        REQUIRE(answer->state == encodeState(board.map, reference));
        const std::vector<Cell> cursor = wander(board.map, seed + i);
        REQUIRE(traceRoutes(board.map, query, answer->result, cursor) ==
                traceRoutes(board.map, query, reference, cursor));
        if (backend == Backend::Cpu) {
          ++solves;
          RangeQuery misread = query;
          misread.movement = fiveOf(query.movement);
          caught += encodeState(board.map, reference) !=
                    encodeState(board.map, solveReference(asGreys(board.map), misread));
        }
      }
      const auto counts = solvers->danger(board.units);
      REQUIRE(counts);
      REQUIRE(counts->counts.cells() == danger.cells());
      const auto answer = solvers->field(fieldQuery);
      REQUIRE(answer);
      REQUIRE(answer->field.cells() == field.cells());
    }
    std::vector<Unit> misread = board.units;
    for (Unit& u : misread) u.movement = fiveOf(u.movement);
    dangerCaught += dangerZone(asGreys(board.map), misread).cells() != danger.cells();
  }
  std::cout << "named terrains: reading the bytes as greys would have changed " << caught << " of "
            << solves << " ranges and " << dangerCaught << " of " << kBoards + 4 * kHexBoards << " danger zones\n";
  CHECK(caught * 2 >= solves);
  CHECK(dangerCaught * 2 >= static_cast<int>(kBoards));
}
