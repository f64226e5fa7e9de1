// Opening a board the way the panel's list and a file dropped on the window do: a scenario, a
// map image or a Tiled map, and every failure as one message naming the file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "app/rules/scene.h"
#include "temp_paths.h"

using namespace tactics::app;

namespace {

std::string asset(const std::string& path) { return std::string(TACTICS_SOURCE_DIR) + "/assets/" + path; }

}  // namespace

TEST_CASE("open board: a scenario brings its own units", "[app]") {
  const auto scene = openBoard(asset("scenarios/default.json"));
  REQUIRE(scene);
  CHECK(scene->scenarioPath == asset("scenarios/default.json"));
  CHECK(scene->units.size() == 15);
  CHECK(scene->units.front().name == "Lord");
  CHECK(scene->moved.size() == scene->units.size());
}

TEST_CASE("open board: a Tiled map with a units layer brings its own units", "[app]") {
  const auto scene = openBoard(asset("maps/riverford_units.tmx"));
  INFO((scene ? "" : scene.error()));
  REQUIRE(scene);
  CHECK(scene->scenarioPath == asset("maps/riverford_units.tmx"));
  CHECK(scene->mapPath == asset("maps/riverford_units.tmx"));
  CHECK(scene->units.size() == 8);
  CHECK(scene->units.front().name == "Lord");
}

TEST_CASE("open board: a map image or a Tiled map gets the built-in roster", "[app]") {
  for (const char* map : {"maps/crossroads.png", "maps/riverford.tmx"}) {
    INFO(map);
    const auto scene = openBoard(asset(map));
    REQUIRE(scene);
    CHECK(scene->scenarioPath.empty());
    CHECK(scene->mapPath == asset(map));
    CHECK(scene->units.size() >= 4);
  }
  // The 4x2 counterexample gets its one Lord with range 10.
  const auto small = openBoard(asset("maps/counterexample.png"));
  REQUIRE(small);
  REQUIRE(small->units.size() == 1);
  CHECK(small->units[0].moveRange == 10);
}

TEST_CASE("open board: a bad file is one message naming it", "[app]") {
  const auto dir = tactics::testing::uniqueTempPath("tactics_open_board");
  std::filesystem::create_directories(dir);
  const std::string badJson = (dir / "broken.json").string();
  std::ofstream(badJson) << "{\"map\": \"x.png\", \"units\": [";
  const std::string text = (dir / "notes.txt").string();
  std::ofstream(text) << "hello";
  for (const std::string& path : {badJson, text, (dir / "missing.png").string()}) {
    INFO(path);
    const auto scene = openBoard(path);
    REQUIRE_FALSE(scene);
    CHECK(scene.error().find(std::filesystem::path(path).filename().string()) != std::string::npos);
    CHECK(scene.error().find('\n') == std::string::npos);
  }
  std::filesystem::remove_all(dir);
}
