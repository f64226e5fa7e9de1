// tactics-grid: no subcommand (or `demo`) opens the demo; `solve ...` runs the headless solver.

#include <iostream>
#include <string>
#include <vector>

#include "app/demo_app.h"
#include "cli/bench_command.h"
#include "cli/solve_command.h"
#include "cmdline/command_line.h"

namespace {

constexpr const char* kUsage =
    "usage: tactics-grid [demo [options]]                                (see demo --help)\n"
    "       tactics-grid solve --map FILE --unit X,Y --move N [options]   (see solve --help)\n"
    "       tactics-grid bench [--json FILE] [--quick] [--case NAME]...   (see bench --help)\n";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::string command = args.empty() ? "demo" : args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return tactics::kExitOk;
  }
  if (command == "solve") {
    return tactics::cli::runSolve({args.begin() + 1, args.end()}, std::cout, std::cerr);
  }
  if (command == "bench") {
    return tactics::cli::runBench({args.begin() + 1, args.end()}, std::cout, std::cerr);
  }
  if (command == "demo") {
    return tactics::app::runDemo({args.begin() + (args.empty() ? 0 : 1), args.end()}, std::cout,
                                 std::cerr);
  }
  // `tactics-grid --map FILE ...`: demo options without the word demo.
  if (command.rfind("--", 0) == 0) return tactics::app::runDemo(args, std::cout, std::cerr);
  std::cerr << tactics::errorLine("unknown command '" + command + "'; expected demo, solve or bench");
  return tactics::kExitBadInput;
}
