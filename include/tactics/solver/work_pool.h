#pragma once
// Threads that live across calls, for the batches (solve_many, solve_batch, tg_solve_batch): a
// call hands its items to threads already waiting instead of starting its own, so a small batch
// pays a wake-up, not a thread start, and one below the size worth sharing runs on the caller's
// thread alone.

#include <cstddef>
#include <functional>

namespace tactics {

// The threads a batch uses when not told: every core the machine has.
unsigned defaultBatchThreads();

// Runs job(begin, end) over [0, count) in chunks on up to `threads` threads, the caller's one of
// them, and returns when every item is done. `job` must not throw. Calls from several threads at
// once are served one at a time by the shared threads; a call made while they are busy (or from
// inside a job) runs on its caller's thread alone rather than wait. After fork() the child starts
// fresh threads on its first call.
void runInPool(std::size_t count, unsigned threads,
               const std::function<void(std::size_t begin, std::size_t end)>& job);

// Below this much work (in cells a batch's solves can touch, summed), waking other threads costs
// more than it saves: a batch that small runs on its caller's thread.
inline constexpr long long kCellsWorthSharing = 96 * 1024;

}  // namespace tactics
