#include "cli/solve_arguments.h"

#include "tactics/gpu/headless_context.h"

#include <algorithm>

#include "cli/movement_flags.h"
#include "cmdline/command_line.h"
#include "tactics/solver/parse.h"
#include "tactics/solver/skills.h"

namespace tactics::cli {

Expected<SolveArguments> parseSolveArguments(const std::vector<std::string>& args) {
  static const std::vector<FlagSpec> kFlags = {
      {"--map", "an image or Tiled map FILE"},
      {"--scenario", "a scenario FILE (JSON)"},
      {"--unit", "X,Y"},
      {"--move", "a whole number 0..255"},
      {"--attack", "MAX, MIN-MAX or a set of ranges, e.g. 1-2 or 1,3"},
      {"--enemy", "X,Y", true},
      {"--ally", "X,Y", true},
      {"--costs", "C0,C1,C2,C3,C4, each 1..15 or x"},
      {"--class", "a movement class NAME: foot, mounted, armour, flier or a scenario's"},
      {"--backend", "auto, cpu, gpu or compute"},
      {"--gl", "core or es"},
      {"--zoc", ""},
      {"--skills", "a comma-separated list of pass, skirmisher (\"\" for none)", false, false,
       true},
      {"--ignore-units", ""},
      {"--json", "FILE, or - for standard output"},
      {"--state-png", "FILE"},
  };
  const auto flags = splitFlags(args, kFlags, "tactics-grid solve");
  if (!flags) return Error{flags.error()};

  SolveArguments out;
  if (asksForHelp(*flags)) {
    out.help = true;
    return out;
  }
  std::vector<std::string> given;
  for (const auto& [flag, value] : *flags) {
    given.push_back(flag);
    if (flag == "--map") {
      out.mapPath = value;
    } else if (flag == "--scenario") {
      out.scenarioPath = value;
    } else if (flag == "--unit" || flag == "--enemy" || flag == "--ally") {
      const auto cell = parseCell(value, flag);
      if (!cell) return Error{cell.error()};
      if (flag == "--unit") out.query.unit = *cell;
      if (flag == "--enemy") out.query.enemies.push_back(*cell);
      if (flag == "--ally") out.query.allies.push_back(*cell);
    } else if (flag == "--move") {
      const auto move = parseInteger(value, 0, kMaxMoveRange, "--move");
      if (!move) return Error{move.error()};
      out.query.moveRange = *move;
      out.moveGiven = true;
    } else if (flag == "--attack") {
      const auto attack = parseAttackRange(value, "--attack");
      if (!attack) return Error{attack.error()};
      out.query.attack = *attack;
      out.attackGiven = true;
    } else if (flag == "--costs") {
      const auto movement = parseCostsFlag(value);
      if (!movement) return Error{movement.error()};
      out.query.movement = *movement;
    } else if (flag == "--class") {
      out.className = value;
    } else if (flag == "--zoc") {
      out.query.zoc = true;
    } else if (flag == "--skills") {
      const auto skills = parseSkills(value, "--skills");
      if (!skills) return Error{skills.error()};
      out.query.skills = *skills;
      out.skillsGiven = true;
    } else if (flag == "--ignore-units") {
      out.query.ignoreUnits = true;
    } else if (flag == "--gl") {
      const auto api = gpu::parseGlApi(value, "--gl");
      if (!api) return Error{api.error()};
      out.gl = *api;
    } else if (flag == "--backend") {
      const auto backend = parseBackend(value, "--backend");
      if (!backend) return Error{backend.error()};
      out.backend = *backend;
    } else if (flag == "--json") {
      out.jsonPath = value;
    } else if (flag == "--state-png") {
      if (value == "-") return Error{"--state-png needs a file path, not '-'"};
      out.statePngPath = value;
    }
  }
  const auto has = [&](const char* flag) {
    return std::find(given.begin(), given.end(), flag) != given.end();
  };
  if (auto clash = costsAndClassClash(has("--costs"), has("--class"))) return Error{*clash};
  if (out.scenarioPath) {
    // The scenario holds the map, the other units and the movement class.
    for (const char* clash : {"--map", "--enemy", "--ally", "--costs"}) {
      if (has(clash)) {
        return Error{std::string(clash) + " cannot be combined with --scenario, which gives the "
                     "map, the units and their classes; use one or the other"};
      }
    }
    if (has("--zoc")) {
      return Error{"--zoc cannot be combined with --scenario, whose \"rules\" decide zone of "
                   "control; use --zoc only with --map"};
    }
    if (!has("--unit")) {
      return Error{"--unit is required with --scenario: the cell X,Y of the unit to move"};
    }
    return out;
  }
  for (const char* required : {"--map", "--unit", "--move"}) {
    if (!has(required)) {
      return Error{std::string(required) + " is required" +
                   (required == std::string("--map") ? " (or --scenario FILE)" : "") +
                   "; see `tactics-grid solve --help`"};
    }
  }
  if (out.className) {
    const auto movement = resolveClassFlag(*out.className, nullptr, "");
    if (!movement) return Error{movement.error()};
    out.query.movement = *movement;
  }
  return out;
}

}  // namespace tactics::cli
