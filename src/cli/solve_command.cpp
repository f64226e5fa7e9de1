#include "cli/solve_command.h"

#include <optional>
#include <ostream>

#include "cli/solve_arguments.h"
#include "cli/solve_output.h"
#include "tactics/io/file_io.h"
#include "cmdline/command_line.h"
#include "tactics/solver/parse.h"
#include "tactics/io/png.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/io/scenario.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/io/map_image.h"

namespace tactics::cli {

namespace {

struct Solved {
  RangeResult result;
  std::vector<std::uint8_t> state;  // SPEC §4 bytes, only for --state-png (4 bytes a cell)
};

// The headless context a GPU backend needs. Errors are about OpenGL, not the input.
Expected<gpu::HeadlessContext> makeContext(Backend backend) {
  auto context = gpu::HeadlessContext::create();
  if (backend != Backend::Compute) {
    if (!context) return Error{"no OpenGL 3.3 context: " + context.error()};
    return context;
  }
  if (!context) return Error{"no OpenGL 4.3 context for --backend compute: " + context.error()};
  if (!context->hasCompute()) {
    return Error{"--backend compute needs OpenGL 4.3 (compute shaders), but this context is " +
                 context->description() + "; use --backend gpu or cpu"};
  }
  return context;
}

// Runs the GLSL passes in the current context. Errors are about OpenGL, not the input.
Expected<Solved> solveOnGpu(const CostMap& map, const RangeQuery& query, bool withState) {
  auto solver = gpu::RangeSolver::create(map);
  if (!solver) return Error{"cannot set up the GPU solver: " + solver.error()};
  solver->solve(query);
  return Solved{solver->readResult(), withState ? solver->readState() : std::vector<std::uint8_t>()};
}

// One compute dispatch (OpenGL 4.3, current). Errors are about OpenGL, not the input.
Expected<Solved> solveWithCompute(const CostMap& map, const RangeQuery& query, bool withState) {
  auto solver = gpu::ComputeRangeSolver::create(map);
  if (!solver) return Error{"cannot set up the compute solver: " + solver.error()};
  solver->solve(query);
  return Solved{solver->readResult(), withState ? solver->readState() : std::vector<std::uint8_t>()};
}

// The map and the question: from --map and the flags, or from a scenario's unit at --unit.
struct Board {
  CostMap map;
  RangeQuery query;
  std::vector<std::pair<std::string, std::string>> inputs;  // files outputs must not overwrite, and
                                                           // what they are
};

Expected<Board> loadBoard(const SolveArguments& a) {
  if (!a.scenarioPath) {
    auto map = loadMap(a.mapPath);
    if (!map) return Error{map.error()};
    return Board{std::move(*map), a.query, {{a.mapPath, "the input map"}}};
  }
  auto scenario = loadScenario(*a.scenarioPath);
  if (!scenario) return Error{scenario.error()};
  const Cell cell = a.query.unit;
  if (!scenario->map.contains(cell)) {
    return Error{"--unit " + toString(cell) + " is outside " + scenario->map.boundsText()};
  }
  const auto index = unitAt(scenario->units, cell);
  if (!index) {
    std::string standing;
    for (std::size_t i = 0; i < scenario->units.size() && i < 6; ++i) {
      const Unit& u = scenario->units[i];
      standing += (i ? ", " : "") + toString(u.cell) + " (" + u.name + ")";
    }
    if (scenario->units.size() > 6) standing += ", ...";
    return Error{"no unit stands at --unit " + toString(cell) + " in scenario '" +
                 *a.scenarioPath + "'; units stand at " + standing};
  }
  Board board{std::move(scenario->map), queryFor(scenario->units, *index),
              {{*a.scenarioPath, "the input scenario"}, {scenario->mapPath, "the scenario's map"}}};
  if (a.moveGiven) board.query.moveRange = a.query.moveRange;
  if (a.attackGiven) board.query.attack = a.query.attack;
  return board;
}

}  // namespace

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message, int code) {
    err << errorLine(message);
    return code;
  };

  // Refuse every bad input before any work, so nothing is written on failure.
  const auto parsed = parseSolveArguments(args);
  if (!parsed) return fail(parsed.error(), kExitBadInput);
  const SolveArguments& a = *parsed;
  if (a.help) {
    out << kSolveUsage;
    return kExitOk;
  }
  const bool jsonToFile = a.jsonPath && *a.jsonPath != "-";
  for (const auto& [flag, path] : {std::pair{"--json", jsonToFile ? a.jsonPath : std::nullopt},
                                   std::pair{"--state-png", a.statePngPath}}) {
    if (!path) continue;
    if (auto problem = checkWritable(*path)) return fail(*problem, kExitBadInput);
  }
  // Standard output carries the JSON (--json -) or the text grid (no --json): nothing else.
  if (a.statePngPath && !jsonToFile && isStandardOutput(*a.statePngPath)) {
    return fail("--state-png '" + *a.statePngPath + "' is standard output, which already carries " +
                    (a.jsonPath ? "the JSON" : "the text result") + "; write the PNG to a file",
                kExitBadInput);
  }
  if (jsonToFile && a.statePngPath && sameFile(*a.jsonPath, *a.statePngPath)) {
    return fail("--json and --state-png both name '" + *a.statePngPath + "'; give two files",
                kExitBadInput);
  }
  const auto board = loadBoard(a);
  if (!board) return fail(board.error(), kExitBadInput);
  for (const auto& [flag, path] : {std::pair{"--json", jsonToFile ? a.jsonPath : std::nullopt},
                                   std::pair{"--state-png", a.statePngPath}}) {
    for (const auto& [input, what] : board->inputs) {
      if (path && sameFile(*path, input)) {
        return fail(std::string(flag) + " '" + *path + "' is " + what + "; write somewhere else",
                    kExitBadInput);
      }
    }
  }
  const CostMap* map = &board->map;
  const RangeQuery& query = board->query;
  if (auto problem = validate(*map, query)) return fail(*problem, kExitBadInput);

  // A GPU backend: the context, then the map against its texture limit, before any solver.
  std::optional<gpu::HeadlessContext> context;
  if (a.backend != Backend::Cpu) {
    auto made = makeContext(a.backend);
    if (!made) return fail(made.error(), kExitNoOpenGl);
    context.emplace(std::move(*made));
    if (auto problem =
            gpu::textureLimitProblem(map->width(), map->height(), gpu::maxTextureSize())) {
      return fail(*problem, kExitBadInput);
    }
  }

  Solved solved;
  if (a.backend == Backend::Cpu) {
    solved.result = solveReference(*map, query);
    if (a.statePngPath) solved.state = encodeState(*map, solved.result);
  } else {
    const bool withState = a.statePngPath.has_value();
    auto gpuSolved = a.backend == Backend::Compute ? solveWithCompute(*map, query, withState)
                                                   : solveOnGpu(*map, query, withState);
    if (!gpuSolved) return fail(gpuSolved.error(), kExitNoOpenGl);
    solved = std::move(*gpuSolved);
  }
  const std::string backend = a.backend == Backend::Cpu       ? "cpu"
                              : a.backend == Backend::Compute ? "compute"
                                                              : "gpu";

  // Files: all of them or none.
  std::vector<OutputFile> files;
  if (a.statePngPath) {
    auto png = encodePng(map->width(), map->height(), 4, solved.state);
    if (png.empty()) return fail("cannot encode the state texture as PNG", kExitBadInput);
    files.push_back({*a.statePngPath, std::move(png)});
  }
  std::string json = a.jsonPath ? formatJson(solved.result, query, backend) : "";
  // The JSON goes to the file as bytes; its text is only kept for standard output.
  if (jsonToFile) {
    files.push_back({*a.jsonPath, std::vector<std::uint8_t>(json.begin(), json.end())});
    std::string().swap(json);
  }
  if (auto problem = writeFiles(files)) return fail(*problem, kExitBadInput);

  // Standard output: the JSON, or the grid for people (just the summary next to a picture file).
  if (a.jsonPath && !jsonToFile) {
    out << json;
  } else if (!a.jsonPath) {
    out << formatText(solved.result, query, backend, !a.statePngPath.has_value());
  }
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
