#include "cli/danger_command.h"

#include <algorithm>
#include <optional>
#include <ostream>

#include "cli/command_env.h"
#include "cli/command_flags.h"
#include "cli/movement_flags.h"
#include "cli/output_guard.h"
#include "cmdline/command_line.h"
#include "tactics/io/file_io.h"
#include "tactics/io/map_image.h"
#include "tactics/io/scenario.h"

namespace tactics::cli {

namespace {

// --move, --attack and --costs or --class: every --map enemy's.
Expected<Unit> mapEnemy(const CommandFlags& f) {
  Unit enemy;
  enemy.moveRange = f.move.value_or(enemy.moveRange);
  enemy.attack = f.attack.value_or(enemy.attack);
  if (f.costs) {
    enemy.movement = *f.costs;
    enemy.className = "custom";
  }
  if (f.className) {
    const auto movement = resolveClassFlag(*f.className, nullptr, "");
    if (!movement) return Error{movement.error()};
    enemy.movement = *movement;
    enemy.className = *f.className;
  }
  return enemy;
}

// The flags together: a scenario, or a map with the enemies and how they move.
std::optional<std::string> dangerProblem(const GivenFlags& given, const DangerArguments& a) {
  if (auto clash = costsAndClassClash(given.has("--costs"), given.has("--class"))) return clash;
  if (a.scenarioPath) {
    if (auto clash = scenarioClash(
            given,
            {"--map", "--unit", "--enemy", "--ally", "--move", "--attack", "--costs", "--class"},
            "the map, the units and their classes")) {
      return clash;
    }
    if (auto clash = gridClash(given)) return clash;
    if (auto clash = sightClash(given, true)) return clash;
    return zocClash(given);
  }
  if (!a.mapPath) {
    return "--scenario is required (or --map FILE with --enemy cells); see "
           "`tactics-grid danger --help`";
  }
  if (!given.has("--enemy")) {
    return "--enemy is required with --map: the cell X,Y of each enemy whose threat to count; "
           "repeat it for more";
  }
  if (!given.has("--move")) {
    return "--move is required with --map: the enemies' Movement Range, 0..255";
  }
  return sightClash(given, false);
}

}  // namespace

Expected<DangerArguments> parseDangerArguments(const std::vector<std::string>& args) {
  const auto line = readCommandLine(args, dangerFlags(), "tactics-grid danger");
  if (!line) return Error{line.error()};
  DangerArguments out;
  out.help = line->given.help;
  if (out.help) return out;
  const CommandFlags& f = line->flags;
  auto enemy = mapEnemy(f);
  if (!enemy) return Error{enemy.error()};
  out.enemy = std::move(*enemy);
  out.scenarioPath = f.scenarioPath;
  out.mapPath = f.mapPath;
  out.grid = f.grid;
  out.cells = f.cells;
  out.backend = f.backend.value_or(Backend::Gpu);
  out.gl = f.gl;
  out.jsonPath = f.jsonPath;
  out.zoc = f.zoc;
  out.sight = f.sight;
  out.blocksSight = f.blocksSight;
  if (auto problem = dangerProblem(line->given, out)) return Error{*problem};
  return out;
}

namespace {

// The grid for people: one character per cell, and a summary line.
std::string formatDangerText(const Grid<std::uint8_t>& count, const std::vector<Unit>& units,
                             const CostMap& map, const std::string& backend) {
  // SPEC §11.5: the danger zone is the player's view; hidden enemies are named apart.
  int enemies = 0;
  int hidden = 0;
  for (const Unit& u : units) {
    if (u.team != Team::Enemy) continue;
    ++(knownTo(Team::Player, u) ? enemies : hidden);
  }
  std::string text = "danger zone of " + std::to_string(enemies) + " enem" +
                     (enemies == 1 ? "y" : "ies") +
                     (hidden ? " (and " + std::to_string(hidden) + " hidden, unknown to the player)"
                             : std::string()) +
                     " on a " + map.sizeText() + " map (" + backend + ")\n";
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

// The board: a scenario's map and units, or a map and the units its flags place.
struct DangerBoard {
  CostMap map;
  std::vector<Unit> units;
  std::string mapPath;  // the file the map came from, for the input check
  BoardRules rules;     // the scenario's (SPEC §11.2); --zoc's for a --map board
};

Expected<DangerBoard> loadDangerBoard(const DangerArguments& a, CommandEnv& env) {
  if (a.scenarioPath) {
    auto scenario = env.scenario(*a.scenarioPath);
    if (!scenario) return Error{scenario.error()};
    return DangerBoard{std::move(scenario->map), std::move(scenario->units), scenario->mapPath,
                       scenario->rules};
  }
  auto map = loadBoardMap(env, *a.mapPath, a.grid);
  if (!map) return Error{map.error()};
  auto units = placeUnits(*map, a.cells, a.enemy);
  if (!units) return Error{units.error()};
  const auto sight = sightRuleFor(*map, a.sight, a.blocksSight);
  if (!sight) return Error{sight.error()};
  return DangerBoard{std::move(*map), std::move(*units), *a.mapPath, BoardRules{a.zoc, *sight}};
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
  FileEnv env;
  return runDanger(args, out, err, env);
}

int runDanger(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
              CommandEnv& env) {
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
  auto board = loadDangerBoard(a, env);
  if (!board) return fail(board.error(), kExitBadInput);
  if (jsonToFile) {
    const auto inputs = boardInputFiles(a.scenarioPath, "the input scenario", board->mapPath);
    if (auto problem = refuseInputOverwrite("--json", *a.jsonPath, inputs)) {
      return fail(*problem, kExitBadInput);
    }
  }

  // One context (none for cpu) and one set of solvers for the process.
  const SolversLease setup = env.solvers(board->map, a.backend, a.gl);
  if (!setup.solvers) return fail(setup.error, setup.exitCode);
  auto answer = setup.solvers->danger(board->units, board->rules);
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
      out << wroteLine(*a.jsonPath, "the danger counts as JSON");
    } else {
      out << json;
    }
  } else {
    out << formatDangerText(count, board->units, board->map, backend);
  }
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
