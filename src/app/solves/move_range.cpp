#include "app/solves/move_range.h"

#include <chrono>

#include "tactics/solver/reference_solver.h"
#include "tactics/gpu/headless_context.h"

namespace tactics::app {

namespace {

bool sameQuery(const RangeQuery& a, const RangeQuery& b) { return a == b; }

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

bool MoveRange::hasCompute() const { return gpu::supportsCompute(); }

Backend MoveRange::effectiveBackend(int passLimit, Backend backend) const {
  // Only the fragment passes stop part way; compute needs OpenGL 4.3.
  if (backend == Backend::Compute && (passLimit != gpu::RangeSolver::kAllPasses || !hasCompute())) {
    return Backend::Gpu;
  }
  return backend;
}

bool MoveRange::unchanged(const std::optional<RangeQuery>& query, int passLimit,
                          Backend backend) const {
  return query.has_value() == lastQuery_.has_value() &&
         (!query || (sameQuery(*query, *lastQuery_) && passLimit == lastPassLimit_ &&
                     backend == lastBackend_));
}

bool MoveRange::wouldSolve(const CostMap& map, const std::optional<RangeQuery>& query,
                           int passLimit, Backend backend) const {
  if (!query || unchanged(query, passLimit, effectiveBackend(passLimit, backend))) return false;
  return !validate(map, *query).has_value();
}

void MoveRange::forget() {
  lastQuery_.reset();
  hasResult_ = false;
}

bool MoveRange::update(const CostMap& map, const std::optional<RangeQuery>& query,
                       int passLimit, Backend backend) {
  backend = effectiveBackend(passLimit, backend);
  if (unchanged(query, passLimit, backend)) return false;
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
  solve(map, *query, passLimit, backend);
  return true;
}

void MoveRange::mapEdited() {
  lastQuery_.reset();
  lastFull_.reset();
  hasResult_ = false;
}

std::uint32_t MoveRange::stateTexture() const {
  const auto layer = solvers_->rangeLayer();
  return layer ? layer->texture : 0;
}

CellBox MoveRange::touchedBox() const {
  const auto layer = solvers_->rangeLayer();
  return layer ? layer->touched : CellBox{};
}

void MoveRange::solve(const CostMap& map, const RangeQuery& query, int passLimit,
                      Backend backend) {
  // A new backend starts its own GPU median: the panel compares like with like.
  if (backend != lastBackend_) report_.gpuTimes = RecentTimes{};
  lastBackend_ = backend;
  report_.compute = backend == Backend::Compute;
  gpu::finish();
  std::optional<std::string> problem;
  // One readback per solve, of the touched box only, into the kept result: the parents for the
  // arrow and the hover details.
  report_.gpuTimes.add(millisecondsOf([&] {
    problem = solvers_->range(query, answer_, backend, passLimit);
    gpu::finish();
  }));
  if (problem) {
    report_.problem = *problem;
    return;
  }
  const gpu::SolveStats& stats = answer_.stats;
  hasResult_ = true;
  report_.solves += 1;
  report_.passes = stats.passes;
  report_.converged = stats.converged;
  // The reference answers the whole question, so compare (and time) it only against a whole
  // answer; a pass-limited wavefront keeps the last comparison's numbers.
  report_.equalsCpu = std::nullopt;
  if (stats.converged) {
    report_.cpuTimes.add(millisecondsOf([&] { solveReference(map, query, reference_); }));
    report_.equalsCpu = sameResult(answer_.result, reference_);
  }
}

}  // namespace tactics::app
