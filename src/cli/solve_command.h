#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cmdline/command_line.h"

namespace tactics::cli {

// `tactics-grid solve ...`: `args` excludes the program name and "solve".
int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
