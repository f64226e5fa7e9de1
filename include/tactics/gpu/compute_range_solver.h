#pragma once
// The compute backend: the whole range query in one compute dispatch (range.comp), writing the
// same RGBA8 state texture (SPEC §4) as the fragment passes, byte for byte. Needs OpenGL 4.3.
//
// One workgroup relaxes a frontier over the window of cells within moveRange steps of the unit,
// in shared memory when the window has at most 65x65 cells (range 32), else in storage buffers;
// then it marks attack range and writes every cell the last solve or this one touched.
//
// llvmpipe stops an invocation's loops without a word once they have run 65,535 iterations
// between them, which one workgroup reaches on very large questions (attack ranges with a
// minimum of 2 or more and a maximum of a hundred cells and more). The shader reports such a
// cut, and the solver then answers that query with the fragment passes (RangeSolver): the same
// bytes, never a wrong one.

#include <memory>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include <cstdint>
#include "tactics/gpu/range_solver.h"

namespace tactics::gpu {

class ComputeRangeSolver {
 public:
  // The workgroup for windows in shared memory: 8 invocations (one SIMD vector of a CPU
  // rasterizer, so barriers cost no switches) or 64; ForRenderer picks 8 on llvmpipe and its kin.
  enum class Workgroup { ForRenderer, Narrow, Wide };
  // Solve answers the query; Empty (the bench's compute floor) dispatches a kernel that does
  // nothing, then reads back as much as a solve could: the price of one dispatch here.
  enum class Kernel { Solve, Empty };
  // How many cells a round's frontier list holds before the round after it relaxes every window
  // cell instead: Long (1,024 in shared memory, the whole window in storage buffers), or Short
  // (4, so that tests reach the every-cell rounds on ordinary maps).
  enum class Lists { Long, Short };

  // Fails when the context has no OpenGL 4.3, a shader does not build, or the map is larger
  // than GL_MAX_TEXTURE_SIZE.
  static Expected<ComputeRangeSolver> create(const CostMap& map,
                                             Workgroup workgroup = Workgroup::ForRenderer,
                                             Kernel kernel = Kernel::Solve,
                                             Lists lists = Lists::Long);

  ComputeRangeSolver(ComputeRangeSolver&&) noexcept;
  ComputeRangeSolver& operator=(ComputeRangeSolver&&) noexcept;
  ~ComputeRangeSolver();

  // Solves a valid query (see validate()). passes is what the fragment passes would report
  // (min(moveRange, most steps + 1)), passesRun the frontier rounds of the dispatch, and
  // cellsShaded the invocations run. Waits for the dispatch (it reads those two numbers back).
  SolveStats solve(const RangeQuery& query);

  // The map was painted inside `box` (same size as before): uploads only those cells' greys.
  // The next solve sees them (and rewrites those cells' state); the current result is not changed.
  void updateMap(const CostMap& map, CellBox box);

  // The last query was too large for one dispatch here and was answered by the fragment passes
  // (stateTexture and the reads below then show their state).
  [[nodiscard]] bool answeredByFragmentPasses() const;
  // Rounds of the last dispatch that relaxed every window cell, as the list before overflowed.
  [[nodiscard]] int everyCellRounds() const;

  [[nodiscard]] std::uint32_t stateTexture() const;  // a GL texture name
  [[nodiscard]] CellBox touchedBox() const;
  [[nodiscard]] int width() const;
  [[nodiscard]] int height() const;

  // As RangeSolver's: the whole state (only the touched box read back), a box, the result.
  [[nodiscard]] std::vector<std::uint8_t> readState() const;
  [[nodiscard]] RangeResult readResult() const;
  void readResult(RangeResult& result) const;

 private:
  struct Impl;
  explicit ComputeRangeSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
