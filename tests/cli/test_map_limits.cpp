// SPEC §1's limit: a map wider or taller than 4096 cells is refused by every command before any
// work, exit 2, with the limit in the one `error:` line and no file written.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_run.h"
#include "tactics/io/png.h"
#include "temp_paths.h"

namespace fs = std::filesystem;
using namespace tactics::testing;

namespace {

// A real 4097x1 grey PNG (plains) and a scenario on it with one player and one enemy.
fs::path wideBoard() {
  const fs::path dir = uniqueTempPath("tactics-map-limits");
  fs::create_directories(dir);
  const auto png = tactics::encodePng(4097, 1, 1, std::vector<std::uint8_t>(4097, 0));
  std::ofstream(dir / "wide.png", std::ios::binary)
      .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  writeText(dir / "wide.json",
            R"({"map": "wide.png", "units": [
  {"name": "Lord", "team": "player", "at": [0, 0], "move": 5, "attack": "1-1"},
  {"name": "Brigand", "team": "enemy", "at": [4096, 0], "move": 5, "attack": "1-1"}]})");
  return dir;
}

}  // namespace

TEST_CASE("a 4097x1 map is refused by solve on every backend with the 4096 limit", "[cli]") {
  const fs::path board = wideBoard();
  const fs::path out = scratchDirectory(uniqueTempPath("tactics-map-limits-out").filename().string());
  for (const char* backend : {"gpu", "cpu", "compute"}) {
    requireRefusedIn(out,
                     "solve --map '" + (board / "wide.png").string() + "' --unit 0,0 --move 3"
                     " --backend " + backend + " --json out.json --state-png out.png",
                     "4096");
  }
}

TEST_CASE("a scenario on a 4097x1 map is refused by danger, field and route", "[cli]") {
  const fs::path board = wideBoard();
  const fs::path out = scratchDirectory(uniqueTempPath("tactics-map-limits-out").filename().string());
  const std::string scenario = " --scenario '" + (board / "wide.json").string() + "'";
  requireRefusedIn(out, "danger" + scenario + " --json out.json", "4096");
  requireRefusedIn(out, "field" + scenario + " --team player --class foot --json out.json",
                   "4096");
  requireRefusedIn(out, "route" + scenario + " --unit 0,0 --cursor 1,0 --json out.json", "4096");
}
