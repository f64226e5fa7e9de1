// SPEC §5: no output writes over a file the open map or scenario reads. Every output flag
// (solve --json/--state-png, danger, field and route --json, import-tiled --out, bench --json)
// against the map, its tileset, the tileset's image and the scenario: one `error:` line naming
// the file and why it is needed, exit 2, every input unchanged.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.h"
#include "temp_paths.h"

namespace fs = std::filesystem;
using namespace tactics::testing;

namespace {

const fs::path kSource = TACTICS_SOURCE_DIR;

// A copy of the Riverford board (scenario, Tiled map, external tileset, its image) laid out as in
// assets/, so a guard that failed would only damage the copy.
struct Board {
  fs::path root;
  fs::path scenario;  // scenarios/riverford.json
  fs::path map;       // maps/riverford.tmx
  fs::path tileset;   // tilesets/terrain.tsx
  fs::path image;     // tilesets/terrain.png
};

Board copyBoard() {
  Board b;
  b.root = scratchDirectory("tactics_inputs_board");
  for (const char* folder : {"scenarios", "maps", "tilesets"}) fs::create_directories(b.root / folder);
  b.scenario = b.root / "scenarios/riverford.json";
  b.map = b.root / "maps/riverford.tmx";
  b.tileset = b.root / "tilesets/terrain.tsx";
  b.image = b.root / "tilesets/terrain.png";
  fs::copy_file(kSource / "assets/scenarios/riverford.json", b.scenario);
  fs::copy_file(kSource / "assets/maps/riverford.tmx", b.map);
  fs::copy_file(kSource / "assets/tilesets/terrain.tsx", b.tileset);
  fs::copy_file(kSource / "assets/tilesets/terrain.png", b.image);
  return b;
}

// `args` with `flag PATH` for every input of the board: refused, naming the path and `why`.
void requireEachInputRefused(const std::string& args, const std::string& flag,
                             const std::vector<std::pair<fs::path, std::string>>& inputs) {
  const fs::path work = scratchDirectory("tactics_inputs_work");
  for (const auto& [input, why] : inputs) {
    const std::string before = slurp(input);
    const std::string command = args + " " + flag + " '" + input.string() + "'";
    const Run r = runTacticsGrid(command, work);
    INFO(command << "\nstderr: " << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.rfind("error: " + flag + " '" + input.string() + "' is ", 0) == 0);
    CHECK(r.err.find(why) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.out.empty());
    CHECK(slurp(input) == before);
    CHECK(fs::is_empty(work));
  }
}

}  // namespace

TEST_CASE("scenario commands refuse to write over the scenario, its map, tileset and image",
          "[cli][files]") {
  const Board b = copyBoard();
  const std::string scenario = " --scenario '" + b.scenario.string() + "'";
  const std::vector<std::pair<fs::path, std::string>> inputs = {
      {b.scenario, "scenario"},
      {b.map, "the scenario's map"},
      {b.tileset, "tileset 'terrain' of the scenario's map"},
      {b.image, "the image of tileset 'terrain' of the scenario's map"}};
  requireEachInputRefused("solve" + scenario + " --unit 3,12", "--json", inputs);
  requireEachInputRefused("solve" + scenario + " --unit 3,12", "--state-png", inputs);
  requireEachInputRefused("danger" + scenario, "--json", inputs);
  requireEachInputRefused("field" + scenario + " --team player --class foot", "--json", inputs);
  requireEachInputRefused("route" + scenario + " --unit 3,12 --cursor 4,12", "--json", inputs);
}

TEST_CASE("map commands and import-tiled refuse to write over the map, tileset and image",
          "[cli][files]") {
  const Board b = copyBoard();
  const std::string map = " --map '" + b.map.string() + "'";
  const std::vector<std::pair<fs::path, std::string>> inputs = {
      {b.map, "the input map"},
      {b.tileset, "tileset 'terrain' of the input map"},
      {b.image, "the image of tileset 'terrain' of the input map"}};
  requireEachInputRefused("solve" + map + " --unit 3,12 --move 4", "--json", inputs);
  requireEachInputRefused("solve" + map + " --unit 3,12 --move 4", "--state-png", inputs);
  requireEachInputRefused("danger" + map + " --enemy 22,12 --move 4", "--json", inputs);
  requireEachInputRefused("field" + map + " --enemy 22,12 --team player --class foot", "--json",
                          inputs);
  // import-tiled: the map itself keeps its own words; the tileset and its image are new.
  requireEachInputRefused("import-tiled '" + b.map.string() + "'", "--out",
                          {{b.map, "the Tiled map itself"},
                           {b.tileset, "tileset 'terrain' of the Tiled map"},
                           {b.image, "the image of tileset 'terrain' of the Tiled map"}});
  // The control: another path is written.
  const fs::path work = scratchDirectory("tactics_inputs_control");
  const Run ok = runTacticsGrid("import-tiled '" + b.map.string() + "' --out out.png", work);
  INFO(ok.err);
  CHECK(ok.exitCode == 0);
  CHECK(fs::exists(work / "out.png"));
}

TEST_CASE("bench --json refuses the scenario its cases read and that scenario's map",
          "[cli][files]") {
  // Links to the real files: a write that got through would replace the link, not the asset.
  const fs::path dir = scratchDirectory("tactics_inputs_bench");
  fs::create_symlink(kSource / "assets/scenarios/default.json", dir / "scenario.json");
  fs::create_symlink(kSource / "assets/maps/crossroads.png", dir / "map.png");
  for (const auto& [link, why] : {std::pair{"scenario.json", "the bench's scenario"},
                                  std::pair{"map.png", "the bench scenario's map"}}) {
    const Run r = runTacticsGrid(std::string("bench --quick --case fe --json ") + link, dir);
    INFO(r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err == std::string("error: --json '") + link + "' is " + why +
                       "; write somewhere else\n");
    CHECK(fs::is_symlink(dir / link));
  }
}
