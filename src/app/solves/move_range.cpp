#include "app/solves/move_range.h"

#include <glad/gl.h>

#include <chrono>

#include "tactics/solver/reference_solver.h"
#include "tactics/gpu/headless_context.h"

namespace tactics::app {

namespace {

bool sameQuery(const RangeQuery& a, const RangeQuery& b) {
  return a.unit == b.unit && a.moveRange == b.moveRange && a.attack == b.attack &&
         a.movement == b.movement && a.allies == b.allies && a.enemies == b.enemies;
}

// Outside both results' written boxes every cell holds the defaults, so only the cells inside
// either box are compared: O(cells in reach), not O(map).
bool sameResult(const RangeResult& a, const RangeResult& b) {
  if (a.width() != b.width() || a.height() != b.height()) return false;
  const CellBox box = a.written.unitedWith(b.written).clippedTo(a.width(), a.height());
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      const Cell c{x, y};
      if (a.reach[c] != b.reach[c] || a.travelCost[c] != b.travelCost[c] ||
          a.parent[c] != b.parent[c]) {
        return false;
      }
    }
  }
  return true;
}

template <class Work>
double millisecondsOf(Work work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  return elapsed.count();
}

}  // namespace

Expected<MoveRange> MoveRange::create(const CostMap& map) {
  auto solver = gpu::RangeSolver::create(map);
  if (!solver) return Error{solver.error()};
  std::optional<gpu::ComputeRangeSolver> compute;
  if (gpu::supportsCompute()) {
    auto made = gpu::ComputeRangeSolver::create(map);
    if (!made) return Error{made.error()};
    compute = std::move(*made);
  }
  // Warm up: drivers compile shaders at their first draw. Any cell will do; walls too, since
  // validity is the caller's business and the passes run the same either way.
  RangeQuery warmUp;
  warmUp.moveRange = 2;
  warmUp.attack = {1, 2};
  solver->solve(warmUp);
  if (compute) compute->solve(warmUp);
  glFinish();
  return MoveRange(std::move(*solver), std::move(compute));
}

bool MoveRange::update(const CostMap& map, const std::optional<RangeQuery>& query,
                       int passLimit, RangeBackend backend) {
  const bool useCompute = compute_ && backend == RangeBackend::Compute &&
                          passLimit == gpu::RangeSolver::kAllPasses;
  const bool unchanged = query.has_value() == lastQuery_.has_value() &&
                         (!query || (sameQuery(*query, *lastQuery_) &&
                                     passLimit == lastPassLimit_ && useCompute == lastUsedCompute_));
  if (unchanged) return false;
  lastQuery_ = query;
  lastPassLimit_ = passLimit;
  hasResult_ = false;
  report_.problem.clear();
  if (!query) return false;
  if (auto problem = validate(map, *query)) {
    report_.problem = *problem;
    return false;
  }
  if (!lastFull_ || !sameQuery(*query, *lastFull_)) {
    // How far the watched wavefront can go: the passes the whole solve runs.
    solveReference(map, *query, reference_);
    report_.fullPasses = reference_.passes;
    lastFull_ = query;
  }
  solve(map, *query, passLimit, useCompute);
  return true;
}

void MoveRange::mapEdited(const CostMap& map, gpu::CellBox box) {
  solver_.updateMap(map, box);
  if (compute_) compute_->updateMap(map, box);
  lastQuery_.reset();
  lastFull_.reset();
  hasResult_ = false;
}

std::uint32_t MoveRange::stateTexture() const {
  return lastUsedCompute_ ? compute_->stateTexture() : solver_.stateTexture();
}

gpu::CellBox MoveRange::touchedBox() const {
  return lastUsedCompute_ ? compute_->touchedBox() : solver_.touchedBox();
}

void MoveRange::solve(const CostMap& map, const RangeQuery& query, int passLimit,
                      bool useCompute) {
  gpu::SolveStats stats;
  // A new backend starts its own GPU median: the panel compares like with like.
  if (useCompute != lastUsedCompute_) report_.gpuTimes = RecentTimes{};
  lastUsedCompute_ = useCompute;
  report_.compute = useCompute;
  glFinish();
  report_.gpuTimes.add(millisecondsOf([&] {
    stats = useCompute ? compute_->solve(query) : solver_.solve(query, passLimit);
    glFinish();
  }));
  // One readback per solve, of the touched box only, into the kept result: the parents for the
  // arrow and the hover details.
  if (useCompute) {
    compute_->readResult(result_);
  } else {
    solver_.readResult(result_);
  }
  hasResult_ = true;
  report_.solves += 1;
  report_.passes = stats.passes;
  report_.converged = stats.converged;
  // The reference answers the whole question, so compare (and time) it only against a whole
  // answer; a pass-limited wavefront keeps the last comparison's numbers.
  report_.equalsCpu = std::nullopt;
  if (stats.converged) {
    report_.cpuTimes.add(millisecondsOf([&] { solveReference(map, query, reference_); }));
    report_.equalsCpu = sameResult(result_, reference_);
  }
}

}  // namespace tactics::app
