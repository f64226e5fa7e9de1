#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tactics::cli {

// Exit codes of the command line tools (SPEC §5).
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitNoOpenGl = 3;

// `tactics-grid solve ...`: `args` excludes the program name and "solve".
int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
