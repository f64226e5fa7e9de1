#include "cli/danger_command.h"

#include <algorithm>
#include <optional>
#include <ostream>

#include "cli/command_solvers.h"
#include "cmdline/command_line.h"
#include "tactics/io/file_io.h"
#include "tactics/io/scenario.h"

namespace tactics::cli {

Expected<DangerArguments> parseDangerArguments(const std::vector<std::string>& args) {
  static const std::vector<FlagSpec> kFlags = {
      {"--scenario", "a scenario FILE (JSON)"},
      {"--backend", "gpu, cpu, compute or auto"},
      {"--json", "FILE, or - for standard output"},
  };
  const auto flags = splitFlags(args, kFlags, "tactics-grid danger");
  if (!flags) return Error{flags.error()};
  DangerArguments out;
  if (asksForHelp(*flags)) {
    out.help = true;
    return out;
  }
  bool scenarioGiven = false;
  for (const auto& [flag, value] : *flags) {
    if (flag == "--scenario") {
      out.scenarioPath = value;
      scenarioGiven = true;
    } else if (flag == "--backend") {
      const auto backend = parseBackend(value, "--backend");
      if (!backend) return Error{backend.error()};
      out.backend = *backend;
    } else if (flag == "--json") {
      out.jsonPath = value;
    }
  }
  if (!scenarioGiven) return Error{"--scenario is required; see `tactics-grid danger --help`"};
  return out;
}

namespace {

// The grid for people: one character per cell, and a summary line.
std::string formatDangerText(const Grid<std::uint8_t>& count, const Scenario& scenario,
                             const std::string& backend) {
  int enemies = 0;
  for (const Unit& u : scenario.units) enemies += u.team == Team::Enemy;
  std::string text = "danger zone of " + std::to_string(enemies) + " enem" +
                     (enemies == 1 ? "y" : "ies") + " on a " + scenario.map.sizeText() +
                     " map (" + backend + ")\n";
  int threatened = 0;
  int most = 0;
  for (int y = 0; y < count.height(); ++y) {
    for (int x = 0; x < count.width(); ++x) {
      const int n = count[{x, y}];
      text += n == 0 ? '.' : n >= 10 ? '+' : static_cast<char>('0' + n);
      threatened += n > 0;
      most = std::max(most, n);
    }
    text += '\n';
  }
  text += std::to_string(threatened) + " cells threatened, by at most " + std::to_string(most) +
          " enem" + (most == 1 ? "y" : "ies") + " at once   (. none, 1-9 enemies, + 10 or more)\n";
  return text;
}

}  // namespace

std::string formatDangerJson(const Grid<std::uint8_t>& count, Backend backend) {
  std::string json = "{\"width\":" + std::to_string(count.width()) +
                     ",\"height\":" + std::to_string(count.height()) + ",\"backend\":\"" +
                     backendName(backend) + "\",\"count\":[\n";
  for (int y = 0; y < count.height(); ++y) {
    json += "  [";
    for (int x = 0; x < count.width(); ++x) {
      json += (x ? "," : "") + std::to_string(count[{x, y}]);
    }
    json += y + 1 < count.height() ? "],\n" : "]\n";
  }
  return json + "]}\n";
}

int runDanger(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message, int code) {
    err << errorLine(message);
    return code;
  };
  const auto parsed = parseDangerArguments(args);
  if (!parsed) return fail(parsed.error(), kExitBadInput);
  const DangerArguments& a = *parsed;
  if (a.help) {
    out << kDangerUsage;
    return kExitOk;
  }
  const bool jsonToFile = a.jsonPath && *a.jsonPath != "-";
  if (jsonToFile) {
    if (auto problem = checkWritable(*a.jsonPath)) return fail(*problem, kExitBadInput);
  }
  const auto scenario = loadScenario(a.scenarioPath);
  if (!scenario) return fail(scenario.error(), kExitBadInput);
  if (jsonToFile) {
    for (const auto& [input, what] : {std::pair{a.scenarioPath, "the input scenario"},
                                      std::pair{scenario->mapPath, "the scenario's map"}}) {
      if (sameFile(*a.jsonPath, input)) {
        return fail("--json '" + *a.jsonPath + "' is " + what + "; write somewhere else",
                    kExitBadInput);
      }
    }
  }

  // One context (none for cpu) and one set of solvers for the process.
  CommandSolvers setup = makeCommandSolvers(scenario->map, a.backend);
  if (!setup.error.empty()) return fail(setup.error, setup.exitCode);
  auto answer = setup.solvers->danger(scenario->units);
  if (!answer) return fail(answer.error(), kExitNoOpenGl);
  const Grid<std::uint8_t>& count = answer->counts;
  std::string backend = backendName(answer->backend);
  if (answer->backend != Backend::Cpu) {
    backend += ", " + std::to_string(answer->stats.passes) + " passes";
  }

  if (a.jsonPath) {
    const std::string json = formatDangerJson(count, answer->backend);
    if (jsonToFile) {
      if (auto problem = writeFileAtomically(*a.jsonPath, {json.begin(), json.end()})) {
        return fail(*problem, kExitBadInput);
      }
    } else {
      out << json;
    }
  } else {
    out << formatDangerText(count, *scenario, backend);
  }
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
