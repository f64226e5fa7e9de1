#pragma once
// The selected unit's MoveRange and AttackRange, from the GPU solver: the fragment passes, or
// the compute backend when the context has OpenGL 4.3 and the panel asks for it. Solves only when the
// question changes (another unit, a unit moved, a range or cost edited, the pass limit), never
// every frame; each solve is timed and checked against the CPU reference.

#include <cstdint>
#include <optional>
#include <string>

#include "app/solves/solve_report.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/range_solver.h"

namespace tactics::app {

class MoveRange {
 public:
  // Makes the solvers (the compute one only with OpenGL 4.3) and runs one solve on each, so
  // that shader compilation is not in the timings.
  static Expected<MoveRange> create(const CostMap& map);

  // Brings the result up to date with `query` (nullopt: nothing selected), the pass limit and
  // the backend. A pass-limited solve (watching the wavefront) always runs the fragment passes:
  // the compute backend has no passes to stop between. Returns true when it ran a solver.
  bool update(const CostMap& map, const std::optional<RangeQuery>& query, int passLimit,
              RangeBackend backend = RangeBackend::FragmentPasses);

  [[nodiscard]] bool hasCompute() const { return compute_.has_value(); }

  // The result of the current query, or null when there is none (nothing selected, or the
  // query is invalid). Read back once per solve.
  // The map was painted inside `box`: uploads those cells and solves again on the next update.
  void mapEdited(const CostMap& map, gpu::CellBox box);

  [[nodiscard]] const RangeResult* result() const { return hasResult_ ? &result_ : nullptr; }
  [[nodiscard]] const SolveReport& report() const { return report_; }
  // The state texture of the backend that ran the last solve, and what that solve touched.
  [[nodiscard]] std::uint32_t stateTexture() const;
  [[nodiscard]] gpu::CellBox touchedBox() const;

 private:
  MoveRange(gpu::RangeSolver solver, std::optional<gpu::ComputeRangeSolver> compute)
      : solver_(std::move(solver)), compute_(std::move(compute)) {}
  void solve(const CostMap& map, const RangeQuery& query, int passLimit, bool useCompute);

  gpu::RangeSolver solver_;
  std::optional<gpu::ComputeRangeSolver> compute_;
  bool lastUsedCompute_ = false;  // which backend holds the current result
  std::optional<RangeQuery> lastQuery_;
  std::optional<RangeQuery> lastFull_;  // the query fullPasses was found for
  int lastPassLimit_ = gpu::RangeSolver::kAllPasses;
  bool hasResult_ = false;
  RangeResult result_;     // refilled by every solve: O(cells in reach)
  RangeResult reference_;  // the CPU's answer, refilled in place the same way
  SolveReport report_;
};

}  // namespace tactics::app
