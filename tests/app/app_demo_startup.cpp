// What the demo settles before a window opens (app/demo_startup.h): the board, the starting
// selection, and every option that names a cell or a file checked against that board.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "app/demo_startup.h"
#include "temp_paths.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

std::string asset(const std::string& path) { return std::string(TACTICS_SOURCE_DIR) + "/assets/" + path; }

DemoStartup started(const std::vector<std::string>& args) {
  auto startup = prepareDemo(args);
  INFO((startup ? "" : startup.error()));
  REQUIRE(startup.ok());
  return std::move(*startup);
}

std::string refusal(const std::vector<std::string>& args) {
  auto startup = prepareDemo(args);
  REQUIRE_FALSE(startup.ok());
  return startup.error();
}

bool offers(const DemoStartup& startup, const std::string& board) {
  return std::any_of(startup.boards.begin(), startup.boards.end(), [&](const std::string& path) {
    return std::filesystem::equivalent(path, board);
  });
}

}  // namespace

TEST_CASE("demo startup: no options open the default scenario with nothing selected", "[app]") {
  const DemoStartup startup = started({});
  CHECK(std::filesystem::equivalent(startup.defaultScenario, asset("scenarios/default.json")));
  CHECK(std::filesystem::equivalent(startup.scene.scenarioPath, asset("scenarios/default.json")));
  CHECK_FALSE(startup.scene.selected);
  // The panel offers the scenarios and the maps that ship with the demo.
  CHECK(offers(startup, asset("scenarios/default.json")));
  CHECK(offers(startup, asset("maps/crossroads.png")));
  CHECK(offers(startup, asset("maps/riverford.tmx")));
}

TEST_CASE("demo startup: --select picks the unit there, --bench-frames the first player unit", "[app]") {
  const DemoStartup archer = started({"--select", "2,18"});
  REQUIRE(archer.scene.selectedUnit());
  CHECK(archer.scene.selectedUnit()->name == "Archer");

  // The default scenario lists the Lord first among the player's units.
  const DemoStartup bench = started({"--bench-frames", "3"});
  REQUIRE(bench.scene.selectedUnit());
  CHECK(bench.scene.selectedUnit()->name == "Lord");
  const DemoStartup both = started({"--bench-frames", "3", "--select", "18,11"});
  REQUIRE(both.scene.selectedUnit());
  CHECK(both.scene.selectedUnit()->name == "Soldier");
}

TEST_CASE("demo startup: a board from elsewhere joins the panel's list", "[app]") {
  const auto dir = tactics::testing::uniqueTempPath("tactics_demo_startup");
  std::filesystem::create_directories(dir);
  const std::string map = (dir / "copy.png").string();
  std::filesystem::copy_file(asset("maps/crossroads.png"), map);
  const DemoStartup startup = started({"--map", map});
  CHECK(startup.scene.mapPath == map);
  CHECK(startup.boards.back() == map);
  CHECK(offers(startup, asset("scenarios/default.json")));
  std::filesystem::remove_all(dir);
}

TEST_CASE("demo startup: options that do not fit the board are refused with what would", "[app]") {
  const std::string crossroads = asset("maps/crossroads.png");
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--map", crossroads, "--scenario", asset("scenarios/default.json")},
       "--map and --scenario both name a board; give one"},
      {{"--select", "32,0"}, "--select 32,0 is outside the 32x24 map (x 0..31, y 0..23)"},
      {{"--hover", "0,24"}, "--hover 0,24 is outside the 32x24 map (x 0..31, y 0..23)"},
      {{"--mark", "40,40"}, "--mark 40,40 is outside the 32x24 map (x 0..31, y 0..23)"},
      {{"--select", "0,0"}, "--select 0,0: no unit stands there; select a cell with a unit on it"},
      // The Lord is the player's, the Hero an ally: only enemies are marked.
      {{"--mark", "3,20"}, "--mark 3,20: no enemy stands there; mark a cell with an enemy on it"},
      {{"--mark", "10,11"}, "--mark 10,11: no enemy stands there; mark a cell with an enemy on it"},
      {{"--map", crossroads, "--screenshot", crossroads},
       "--screenshot '" + crossroads + "' is the board's input '" + crossroads +
           "'; write the screenshot somewhere else"},
      {{"--screenshot", "/nonexistent-dir/shot.png"},
       "--screenshot: cannot write '/nonexistent-dir/shot.png': directory '/nonexistent-dir' does "
       "not exist"},
  };
  for (const auto& [args, why] : cases) {
    INFO(args.front() << ' ' << args.back());
    CHECK(refusal(args) == why);
  }
  // A hidden enemy (SPEC §11.5) is unknown to the player: its cell is empty to --mark and --select.
  const std::string fog = asset("scenarios/fog.json");
  CHECK(refusal({"--scenario", fog, "--mark", "7,21"}) ==
        "--mark 7,21: no enemy stands there; mark a cell with an enemy on it");
  CHECK(refusal({"--scenario", fog, "--select", "7,21"}) ==
        "--select 7,21: no unit stands there; select a cell with a unit on it");
  // A scenario's map is an input too.
  const std::string scenario = asset("scenarios/default.json");
  CHECK_THAT(refusal({"--scenario", scenario, "--screenshot", crossroads}),
             Catch::Contains("is the board's input"));
  CHECK_THAT(refusal({"--map", "/nonexistent.png"}), Catch::Contains("/nonexistent.png"));
}
