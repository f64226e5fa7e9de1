#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"

namespace tactics::cli {

class CommandEnv;

inline constexpr const char* kRouteUsage =
    "usage: tactics-grid route --scenario FILE --unit X,Y [--json FILE|-] --cursor X,Y [X,Y]...\n"
    "  --scenario FILE     a scenario (SPEC section 6): the map and its units\n"
    "  --unit X,Y          the unit whose route the cursor traces; its range is solved with the\n"
    "                      CPU reference, the other units blocking as in the scenario\n"
    "  --cursor X,Y ...    the cells the cursor enters, in order, up to the next --flag; each is\n"
    "                      fed to the route memory (SPEC section 8), no cells filled in between\n"
    "  --json FILE|-       write {\"unit\":[X,Y],\"name\":N,\"move\":M,\"class\":K,\n"
    "                      \"cursor\":[[X,Y],...],\"routes\":[[[X,Y],...],...],\"costs\":[C,...],\n"
    "                      \"arrows\":[true|false,...]} (one route, cost and arrow per cursor\n"
    "                      cell) instead of the text (- for standard output)\n";

struct RouteArguments {
  std::string scenarioPath;
  Cell unit;
  std::vector<Cell> cursor;
  std::optional<std::string> jsonPath;  // "-" means stdout
  bool help = false;
};

// The flags alone, strictly: a pure function, no file is read. `args` as for runRoute.
Expected<RouteArguments> parseRouteArguments(const std::vector<std::string>& args);

// `tactics-grid route ...`: `args` excludes the program name and "route".
// With `env`, its files and solvers come from there (SPEC §12's server lends its own);
// without, from a FileEnv: the files read and a context made for this one command.
int runRoute(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             CommandEnv& env);
int runRoute(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
