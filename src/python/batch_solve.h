#pragma once
// Range answers as the module's arrays, and solve_many's batch: many queries on one map, spread
// over threads. Plain C++ (no Python object), so it runs with the GIL released.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::python {

// One RangeResult into width*height cells, row by row from the top (any pointer may be null):
// travel cost (-1 unreached), CellKind, and the parent's Direction (0 up, 1 down, 2 left,
// 3 right, 4 none). For the GL backends' answers, and the CPU's when the state bytes are asked
// for; otherwise the CPU writes straight into the arrays (RangeMasks).
void writeRange(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent);

// solve_many's batch: `count` queries on one map, solved on the CPU reference by `threads`
// threads (its storage is per thread; the map is only read), query k's masks written into cost
// and kind at k*width*height. The helper threads start at once and solve the queries added so
// far, so reading the queries (which needs the GIL, on one thread) overlaps the solving:
//
//   Batch batch(map, count, threads, cost, kind);
//   for (...) batch.add(query);            // in order, GIL held
//   problem = batch.finish();              // GIL released: this thread solves too
//
// A Batch dropped before finish() (a query that could not be read) stops its helpers.
class Batch {
 public:
  Batch(const CostMap& map, std::size_t count, unsigned threads, std::int16_t* cost,
        std::uint8_t* kind);
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;
  ~Batch();

  // The next query, k = the number added before it.
  void add(RangeQuery query);
  // Once all `count` are added: solves with the helpers until none is left. The first invalid
  // query's validate() problem as "queries[k]: ...", or nothing.
  std::optional<std::string> finish();

 private:
  void work();
  // Waits until queries [0, end) are added; false when the batch was dropped.
  bool waitFor(std::size_t end);
  void publish();
  void fail(std::size_t k, std::string message);
  void stopHelpers();

  const CostMap& map_;
  std::vector<RangeQuery> queries_;
  std::size_t added_ = 0;
  std::size_t chunk_;
  std::size_t cells_;
  std::int16_t* cost_;
  std::uint8_t* kind_;
  std::atomic<std::size_t> next_{0};       // the first query no thread has taken
  std::atomic<std::size_t> published_{0};  // queries [0, published_) may be solved
  std::atomic<bool> dropped_{false};
  std::mutex mutex_;  // for published_ and dropped_ changes, the helpers' wait
  std::condition_variable added_cv_;
  std::mutex failed_;
  std::optional<std::size_t> firstBad_;  // the lowest index that failed, so the error is stable
  std::string problem_;
  std::vector<std::thread> helpers_;
};

// The threads solve_many uses when not told: every core the machine has.
unsigned defaultThreads();

// For the timing targets in docs/PERFORMANCE.md: seconds to answer the queries one by one on
// this thread with one gpu::Solvers (CPU), refilling one answer in place, as a C++ program
// would; nothing is copied out. The best of `repeats` runs.
double timeOneByOne(const CostMap& map, const std::vector<RangeQuery>& queries, int repeats);

}  // namespace tactics::python
