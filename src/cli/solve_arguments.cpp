#include "cli/solve_arguments.h"

#include "cli/command_flags.h"
#include "cli/movement_flags.h"
#include "cmdline/command_line.h"

namespace tactics::cli {

namespace {

// The flags as the solve asks them; the query's cells are not yet checked against the map.
SolveArguments solveArguments(const CommandFlags& f) {
  SolveArguments out;
  out.mapPath = f.mapPath.value_or("");
  out.scenarioPath = f.scenarioPath;
  out.query.unit = f.cells.unit.value_or(Cell{});
  out.query.enemies = f.cells.enemies;
  out.query.allies = f.cells.allies;
  out.moveGiven = f.move.has_value();
  out.query.moveRange = f.move.value_or(out.query.moveRange);
  out.attackGiven = f.attack.has_value();
  out.query.attack = f.attack.value_or(out.query.attack);
  out.query.movement = f.costs.value_or(out.query.movement);
  out.className = f.className;
  out.grid = f.grid;
  out.query.zoc = f.zoc;
  out.sight = f.sight;
  out.blocksSight = f.blocksSight;
  out.skillsGiven = f.skills.has_value();
  out.query.skills = f.skills.value_or(out.query.skills);
  out.query.ignoreUnits = f.ignoreUnits;
  out.backend = f.backend.value_or(Backend::Gpu);
  out.gl = f.gl;
  out.jsonPath = f.jsonPath;
  out.statePngPath = f.statePngPath;
  return out;
}

// With --scenario, the scenario holds the map, the other units and the movement class.
std::optional<std::string> scenarioProblem(const GivenFlags& given) {
  if (auto clash = scenarioClash(given, {"--map", "--enemy", "--ally", "--costs"},
                                 "the map, the units and their classes")) {
    return clash;
  }
  if (auto clash = zocClash(given)) return clash;
  if (auto clash = sightClash(given, true)) return clash;
  if (auto clash = gridClash(given)) return clash;
  if (!given.has("--unit")) {
    return "--unit is required with --scenario: the cell X,Y of the unit to move";
  }
  return std::nullopt;
}

std::optional<std::string> mapProblem(const GivenFlags& given) {
  for (const char* required : {"--map", "--unit", "--move"}) {
    if (!given.has(required)) {
      return std::string(required) + " is required" +
             (required == std::string("--map") ? " (or --scenario FILE)" : "") +
             "; see `tactics-grid solve --help`";
    }
  }
  return std::nullopt;
}

}  // namespace

Expected<SolveArguments> parseSolveArguments(const std::vector<std::string>& args) {
  const auto line = readCommandLine(args, solveFlags(), "tactics-grid solve");
  if (!line) return Error{line.error()};
  SolveArguments out = solveArguments(line->flags);
  out.help = line->given.help;
  if (out.help) return out;
  const GivenFlags& given = line->given;
  if (auto clash = costsAndClassClash(given.has("--costs"), given.has("--class"))) {
    return Error{*clash};
  }
  if (out.scenarioPath) {
    if (auto problem = scenarioProblem(given)) return Error{*problem};
    return out;
  }
  if (auto problem = mapProblem(given)) return Error{*problem};
  if (auto clash = sightClash(given, false)) return Error{*clash};
  if (out.className) {
    const auto movement = resolveClassFlag(*out.className, nullptr, "");
    if (!movement) return Error{movement.error()};
    out.query.movement = *movement;
  }
  return out;
}

}  // namespace tactics::cli
