#include "cli/solve_arguments.h"

#include <algorithm>

#include "cmdline/command_line.h"
#include "core/parse.h"

namespace tactics::cli {

Expected<AttackRange> parseAttackRange(const std::string& text) {
  const std::string allowed = "; expected MAX or MIN-MAX with 1 <= MIN <= MAX <= 255, or 0";
  const auto dash = text.find('-');
  if (dash == std::string::npos) {
    const auto max = parseInteger(text, 0, kMaxAttackRange, "--attack");
    if (!max) return Error{max.error()};
    return AttackRange{*max == 0 ? 0 : 1, *max};
  }
  const auto min = parseInteger(text.substr(0, dash), 0, kCellCoordinateLimit, "--attack");
  const auto max = parseInteger(text.substr(dash + 1), 0, kCellCoordinateLimit, "--attack");
  if (!min || !max) return Error{"--attack '" + text + "' is not MIN-MAX" + allowed};
  if (*min == 0 && *max == 0) return AttackRange{0, 0};
  if (*min < 1 || *min > *max || *max > kMaxAttackRange) {
    return Error{"--attack " + text + " is not allowed" + allowed};
  }
  return AttackRange{*min, *max};
}

Expected<SolveArguments> parseSolveArguments(const std::vector<std::string>& args) {
  static const std::vector<FlagSpec> kFlags = {
      {"--map", "an image FILE"},
      {"--unit", "X,Y"},
      {"--move", "a whole number 0..255"},
      {"--attack", "MAX or MIN-MAX, e.g. 1-2"},
      {"--enemy", "X,Y", true},
      {"--ally", "X,Y", true},
      {"--costs", "C0,C1,C2,C3,C4, each 1..15 or x"},
      {"--backend", "gpu, cpu or compute"},
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
    } else if (flag == "--attack") {
      const auto attack = parseAttackRange(value);
      if (!attack) return Error{attack.error()};
      out.query.attack = *attack;
    } else if (flag == "--costs") {
      const auto movement = parseMovementClass(value, "--costs");
      if (!movement) return Error{movement.error()};
      out.query.movement = *movement;
    } else if (flag == "--backend") {
      if (value != "gpu" && value != "cpu" && value != "compute") {
        return Error{"--backend '" + value + "' is not allowed; expected gpu, cpu or compute"};
      }
      out.backend = value == "gpu" ? Backend::Gpu : value == "cpu" ? Backend::Cpu : Backend::Compute;
    } else if (flag == "--json") {
      out.jsonPath = value;
    } else if (flag == "--state-png") {
      if (value == "-") return Error{"--state-png needs a file path, not '-'"};
      out.statePngPath = value;
    }
  }
  for (const char* required : {"--map", "--unit", "--move"}) {
    if (std::find(given.begin(), given.end(), required) == given.end()) {
      return Error{std::string(required) + " is required; see `tactics-grid solve --help`"};
    }
  }
  return out;
}

}  // namespace tactics::cli
