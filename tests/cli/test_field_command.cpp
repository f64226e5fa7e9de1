// `tactics-grid field` as a user runs it (SPEC §10): the real executable on a scenario written
// here, its exit codes, stderr and files.
#include <catch2/catch.hpp>

#include "cli_run.h"
#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

#include "tactics/solver/cost_map.h"
#include "tactics/io/png.h"

namespace fs = std::filesystem;
using Rows = std::vector<std::vector<int>>;

namespace {

using tactics::testing::Run;
using tactics::testing::slurp;

void writeBytes(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// Runs the executable with `args` (already shell-quoted where needed) from `dir`.
Run run(const std::string& args, const fs::path& dir) {
  return tactics::testing::runTacticsGrid(args, dir);
}

// The board, with its field worked out by hand below:
//   P P # P E      P plains, F forest, M mountains, # wall
//   P F # P M      L the player's lord at 0,0, E an enemy at 4,0, G an ally at 3,2
//   P P P G P
fs::path boardDir() {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_field_board");
  fs::remove_all(dir);
  fs::create_directories(dir / "maps");
  const std::vector<std::uint8_t> grey = {0, 0, 255, 0, 0, 0, 76, 255, 0, 178, 0, 0, 0, 0, 0};
  const auto png = tactics::encodePng(5, 3, 1, grey);
  writeBytes(dir / "maps" / "board.png", std::string(png.begin(), png.end()));
  writeBytes(dir / "board.json", R"({
  "map": "maps/board.png",
  "classes": { "armour": "1,3,6,x,x" },
  "units": [
    { "name": "Lord", "team": "player", "at": [0, 0], "move": 5 },
    { "name": "Brigand", "team": "enemy", "at": [4, 0], "move": 5 },
    { "name": "Guard", "team": "ally", "at": [3, 2], "move": 4 }
  ]
})");
  return dir;
}

// A scratch directory for outputs, emptied for each check.
fs::path scratch() {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_field_out");
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

Rows costOf(const std::string& json) {
  return nlohmann::json::parse(json)["cost"].get<Rows>();
}

// A bad input: exit 2, one line on stderr starting with "error:" and naming `mention`, nothing
// on stdout, and no output file left behind.
void requireRefused(const std::string& args, const std::string& mention) {
  const fs::path dir = scratch();
  const Run r = run(args + " --json out.json", dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(mention) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(fs::is_empty(dir));
}

}  // namespace

TEST_CASE("field gives the hand-computed field on every backend", "[cli][field]") {
  const std::string board = "'" + (boardDir() / "board.json").string() + "'";
  // Players walk towards the enemy at 4,0, through the ally's cell 3,2, around the river.
  const Rows forPlayers = {{8, 8, -1, 1, 0}, {7, 7, -1, 2, 8}, {6, 5, 4, 3, 4}};
  for (const char* backend : {"gpu", "cpu", "compute"}) {
    INFO(backend);
    const Run r = run("field --scenario " + board + " --team player --class foot --backend " +
                          backend + " --json -",
                      "/");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json.size() == 6);
    CHECK(json["backend"] == backend);
    CHECK(json["width"] == 5);
    CHECK(json["height"] == 3);
    CHECK(json["team"] == "player");
    CHECK(json["class"] == "foot");
    CHECK(json["cost"].get<Rows>() == forPlayers);
  }
  // Allies share the players' side, so the same field.
  const Run ally = run("field --scenario " + board + " --team ally --class foot --json -", "/");
  REQUIRE(ally.exitCode == 0);
  CHECK(costOf(ally.out) == forPlayers);
}

TEST_CASE("field for the enemy team and for another class", "[cli][field]") {
  const fs::path dir = boardDir();
  // Enemies walk towards the lord and the ally; the enemy's own cell is ordinary ground.
  const Run enemy = run("field --scenario board.json --team enemy --class foot --json -", dir);
  INFO(enemy.err);
  REQUIRE(enemy.exitCode == 0);
  CHECK(costOf(enemy.out) == Rows{{0, 1, -1, 2, 3}, {1, 3, -1, 1, 9}, {2, 2, 1, 0, 1}});
  // Armour: forest 3, no mountains.
  for (const char* backend : {"gpu", "cpu", "compute"}) {
    const Run armour = run(std::string("field --scenario board.json --team player --class armour") +
                               " --json - --backend " + backend,
                           dir);
    INFO(backend << ": " << armour.err);
    REQUIRE(armour.exitCode == 0);
    CHECK(costOf(armour.out) == Rows{{8, 9, -1, 1, 0}, {7, 8, -1, 2, -1}, {6, 5, 4, 3, 4}});
  }
}

TEST_CASE("field --backend compute gives the reference's field on the default scenario",
          "[cli][field]") {
  const std::string scenario = "'" TACTICS_SOURCE_DIR "/assets/scenarios/default.json'";
  for (const char* team : {"enemy", "player"}) {
    for (const char* movement : {"foot", "flier", "armour"}) {
      INFO(team << " " << movement);
      const std::string args = std::string("field --scenario ") + scenario + " --team " + team +
                               " --class " + movement + " --json - --backend ";
      const Run cpu = run(args + "cpu", "/");
      const Run compute = run(args + "compute", "/");
      INFO(compute.err);
      REQUIRE(cpu.exitCode == 0);
      REQUIRE(compute.exitCode == 0);
      CHECK(nlohmann::json::parse(compute.out)["backend"] == "compute");
      CHECK(costOf(compute.out) == costOf(cpu.out));
    }
  }
  const Run text = run("field --scenario " + scenario + " --team enemy --class foot --backend compute", "/");
  REQUIRE(text.exitCode == 0);
  CHECK(text.out.find("32x24 map (compute)\n") != std::string::npos);
}

TEST_CASE("field prints a grid for people and writes JSON files", "[cli][field]") {
  const fs::path dir = boardDir();
  const Run text = run("field --scenario board.json --team player --class foot", dir);
  INFO(text.err);
  REQUIRE(text.exitCode == 0);
  CHECK(text.out.rfind("field for team player, class foot, from 1 hostile unit on a 5x3 map", 0) == 0);
  CHECK(text.out.find("\n8 8 - 1 0\n7 7 - 2 8\n6 5 4 3 4\n") != std::string::npos);
  CHECK(text.out.find("13 cells reached, the farthest costs 8") != std::string::npos);

  const fs::path out = scratch();
  const Run file = run("field --scenario '" + (dir / "board.json").string() +
                           "' --team=enemy --class=foot --json field.json",
                       out);
  REQUIRE(file.exitCode == 0);
  CHECK(file.out == "wrote field.json: the field as JSON\n");  // as import-tiled does
  CHECK(costOf(slurp(out / "field.json"))[1][4] == 9);
}

TEST_CASE("field refuses bad inputs", "[cli][field]") {
  const std::string board = "field --scenario '" + (boardDir() / "board.json").string() + "'";
  requireRefused(board + " --team monsters --class foot",
                 "--team 'monsters' is not allowed; expected player, enemy or ally");
  requireRefused(board + " --team player --class cavalry",
                 "--class 'cavalry' is not a movement class of");
  requireRefused(board + " --team player --class cavalry", "it has armour, foot");
  requireRefused(board + " --team player --class foot --backend vulkan", "--backend 'vulkan'");
  requireRefused(board + " --class foot", "needs --team");
  requireRefused(board + " --team player", "needs --class");
  requireRefused("field --team player --class foot", "needs --scenario");
  requireRefused(board + " --team player --class foot --speed 3", "--speed");
  requireRefused("field --scenario /nonexistent/board.json --team player --class foot",
                 "/nonexistent/board.json");

  // A scenario that is not one, and one whose map is missing.
  const fs::path dir = boardDir();
  writeBytes(dir / "broken.json", "{\"map\": \"maps/board.png\", \"units\": [");
  requireRefused("field --scenario '" + (dir / "broken.json").string() + "' --team player --class foot",
                 "broken.json");
  fs::remove(dir / "maps" / "board.png");
  requireRefused(board + " --team player --class foot", "board.png");
}

TEST_CASE("field refuses bad output paths and never overwrites its inputs", "[cli][field]") {
  const fs::path dir = boardDir();
  const std::string base = "field --scenario board.json --team player --class foot";
  const Run missing = run(base + " --json /nonexistent/dir/out.json", dir);
  CHECK(missing.exitCode == 2);
  CHECK(missing.err.rfind("error: cannot write '/nonexistent/dir/out.json'", 0) == 0);
  CHECK(missing.out.empty());

  const std::string scenario = slurp(dir / "board.json");
  const Run overScenario = run(base + " --json ./board.json", dir);
  CHECK(overScenario.exitCode == 2);
  CHECK(overScenario.err.find("is the scenario") != std::string::npos);
  CHECK(slurp(dir / "board.json") == scenario);

  const std::string map = slurp(dir / "maps" / "board.png");
  const Run overMap = run(base + " --json maps/board.png", dir);
  CHECK(overMap.exitCode == 2);
  CHECK(overMap.err.find("is the scenario's map") != std::string::npos);
  CHECK(slurp(dir / "maps" / "board.png") == map);

  const Run directory = run(base + " --json maps", dir);
  CHECK(directory.exitCode == 2);
  CHECK(directory.err.rfind("error: ", 0) == 0);
}
