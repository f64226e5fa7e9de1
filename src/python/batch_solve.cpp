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

unsigned defaultThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

Batch::Batch(const CostMap& map, std::size_t count, unsigned threads, std::int16_t* cost,
             std::uint8_t* kind)
    : map_(map),
      queries_(count),
      // Queries are handed out in small chunks as threads ask: ranges differ in cost, so fixed
      // slices would leave a thread idle at the end, and one query at a time would have the
      // threads contend for the counter.
      chunk_(std::max<std::size_t>(1, count / (64 * std::max(1u, threads)))),
      cells_(static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height())),
      cost_(cost),
      kind_(kind) {
  const std::size_t helpers = std::min<std::size_t>(std::max(1u, threads), count);
  for (std::size_t t = 1; t < helpers; ++t) helpers_.emplace_back([this] { work(); });
}

Batch::~Batch() {
  stopHelpers();
}

void Batch::add(RangeQuery query) {
  queries_[added_++] = std::move(query);
  if (added_ % chunk_ == 0 || added_ == queries_.size()) publish();
}

void Batch::publish() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    published_.store(added_, std::memory_order_release);
  }
  added_cv_.notify_all();
}

bool Batch::waitFor(std::size_t end) {
  if (published_.load(std::memory_order_acquire) >= end) return true;
  std::unique_lock<std::mutex> lock(mutex_);
  added_cv_.wait(
      lock, [&] { return published_.load(std::memory_order_acquire) >= end || dropped_.load(); });
  return !dropped_.load();
}

void Batch::fail(std::size_t k, std::string message) {
  const std::lock_guard<std::mutex> lock(failed_);
  if (!firstBad_ || k < *firstBad_) {
    firstBad_ = k;
    problem_ = std::move(message);
  }
}

void Batch::work() {
  try {
    for (;;) {
      const std::size_t begin = next_.fetch_add(chunk_);
      if (begin >= queries_.size() || dropped_.load(std::memory_order_relaxed)) break;
      const std::size_t end = std::min(begin + chunk_, queries_.size());
      if (!waitFor(end)) break;
      for (std::size_t k = begin; k < end; ++k) {
        if (auto bad = validate(map_, queries_[k])) {
          fail(k, *bad);
          continue;
        }
        solveReference(map_, queries_[k],
                       RangeMasks{cost_ + k * cells_, kind_ + k * cells_, nullptr});
      }
    }
  } catch (const std::exception& error) {  // bad_alloc: never out of a thread
    fail(0, error.what());
  }
}

std::optional<std::string> Batch::finish() {
  work();  // this thread is one of them
  for (std::thread& helper : helpers_) helper.join();
  helpers_.clear();
  if (firstBad_) return "queries[" + std::to_string(*firstBad_) + "]: " + problem_;
  return std::nullopt;
}

void Batch::stopHelpers() {
  if (helpers_.empty()) return;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    dropped_.store(true);
  }
  added_cv_.notify_all();
  for (std::thread& helper : helpers_) helper.join();
  helpers_.clear();
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
