#include "cli/command_env.h"

#include "cli/scenario_argument.h"
#include "tactics/io/map_image.h"

namespace tactics::cli {

Expected<CostMap> FileEnv::map(const std::string& path) {
  return loadMap(path);
}

Expected<Scenario> FileEnv::scenario(const std::string& path) {
  return loadScenarioArgument(path);
}

SolversLease FileEnv::solvers(const CostMap& map, Backend backend, gpu::GlApi api) {
  made_.reset();  // the solvers before the context they were made on
  made_.emplace(makeCommandSolvers(map, backend, api));
  if (!made_->error.empty()) return {nullptr, made_->error, made_->exitCode};
  return {&*made_->solvers, "", 0};
}

}  // namespace tactics::cli
