// Fog (SPEC §11.5) on every backend: on crowded random boards where some enemies are hidden, the
// player's side's ranges and routes, the danger zone and the player's fields from cpu, gpu and
// compute are the literal rule's answer: the same board with the hidden enemies taken off it.
// Each keeps a control that must fail: a solver that lets the hidden enemies stand in the way (or
// threaten) gives another answer on a share of the boards.
#include <catch2/catch.hpp>

#include <algorithm>
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
constexpr std::uint64_t kSweepBoards = kBoards + 4 * kHexBoards;

struct FogBoard {
  std::uint64_t seed = 0;
  CostMap map;
  std::vector<Unit> units;  // some enemies hidden

  [[nodiscard]] std::string describe() const {
    std::ostringstream text;
    text << "seed " << seed << ": " << map.sizeText() << " " << layoutName(map.layout())
         << " map, units:";
    for (const Unit& u : units) {
      text << ' ' << teamName(u.team) << (u.hidden ? "(hidden)" : "") << '@' << toString(u.cell)
           << " move " << u.moveRange << " attack " << formatAttackRange(u.attack) << ';';
    }
    return text.str();
  }
};

// Up to 20x20, crowded (10..40% of the free cells), half the units enemies and about half of
// those hidden; moves up to 8, with zone of control on every other board.
FogBoard makeFogBoard(std::uint64_t seed) {
  std::mt19937_64 random(seed * 7919);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  FogBoard board;
  board.seed = seed;
  const int width = pick(4, 20);
  const int height = pick(4, 20);
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height));
  for (auto& g : grey) g = pick(0, 99) < 15 ? 255 : static_cast<std::uint8_t>(pick(0, 152));
  board.map = CostMap(width, height, grey);
  const int density = pick(10, 40);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (pick(0, 99) >= density || !MovementClass().passable(board.map.terrain({x, y}))) continue;
      Unit u;
      u.name = "U";
      u.cell = {x, y};
      u.team = pick(0, 1) ? Team::Enemy : (pick(0, 3) ? Team::Player : Team::Ally);
      u.hidden = u.team == Team::Enemy && pick(0, 1);
      u.moveRange = pick(0, 8);
      u.attack = {1, pick(1, 3)};
      board.units.push_back(u);
    }
  }
  return board;
}

// Board i of a sweep: kBoards square boards, then kHexBoards of the same seeds on each hex
// layout.
FogBoard sweepBoard(std::uint64_t i) {
  if (i < kBoards) return makeFogBoard(i + 1);
  FogBoard board = makeFogBoard((i - kBoards) % kHexBoards + 1);
  board.map.setLayout(kGridLayouts[1 + (i - kBoards) / kHexBoards]);
  return board;
}

// The literal rule's board: the hidden enemies taken off.
std::vector<Unit> withoutHidden(const std::vector<Unit>& units) {
  std::vector<Unit> seen;
  for (const Unit& u : units) {
    if (!u.hidden) seen.push_back(u);
  }
  return seen;
}

// units[i]'s index on the board withoutHidden(units).
std::size_t indexWithoutHidden(const std::vector<Unit>& units, std::size_t i) {
  return static_cast<std::size_t>(
      std::count_if(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(i),
                    [](const Unit& u) { return !u.hidden; }));
}

// The control's board: every enemy in plain sight.
std::vector<Unit> nothingHidden(std::vector<Unit> units) {
  for (Unit& u : units) u.hidden = false;
  return units;
}

const char* name(Backend backend) { return backendName(backend); }

// These cases are tagged [compute] (they sweep every backend, compute among them where it
// exists), so the gpu-es run leaves them out; a run of the whole suite on ES skips them.
constexpr const char* kComputeSweep = "a [compute] sweep, which the gpu-es run leaves out";

}  // namespace

TEST_CASE("fog: the player's side's ranges on every backend are those of the board without "
          "the hidden enemies",
          "[gpu][compute][rules][fog][random]") {
  if (!testing::runsOn(gpu::GlApi::Core, kComputeSweep)) return;
  int caught = 0;
  int solves = 0;
  for (std::uint64_t n = 0; n < kSweepBoards; ++n) {
    const FogBoard board = sweepBoard(n);
    const std::uint64_t seed = board.seed;
    INFO(board.describe());
    const BoardRules rules{seed % 2 == 0};
    const std::vector<Unit> seen = withoutHidden(board.units);
    for (const Backend backend : backendsHere()) {
      INFO(name(backend));
      auto solvers = gpu::Solvers::create(board.map, backend);
      INFO((solvers ? "" : solvers.error()));
      REQUIRE(solvers);
      for (std::size_t i = 0; i < board.units.size(); ++i) {
        if (board.units[i].team == Team::Enemy) continue;
        const auto answer = solvers->range(queryFor(board.units, i, rules), gpu::StateBytes::Read);
        REQUIRE(answer);
        const RangeQuery literal = queryFor(seen, indexWithoutHidden(board.units, i), rules);
        const RangeResult reference = solveReference(board.map, literal);
        REQUIRE(answer->state == encodeState(board.map, reference));
        // The route memory over this backend's range: the literal board's routes.
        const std::vector<Cell> cursor = wander(board.map, seed + i);
        REQUIRE(traceRoutes(board.map, queryFor(board.units, i, rules), answer->result, cursor) ==
                traceRoutes(board.map, literal, reference, cursor));
        if (backend == Backend::Cpu) {
          ++solves;
          const RangeQuery blocked = queryFor(nothingHidden(board.units), i, rules);
          caught += answer->state != encodeState(board.map, solveReference(board.map, blocked));
        }
      }
    }
  }
  std::cout << "fog ranges: hidden enemies in the way would have changed " << caught << " of "
            << solves << " player-side solves\n";
  CHECK(caught * 10 >= solves);
}

TEST_CASE("fog: the danger zone on every backend is the player's view, hidden enemies absent",
          "[gpu][compute][danger][fog][random]") {
  if (!testing::runsOn(gpu::GlApi::Core, kComputeSweep)) return;
  int caught = 0;
  for (std::uint64_t n = 0; n < kSweepBoards; ++n) {
    const FogBoard board = sweepBoard(n);
    const std::uint64_t seed = board.seed;
    INFO(board.describe());
    const BoardRules rules{seed % 2 == 0};
    const Grid<std::uint8_t> literal = dangerZone(board.map, withoutHidden(board.units), rules);
    int attackers = 0;  // the enemies the player knows of that have an attack
    for (const Unit& u : withoutHidden(board.units)) {
      attackers += u.team == Team::Enemy && !u.attack.none();
    }
    for (const Backend backend : backendsHere()) {
      INFO(name(backend));
      auto solvers = gpu::Solvers::create(board.map, backend);
      REQUIRE(solvers);
      const auto answer = solvers->danger(board.units, rules);
      REQUIRE(answer);
      REQUIRE(answer->counts.cells() == literal.cells());
      CHECK(answer->stats.enemies == attackers);
    }
    caught += dangerZone(board.map, nothingHidden(board.units), rules).cells() != literal.cells();
  }
  std::cout << "fog danger: the hidden enemies would have changed " << caught << " of " << kSweepBoards
            << " danger zones\n";
  CHECK(caught * 2 >= static_cast<int>(kSweepBoards));
}

TEST_CASE("fog: the player's fields on every backend leave the hidden enemies out, the enemy's "
          "see them",
          "[gpu][compute][field][fog][random]") {
  if (!testing::runsOn(gpu::GlApi::Core, kComputeSweep)) return;
  int caught = 0;
  for (std::uint64_t n = 0; n < kSweepBoards; ++n) {
    const FogBoard board = sweepBoard(n);
    INFO(board.describe());
    const MovementClass foot;
    const DistanceField literal =
        solveFieldReference(board.map, fieldQueryFor(withoutHidden(board.units), Team::Player, foot));
    const DistanceField enemySide = solveFieldReference(
        board.map, fieldQueryFor(nothingHidden(board.units), Team::Enemy, foot));
    for (const Backend backend : backendsHere()) {
      INFO(name(backend));
      auto solvers = gpu::Solvers::create(board.map, backend);
      REQUIRE(solvers);
      const auto player = solvers->field(fieldQueryFor(board.units, Team::Player, foot));
      REQUIRE(player);
      REQUIRE(player->field.cells() == literal.cells());
      const auto enemy = solvers->field(fieldQueryFor(board.units, Team::Enemy, foot));
      REQUIRE(enemy);
      REQUIRE(enemy->field.cells() == enemySide.cells());
    }
    const DistanceField blocked = solveFieldReference(
        board.map, fieldQueryFor(nothingHidden(board.units), Team::Player, foot));
    caught += blocked.cells() != literal.cells();
  }
  std::cout << "fog fields: the hidden enemies would have changed " << caught << " of " << kSweepBoards
            << " player fields\n";
  CHECK(caught * 2 >= static_cast<int>(kSweepBoards));
}
