#include "thread_gl.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tactics::python {

namespace {

std::atomic<long> contextsMade{0};
std::atomic<long> contextsAlive{0};
std::atomic<long> solversMade{0};
// Set in a child forked while a thread other than the forking one held a context
// (afterForkInChild).
std::atomic<bool> forkedWithContexts{false};

// Held while a GL job runs and while a thread's contexts are made or destroyed: making a context
// reloads the library's process-wide GL table, which another thread's job would be reading.
// Never freed: a thread may end after the process's static objects are gone.
std::mutex& glMutex() {
  static auto* const mutex = new std::mutex;
  return *mutex;
}

bool sameMap(const CostMap& a, const CostMap& b) {
  return a.width() == b.width() && a.height() == b.height() && a.layout() == b.layout() &&
         a.indexed() == b.indexed() &&
         a.greyValues() == b.greyValues() && a.terrainNames() == b.terrainNames();
}

struct KeptSolvers {
  Backend backend;
  std::shared_ptr<const CostMap> map;
  gpu::Solvers solvers;
};

// One API's context on this thread, and the solvers made on it: one per backend at most, its
// last board's.
struct ApiGl {
  std::optional<gpu::HeadlessContext> context;
  std::vector<KeptSolvers> solvers;
};

// This thread's contexts. The module drops them as the thread's Python state is cleared
// (dropThreadContexts); whatever is left goes with the thread_local, on the thread as it exits,
// or for the main thread in exit(), before EGL's own exit handlers run.
class ThreadGl {
 public:
  ThreadGl() = default;
  ThreadGl(const ThreadGl&) = delete;
  ThreadGl& operator=(const ThreadGl&) = delete;
  ~ThreadGl() {
    const std::lock_guard<std::mutex> lock(glMutex());
    dropAll();
  }

  ApiGl& of(gpu::GlApi api) { return apis_[api == gpu::GlApi::Es ? 1 : 0]; }
  // Destroys this thread's contexts now; its next GL call makes them again.
  void dropAll() {
    for (ApiGl& gl : apis_) drop(gl);
  }
  [[nodiscard]] long contexts() const {
    return static_cast<long>(std::count_if(apis_.begin(), apis_.end(),
                                           [](const ApiGl& gl) { return gl.context.has_value(); }));
  }

 private:
  static void drop(ApiGl& gl) {
    if (!gl.context) return;
    // The solvers delete their GL objects on the current context, so theirs must be. If it
    // cannot be made current they are left undestroyed: the context's end frees their objects,
    // and deleting the names on another context would delete that context's objects.
    if (gl.context->makeCurrent()) {
      static_cast<void>(new std::vector<KeptSolvers>(std::move(gl.solvers)));
    }
    gl.solvers.clear();
    gl.context.reset();
    --contextsAlive;
  }

  std::array<ApiGl, 2> apis_;
};

ThreadGl& thisThread() {
  thread_local ThreadGl thread;
  return thread;
}

std::string noContextText(Backend backend, gpu::GlApi api) {
  return backend == Backend::Compute ? "no OpenGL 4.3 context for backend compute: "
         : api == gpu::GlApi::Es     ? "no OpenGL ES 3.0 context: "
                                     : "no OpenGL 3.3 context: ";
}

}  // namespace

std::optional<Failure> onThreadSolvers(const std::shared_ptr<const CostMap>& map, Backend backend,
                                       gpu::GlApi api, const SolversJob& job) {
  if (backend == Backend::Compute && api == gpu::GlApi::Es) {
    return Failure{
        "backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 "
        "(gl \"es\") does not have; use gl \"core\", or backend \"gpu\" or \"cpu\"",
        true};
  }
  if (forkedWithContexts) {
    return Failure{
        "the GL backends cannot run in this process: it was forked while another thread of its "
        "parent held a GL context, and the driver's threads do not survive a fork; fork before "
        "other threads make GL calls, use multiprocessing's \"spawn\" or \"forkserver\" start "
        "method, or backend \"cpu\"",
        true};
  }
  const std::lock_guard<std::mutex> lock(glMutex());
  ApiGl& gl = thisThread().of(api);
  if (!gl.context) {
    // Not kept when it fails: the next call tries again.
    auto made = gpu::HeadlessContext::create(api);
    if (!made) return Failure{noContextText(backend, api) + made.error(), true};
    gl.context.emplace(std::move(*made));
    ++contextsMade;
    ++contextsAlive;
  } else if (auto problem = gl.context->makeCurrent()) {
    return Failure{noContextText(backend, api) + *problem, true};
  }

  auto& solvers = gl.solvers;
  std::size_t k = 0;
  while (k < solvers.size() && solvers[k].backend != backend) ++k;
  const bool kept = k < solvers.size() && (solvers[k].map == map || sameMap(*solvers[k].map, *map));
  if (!kept) {
    // The backend's last board goes before the next one's textures are made.
    if (k < solvers.size()) solvers.erase(solvers.begin() + static_cast<std::ptrdiff_t>(k));
    if (auto problem =
            gpu::textureLimitProblem(map->width(), map->height(), gpu::maxTextureSize())) {
      return Failure{*problem, false};
    }
    auto made = gpu::Solvers::create(*map, backend);
    if (!made) return Failure{"backend " + made.error(), true};
    ++solversMade;
    solvers.push_back(KeptSolvers{backend, map, std::move(*made)});
    k = solvers.size() - 1;
  }
  if (auto problem = job(solvers[k].solvers)) return Failure{*problem, false};
  return std::nullopt;
}

void dropThreadContexts() {
  const std::lock_guard<std::mutex> lock(glMutex());
  thisThread().dropAll();
}

void beforeFork() {
  glMutex().lock();  // no context is made or used from here until the fork is done
  thisThread().dropAll();
}

void afterForkInParent() {
  glMutex().unlock();
}

void afterForkInChild() {
  // The only thread here is the forking one, which holds no context now; any still counted
  // alive belonged to the parent's other threads, on a display whose driver threads are gone.
  if (contextsAlive > 0) forkedWithContexts = true;
  glMutex().unlock();
}

GlCounts glCounts() {
  return GlCounts{contextsMade.load(), contextsAlive.load(), solversMade.load(),
                  thisThread().contexts()};
}

}  // namespace tactics::python
