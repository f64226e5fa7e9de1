#pragma once
// The GL backends' contexts and solvers from Python (issue 35 item 4). A headless context costs
// tens of milliseconds to make (about 28 ms on llvmpipe) and a board's solvers compile their
// passes on first use, so each thread keeps one context per GL API, made on its first call that
// needs it, and on it the solvers of the last board per backend. They go when the thread ends,
// on that thread (dropThreadContexts, or the thread's C++ thread_local objects at the latest), or
// for the interpreter's main thread when it finalizes. Plain C++, called with the GIL released.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/cost_map.h"

namespace tactics::python {

// What stopped a job: the input (ValueError, the CLI's exit 2) or a backend that cannot run
// here (RuntimeError, the CLI's exit 3).
struct Failure {
  std::string message;
  bool backend = false;
};

// The job's problem with the input, if any (a query validate() refuses).
using SolversJob = std::function<std::optional<std::string>(gpu::Solvers&)>;

// Runs `job` on this thread's solvers for `map` on `backend` (gpu, compute or auto), on its
// context of `api`, made current. The solvers are kept for the next call on this thread with
// the same backend, API and board (the same CostMap, or one with the same cells and terrain
// names). GL jobs from Python run one at a time, whatever the thread: the library's GL function
// table is process-wide.
std::optional<Failure> onThreadSolvers(const std::shared_ptr<const CostMap>& map, Backend backend,
                                       gpu::GlApi api, const SolversJob& job);

// Destroys the calling thread's contexts and their solvers now; its next GL call makes them
// again. The module calls it as the thread's Python state is cleared (the thread ends).
void dropThreadContexts();

// os.fork()'s hooks (os.register_at_fork). A child cannot use a context or display it inherits:
// the driver's threads (llvmpipe's among them) do not survive the fork, and its first GL call
// would wait for them forever. So before a fork the forking thread's contexts are destroyed (its
// next call makes them again, the cost of a first call), which leaves the child none to inherit
// when no other thread holds one: the child then makes its own. A child forked while another
// thread held one refuses GL calls with RuntimeError instead of hanging. Contexts are neither
// made nor used during the fork.
void beforeFork();
void afterForkInParent();
void afterForkInChild();

// For the tests (tactics_grid._gl_counts): headless contexts made in this process so far, those
// not yet destroyed, gpu::Solvers made on them, and the contexts the calling thread holds.
struct GlCounts {
  long contextsMade = 0;
  long contextsAlive = 0;
  long solversMade = 0;
  long threadContexts = 0;
};
GlCounts glCounts();

}  // namespace tactics::python
