// Never lose work (issue 37 items 1 and 2), in the real window driven by xdotool
// (e2e_unsaved.sh): Tab selects the next unit even after a click on the panel; a unit deleted in the level editor comes back with Ctrl+Z; Delete after a
// click on an empty cell removes nothing; closing with unsaved edits asks first, Esc keeps the
// window open, and Discard closes it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "e2e_support.h"
#include "tactics/io/scenario.h"

using namespace tactics;

TEST_CASE("unsaved edits: Delete and Ctrl+Z, Delete with nothing selected, and the question "
          "before closing", "[e2e]") {
  namespace fs = std::filesystem;
  const fs::path dir = e2e::tempPath("unsaved");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(e2e::crossroadsPath(), dir / "crossroads.png");
  const std::string scenario = (dir / "level.json").string();
  std::ofstream(scenario) << R"({ "map": "crossroads.png",
  "units": [ { "name": "Knight", "team": "player", "at": [10, 10], "move": 4 },
             { "name": "Archer", "team": "player", "at": [14, 14], "move": 4 },
             { "name": "Brigand", "team": "enemy", "at": [20, 12], "move": 5 } ] })";
  const auto board = loadScenario(scenario);
  REQUIRE(board);
  const Cell empty{12, 11};  // plains: the plains brush changes nothing there
  REQUIRE(board->map.terrain(empty) == 0);

  const std::string log = e2e::tempPath("unsaved.log");
  const e2e::Run run = e2e::run(std::string(e2e::kXvfb) + "bash " + TACTICS_SOURCE_DIR +
                                "/tests/e2e/e2e_unsaved.sh " + TACTICS_EXE + " " + log + " " +
                                scenario + " 10 10 " + std::to_string(empty.x) + " " +
                                std::to_string(empty.y));
  INFO("driver: " << run.err << "\ndemo: " << e2e::readText(log));
  CHECK(run.exitCode == 0);
  const std::string said = e2e::readText(log);
  CHECK(said.find("removed Knight") != std::string::npos);
  CHECK(said.find("removed Brigand") == std::string::npos);
  CHECK(said.find("removed Archer") == std::string::npos);
}
