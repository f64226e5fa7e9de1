// tactics-grid: no subcommand (or `demo`) opens the demo; every other word names a headless
// command from the table below.

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "app/demo_app.h"
#include "cli/danger_command.h"
#include "cli/field_command.h"
#include "cli/import_tiled_command.h"
#include "cli/route_command.h"
#include "cli/serve_command.h"
#include "cli/solve_command.h"
#include "cmdline/command_line.h"

namespace {

using Args = std::vector<std::string>;
using Run = int (*)(const Args&, std::ostream&, std::ostream&);

// `bench` is the tactics-bench executable beside this one (its libtcod peer brings SDL2 and
// audio libraries that no other command needs): it replaces this process, arguments and exit
// code as they are. Exit 3 when it is not there.
int runBench(const Args& args, std::ostream& out, std::ostream& err) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path bench = self.parent_path() / "tactics-bench";
  std::vector<std::string> words = {bench.string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  out.flush();
  if (!error) ::execv(bench.c_str(), argv.data());
  err << tactics::errorLine(
      "bench runs in tactics-bench, which is not beside tactics-grid (" + bench.string() + ": " +
      std::strerror(error ? error.value() : errno) +
      "); build it (cmake --build build --target tactics-bench) or install both");
  return tactics::kExitNoOpenGl;
}

struct Command {
  const char* name;
  const char* usage;  // after "tactics-grid <name> "
  Run run;
};

const std::vector<Command>& commands() {
  static const std::vector<Command> kCommands = {
      {"demo", "[options]", tactics::app::runDemo},
      {"solve", "--map FILE --unit X,Y --move N [options]", tactics::cli::runSolve},
      {"solve", "--scenario FILE --unit X,Y [options]", tactics::cli::runSolve},
      {"danger", "--scenario FILE [options]", tactics::cli::runDanger},
      {"field", "--scenario FILE --team T --class K [options]", tactics::cli::runField},
      {"route", "--scenario FILE --unit X,Y --cursor X,Y [X,Y]... [options]",
       tactics::cli::runRoute},
      {"serve", "[--backend B] [--gl core|es]", tactics::cli::runServe},
      {"import-tiled", "MAP --out FILE.png", tactics::cli::runImportTiled},
      {"bench", "[--json FILE] [--quick] [--case NAME]...", runBench},
  };
  return kCommands;
}

void printUsage(std::ostream& out) {
  std::size_t widest = 0;
  for (const Command& command : commands()) {
    widest =
        std::max(widest, std::string(command.name).size() + 1 + std::string(command.usage).size());
  }
  const char* lead = "usage:";
  for (const Command& command : commands()) {
    const std::string line = std::string(command.name) + ' ' + command.usage;
    out << lead << " tactics-grid " << line << std::string(widest - line.size() + 2, ' ') << "(see "
        << command.name << " --help)\n";
    lead = "      ";
  }
  out << "With no command, or only options, tactics-grid opens the demo. tactics-grid --version\n"
         "prints the version.\n";
}

}  // namespace

int main(int argc, char** argv) {
  const Args args(argv + 1, argv + argc);
  if (args.empty()) return tactics::app::runDemo(args, std::cout, std::cerr);
  const std::string& word = args[0];
  if (word == "--version") {
    std::cout << "tactics-grid " << TACTICS_VERSION << "\n";
    return tactics::kExitOk;
  }
  if (word == "--help" || word == "-h" || word == "help") {
    printUsage(std::cout);
    return tactics::kExitOk;
  }
  for (const Command& command : commands()) {
    if (word == command.name)
      return command.run({args.begin() + 1, args.end()}, std::cout, std::cerr);
  }
  // `tactics-grid --map FILE ...`: demo options without the word demo.
  if (word.rfind("--", 0) == 0) return tactics::app::runDemo(args, std::cout, std::cerr);
  std::vector<std::string> seen;  // solve has two usage lines but one name
  std::string names;
  for (const Command& command : commands()) {
    if (std::find(seen.begin(), seen.end(), command.name) != seen.end()) continue;
    seen.emplace_back(command.name);
    names += (names.empty() ? "" : ", ") + seen.back();
  }
  std::cerr << tactics::errorLine("unknown command '" + word + "'; expected one of " + names);
  return tactics::kExitBadInput;
}
