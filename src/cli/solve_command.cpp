#include "cli/solve_command.h"

#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include "cli/command_env.h"
#include "cli/command_flags.h"
#include "cli/map_board.h"
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
    auto map = loadBoardMap(env, a.mapPath, a.grid);
    if (!map) return Error{map.error()};
    const auto sight = sightRuleFor(*map, a.sight, a.blocksSight);
    if (!sight) return Error{sight.error()};
    UnitLabel label;
    if (a.className) label.className = *a.className;
    Board board{std::move(*map), a.query, label, a.mapPath};
    board.query.sight = *sight;
    return board;
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

// --json to a file (not standard output), and --state-png: the files asked for, by flag.
std::vector<std::pair<const char*, std::string>> outputFiles(const SolveArguments& a) {
  std::vector<std::pair<const char*, std::string>> files;
  if (a.jsonPath && *a.jsonPath != "-") files.emplace_back("--json", *a.jsonPath);
  if (a.statePngPath) files.emplace_back("--state-png", *a.statePngPath);
  return files;
}

// What is wrong with the outputs, before anything is read: each one writable, two files for two
// outputs, and standard output carrying one thing.
std::optional<std::string> outputProblem(const SolveArguments& a) {
  for (const auto& [flag, path] : outputFiles(a)) {
    if (auto problem = checkWritable(path)) return problem;
  }
  const bool jsonToFile = a.jsonPath && *a.jsonPath != "-";
  // Standard output carries the JSON (--json -) or the text grid (no --json): nothing else.
  if (a.statePngPath && !jsonToFile && isStandardOutput(*a.statePngPath)) {
    return "--state-png '" + *a.statePngPath + "' is standard output, which already carries " +
           (a.jsonPath ? "the JSON" : "the text result") + "; write the PNG to a file";
  }
  if (jsonToFile && a.statePngPath && sameFile(*a.jsonPath, *a.statePngPath)) {
    return "--json and --state-png both name '" + *a.statePngPath + "'; give two files";
  }
  return std::nullopt;
}

// No output replaces a file the board was read from.
std::optional<std::string> inputProblem(const SolveArguments& a, const Board& board) {
  const auto files = outputFiles(a);
  if (files.empty()) return std::nullopt;
  const auto inputs = boardInputFiles(a.scenarioPath, "the input scenario", board.mapPath);
  for (const auto& [flag, path] : files) {
    if (auto problem = refuseInputOverwrite(flag, path, inputs)) return problem;
  }
  return std::nullopt;
}

// What standard output carries besides the grid: the JSON (--json -), or a line per file.
struct Printed {
  std::string json;
  std::vector<std::string> wrote;
};

// The files asked for, written all or none.
Expected<Printed> writeOutputs(const SolveArguments& a, const Board& board,
                               const gpu::RangeAnswer& solved) {
  std::vector<OutputFile> files;
  Printed printed;
  if (a.statePngPath) {
    auto png = encodePng(board.map.width(), board.map.height(), 4, solved.state);
    if (png.empty()) return Error{"cannot encode the state texture as PNG"};
    files.push_back({*a.statePngPath, std::move(png)});
    printed.wrote.push_back(wroteLine(*a.statePngPath, "the state texture as an RGBA PNG"));
  }
  if (a.jsonPath) {
    printed.json =
        formatJson(board.map, solved.result, board.query, backendName(solved.backend), board.unit);
  }
  // The JSON goes to the file as bytes; its text is only kept for standard output.
  if (a.jsonPath && *a.jsonPath != "-") {
    files.push_back({*a.jsonPath, {printed.json.begin(), printed.json.end()}});
    std::string().swap(printed.json);
    printed.wrote.push_back(wroteLine(*a.jsonPath, "the range as JSON"));
  }
  if (auto problem = writeFiles(files)) return Error{*problem};
  return printed;
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
  if (auto problem = outputProblem(a)) return fail(*problem, kExitBadInput);
  const auto board = loadBoard(a, env);
  if (!board) return fail(board.error(), kExitBadInput);
  if (auto problem = inputProblem(a, *board)) return fail(*problem, kExitBadInput);
  if (auto problem = validate(board->map, board->query)) return fail(*problem, kExitBadInput);

  // One context (none for cpu) and one set of solvers for the process.
  const SolversLease setup = env.solvers(board->map, a.backend, a.gl);
  if (!setup.solvers) return fail(setup.error, setup.exitCode);
  const auto solved = setup.solvers->range(
      board->query, a.statePngPath ? gpu::StateBytes::Read : gpu::StateBytes::Skip);
  if (!solved) return fail(solved.error(), kExitNoOpenGl);
  const auto printed = writeOutputs(a, *board, *solved);
  if (!printed) return fail(printed.error(), kExitBadInput);

  // Standard output: the JSON alone (--json -); else the grid for people (no --json), then a
  // line per file written.
  if (a.jsonPath && *a.jsonPath == "-") {
    out << printed->json;
  } else {
    if (!a.jsonPath) {
      out << formatText(solved->result, board->query, backendName(solved->backend), board->unit);
    }
    for (const std::string& line : printed->wrote) out << line;
  }
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
