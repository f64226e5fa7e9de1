#pragma once
// Where a command gets its inputs and its solvers. On the command line a command reads its files
// and makes its own context (FileEnv); under `tactics-grid serve` (SPEC §12) every request runs
// the same command code against the server's kept maps, scenarios and one context.

#include <optional>
#include <string>

#include "cli/command_solvers.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"

namespace tactics::cli {

// Solvers lent to one command, or why there are none and the exit code for it (3 without the
// OpenGL the backend needs, 2 for a map larger than the context's textures).
struct SolversLease {
  gpu::Solvers* solvers = nullptr;  // owned by the env; valid until its next solvers() call
  std::string error;
  int exitCode = 0;
};

class CommandEnv {
 public:
  virtual ~CommandEnv() = default;
  // --map FILE: the map, or the error line's text.
  virtual Expected<CostMap> map(const std::string& path) = 0;
  // --scenario FILE, as loadScenarioArgument reads it.
  virtual Expected<Scenario> scenario(const std::string& path) = 0;
  // Solvers for `map` on `backend`, with `api`'s context for every backend but cpu.
  virtual SolversLease solvers(const CostMap& map, Backend backend, gpu::GlApi api) = 0;
};

// The command line's: files read when asked, and one context and one set of solvers made for the
// one command that runs.
class FileEnv final : public CommandEnv {
 public:
  Expected<CostMap> map(const std::string& path) override;
  Expected<Scenario> scenario(const std::string& path) override;
  SolversLease solvers(const CostMap& map, Backend backend, gpu::GlApi api) override;

 private:
  std::optional<CommandSolvers> made_;
};

}  // namespace tactics::cli
