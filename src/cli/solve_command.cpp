#include "cli/solve_command.h"

#include <optional>
#include <ostream>

#include "cli/command_env.h"
#include "cli/movement_flags.h"
#include "cli/output_guard.h"
#include "cli/solve_arguments.h"
#include "cli/solve_output.h"
#include "cmdline/command_line.h"
#include "tactics/io/file_io.h"
#include "tactics/io/map_image.h"
#include "tactics/io/png.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/parse.h"

namespace tactics::cli {

namespace {

// The map and the question: from --map and the flags, or from a scenario's unit at --unit.
struct Board {
  CostMap map;
  RangeQuery query;
  UnitLabel unit;       // who moves, as far as the flags or the scenario say
  std::string mapPath;  // the file the map came from, for the input check
};

Expected<Board> loadBoard(const SolveArguments& a, CommandEnv& env) {
  if (!a.scenarioPath) {
    auto map = env.map(a.mapPath);
    if (!map) return Error{map.error()};
    UnitLabel label;
    if (a.className) label.className = *a.className;
    return Board{std::move(*map), a.query, label, a.mapPath};
  }
  auto scenario = env.scenario(*a.scenarioPath);
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
    return Error{"no unit stands at --unit " + toString(cell) + " in scenario '" + *a.scenarioPath +
                 "'; units stand at " + standing};
  }
  const Unit& unit = scenario->units[*index];
  Board board{std::move(scenario->map), queryFor(scenario->units, *index, scenario->rules),
              UnitLabel{unit.name, teamName(unit.team), a.className.value_or(unit.className)},
              scenario->mapPath};
  if (a.moveGiven) board.query.moveRange = a.query.moveRange;
  if (a.attackGiven) board.query.attack = a.query.attack;
  if (a.skillsGiven) board.query.skills = a.query.skills;
  board.query.ignoreUnits = a.query.ignoreUnits;
  if (a.className) {
    const auto movement = resolveClassFlag(*a.className, &scenario->classes, *a.scenarioPath);
    if (!movement) return Error{movement.error()};
    board.query.movement = *movement;
  }
  return board;
}

}  // namespace

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  FileEnv env;
  return runSolve(args, out, err, env);
}

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             CommandEnv& env) {
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
  const auto board = loadBoard(a, env);
  if (!board) return fail(board.error(), kExitBadInput);
  const auto inputs = jsonToFile || a.statePngPath
                          ? boardInputFiles(a.scenarioPath, "the input scenario", board->mapPath)
                          : std::vector<InputFile>();
  for (const auto& [flag, path] : {std::pair{"--json", jsonToFile ? a.jsonPath : std::nullopt},
                                   std::pair{"--state-png", a.statePngPath}}) {
    if (!path) continue;
    if (auto problem = refuseInputOverwrite(flag, *path, inputs)) {
      return fail(*problem, kExitBadInput);
    }
  }
  const CostMap* map = &board->map;
  const RangeQuery& query = board->query;
  if (auto problem = validate(*map, query)) return fail(*problem, kExitBadInput);

  // One context (none for cpu) and one set of solvers for the process.
  const SolversLease setup = env.solvers(*map, a.backend, a.gl);
  if (!setup.solvers) return fail(setup.error, setup.exitCode);
  auto solved =
      setup.solvers->range(query, a.statePngPath ? gpu::StateBytes::Read : gpu::StateBytes::Skip);
  if (!solved) return fail(solved.error(), kExitNoOpenGl);
  const std::string backend = backendName(solved->backend);

  // Files: all of them or none.
  std::vector<OutputFile> files;
  std::vector<std::string> wrote;  // a line per file, for standard output
  if (a.statePngPath) {
    auto png = encodePng(map->width(), map->height(), 4, solved->state);
    if (png.empty()) return fail("cannot encode the state texture as PNG", kExitBadInput);
    files.push_back({*a.statePngPath, std::move(png)});
    wrote.push_back(wroteLine(*a.statePngPath, "the state texture as an RGBA PNG"));
  }
  std::string json =
      a.jsonPath ? formatJson(*map, solved->result, query, backend, board->unit) : "";
  // The JSON goes to the file as bytes; its text is only kept for standard output.
  if (jsonToFile) {
    files.push_back({*a.jsonPath, std::vector<std::uint8_t>(json.begin(), json.end())});
    std::string().swap(json);
    wrote.push_back(wroteLine(*a.jsonPath, "the range as JSON"));
  }
  if (auto problem = writeFiles(files)) return fail(*problem, kExitBadInput);

  // Standard output: the JSON alone (--json -); else the grid for people (no --json), then a
  // line per file written.
  if (a.jsonPath && !jsonToFile) {
    out << json;
  } else {
    if (!a.jsonPath) out << formatText(solved->result, query, backend, board->unit);
    for (const std::string& line : wrote) out << line;
  }
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
