#include "tactics/solver/work_pool.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tactics {

namespace {

// One run's shared state: the items still to hand out and the threads still working on them.
struct Run {
  std::size_t count = 0;
  std::size_t chunk = 1;
  const std::function<void(std::size_t, std::size_t)>* job = nullptr;
  std::atomic<std::size_t> next{0};
  unsigned wanted = 0;  // helpers asked to join this run
};

class Pool {
 public:
  Pool() = default;
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  // False when another run holds the pool: the caller then works alone.
  bool run(Run& run, unsigned helpers) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock()) return false;
    grow(helpers);
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      current_ = &run;
      run.wanted = helpers;
      joined_ = 0;
      working_ = 0;
      ++generation_;
    }
    wake_.notify_all();
    work(run);
    // Helpers that woke late find nothing left; wait for those that took a chunk to finish it.
    std::unique_lock<std::mutex> lock(mutex_);
    current_ = nullptr;
    done_.wait(lock, [&] { return working_ == 0; });
    return true;
  }

  static void work(Run& run) {
    for (;;) {
      const std::size_t begin = run.next.fetch_add(run.chunk);
      if (begin >= run.count) return;
      (*run.job)(begin, std::min(begin + run.chunk, run.count));
    }
  }

 private:
  void grow(unsigned helpers) {
    while (threads_.size() < helpers) threads_.emplace_back([this] { helper(); });
  }

  void helper() {
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && current_ != nullptr); });
      if (stopping_) return;
      seen = generation_;
      Run* run = current_;
      if (joined_ >= run->wanted) continue;
      ++joined_;
      ++working_;
      lock.unlock();
      work(*run);
      lock.lock();
      if (--working_ == 0) done_.notify_all();
    }
  }

  std::mutex busy_;  // held for a whole run
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::vector<std::thread> threads_;
  Run* current_ = nullptr;
  std::uint64_t generation_ = 0;
  unsigned joined_ = 0;
  unsigned working_ = 0;
  bool stopping_ = false;
};

// The shared pool; a child of fork() has none of its parent's threads and makes its own (the
// parent's object is left alone: its mutexes may have been held at the fork).
Pool* shared = nullptr;
std::once_flag atForkOnce;
thread_local bool insideJob = false;

Pool& sharedPool() {
  std::call_once(atForkOnce, [] {
    pthread_atfork(nullptr, nullptr, [] { shared = nullptr; });
  });
  static std::mutex making;
  const std::lock_guard<std::mutex> lock(making);
  if (shared == nullptr) shared = new Pool();  // lives as long as the process
  return *shared;
}

}  // namespace

unsigned defaultBatchThreads() {
  // Asked once: glibc reads it from /sys at every call, which costs as much as a small batch.
  static const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return cores;
}

void runInPool(std::size_t count, unsigned threads,
               const std::function<void(std::size_t begin, std::size_t end)>& job) {
  if (count == 0) return;
  const auto helpers =
      static_cast<unsigned>(std::min<std::size_t>(std::max(1u, threads), count) - 1);
  // Chunks of a few items, handed out as threads ask: solves differ in cost, so fixed slices
  // would leave a thread idle at the end, and single items would have threads contend.
  Run run;
  run.count = count;
  run.chunk = std::max<std::size_t>(1, count / (16 * (static_cast<std::size_t>(helpers) + 1)));
  const std::function<void(std::size_t, std::size_t)> marked = [&job](std::size_t b,
                                                                       std::size_t e) {
    const bool outer = !insideJob;
    insideJob = true;
    job(b, e);
    if (outer) insideJob = false;
  };
  run.job = &marked;
  if (helpers == 0 || insideJob || !sharedPool().run(run, helpers)) Pool::work(run);
}

}  // namespace tactics
