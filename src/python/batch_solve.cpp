#include "batch_solve.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "tactics/gpu/solvers.h"

namespace tactics::python {

void writeRange(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent) {
  const int width = result.width();
  const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(result.height());
  if (cost) std::fill(cost, cost + cells, std::int16_t{-1});
  if (kind) std::fill(kind, kind + cells, static_cast<std::uint8_t>(CellKind::None));
  if (parent) std::fill(parent, parent + cells, static_cast<std::uint8_t>(Direction::None));
  // Outside the written box every cell holds the defaults (RangeResult::written): on a large map
  // a range touches a small corner of it.
  const CellBox box = result.written.clippedTo(width, result.height());
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      const Cell c{x, y};
      const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                            static_cast<std::size_t>(x);
      // Travel costs fit: at most 255, or 15 for a neighbour reached by the one-step rule.
      if (cost) cost[i] = static_cast<std::int16_t>(result.travelCost[c]);
      if (kind) {
        const Reach reach = result.reach[c];
        kind[i] = static_cast<std::uint8_t>(reach == Reach::Reached      ? CellKind::Move
                                            : reach == Reach::Attackable ? CellKind::Attack
                                                                         : CellKind::None);
      }
      if (parent) parent[i] = static_cast<std::uint8_t>(result.parent[c]);
    }
  }
  if (!kind) return;
  // A reached cell where another unit stands is passed through, never stopped on: a friend's,
  // or a foe's crossed with `pass` (the cells the solve treated as occupied).
  if (!query.ignoreUnits) {
    for (const auto* cellsOfSide : {&query.allies, &query.enemies}) {
      for (const Cell c : *cellsOfSide) {
        if (result.reached(c)) {
          kind[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width) +
               static_cast<std::size_t>(c.x)] = static_cast<std::uint8_t>(CellKind::Pass);
        }
      }
    }
  }
  kind[static_cast<std::size_t>(query.unit.y) * static_cast<std::size_t>(width) +
       static_cast<std::size_t>(query.unit.x)] = static_cast<std::uint8_t>(CellKind::Start);
}

unsigned defaultThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

std::optional<std::string> solveBatch(const CostMap& map, const std::vector<RangeQuery>& queries,
                                      unsigned threads, std::int16_t* cost, std::uint8_t* kind) {
  const auto cells = static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
  // Queries are handed out one at a time: ranges differ in cost, so fixed slices would leave a
  // thread idle at the end.
  std::atomic<std::size_t> next{0};
  std::mutex failed;
  std::optional<std::size_t> firstBad;  // the lowest index that failed, so the error is stable
  std::string problem;
  const auto fail = [&](std::size_t k, std::string message) {
    const std::lock_guard<std::mutex> lock(failed);
    if (!firstBad || k < *firstBad) {
      firstBad = k;
      problem = std::move(message);
    }
  };
  const auto work = [&] {
    try {
      // Each thread its own solvers and answer: gpu::Solvers holds no shared state on the CPU
      // backend, and the map is only read.
      auto solvers = gpu::Solvers::create(map, Backend::Cpu);
      if (!solvers) {
        fail(0, solvers.error());
        return;
      }
      gpu::RangeAnswer answer;
      for (std::size_t k = next++; k < queries.size(); k = next++) {
        if (auto bad = solvers->range(queries[k], answer)) {
          fail(k, *bad);
          continue;
        }
        writeRange(queries[k], answer.result, cost + k * cells, kind + k * cells, nullptr);
      }
    } catch (const std::exception& error) {  // bad_alloc: never out of a thread
      fail(0, error.what());
    }
  };
  const unsigned count = static_cast<unsigned>(
      std::max<std::size_t>(1, std::min<std::size_t>(threads, queries.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < count; ++t) pool.emplace_back(work);
  work();  // this thread is one of them
  for (std::thread& thread : pool) thread.join();
  if (firstBad) return "queries[" + std::to_string(*firstBad) + "]: " + problem;
  return std::nullopt;
}

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
