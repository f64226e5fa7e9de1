// The compute backend against the CPU reference, on the same cases as the fragment passes
// (label gpu: needs an OpenGL 4.3 context via EGL for compute shaders). Without OpenGL 4.3, or on
// ES, there is no compute backend to test: each case says so and stops (testing::computeRuns;
// the solve command's exit 3 covers that case).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <random>

#include <glad/gl.h>

#include "tactics/solver/reference_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/headless_context.h"
#include "gl_context.h"
#include "random_cases.h"

using namespace tactics;
using tactics::testing::mapFromRows;
using tactics::testing::query;

namespace {

using Workgroup = gpu::ComputeRangeSolver::Workgroup;

gpu::ComputeRangeSolver makeSolver(const CostMap& map, Workgroup workgroup = Workgroup::ForRenderer) {
  auto solver = gpu::ComputeRangeSolver::create(map, workgroup);
  INFO((solver ? "" : solver.error()));
  REQUIRE(solver);
  return std::move(*solver);
}

// Every texel of the solver's state texture, not only the touched box.
std::vector<std::uint8_t> wholeState(const gpu::ComputeRangeSolver& solver) {
  std::vector<std::uint8_t> texels(static_cast<std::size_t>(solver.width()) *
                                   static_cast<std::size_t>(solver.height()) * 4);
  glBindTexture(GL_TEXTURE_2D, solver.stateTexture());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return texels;
}

// The reference's bytes exactly, its pass count, parents valid on their own; a kept result
// refilled in place matches a fresh one.
void requireMatchesReference(gpu::ComputeRangeSolver& solver, const CostMap& map,
                             const RangeQuery& q, const std::string& what) {
  INFO(what);
  const gpu::SolveStats stats = solver.solve(q);
  const RangeResult computed = solver.readResult();
  const RangeResult reference = solveReference(map, q);
  const auto difference = testing::compareReachAndCost(computed, reference);
  INFO(difference.value_or("grid and costs agree"));
  REQUIRE_FALSE(difference);
  const auto parents = testing::checkParents(map, q, computed);
  INFO(parents.value_or("parents are valid"));
  REQUIRE_FALSE(parents);
  CHECK(stats.passes == reference.passes);
  CHECK(computed.passes == reference.passes);
  CHECK(solver.readState() == encodeState(map, reference));
}

}  // namespace

TEST_CASE("compute: the close-once counterexample of SPEC 2", "[gpu][compute][regression]") {
  if (!testing::computeRuns()) return;
  const CostMap map = mapFromRows({{0, 178, 0, 0}, {0, 0, 0, 0}});
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, query({0, 0}, 10, {1, 2}), "S 8 . . / . . . . with range 10");
  CHECK(solver.readResult().travelCost[{2, 0}] == 4);
}

TEST_CASE("compute: a 1x1 map and move 0", "[gpu][compute][regression]") {
  if (!testing::computeRuns()) return;
  const CostMap map = mapFromRows({{0}});
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, query({0, 0}, 5, {1, 3}), "1x1, move 5");
  requireMatchesReference(solver, map, query({0, 0}, 0, {0, 0}), "1x1, move 0");
}

TEST_CASE("compute: 255 steps of plains, the longest key", "[gpu][compute][regression]") {
  if (!testing::computeRuns()) return;
  // Cost 255 in 255 steps: the largest key the window holds.
  const CostMap map(300, 1, std::vector<std::uint8_t>(300, 0));
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, query({0, 0}, 255, {1, 2}), "a 300x1 plain, move 255");
}

TEST_CASE("compute: windows beyond shared memory use storage buffers", "[gpu][compute]") {
  if (!testing::computeRuns()) return;
  std::mt19937_64 rng(9);
  std::vector<std::uint8_t> grey(200 * 150);
  for (auto& g : grey) g = static_cast<std::uint8_t>(std::uniform_int_distribution<int>(0, 215)(rng));
  const CostMap map(200, 150, grey);
  auto solver = makeSolver(map);
  RangeQuery q = query({100, 75}, 60, {2, 4});
  q.movement = MovementClass({1, 1, 2, 3, 0});
  requireMatchesReference(solver, map, q, "200x150, move 60 (a 121x121 window)");
  // Then a small window on the same solver: the cells the big one wrote are reset.
  requireMatchesReference(solver, map, query({10, 10}, 3, {1, 1}), "back to a small window");
}

TEST_CASE("compute: one solver, units that move between solves", "[gpu][compute]") {
  if (!testing::computeRuns()) return;
  std::mt19937_64 rng(5);
  std::vector<std::uint8_t> grey(24 * 16);
  for (auto& g : grey) g = static_cast<std::uint8_t>(std::uniform_int_distribution<int>(0, 230)(rng));
  const CostMap map(24, 16, grey);
  auto solver = makeSolver(map);
  const auto anyCell = [&] {
    return Cell{std::uniform_int_distribution<int>(0, map.width() - 1)(rng),
                std::uniform_int_distribution<int>(0, map.height() - 1)(rng)};
  };
  int solved = 0;
  for (int i = 0; i < 40; ++i) {
    RangeQuery q = query(anyCell(), 12, {1, 2});
    for (int k = 0; k < 12; ++k) (k % 2 ? q.allies : q.enemies).push_back(anyCell());
    if (validate(map, q)) continue;
    requireMatchesReference(solver, map, q, "moving units, solve " + std::to_string(i));
    ++solved;
  }
  CHECK(solved >= 10);
}

TEST_CASE("compute: maps at the 4096 limit", "[gpu][compute][regression]") {
  if (!testing::computeRuns()) return;
  for (const auto& [width, height] : {std::pair{4096, 1}, std::pair{1, 4096}}) {
    std::vector<std::uint8_t> grey(4096);
    for (std::size_t i = 0; i < grey.size(); ++i) grey[i] = static_cast<std::uint8_t>((i * 37) % 204);
    const CostMap map(width, height, grey);
    auto solver = makeSolver(map);
    const Cell unit = width > 1 ? Cell{2000, 0} : Cell{0, 2000};
    requireMatchesReference(solver, map, query(unit, 255, {200, 255}), "4096 strip, attack 200-255");
    requireMatchesReference(solver, map, query(unit, 255, {1, 255}), "4096 strip, attack 1-255");
  }
}

TEST_CASE("compute equals the CPU reference on 500 random maps", "[gpu][compute][random]") {
  if (!testing::computeRuns()) return;
  // The same cases as the fragment passes' test; TACTICS_SEED=N replays one.
  if (const char* replay = std::getenv("TACTICS_SEED")) {
    const char* layout = std::getenv("TACTICS_LAYOUT");
    const auto c = testing::makeRandomCase(std::stoull(replay), {},
                                           parseLayout(layout ? layout : "square").value_or(GridLayout::Square));
    auto solver = makeSolver(c.map);
    requireMatchesReference(solver, c.map, c.query, c.describe());
    return;
  }
  // 500 square boards, then the layout axis (SPEC §13): 8 of the same seeds on each hex layout.
  for (std::uint64_t board = 0; board < 500 + 4 * 8; ++board) {
    const bool square = board < 500;
    const auto c = square ? testing::makeRandomCase(board + 1)
                          : testing::makeRandomCase((board - 500) % 8 + 1, {},
                                                    kGridLayouts[1 + (board - 500) / 8]);
    // Both workgroups for windows in shared memory: one SIMD vector, and 64 invocations.
    for (const Workgroup workgroup : {Workgroup::Narrow, Workgroup::Wide}) {
      auto solver = makeSolver(c.map, workgroup);
      requireMatchesReference(solver, c.map, c.query,
                              c.describe() + (workgroup == Workgroup::Narrow ? ", 8" : ", 64") +
                                  " invocations");
    }
  }
}

TEST_CASE("compute: rounds whose frontier list overflowed relax every cell, exactly",
          "[gpu][compute][random]") {
  if (!testing::computeRuns()) return;
  // Lists of 4 cells overflow on many of these maps; each window, in shared memory or storage
  // buffers, and each workgroup.
  int overflowed = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const auto c = testing::makeRandomCase(seed);
    for (const Workgroup workgroup : {Workgroup::Narrow, Workgroup::Wide}) {
      auto solver = gpu::ComputeRangeSolver::create(c.map, workgroup,
                                                    gpu::ComputeRangeSolver::Kernel::Solve,
                                                    gpu::ComputeRangeSolver::Lists::Short);
      REQUIRE(solver);
      requireMatchesReference(*solver, c.map, c.query, c.describe() + ", short lists");
      overflowed += solver->everyCellRounds() > 0 ? 1 : 0;
    }
    // The same solver with long lists never needs those rounds on these small maps.
    auto solver = makeSolver(c.map);
    solver.solve(c.query);
    CHECK(solver.everyCellRounds() == 0);
  }
  CHECK(overflowed >= 80);  // 114 of the 240 on llvmpipe
}

TEST_CASE("compute: questions too large for one workgroup are still answered exactly",
          "[gpu][compute][regression]") {
  if (!testing::computeRuns()) return;
  // llvmpipe cuts a shader's loops short after 65,535 iterations an invocation: move 255 on
  // open ground (a 511x511 window) used to get there, and a 2-255 attack range (a 571x571 box
  // to mark, each cell from the row counts of up to 511 rows) still does. A small question
  // before and after each checks that what the large one wrote is cleared: the whole state
  // texture must hold the reference's bytes.
  std::vector<std::uint8_t> grey(520 * 520);
  for (int y = 0; y < 520; ++y) {
    for (int x = 0; x < 520; ++x) grey[static_cast<std::size_t>(y * 520 + x)] = static_cast<std::uint8_t>((x * 7 + y * 13) % 160);
  }
  const CostMap map(520, 520, grey);
  const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const bool llvmpipe = renderer != nullptr && std::strstr(renderer, "llvmpipe") != nullptr;
  const RangeQuery small = query({100, 100}, 6, {1, 2});
  for (const Workgroup workgroup : {Workgroup::Narrow, Workgroup::Wide}) {
    INFO((workgroup == Workgroup::Narrow ? "8 invocations" : "64 invocations"));
    auto solver = makeSolver(map, workgroup);
    for (const RangeQuery& large : {query({260, 260}, 255, {1, 1}), query({300, 200}, 30, {1, 255}),
                                   query({300, 200}, 30, {2, 255})}) {
      const std::string what = "move " + std::to_string(large.moveRange) + ", attack " +
                               formatAttackRange(large.attack);
      INFO(what);
      requireMatchesReference(solver, map, small, "a small question first");
      CHECK_FALSE(solver.answeredByFragmentPasses());
      requireMatchesReference(solver, map, large, what);
      if (llvmpipe && large.attack.minDistance() == 2) CHECK(solver.answeredByFragmentPasses());
      requireMatchesReference(solver, map, small, "a small question after");
      CHECK_FALSE(solver.answeredByFragmentPasses());
      CHECK(wholeState(solver) == encodeState(map, solveReference(map, small)));
    }
  }
}

TEST_CASE("compute: painting the map between solves", "[gpu][compute]") {
  if (!testing::computeRuns()) return;
  std::vector<std::uint8_t> grey(20 * 12, 0);
  CostMap map(20, 12, grey);
  auto solver = makeSolver(map);
  requireMatchesReference(solver, map, query({4, 5}, 4, {1, 2}), "plains before painting");
  // A wall across the last solve's reach, and a forest far from it (outside every touched box).
  for (int y = 0; y < 12; ++y) map.setGrey({6, y}, 255);
  map.setGrey({17, 1}, 60);
  solver.updateMap(map, CellBox{6, 0, 6, 11});
  solver.updateMap(map, CellBox{17, 1, 17, 1});
  const RangeQuery q = query({4, 5}, 6, {1, 1});
  requireMatchesReference(solver, map, q, "after painting");
  // Every texel of the state texture, not only the touched box, holds the SPEC's bytes.
  CHECK(wholeState(solver) == encodeState(map, solveReference(map, q)));
}
