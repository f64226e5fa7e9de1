// `tactics-grid danger` as a user runs it: both backends, both output forms, every bad input.
#include <catch2/catch.hpp>

#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "cli_run.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/io/scenario.h"

namespace fs = std::filesystem;
using tactics::testing::Run;
using tactics::testing::runTacticsGrid;
using tactics::testing::slurp;
using tactics::testing::writeText;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;
const std::string kScenarios = kSource + "/assets/scenarios/";

}  // namespace

TEST_CASE("danger gives the reference counts on every backend, as JSON", "[cli]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_danger_json");
  for (const char* name : {"default.json", "fortress.json", "islands.json", "counterexample.json"}) {
    INFO(name);
    const std::string scenarioPath = kScenarios + name;
    const Run gpu = runTacticsGrid("danger --scenario '" + scenarioPath + "' --json -", dir);
    const Run cpu = runTacticsGrid("danger --scenario '" + scenarioPath + "' --backend cpu --json -", dir);
    const Run compute =
        runTacticsGrid("danger --scenario '" + scenarioPath + "' --backend compute --json -", dir);
    INFO(gpu.err << cpu.err << compute.err);
    REQUIRE(gpu.exitCode == 0);
    REQUIRE(cpu.exitCode == 0);
    REQUIRE(compute.exitCode == 0);
    auto fromCompute = nlohmann::json::parse(compute.out);
    CHECK(fromCompute["backend"] == "compute");
    fromCompute.erase("backend");
    auto json = nlohmann::json::parse(gpu.out);
    auto fromCpu = nlohmann::json::parse(cpu.out);
    CHECK(json.size() == 4);
    CHECK(json["backend"] == "gpu");
    CHECK(fromCpu["backend"] == "cpu");
    json.erase("backend");
    fromCpu.erase("backend");
    CHECK(json == fromCpu);
    CHECK(fromCompute == fromCpu);

    const auto scenario = tactics::loadScenario(scenarioPath);
    REQUIRE(scenario);
    const auto reference = tactics::dangerZone(scenario->map, scenario->units);
    REQUIRE(json["width"] == reference.width());
    REQUIRE(json["height"] == reference.height());
    REQUIRE(json["count"].size() == static_cast<std::size_t>(reference.height()));
    for (int y = 0; y < reference.height(); ++y) {
      REQUIRE(json["count"][static_cast<std::size_t>(y)].size() == static_cast<std::size_t>(reference.width()));
      for (int x = 0; x < reference.width(); ++x) {
        CHECK(json["count"][static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == reference[{x, y}]);
      }
    }
  }
}

TEST_CASE("danger prints a grid for people that agrees with the JSON", "[cli]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_danger_text");
  const std::string base = "danger --scenario '" + kScenarios + "default.json'";
  const Run text = runTacticsGrid(base, dir);
  REQUIRE(text.exitCode == 0);
  REQUIRE(runTacticsGrid(base + " --json counts.json", dir).exitCode == 0);
  const auto json = nlohmann::json::parse(slurp(dir / "counts.json"));
  CHECK(text.out.rfind("danger zone of 7 enemies on a 32x24 map (gpu, ", 0) == 0);
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.out.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.out.substr(start, end - start));
  }
  REQUIRE(lines.size() == 26);  // header, 24 rows, summary
  int threatened = 0;
  for (std::size_t y = 0; y < 24; ++y) {
    const std::string& row = lines[y + 1];
    REQUIRE(row.size() == 32);
    for (std::size_t x = 0; x < 32; ++x) {
      const int n = json["count"][y][x];
      const char expected = n == 0 ? '.' : n >= 10 ? '+' : static_cast<char>('0' + n);
      CHECK(row[x] == expected);
      threatened += n > 0;
    }
  }
  CHECK(threatened > 0);
  CHECK(lines[25].rfind(std::to_string(threatened) + " cells threatened", 0) == 0);
}

TEST_CASE("danger refuses bad input with one line and no file", "[cli]") {
  const fs::path inputs = tactics::testing::scratchDirectory("tactics_cli_danger_inputs");
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_danger_bad");
  const auto refused = [&](const std::string& args, const std::string& mention) {
    tactics::testing::requireRefusedIn(dir, args, mention);
  };
  const std::string good = "danger --scenario '" + kScenarios + "default.json'";
  refused("danger", "--scenario is required");
  refused("danger --json out.json", "--scenario is required");
  refused(good + " --backend fragment --json out.json", "--backend 'fragment' is not allowed");
  refused(good + " --unit 3,20 --json out.json", "--unit");
  refused(good + " --json", "--json is missing its value");
  refused(good + " --json missing/out.json", "missing");
  refused("danger --scenario '" + (inputs / "none.json").string() + "' --json out.json",
          "cannot read scenario");

  fs::create_directories(inputs / "maps");
  fs::copy_file(kSource + "/assets/maps/islands.png", inputs / "maps/islands.png");
  writeText(inputs / "bad.json", R"({"map": "maps/islands.png", "units": [
    {"name": "Lord", "team": "player", "at": [2, 11], "move": 5},
    {"name": "Shark", "team": "enemy", "at": [0, 0], "move": 5}]})");
  refused("danger --scenario '" + (inputs / "bad.json").string() + "' --json out.json",
          "units[1] (\"Shark\"): stands at 0,0 on wall");
  writeText(inputs / "tiled.json", R"({"type": "map", "width": 1, "height": 1, "tilewidth": 8,
    "tileheight": 8, "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8,
    "tilecount": 1, "tiles": [{"id": 0, "type": "plains"}]}],
    "layers": [{"type": "tilelayer", "name": "g", "width": 1, "height": 1, "data": [1]}]})");
  refused("danger --scenario '" + (inputs / "tiled.json").string() + "'",
          "is a Tiled map without a 'units' object layer; use --map");
  writeText(inputs / "syntax.json", "{\"map\": \"maps/islands.png\",\n \"units\": [,]}");
  refused("danger --scenario '" + (inputs / "syntax.json").string() + "'", "line 2, column");

  // The JSON never lands on the scenario or its map.
  const std::string scenario = R"({"map": "maps/islands.png", "units": [
    {"name": "Lord", "team": "player", "at": [2, 11], "move": 5}]})";
  writeText(inputs / "good.json", scenario);
  const std::string own = "danger --scenario '" + (inputs / "good.json").string() + "'";
  refused(own + " --json '" + (inputs / "good.json").string() + "'", "is the input scenario");
  refused(own + " --json '" + (inputs / "maps/islands.png").string() + "'", "is the scenario's map");
  CHECK(slurp(inputs / "good.json") == scenario);
}

TEST_CASE("danger without OpenGL exits 3, and the CPU backend needs none", "[cli]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_danger_nogl");
  const std::string noDriver = "__EGL_VENDOR_LIBRARY_DIRS=/nonexistent";
  const std::string args = "danger --scenario '" + kScenarios + "default.json' --json out.json";
  const std::string gpu = "cd '" + dir.string() + "' && " + noDriver + " '" TACTICS_EXE "' " + args +
                          " 2>err.txt >/dev/null";
  const int status = std::system(gpu.c_str());
  CHECK(WEXITSTATUS(status) == 3);
  CHECK(slurp(dir / "err.txt").rfind("error: no OpenGL 3.3 context", 0) == 0);
  CHECK_FALSE(fs::exists(dir / "out.json"));
  const std::string cpu = "cd '" + dir.string() + "' && " + noDriver + " '" TACTICS_EXE "' " + args +
                          " --backend cpu 2>err.txt >/dev/null";
  CHECK(WEXITSTATUS(std::system(cpu.c_str())) == 0);
  CHECK(fs::exists(dir / "out.json"));
}

TEST_CASE("danger --json FILE says what it wrote, and --json - prints only the JSON", "[cli][outputs]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_danger_wrote");
  const std::string base = "danger --scenario '" + kScenarios + "default.json' --backend cpu";
  const Run file = runTacticsGrid(base + " --json counts.json", dir);
  REQUIRE(file.exitCode == 0);
  CHECK(file.out == "wrote counts.json: the danger counts as JSON\n");
  const Run toStdout = runTacticsGrid(base + " --json -", dir);
  REQUIRE(toStdout.exitCode == 0);
  CHECK(nlohmann::json::parse(toStdout.out) == nlohmann::json::parse(slurp(dir / "counts.json")));
}

TEST_CASE("an image given as --scenario is named as one, pointing to --map", "[cli]") {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_scenario_image");
  const std::string png = kSource + "/assets/maps/crossroads.png";
  const std::string expected = "--scenario '" + png + "' is an image; a scenario is JSON (use --map";
  using tactics::testing::requireRefusedIn;
  requireRefusedIn(dir, "danger --scenario '" + png + "' --json out.json", expected);
  requireRefusedIn(dir, "field --scenario '" + png + "' --team player --class foot --json out.json",
                   expected);
  requireRefusedIn(dir, "solve --scenario '" + png + "' --unit 1,1 --json out.json", expected);
  requireRefusedIn(dir, "route --scenario '" + png + "' --unit 1,1 --cursor 1,2 --json out.json",
                   expected);
  // A file that is neither keeps io's own words.
  fs::create_directories(dir.parent_path());
  const fs::path junk = tactics::testing::uniqueTempPath("tactics_cli_junk.bin");
  writeText(junk, std::string("\x01\x02\x00\x03", 4));
  requireRefusedIn(dir, "danger --scenario '" + junk.string() + "'", "NUL byte");
  fs::remove(junk);
}
