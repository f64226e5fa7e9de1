// Fuzz target: the argument parsers of every subcommand, pure functions that read no file and
// make no GL context, all through CLI11 (src/cmdline/flag_parser.cpp). Input: words separated by
// newlines, the first naming the command (solve, danger, field, route, import-tiled, bench,
// serve, demo). Every parse must give options or one error, and the error must print as exactly
// one `error:` line.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/ui/demo_options.h"
#include "cli/bench_command.h"
#include "cli/command_flags.h"
#include "cli/danger_command.h"
#include "cli/field_command.h"
#include "cli/import_tiled_command.h"
#include "cli/route_command.h"
#include "cli/solve_arguments.h"
#include "cmdline/command_line.h"

namespace {

using Words = std::vector<std::string>;

Words splitWords(const std::uint8_t* data, std::size_t size) {
  Words words(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      words.emplace_back();
    } else {
      words.back() += static_cast<char>(data[i]);
    }
  }
  return words;
}

// The error of a failed parse, or "" when it parsed.
template <class Parsed>
std::string errorOf(const Parsed& parsed) {
  if (parsed) return "";
  if (parsed.error().empty()) throw std::logic_error("a parser failed without a message");
  return parsed.error();
}

std::string parseAs(const std::string& command, const Words& args) {
  using namespace tactics;
  if (command == "solve") return errorOf(cli::parseSolveArguments(args));
  if (command == "danger") return errorOf(cli::parseDangerArguments(args));
  if (command == "field") return errorOf(cli::parseFieldArguments(args));
  if (command == "route") return errorOf(cli::parseRouteArguments(args));
  if (command == "import-tiled") return errorOf(cli::parseImportTiledArguments(args));
  if (command == "bench") return errorOf(cli::parseBenchArguments(args));
  if (command == "serve") {
    return errorOf(cli::readCommandLine(args, cli::serveFlags(), "tactics-grid serve"));
  }
  if (command == "demo") return errorOf(app::parseDemoOptions(args));
  return "";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Words words = splitWords(data, size);
  const Words args(words.begin() + 1, words.end());
  const std::string error = parseAs(words.front(), args);
  if (error.empty()) return 0;
  // One line: "error: ...\n" with no other newline and no other control character.
  const std::string line = tactics::errorLine(error);
  if (line.rfind("error: ", 0) != 0 || line.back() != '\n' ||
      line.find('\n') != line.size() - 1) {
    throw std::logic_error("an error message does not print as one error: line");
  }
  return 0;
}
