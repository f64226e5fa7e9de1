#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cmdline/command_line.h"

namespace tactics::cli {

class CommandEnv;

// `tactics-grid solve ...`: `args` excludes the program name and "solve".
// With `env`, its files and solvers come from there (SPEC §12's server lends its own);
// without, from a FileEnv: the files read and a context made for this one command.
int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             CommandEnv& env);
int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
