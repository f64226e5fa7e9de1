#pragma once
// The fragment passes of a batch of range queries (batch_range_solver.h, Method::Fragment): every
// query's window tiled into one atlas, as the danger zone's are (danger_solver.h), each pass one
// instanced draw over the windows that still move (shaders/batch_*). Needs a current OpenGL 3.3
// core or OpenGL ES 3.0 context.

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tactics/gpu/batch_range_solver.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::gpu {

class BatchAtlas {
 public:
  // Bytes an atlas texel takes: two states, the answer, two origin counts, rules and depth.
  static constexpr std::size_t kBytesPerTexel = 2 * 4 + 4 + 2 * 4 + 1 + 2;
  static Expected<BatchAtlas> create(const CostMap& map, std::size_t budgetBytes);
  BatchAtlas(BatchAtlas&&) noexcept;
  BatchAtlas& operator=(BatchAtlas&&) noexcept;
  ~BatchAtlas();

  // Answers valid queries, each refilled into `result` and handed to `take`, atlas by atlas
  // (within one, largest move first). Counts into `stats`. The problem when OpenGL cannot make
  // the atlas.
  std::optional<std::string> solve(const std::vector<RangeQuery>& queries, RangeResult& result,
                                   BatchStats& stats, const BatchRangeSolver::Take& take);

 private:
  struct Impl;
  explicit BatchAtlas(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
