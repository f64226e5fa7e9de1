#pragma once
// The selected unit's MoveRange and AttackRange, from the window's solvers (gpu::Solvers): the
// fragment passes, or the compute backend when the context has OpenGL 4.3 and the panel asks
// for it. Solves only when the question changes (another unit, a unit moved, a range or cost
// edited, the pass limit), never every frame; each solve is timed and checked against the CPU
// reference.

#include <cstdint>
#include <optional>
#include <string>

#include "app/solves/solve_report.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/gpu/solvers.h"

namespace tactics::app {

class MoveRange {
 public:
  // The selected unit's range on `solvers` (the window's one set, which must outlive this).
  explicit MoveRange(gpu::Solvers& solvers) : solvers_(&solvers) {}

  // Brings the result up to date with `query` (nullopt: nothing selected), the pass limit and
  // the backend (gpu: the fragment passes, or compute). A pass-limited solve (watching the
  // wavefront) always runs the fragment passes: the compute backend has no passes to stop
  // between. Returns true when it ran a solver.
  bool update(const CostMap& map, const std::optional<RangeQuery>& query, int passLimit,
              Backend backend = Backend::Gpu);

  // Whether update() with these would run a solver (the question changed and is valid).
  [[nodiscard]] bool wouldSolve(const CostMap& map, const std::optional<RangeQuery>& query,
                                int passLimit, Backend backend) const;
  // Drops the result, so that nothing stale is drawn while the next solve waits a frame.
  void forget();

  // True when this window's context has compute shaders (OpenGL 4.3).
  [[nodiscard]] bool hasCompute() const;

  // The map was painted: the next update solves again.
  void mapEdited();

  // The result of the current query, or null when there is none (nothing selected, or the
  // query is invalid). Read back once per solve.
  [[nodiscard]] const RangeResult* result() const { return hasResult_ ? &answer_.result : nullptr; }
  [[nodiscard]] const SolveReport& report() const { return report_; }
  // The state texture of the backend that ran the last solve, and what that solve touched.
  [[nodiscard]] std::uint32_t stateTexture() const;
  [[nodiscard]] CellBox touchedBox() const;

 private:
  [[nodiscard]] Backend effectiveBackend(int passLimit, Backend backend) const;
  [[nodiscard]] bool unchanged(const std::optional<RangeQuery>& query, int passLimit,
                               Backend backend) const;
  void solve(const CostMap& map, const RangeQuery& query, int passLimit, Backend backend);

  gpu::Solvers* solvers_;
  Backend lastBackend_ = Backend::Gpu;  // which backend holds the current result
  std::optional<RangeQuery> lastQuery_;
  std::optional<RangeQuery> lastFull_;  // the query fullPasses was found for
  int lastPassLimit_ = gpu::RangeSolver::kAllPasses;
  bool hasResult_ = false;
  gpu::RangeAnswer answer_;  // refilled by every solve: O(cells in reach)
  RangeResult reference_;    // the CPU's answer, refilled in place the same way
  SolveReport report_;
};

}  // namespace tactics::app
