#pragma once
// The one headless context and the one set of solvers a command makes, for the backend its
// --backend names: no context at all for cpu.

#include <optional>
#include <string>

#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/cost_map.h"

namespace tactics::cli {

struct CommandSolvers {
  // Declared first so that it outlives the solvers, whose GL objects need it current.
  std::optional<gpu::HeadlessContext> context;
  std::optional<gpu::Solvers> solvers;
  // Why they could not be made, and the exit code for it: 3 without the OpenGL the backend
  // needs, 2 for a map larger than the context's textures. Empty on success.
  std::string error;
  int exitCode = 0;
};

// Makes the context (for every backend but cpu), checks the map against its texture limit, then
// the solvers. Errors name the flag: "no OpenGL 3.3 context: ...", "--backend compute needs
// OpenGL 4.3 ...".
// `api` is --gl's: OpenGL core (the default) or ES 3.0, where the compute backend does not exist.
CommandSolvers makeCommandSolvers(const CostMap& map, Backend backend,
                                  gpu::GlApi api = gpu::GlApi::Core);

}  // namespace tactics::cli
