// `tactics-grid solve --scenario`: a scenario's unit moves as the same solve spelt out with
// --map, --costs, --enemy and --ally would, and every bad input is refused.
#include <catch2/catch.hpp>

#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "cli_run.h"

namespace fs = std::filesystem;
using tactics::testing::Run;
using tactics::testing::runTacticsGrid;
using tactics::testing::slurp;
using tactics::testing::writeText;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;
const std::string kDefault = kSource + "/assets/scenarios/default.json";

std::string cellArg(const nlohmann::json& at) {
  return std::to_string(at[0].get<int>()) + "," + std::to_string(at[1].get<int>());
}

// The solve flags the scenario's unit `index` stands for, worked out here from the JSON and
// SPEC §6's blocking rule: the other side's units are enemies, the own side's allies.
std::string spelledOut(const nlohmann::json& scenario, std::size_t index) {
  const auto& units = scenario["units"];
  const auto& unit = units[index];
  const auto enemySide = [](const nlohmann::json& u) { return u["team"] == "enemy"; };
  std::string className = unit.value("class", "foot");
  std::string costs = className == "foot" ? "1,2,4,8,x" : "";
  if (scenario.contains("classes") && scenario["classes"].contains(className)) {
    costs = scenario["classes"][className].get<std::string>();
  }
  std::string args = "--map '" + kSource + "/assets/maps/crossroads.png' --unit " +
                     cellArg(unit["at"]) + " --move " + std::to_string(unit["move"].get<int>()) +
                     " --attack " + unit.value("attack", "1") + " --costs " + costs;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (i == index) continue;
    args += (enemySide(units[i]) == enemySide(unit) ? " --ally " : " --enemy ") +
            cellArg(units[i]["at"]);
  }
  return args;
}

}  // namespace

TEST_CASE("solve --scenario moves each unit as the spelt-out solve would", "[cli]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_scenario_same");
  const auto scenario = nlohmann::json::parse(slurp(kDefault));
  const auto& units = scenario["units"];
  REQUIRE(units.size() >= 12);
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string at = cellArg(units[i]["at"]);
    INFO("unit " << i << " at " << at);
    const Run fromScenario = runTacticsGrid(
        "solve --scenario '" + kDefault + "' --unit " + at + " --backend cpu --json -", dir);
    const Run spelled = runTacticsGrid("solve " + spelledOut(scenario, i) + " --backend cpu --json -", dir);
    INFO(fromScenario.err << spelled.err);
    REQUIRE(fromScenario.exitCode == 0);
    REQUIRE(spelled.exitCode == 0);
    auto json = nlohmann::json::parse(fromScenario.out);
    // The scenario's unit is named in the JSON; the spelt-out solve knows no name.
    CHECK(json["name"] == units[i]["name"]);
    CHECK(json["team"] == units[i]["team"]);
    CHECK(json["class"] == units[i].value("class", "foot"));
    for (const char* key : {"name", "team", "class"}) json.erase(key);
    CHECK(json == nlohmann::json::parse(spelled.out));
  }
}

TEST_CASE("solve --scenario gives the same bytes on the GPU, and flags override", "[cli]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_scenario_gpu");
  // The Knight (armour, move 4, attack 1) of the default scenario.
  const std::string base = "solve --scenario '" + kDefault + "' --unit 6,20";
  REQUIRE(runTacticsGrid(base + " --state-png gpu.png --json gpu.json", dir).exitCode == 0);
  REQUIRE(runTacticsGrid(base + " --backend cpu --state-png cpu.png --json cpu.json", dir).exitCode == 0);
  CHECK(slurp(dir / "gpu.png") == slurp(dir / "cpu.png"));
  const auto gpu = nlohmann::json::parse(slurp(dir / "gpu.json"));
  auto cpu = nlohmann::json::parse(slurp(dir / "cpu.json"));
  cpu["backend"] = "gpu";
  CHECK(gpu == cpu);
  CHECK(gpu["move"] == 4);
  CHECK(gpu["attack"] == nlohmann::json::array({1, 1}));

  const Run overridden = runTacticsGrid(base + " --move 2 --attack 2-3 --json -", dir);
  REQUIRE(overridden.exitCode == 0);
  const auto json = nlohmann::json::parse(overridden.out);
  CHECK(json["move"] == 2);
  CHECK(json["attack"] == nlohmann::json::array({2, 3}));
  // Fewer cells reached with a shorter move.
  const auto reached = [](const nlohmann::json& j) {
    int count = 0;
    for (const auto& row : j["grid"]) {
      for (char c : row.get<std::string>()) count += c == 'M' || c == 'P';
    }
    return count;
  };
  CHECK(reached(json) < reached(gpu));
}

TEST_CASE("solve --scenario refuses bad input", "[cli]") {
  const fs::path inputs = tactics::testing::scratchDirectory("tactics_cli_scenario_inputs");
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_scenario_bad");
  const auto refused = [&](const std::string& args, const std::string& mention) {
    tactics::testing::requireRefusedIn(dir, args + " --json out.json --state-png out.png", mention);
  };
  const std::string scenario = "solve --scenario '" + kDefault + "'";
  refused(scenario + " --unit 9,9", "no unit stands at --unit 9,9");
  refused(scenario + " --unit 40,9", "--unit 40,9 is outside the 32x24 map");
  refused(scenario, "--unit is required with --scenario");
  refused(scenario + " --unit 3,20 --map x.png", "--map cannot be combined with --scenario");
  refused(scenario + " --unit 3,20 --enemy 1,1", "--enemy cannot be combined with --scenario");
  refused(scenario + " --unit 3,20 --ally 1,1", "--ally cannot be combined with --scenario");
  refused(scenario + " --unit 3,20 --costs 1,1,1,1,1", "--costs cannot be combined");
  refused(scenario + " --unit 3,20 --move 256", "--move 256 is out of range 0..255");
  refused(scenario + " --unit 3,20 --attack 3-1", "--attack");
  refused("solve --scenario '" + (inputs / "none.json").string() + "' --unit 1,1",
          "cannot read scenario");

  // A scenario with a bad unit names the file and the unit.
  fs::create_directories(inputs / "maps");
  fs::copy_file(kSource + "/assets/maps/crossroads.png", inputs / "maps/crossroads.png");
  writeText(inputs / "bad.json", R"({"map": "maps/crossroads.png", "units": [
    {"name": "Lord", "team": "player", "at": [3, 20], "move": "5"}]})");
  refused("solve --scenario '" + (inputs / "bad.json").string() + "' --unit 3,20",
          "bad.json': units[0] (\"Lord\"): \"move\" is a string");

  // The outputs never overwrite the scenario or its map.
  const std::string good = R"({"map": "maps/crossroads.png", "units": [
    {"name": "Lord", "team": "player", "at": [3, 20], "move": 5}]})";
  writeText(inputs / "good.json", good);
  const std::string own = "solve --scenario '" + (inputs / "good.json").string() + "' --unit 3,20";
  tactics::testing::requireRefusedIn(dir, own + " --json '" + (inputs / "good.json").string() + "'",
                                     "is the input scenario");
  tactics::testing::requireRefusedIn(
      dir, own + " --state-png '" + (inputs / "maps/crossroads.png").string() + "'",
      "is the scenario's map");
  CHECK(slurp(inputs / "good.json") == good);
  CHECK(slurp(inputs / "maps/crossroads.png") == slurp(kSource + "/assets/maps/crossroads.png"));
}
