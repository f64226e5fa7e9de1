#include "cli/solve_command.h"

#include <ostream>

#include "cli/solve_arguments.h"
#include "cli/solve_output.h"
#include "core/file_io.h"
#include "core/reference_solver.h"
#include "gpu/headless_context.h"
#include "gpu/range_solver.h"

namespace tactics::cli {

namespace {

struct Solved {
  RangeResult result;
  std::vector<std::uint8_t> state;  // SPEC §4 bytes
};

// Runs the GLSL passes in a headless context. Errors are about OpenGL, not the input.
Expected<Solved> solveOnGpu(const CostMap& map, const RangeQuery& query) {
  auto context = gpu::HeadlessContext::create();
  if (!context) return Error{"no OpenGL 3.3 context: " + context.error()};
  auto solver = gpu::RangeSolver::create(map);
  if (!solver) return Error{"cannot set up the GPU solver: " + solver.error()};
  solver->solve(query);
  return Solved{solver->readResult(), solver->readState()};
}

}  // namespace

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    out << kSolveUsage;
    return kExitOk;
  }
  const auto fail = [&](const std::string& message, int code) {
    err << "error: " << message << '\n';
    return code;
  };

  // Refuse every bad input before any work, so nothing is written on failure.
  const auto parsed = parseSolveArguments(args);
  if (!parsed) return fail(parsed.error(), kExitBadInput);
  const SolveArguments& a = *parsed;
  for (const auto& path : {a.jsonPath, a.statePngPath}) {
    if (!path || *path == "-") continue;
    if (auto problem = checkWritable(*path)) return fail(*problem, kExitBadInput);
  }
  const auto map = loadMap(a.mapPath);
  if (!map) return fail(map.error(), kExitBadInput);
  if (auto problem = validate(*map, a.query)) return fail(*problem, kExitBadInput);

  Solved solved;
  if (a.backend == Backend::Cpu) {
    solved.result = solveReference(*map, a.query);
    solved.state = encodeState(*map, solved.result);
  } else {
    auto gpuSolved = solveOnGpu(*map, a.query);
    if (!gpuSolved) return fail(gpuSolved.error(), kExitNoOpenGl);
    solved = std::move(*gpuSolved);
  }
  const std::string backend = a.backend == Backend::Cpu ? "cpu" : "gpu";

  if (a.statePngPath) {
    const auto png = encodePng(map->width(), map->height(), solved.state);
    if (auto problem = writeFileAtomically(*a.statePngPath, png)) {
      return fail(*problem, kExitBadInput);
    }
  }
  if (a.jsonPath) {
    const std::string json = formatJson(solved.result, a.query, backend);
    if (*a.jsonPath == "-") {
      out << json;
    } else if (auto problem = writeFileAtomically(
                   *a.jsonPath, std::vector<std::uint8_t>(json.begin(), json.end()))) {
      return fail(*problem, kExitBadInput);
    }
  } else {
    // People asked for a picture file get the summary, not the grid again.
    out << formatText(solved.result, a.query, backend, !a.statePngPath.has_value());
  }
  return kExitOk;
}

}  // namespace tactics::cli
