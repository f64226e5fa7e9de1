#include "batch_solve.h"

#include <algorithm>
#include <chrono>

#include "tactics/gpu/solvers.h"
#include "tactics/solver/work_pool.h"

namespace tactics::python {

void writeRange(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent) {
  // Travel costs fit: at most 255, or 15 for a neighbour reached by the one-step rule.
  if (cost) {
    std::transform(result.travelCost.cells().begin(), result.travelCost.cells().end(), cost,
                   [](int c) { return static_cast<std::int16_t>(c); });
  }
  if (kind) writeKinds(query, result, kind);
  if (parent) {
    std::transform(result.parent.cells().begin(), result.parent.cells().end(), parent,
                   [&](Direction d) { return parentCode(result.layout, d); });
  }
}

unsigned defaultThreads() { return defaultBatchThreads(); }

double timeOneByOne(const CostMap& map, const std::vector<RangeQuery>& queries, int repeats) {
  auto solvers = gpu::Solvers::create(map, Backend::Cpu);
  gpu::RangeAnswer answer;
  double best = 0.0;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (const RangeQuery& query : queries) (void)solvers->range(query, answer);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best = r == 0 ? took.count() : std::min(best, took.count());
  }
  return best;
}

}  // namespace tactics::python
