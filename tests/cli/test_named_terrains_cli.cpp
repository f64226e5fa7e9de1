// Named terrains (SPEC §11.1, §11.7) on the command line, with the sample assets/maps/desert.tmx
// (eight terrains: sand, bridge and shallows beyond the five): `solve --json` lists them, the
// state PNG's R is the terrain index, every backend agrees, and import-tiled refuses to flatten
// the map into a five-grey PNG, naming the terrains it cannot hold.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <stb/stb_image.h>

#include <filesystem>
#include <string>

#include "cli_run.h"

namespace fs = std::filesystem;
using tactics::testing::Run;
using tactics::testing::runTacticsGrid;

namespace {

const std::string kDesert = std::string(TACTICS_SOURCE_DIR) + "/assets/maps/desert.tmx";

nlohmann::json json(const Run& run) {
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  return nlohmann::json::parse(run.out);
}

}  // namespace

TEST_CASE("named terrains: solve lists the terrains and every backend agrees", "[cli][terrains]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_terrains");
  // The Rider hates sand (5), the Wyvern does not care.
  const auto rider = json(runTacticsGrid("solve --scenario '" + kDesert + "' --unit 4,15 --json - --backend cpu", dir));
  CHECK(rider["terrains"] == nlohmann::json({"plains", "forest", "hills", "mountains", "wall",
                                             "sand", "bridge", "shallows"}));
  CHECK(rider["class"] == "rider");
  CHECK(rider["costs"] == "1,3,4,x,x,5,1");
  for (const char* backend : {"gpu", "compute"}) {
    INFO(backend);
    const auto other = json(runTacticsGrid("solve --scenario '" + kDesert + "' --unit 4,15 --json - --backend " + backend, dir));
    CHECK(other["grid"] == rider["grid"]);
  }
  const auto wyvern = json(runTacticsGrid("solve --scenario '" + kDesert + "' --unit 2,16 --json -", dir));
  int riderCells = 0;
  int wyvernCells = 0;
  for (const auto& row : rider["grid"]) {
    for (char c : row.get<std::string>()) riderCells += c == 'M';
  }
  for (const auto& row : wyvern["grid"]) {
    for (char c : row.get<std::string>()) wyvernCells += c == 'M';
  }
  CHECK(wyvernCells > 2 * riderCells);
  // A map of the five greys has no "terrains" key: its output keeps its bytes.
  const auto plain = json(runTacticsGrid("solve --map '" + std::string(TACTICS_SOURCE_DIR) +
                                             "/assets/maps/crossroads.png' --unit 3,20 --move 5 --json -", dir));
  CHECK_FALSE(plain.contains("terrains"));
}

TEST_CASE("named terrains: the state PNG's R is the terrain index", "[cli][terrains]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_terrains_png");
  const Run run = runTacticsGrid("solve --scenario '" + kDesert + "' --unit 4,15 --state-png state.png", dir);
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  int width = 0;
  int height = 0;
  int channels = 0;
  unsigned char* pixels = stbi_load((dir / "state.png").string().c_str(), &width, &height, &channels, 4);
  REQUIRE(pixels);
  const auto red = [&](int x, int y) { return pixels[(y * width + x) * 4]; };
  CHECK(red(4, 0) == 5);    // sand
  CHECK(red(23, 0) == 4);   // deep water (wall)
  CHECK(red(21, 0) == 7);   // shallows
  CHECK(red(10, 12) == 6);  // bridge
  CHECK(red(0, 0) == 3);    // mesa (mountains)
  stbi_image_free(pixels);
}

TEST_CASE("named terrains: import-tiled refuses a map with terrains beyond the fifth",
          "[cli][terrains]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_terrains_import");
  const Run run = runTacticsGrid("import-tiled '" + kDesert + "' --out desert.png", dir);
  CHECK(run.exitCode == 2);
  CHECK(run.out.empty());
  CHECK(run.err.rfind("error: ", 0) == 0);
  CHECK(run.err.find('\n') == run.err.size() - 1);
  CHECK(run.err.find("(sand, bridge, shallows)") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "desert.png"));
}
