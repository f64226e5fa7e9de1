// The same question on the GPU, on a headless context the library makes: tactics::gpu checked
// against tactics::solver's reference, cell by cell.
#include <cstdio>
#include <vector>

#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/reference_solver.h"

int main() {
  using namespace tactics;
  std::vector<std::uint8_t> grey(32 * 32, 0);
  for (int i = 0; i < 32 * 32; i += 7) grey[static_cast<std::size_t>(i)] = 127;  // hills
  const CostMap map(32, 32, grey);
  auto context = gpu::HeadlessContext::create();
  if (!context) return std::fprintf(stderr, "error: %s\n", context.error().c_str()), 1;
  auto solvers = gpu::Solvers::create(map, Backend::Gpu);
  if (!solvers) return std::fprintf(stderr, "error: %s\n", solvers.error().c_str()), 1;
  RangeQuery query;
  query.unit = {16, 16};
  query.moveRange = 8;
  query.attack = AttackRange(1, 2);
  const auto answer = solvers->range(query);
  if (!answer) return std::fprintf(stderr, "error: %s\n", answer.error().c_str()), 1;
  const RangeResult reference = solveReference(map, query);
  const bool same = answer->result.reach.cells() == reference.reach.cells() &&
                    answer->result.travelCost.cells() == reference.travelCost.cells();
  std::printf("%s: %d passes, %s the reference\n", gpu::rendererName().c_str(),
              answer->stats.passes, same ? "equal to" : "DIFFERENT from");
  return same ? 0 : 1;
}
