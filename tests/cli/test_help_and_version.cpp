// Every command's --help lists every flag its parser accepts (the parser's own list, read from
// the error an unknown flag gets), and --version prints the project's version.
#include <catch2/catch.hpp>

#include "temp_paths.h"

#include <regex>
#include <string>
#include <vector>

#include "cli_run.h"

using tactics::testing::Run;
using tactics::testing::runTacticsGrid;

namespace {

// "--map, --scenario, --unit (or --help)" -> {"--map", "--scenario", "--unit"}
std::vector<std::string> acceptedFlags(const std::string& command) {
  const Run r = runTacticsGrid(command + " --no-such-flag",
                               tactics::testing::scratchDirectory("tactics_cli_help_flags"));
  INFO(r.err);
  REQUIRE(r.exitCode == 2);
  std::smatch match;
  REQUIRE(std::regex_search(r.err, match, std::regex("expected (.*) \\(or --help\\)")));
  std::vector<std::string> flags;
  const std::string list = match[1];
  const std::regex flag("--[a-z][a-z-]*");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), flag); it != std::sregex_iterator();
       ++it) {
    flags.push_back(it->str());
  }
  return flags;
}

// `flag` as a whole word: "--json" does not count inside "--json-out".
bool mentions(const std::string& text, const std::string& flag) {
  return std::regex_search(text, std::regex(flag + "(?![a-z-])"));
}

}  // namespace

TEST_CASE("every command's --help lists every flag it accepts", "[cli][help]") {
  for (const char* command : {"solve", "danger", "field", "route", "import-tiled", "bench", "demo"}) {
    INFO(command);
    const std::vector<std::string> flags = acceptedFlags(command);
    CHECK(flags.size() >= 1);
    const Run help = runTacticsGrid(std::string(command) + " --help",
                                    tactics::testing::scratchDirectory("tactics_cli_help_text"));
    REQUIRE(help.exitCode == 0);
    for (const std::string& flag : flags) {
      INFO(flag << " in:\n" << help.out);
      CHECK(mentions(help.out, flag));
    }
  }
  // The checker itself: a flag missing from a text is caught.
  CHECK_FALSE(mentions("--json-out FILE", "--json"));
  CHECK(mentions("  --json FILE", "--json"));
}

TEST_CASE("tactics-grid --version prints the project version", "[cli][help]") {
  const Run version =
      runTacticsGrid("--version", tactics::testing::scratchDirectory("tactics_cli_version"));
  REQUIRE(version.exitCode == 0);
  CHECK(version.out == "tactics-grid " TACTICS_VERSION "\n");
  CHECK(std::regex_match(std::string(TACTICS_VERSION), std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")));
  CHECK(version.err.empty());
  const Run usage = runTacticsGrid("--help", tactics::testing::scratchDirectory("tactics_cli_version"));
  CHECK(mentions(usage.out, "--version"));
}
