// Every output path a command takes (--json, --state-png, --out) is checked before any work: a
// path that cannot be written is one `error:` line, exit 2, and nothing is written anywhere.
// (The demo's --screenshot is checked the same way in the e2e suite.)

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "cli_run.h"
#include "temp_paths.h"

namespace fs = std::filesystem;
using namespace tactics::testing;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;
const std::string kScenario = "'" + kSource + "/assets/scenarios/default.json'";

// Paths nobody can write, root included: under a missing folder, under a regular file, and a
// folder itself.
std::vector<std::string> unwritablePaths(const fs::path& dir) {
  writeText(dir / "plain.txt", "a file, not a folder\n");
  return {"/nonexistent/folder/out.file", (dir / "plain.txt" / "out.file").string(), dir.string()};
}

void requireUnwritableRefused(const std::string& command, const std::string& flagBefore,
                              const std::string& after = "") {
  const fs::path dir = scratchDirectory(uniqueTempPath("tactics-unwritable").filename().string());
  const fs::path work = scratchDirectory(uniqueTempPath("tactics-unwritable-work").filename().string());
  for (const std::string& path : unwritablePaths(dir)) {
    const std::string args = command + " " + flagBefore + " '" + path + "'" + after;
    const Run r = runTacticsGrid(args, work);
    INFO("args: " << args << "\nstderr: " << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.rfind("error: ", 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(path) != std::string::npos);
    CHECK(r.out.empty());
    CHECK(fs::is_empty(work));
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  }
}

}  // namespace

TEST_CASE("solve refuses an unwritable --json or --state-png before solving", "[cli][files]") {
  const std::string solve = "solve --map '" + kSource + "/assets/maps/crossroads.png' --unit 3,20 --move 5";
  requireUnwritableRefused(solve, "--json");
  requireUnwritableRefused(solve, "--state-png");
}

TEST_CASE("danger refuses an unwritable --json before solving", "[cli][files]") {
  requireUnwritableRefused("danger --scenario " + kScenario, "--json");
}

TEST_CASE("field refuses an unwritable --json before solving", "[cli][files]") {
  requireUnwritableRefused("field --scenario " + kScenario + " --team player --class foot", "--json");
}

TEST_CASE("route refuses an unwritable --json before solving", "[cli][files]") {
  requireUnwritableRefused("route --scenario " + kScenario + " --unit 3,20 --cursor 4,20", "--json");
}

TEST_CASE("import-tiled refuses an unwritable --out before reading the map", "[cli][files]") {
  requireUnwritableRefused("import-tiled '" + kSource + "/tests/fixtures/tiled/level-csv.tmx'",
                           "--out");
}

TEST_CASE("bench refuses an unwritable --json before timing anything", "[cli][files]") {
  requireUnwritableRefused("bench --quick --case fe", "--json");
}
