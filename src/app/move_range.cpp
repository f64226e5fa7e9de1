#include "app/move_range.h"

#include <chrono>

#include "core/reference_solver.h"

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
  // Warm up: drivers compile shaders at their first draw. Any cell will do; walls too, since
  // validity is the caller's business and the passes run the same either way.
  RangeQuery warmUp;
  warmUp.moveRange = 2;
  warmUp.attack = {1, 2};
  solver->solve(warmUp);
  glFinish();
  return MoveRange(std::move(*solver));
}

bool MoveRange::update(const CostMap& map, const std::optional<RangeQuery>& query,
                       int passLimit) {
  const bool unchanged = query.has_value() == lastQuery_.has_value() &&
                         (!query || (sameQuery(*query, *lastQuery_) && passLimit == lastPassLimit_));
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
  solve(map, *query, passLimit);
  return true;
}

void MoveRange::mapEdited(const CostMap& map, gpu::CellBox box) {
  solver_.updateMap(map, box);
  lastQuery_.reset();
  lastFull_.reset();
  hasResult_ = false;
}

void MoveRange::solve(const CostMap& map, const RangeQuery& query, int passLimit) {
  gpu::SolveStats stats;
  glFinish();
  report_.gpuTimes.add(millisecondsOf([&] {
    stats = solver_.solve(query, passLimit);
    glFinish();
  }));
  // One readback per solve, of the touched box only, into the kept result: the parents for the
  // arrow and the hover details.
  solver_.readResult(result_);
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
