#pragma once
// The arguments of `tactics-grid solve` (SPEC §5), parsed strictly: a pure function from the
// argument list to options or one error message.

#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/range_query.h"

namespace tactics::cli {

enum class Backend { Gpu, Cpu };

struct SolveArguments {
  std::string mapPath;
  RangeQuery query;                       // cells not yet checked against the map
  Backend backend = Backend::Gpu;
  std::optional<std::string> jsonPath;    // "-" means stdout
  std::optional<std::string> statePngPath;
};

inline constexpr const char* kSolveUsage =
    "usage: tactics-grid solve --map FILE --unit X,Y --move N [--attack MAX | --attack MIN-MAX]\n"
    "                          [--enemy X,Y]... [--ally X,Y]... [--costs C0,C1,C2,C3,C4]\n"
    "                          [--backend gpu|cpu] [--json FILE|-] [--state-png FILE]\n";

// `args` excludes the program name and the word "solve".
Expected<SolveArguments> parseSolveArguments(const std::vector<std::string>& args);

// "N" (1-N), "MIN-MAX", "0" or "0-0" (no attack).
Expected<AttackRange> parseAttackRange(const std::string& text);

}  // namespace tactics::cli
