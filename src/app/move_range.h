#pragma once
// The selected unit's MoveRange and AttackRange, from the GPU solver. Solves only when the
// question changes (another unit, a unit moved, a range or cost edited, the pass limit), never
// every frame; each solve is timed and checked against the CPU reference.

#include <optional>
#include <string>

#include "app/ui/recent_times.h"
#include "core/cost_map.h"
#include "core/expected.h"
#include "core/range_query.h"
#include "core/range_result.h"
#include "gpu/range_solver.h"

namespace tactics::app {

struct SolveReport {
  int solves = 0;                 // since the map was loaded
  int passes = 0;                 // relaxation passes of the last solve
  bool converged = false;         // false when the pass limit stopped it early
  int fullPasses = 0;             // passes the whole solve of the current query runs
  RecentTimes gpuTimes;           // recent solves, bracketed by glFinish
  RecentTimes cpuTimes;           // the CPU reference on the same queries
  std::optional<bool> equalsCpu;  // only for a converged solve
  std::string problem;            // why the current query cannot be solved, if it cannot
};

class MoveRange {
 public:
  // Makes the solver and runs one solve, so that shader compilation is not in the timings.
  static Expected<MoveRange> create(const CostMap& map);

  // Brings the result up to date with `query` (nullopt: nothing selected) and the pass limit.
  // Returns true when it ran the solver.
  bool update(const CostMap& map, const std::optional<RangeQuery>& query, int passLimit);

  // The result of the current query, or null when there is none (nothing selected, or the
  // query is invalid). Read back once per solve.
  // The map was painted inside `box`: uploads those cells and solves again on the next update.
  void mapEdited(const CostMap& map, gpu::CellBox box);

  [[nodiscard]] const RangeResult* result() const { return hasResult_ ? &result_ : nullptr; }
  [[nodiscard]] const SolveReport& report() const { return report_; }
  [[nodiscard]] GLuint stateTexture() const { return solver_.stateTexture(); }
  [[nodiscard]] gpu::CellBox touchedBox() const { return solver_.touchedBox(); }

 private:
  explicit MoveRange(gpu::RangeSolver solver) : solver_(std::move(solver)) {}
  void solve(const CostMap& map, const RangeQuery& query, int passLimit);

  gpu::RangeSolver solver_;
  std::optional<RangeQuery> lastQuery_;
  std::optional<RangeQuery> lastFull_;  // the query fullPasses was found for
  int lastPassLimit_ = gpu::RangeSolver::kAllPasses;
  bool hasResult_ = false;
  RangeResult result_;     // refilled by every solve: O(cells in reach)
  RangeResult reference_;  // the CPU's answer, refilled in place the same way
  SolveReport report_;
};

}  // namespace tactics::app
