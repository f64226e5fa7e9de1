// tactics-grid: no subcommand opens the demo; `solve ...` runs the headless solver.

#include <iostream>
#include <string>
#include <vector>

#include "app/demo_app.h"
#include "cli/solve_command.h"

namespace {

constexpr const char* kUsage =
    "usage: tactics-grid [demo [options]]                                (see demo --help)\n"
    "       tactics-grid solve --map FILE --unit X,Y --move N [options]   (see solve --help)\n";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "demo") {
    return tactics::app::runDemo({args.begin() + (args.empty() ? 0 : 1), args.end()}, std::cout,
                                 std::cerr);
  }
  if (!args.empty() && args[0] == "solve") {
    return tactics::cli::runSolve({args.begin() + 1, args.end()}, std::cout, std::cerr);
  }
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h" || args[0] == "help")) {
    std::cout << kUsage;
    return tactics::kExitOk;
  }
  std::cerr << "error: unknown command '" << (args.empty() ? "" : args[0])
            << "'; expected demo or solve\n";
  return tactics::kExitBadInput;
}
