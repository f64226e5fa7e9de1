#include "cli/field_command.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/command_env.h"
#include "cli/command_flags.h"
#include "cli/json_text.h"
#include "cli/map_board.h"
#include "cli/movement_flags.h"
#include "cli/output_guard.h"
#include "cmdline/command_line.h"
#include "tactics/io/file_io.h"
#include "tactics/io/map_image.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/distance_field.h"

namespace tactics::cli {

namespace {

constexpr const char* kFieldUsage =
    "usage: tactics-grid field --scenario FILE --team T --class K\n"
    "                          [--backend auto|gpu|cpu|compute] [--gl core|es] [--json FILE|-]\n"
    "       tactics-grid field --map FILE [--unit X,Y] [--enemy X,Y]... [--ally X,Y]...\n"
    "                          [--grid LAYOUT] --team T --class K [--backend ...] [--json FILE|-]\n"
    "  --scenario FILE     the board: a scenario JSON file (its map and units)\n"
    "  --map FILE          instead of --scenario: an image or Tiled map, with the units below\n"
    "  --grid LAYOUT       an image --map's grid (SPEC 13): square (default), hex-y-odd,\n"
    "                      hex-y-even, hex-x-odd or hex-x-even; not with a Tiled map\n"
    "  --unit X,Y          a player unit's cell (with --map)\n"
    "  --enemy X,Y         an enemy's cell; repeat for more (with --map)\n"
    "  --ally X,Y          an ally's cell, the player's side; repeat for more (with --map)\n"
    "  --team T            the moving team: player, enemy or ally; every unit hostile to it\n"
    "                      is a source (cost 0)\n"
    "  --class K           the movement class: one of the scenario's (foot always exists) or a\n"
    "                      preset: foot, mounted, armour, flier\n"
    "  --backend B         auto (default): the one expected fastest here, cpu on a software\n"
    "                      renderer (llvmpipe), where the passes a long path needs cost orders\n"
    "                      of magnitude more, else gpu; gpu: GLSL passes in a headless OpenGL\n"
    "                      3.3 context; cpu: the reference; compute: compute-shader sweeps\n"
    "                      (OpenGL 4.3). All give the same field; the text names the one that ran\n"
    "  --gl core|es        the headless context: OpenGL 3.3 core (4.3 for compute; the default)\n"
    "                      or OpenGL ES 3.0; the answers are the same bytes. compute on es exits "
    "3\n"
    "  --json FILE|-       write the field as JSON (- for standard output)\n"
    "Prints the cheapest travel cost from the nearest hostile unit to every cell, with no range\n"
    "limit (- where none reaches). Exit 0 on success, 2 on bad input (one `error:` line), 3 when\n"
    "no OpenGL 3.3 context (4.3 for compute) can be made.\n";

// A scenario, or a map with units; a team and a class either way.
std::optional<std::string> fieldProblem(const GivenFlags& given) {
  if (given.has("--scenario")) {
    if (auto clash = scenarioClash(given, {"--map", "--unit", "--enemy", "--ally"},
                                   "the map and the units")) {
      return clash;
    }
    if (auto clash = gridClash(given)) return clash;
  }
  for (const char* required : {"--scenario", "--team", "--class"}) {
    if (required == std::string("--scenario") && given.has("--map")) continue;
    if (!given.has(required)) {
      return std::string("tactics-grid field needs ") + required +
             (required == std::string("--scenario") ? " (or --map FILE with units)" : "") +
             "; run tactics-grid field --help for the usage";
    }
  }
  return std::nullopt;
}

}  // namespace

Expected<FieldArguments> parseFieldArguments(const std::vector<std::string>& args) {
  const auto line = readCommandLine(args, fieldFlags(), "tactics-grid field");
  if (!line) return Error{line.error()};
  FieldArguments out;
  out.help = line->given.help;
  if (out.help) return out;
  const CommandFlags& f = line->flags;
  out.scenarioPath = f.scenarioPath.value_or("");
  out.mapPath = f.mapPath;
  out.grid = f.grid;
  out.cells = f.cells;
  out.teamName = f.team.value_or("");
  out.className = f.className.value_or("");
  out.backend = f.backend.value_or(Backend::Auto);
  out.gl = f.gl;
  out.jsonPath = f.jsonPath;
  if (auto problem = fieldProblem(line->given)) return Error{*problem};
  return out;
}

namespace {

Expected<Team> parseTeam(const std::string& name) {
  for (Team team : {Team::Player, Team::Enemy, Team::Ally}) {
    if (name == teamName(team)) return team;
  }
  return Error{"--team '" + name + "' is not allowed; expected player, enemy or ally"};
}

std::string formatJson(const DistanceField& field, Team team, const std::string& className,
                       Backend backend) {
  std::ostringstream out;
  out << "{\"width\":" << field.width() << ",\"height\":" << field.height() << ",\"team\":\""
      << teamName(team) << "\",\"class\":" << jsonString(className) << ",\"backend\":\""
      << backendName(backend) << "\",\n\"cost\":[";
  for (int y = 0; y < field.height(); ++y) {
    out << (y == 0 ? "\n  [" : ",\n  [");
    for (int x = 0; x < field.width(); ++x) out << (x ? "," : "") << field[{x, y}];
    out << ']';
  }
  out << "]}\n";
  return out.str();
}

// The field for people: one right-aligned column per cell, '-' where no source reaches.
std::string formatText(const DistanceField& field, Team team, const std::string& className,
                       const std::string& backend, std::size_t sources) {
  const auto& cells = field.cells();
  const FieldCost farthest = *std::max_element(cells.begin(), cells.end());
  const std::size_t reached = static_cast<std::size_t>(std::count_if(
      cells.begin(), cells.end(), [](FieldCost c) { return c != kFieldUnreachable; }));
  const std::size_t columnWidth = std::to_string(std::max<FieldCost>(farthest, 0)).size();

  std::ostringstream out;
  out << "field for team " << teamName(team) << ", class " << className << ", from " << sources
      << (sources == 1 ? " hostile unit" : " hostile units") << " on a " << field.width() << "x"
      << field.height() << " map (" << backend << ")\n";
  for (int y = 0; y < field.height(); ++y) {
    for (int x = 0; x < field.width(); ++x) {
      const FieldCost cost = field[{x, y}];
      const std::string text = cost == kFieldUnreachable ? "-" : std::to_string(cost);
      out << (x ? " " : "") << std::string(columnWidth - text.size(), ' ') << text;
    }
    out << '\n';
  }
  out << reached << " cells reached";
  if (reached > 0) out << ", the farthest costs " << farthest;
  out << "   (0 a hostile unit, - none reaches)\n";
  return out.str();
}

// The board: a scenario's map, units and classes, or a map and the units its flags place.
struct FieldBoard {
  CostMap map;
  std::vector<Unit> units;
  std::optional<std::map<std::string, MovementClass>> classes;  // a scenario's
  std::string mapPath;  // the file the map came from, for the input check
};

Expected<FieldBoard> loadFieldBoard(const FieldArguments& a, CommandEnv& env) {
  if (!a.scenarioPath.empty()) {
    auto scenario = env.scenario(a.scenarioPath);
    if (!scenario) return Error{scenario.error()};
    return FieldBoard{std::move(scenario->map), std::move(scenario->units),
                      std::move(scenario->classes), scenario->mapPath};
  }
  auto map = loadBoardMap(env, *a.mapPath, a.grid);
  if (!map) return Error{map.error()};
  auto units = placeUnits(*map, a.cells, Unit{});
  if (!units) return Error{units.error()};
  return FieldBoard{std::move(*map), std::move(*units), std::nullopt, *a.mapPath};
}

}  // namespace

int runField(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  FileEnv env;
  return runField(args, out, err, env);
}

int runField(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             CommandEnv& env) {
  const auto fail = [&](const std::string& message, int code) {
    err << errorLine(message);
    return code;
  };

  // Refuse every bad input before any work, so nothing is written on failure.
  const auto parsed = parseFieldArguments(args);
  if (!parsed) return fail(parsed.error(), kExitBadInput);
  const FieldArguments& a = *parsed;
  if (a.help) {
    out << kFieldUsage;
    return kExitOk;
  }
  const auto team = parseTeam(a.teamName);
  if (!team) return fail(team.error(), kExitBadInput);
  const bool jsonToFile = a.jsonPath && *a.jsonPath != "-";
  if (jsonToFile) {
    if (auto problem = checkWritable(*a.jsonPath)) return fail(*problem, kExitBadInput);
  }
  auto board = loadFieldBoard(a, env);
  if (!board) return fail(board.error(), kExitBadInput);
  if (jsonToFile) {
    const auto scenario =
        a.scenarioPath.empty() ? std::nullopt : std::optional<std::string>(a.scenarioPath);
    const auto inputs = boardInputFiles(scenario, "the scenario", board->mapPath);
    if (auto problem = refuseInputOverwrite("--json", *a.jsonPath, inputs)) {
      return fail(*problem, kExitBadInput);
    }
  }
  const auto movement =
      resolveClassFlag(a.className, board->classes ? &*board->classes : nullptr, a.scenarioPath);
  if (!movement) return fail(movement.error(), kExitBadInput);

  const FieldQuery query = fieldQueryFor(board->units, *team, *movement);
  // One context (none for cpu) and one set of solvers for the process.
  const SolversLease setup = env.solvers(board->map, a.backend, a.gl);
  if (!setup.solvers) return fail(setup.error, setup.exitCode);
  auto answer = setup.solvers->field(query);
  if (!answer) return fail(answer.error(), kExitNoOpenGl);
  const DistanceField& field = answer->field;

  // Standard output carries the JSON (--json -) or the grid for people (no --json): one thing.
  const std::string json = a.jsonPath ? formatJson(field, *team, a.className, answer->backend) : "";
  if (jsonToFile) {
    if (auto problem = writeFileAtomically(*a.jsonPath, {json.begin(), json.end()})) {
      return fail(*problem, kExitBadInput);
    }
    out << wroteLine(*a.jsonPath, "the field as JSON");
  } else if (a.jsonPath) {
    out << json;
  } else {
    out << formatText(field, *team, a.className, backendName(answer->backend),
                      query.sources.size());
  }
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
