#include "cli/field_command.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/command_solvers.h"
#include "cmdline/command_line.h"
#include "tactics/solver/distance_field.h"
#include "tactics/io/file_io.h"
#include "tactics/io/scenario.h"

namespace tactics::cli {

namespace {

constexpr const char* kFieldUsage =
    "usage: tactics-grid field --scenario FILE --team T --class K\n"
    "                          [--backend auto|gpu|cpu|compute] [--json FILE|-]\n"
    "  --scenario FILE     the board: a scenario JSON file (its map and units)\n"
    "  --team T            the moving team: player, enemy or ally; every unit hostile to it\n"
    "                      is a source (cost 0)\n"
    "  --class K           the movement class, by its name in the scenario (foot always exists)\n"
    "  --backend B         auto (default): the one expected fastest here, cpu on a software\n"
    "                      renderer (llvmpipe), where the passes a long path needs cost orders\n"
    "                      of magnitude more, else gpu; gpu: GLSL passes in a headless OpenGL\n"
    "                      3.3 context; cpu: the reference; compute: compute-shader sweeps\n"
    "                      (OpenGL 4.3). All give the same field; the text names the one that ran\n"
    "  --json FILE|-       write the field as JSON (- for standard output)\n"
    "Prints the cheapest travel cost from the nearest hostile unit to every cell, with no range\n"
    "limit (- where none reaches). Exit 0 on success, 2 on bad input (one `error:` line), 3 when\n"
    "no OpenGL 3.3 context (4.3 for compute) can be made.\n";

}  // namespace

Expected<FieldArguments> parseFieldArguments(const std::vector<std::string>& args) {
  static const std::vector<FlagSpec> kFlags = {
      {"--scenario", "a scenario FILE"},
      {"--team", "player, enemy or ally"},
      {"--class", "a movement class NAME from the scenario"},
      {"--backend", "auto, cpu, gpu or compute"},
      {"--json", "FILE, or - for standard output"},
  };
  const auto flags = splitFlags(args, kFlags, "tactics-grid field");
  if (!flags) return Error{flags.error()};
  FieldArguments out;
  if (asksForHelp(*flags)) {
    out.help = true;
    return out;
  }
  std::vector<std::string> given;
  for (const auto& [flag, value] : *flags) {
    given.push_back(flag);
    if (flag == "--scenario") out.scenarioPath = value;
    if (flag == "--team") out.teamName = value;
    if (flag == "--class") out.className = value;
    if (flag == "--json") out.jsonPath = value;
    if (flag == "--backend") {
      const auto backend = parseBackend(value, "--backend");
      if (!backend) return Error{backend.error()};
      out.backend = *backend;
    }
  }
  for (const char* required : {"--scenario", "--team", "--class"}) {
    if (std::find(given.begin(), given.end(), required) == given.end()) {
      return Error{std::string("tactics-grid field needs ") + required +
                   "; run tactics-grid field --help for the usage"};
    }
  }
  return out;
}

namespace {

Expected<Team> parseTeam(const std::string& name) {
  for (Team team : {Team::Player, Team::Enemy, Team::Ally}) {
    if (name == teamName(team)) return team;
  }
  return Error{"--team '" + name + "' is not allowed; expected player, enemy or ally"};
}

// A JSON string: quotes, backslashes and control characters escaped; UTF-8 passes through.
std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (byte < 0x20) {
      static const char* const kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string formatJson(const DistanceField& field, Team team, const std::string& className,
                       Backend backend) {
  std::ostringstream out;
  out << "{\"width\":" << field.width() << ",\"height\":" << field.height() << ",\"team\":\""
      << teamName(team) << "\",\"class\":" << jsonString(className) << ",\"backend\":\"" << backendName(backend)
      << "\",\n\"cost\":[";
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
  const std::size_t reached = static_cast<std::size_t>(
      std::count_if(cells.begin(), cells.end(), [](FieldCost c) { return c != kFieldUnreachable; }));
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

}  // namespace

int runField(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
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
    if (sameFile(*a.jsonPath, a.scenarioPath)) {
      return fail("--json '" + *a.jsonPath + "' is the scenario; write somewhere else",
                  kExitBadInput);
    }
  }
  const auto scenario = loadScenario(a.scenarioPath);
  if (!scenario) return fail(scenario.error(), kExitBadInput);
  if (jsonToFile && sameFile(*a.jsonPath, scenario->mapPath)) {
    return fail("--json '" + *a.jsonPath + "' is the scenario's map; write somewhere else",
                kExitBadInput);
  }
  const auto movement = scenario->classes.find(a.className);
  if (movement == scenario->classes.end()) {
    std::string known;
    for (const auto& entry : scenario->classes) known += (known.empty() ? "" : ", ") + entry.first;
    return fail("--class '" + a.className + "' is not a movement class of " + a.scenarioPath +
                    "; it has " + known,
                kExitBadInput);
  }

  const FieldQuery query = fieldQueryFor(scenario->units, *team, movement->second);
  // One context (none for cpu) and one set of solvers for the process.
  CommandSolvers setup = makeCommandSolvers(scenario->map, a.backend);
  if (!setup.error.empty()) return fail(setup.error, setup.exitCode);
  auto answer = setup.solvers->field(query);
  if (!answer) return fail(answer.error(), kExitNoOpenGl);
  const DistanceField& field = answer->field;

  // Standard output carries the JSON (--json -) or the grid for people (no --json): one thing.
  const std::string json = a.jsonPath ? formatJson(field, *team, a.className, answer->backend) : "";
  if (jsonToFile) {
    if (auto problem = writeFileAtomically(*a.jsonPath, {json.begin(), json.end()})) {
      return fail(*problem, kExitBadInput);
    }
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
