#include "cli/command_solvers.h"

#include <utility>

#include "cmdline/command_line.h"

namespace tactics::cli {

CommandSolvers makeCommandSolvers(const CostMap& map, Backend backend, gpu::GlApi api) {
  CommandSolvers out;
  const auto failed = [&out](std::string message, int exitCode) {
    out.error = std::move(message);
    out.exitCode = exitCode;
    return std::move(out);
  };
  if (backend == Backend::Compute && api == gpu::GlApi::Es) {
    return failed("--backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 "
                  "(--gl es) does not have; use --gl core, or --backend gpu or cpu",
                  kExitNoOpenGl);
  }
  if (backend != Backend::Cpu) {
    auto context = gpu::HeadlessContext::create(api);
    if (!context) {
      return failed(backend == Backend::Compute ? "no OpenGL 4.3 context for --backend compute: " +
                                                      context.error()
                    : api == gpu::GlApi::Es     ? "no OpenGL ES 3.0 context: " + context.error()
                                                : "no OpenGL 3.3 context: " + context.error(),
                    kExitNoOpenGl);
    }
    out.context.emplace(std::move(*context));
    // A map the GPU cannot hold is the input's fault (exit 2), checked before any solver.
    if (auto problem = gpu::textureLimitProblem(map.width(), map.height(), gpu::maxTextureSize())) {
      return failed(*problem, kExitBadInput);
    }
  }
  auto solvers = gpu::Solvers::create(map, backend);
  // Its messages start with the backend's name: "--backend compute needs OpenGL 4.3 ...".
  if (!solvers) return failed("--backend " + solvers.error(), kExitNoOpenGl);
  out.solvers.emplace(std::move(*solvers));
  return out;
}

}  // namespace tactics::cli
