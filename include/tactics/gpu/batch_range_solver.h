#pragma once
// Many range queries on one board in one submission and one read-back: what a GPU is fast at
// (a single small query cannot beat the CPU through a read-back that alone costs more than the
// CPU's whole answer; ten thousand can).
//
// Two methods, the same bytes as the CPU reference for every query:
// - Compute (OpenGL 4.3): one dispatch, one workgroup per query, each relaxing its window in
//   shared memory (range.comp built with BATCH): the rules seam's bytes of every window go up in
//   one buffer, every answer comes back in one.
// - Fragment (OpenGL 3.3 core or ES 3.0): the queries' windows tiled into one atlas, as the
//   danger zone's (danger_solver.h), each pass one instanced draw over every window that still
//   moves; then the attack passes per window, and one glReadPixels of the atlas.
// Compute queries whose window is beyond shared memory (move > 32), or that a CPU rasterizer's
// loop limit cut short, are answered one by one by ComputeRangeSolver: never a wrong byte.
//
// Made once per map, on the thread whose context is current, like every solver here.

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::gpu {

struct BatchStats {
  int queries = 0;
  int submissions = 0;        // sets of queries sent and read back together (1 unless huge)
  int oneByOne = 0;           // queries answered by the single-query solver instead
  long long cellsShaded = 0;  // fragments or invocations run
};

class BatchRangeSolver {
 public:
  enum class Method { Compute, Fragment };
  // Each query's answer once (in an order of the solver's choosing): its index and the result,
  // refilled in one kept result (valid only during the call), its passes as SPEC §5's.
  using Take = std::function<void(std::size_t index, const RangeResult& result)>;

  // The most the fragment method's atlas may take; more queries run in several atlases.
  static constexpr std::size_t kAtlasBudgetBytes = 256u * 1024u * 1024u;

  // Fails when the method's OpenGL is missing (Compute needs 4.3), a shader does not build or
  // the map is larger than GL_MAX_TEXTURE_SIZE. A smaller budget (tests) makes more atlases.
  static Expected<BatchRangeSolver> create(const CostMap& map, Method method,
                                           std::size_t atlasBudgetBytes = kAtlasBudgetBytes);

  BatchRangeSolver(BatchRangeSolver&&) noexcept;
  BatchRangeSolver& operator=(BatchRangeSolver&&) noexcept;
  ~BatchRangeSolver();

  [[nodiscard]] Method method() const;

  // Answers valid queries (validate()), handing each answer to `take`. Fails only when OpenGL
  // cannot make the atlas (Fragment). The caller's GL state is as it was when it returns.
  Expected<BatchStats> solve(const std::vector<RangeQuery>& queries, const Take& take);

 private:
  struct Impl;
  explicit BatchRangeSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
