#pragma once
// The change tests of a run of relaxation passes, learnt without a round trip per pass.
//
// A solver draws test n (n = 1, 2, ...) under an occlusion query of its own: any sample passed
// means the passes it covers changed some cell. Relaxation is monotone: once a pass changes
// nothing, every later pass changes nothing too, so the answers read 1, 1, ..., 1, 0, 0, ...
// That lets the CPU ask few of them, late:
// - where the API has conditional rendering (desktop OpenGL 3.0+), the draws after test n run
//   only if it saw a change (beginIfChanged), so the GPU itself skips the passes after the first
//   quiet one and the CPU never waits to stop them;
// - every kLookBackPasses passes the CPU reads the test drawn kLookBackLag passes before
//   (lookBackTest): once one is quiet it stops submitting passes nobody needs, and it waits
//   only for passes the GPU has had time to run, with more still queued behind them;
// - the first quiet test is found at the end by bisection (firstQuiet): about log2(tests)
//   reads, not one per pass.
// Every read is GL_QUERY_RESULT, one call; none polls for availability.

#include <vector>

#include "gpu/gl/gl_handle.h"

namespace tactics::gpu {

class ChangeTests {
 public:
  // Whether the current context can skip draws on a query's answer (OpenGL 3.0+, not ES).
  static bool conditionalRenderingHere();

  // `conditional`: use conditional rendering (only where conditionalRenderingHere()).
  explicit ChangeTests(bool conditional = false) : conditional_(conditional) {}

  [[nodiscard]] bool conditional() const { return conditional_; }

  // A new run: nothing is known about any test.
  void start();

  // Test n (from 1): the draws between begin and end are counted by its query.
  void begin(int n);
  void end();

  // With conditional rendering, the draws until endIfChanged() run only when test n saw a
  // change; without it (or for n < 1) they always run. Their own test may be drawn inside.
  void beginIfChanged(int n);
  void endIfChanged();

  // Reads test n, waiting for it: did it see a change? What it says narrows later reads.
  bool changed(int n);

  // The first test in 1..upTo that saw no change, or 0 when all of them saw one: reads only
  // the tests between the last known to change and the first known quiet.
  int firstQuiet(int upTo);

 private:
  QueryHandle& query(int n);

  bool conditional_ = false;
  bool conditionOpen_ = false;
  std::vector<QueryHandle> queries_;  // test n's query is queries_[n - 1], made on first use
  int lastChanged_ = 0;               // the latest test known to have seen a change
  int firstQuietKnown_ = 0;           // the earliest test known quiet (0: none yet)
};

// After relaxation pass `pass` (of passes tested one by one): the pass whose test the CPU reads
// now, or 0 for none. Every 8 passes, the test of 4 passes before: a read per 8 passes, never
// one the GPU was just given.
inline constexpr int kLookBackPasses = 8;
inline constexpr int kLookBackLag = 4;
inline int lookBackTest(int pass) {
  return pass >= kLookBackPasses && pass % kLookBackPasses == 0 ? pass - kLookBackLag : 0;
}

}  // namespace tactics::gpu
