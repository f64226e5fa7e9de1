// --class wherever --costs is, and danger/field on a bare --map with units placed by flags
// (SPEC §5): each must answer exactly as the spelt-out or scenario form of the same board does.
#include <catch2/catch.hpp>

#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "cli_run.h"

namespace fs = std::filesystem;
using tactics::testing::Run;
using tactics::testing::runTacticsGrid;
using tactics::testing::writeText;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;
const std::string kMapPath = kSource + "/assets/maps/crossroads.png";
const std::string kMap = "--map '" + kMapPath + "'";

nlohmann::json runJson(const std::string& args, const fs::path& dir) {
  const Run r = runTacticsGrid(args + " --json -", dir);
  INFO(args << "\n" << r.err);
  REQUIRE(r.exitCode == 0);
  auto json = nlohmann::json::parse(r.out);
  json.erase("backend");
  return json;
}

// Enemies that share one move, attack and class, two player units and an ally, on crossroads:
// the same board as a scenario file and as danger/field --map flags.
struct SharedBoard {
  std::string scenarioPath;
  std::string mapFlags;  // --unit, --ally and --enemy cells
};

SharedBoard writeSharedBoard(const fs::path& dir, const std::string& enemyClass) {
  writeText(dir / "board.json", R"({"map": ")" + kMapPath + R"(",
    "classes": {"mounted": "1,3,5,x,x", "flier": "1,1,1,1,x"},
    "units": [
      {"name": "Lord", "team": "player", "at": [3, 20], "move": 5},
      {"name": "Friend", "team": "ally", "at": [4, 20], "move": 5},
      {"name": "A", "team": "enemy", "at": [6, 17], "move": 4, "attack": "1-2", "class": ")" +
                                enemyClass + R"("},
      {"name": "B", "team": "enemy", "at": [10, 12], "move": 4, "attack": "1-2", "class": ")" +
                                enemyClass + R"("},
      {"name": "C", "team": "enemy", "at": [12, 6], "move": 4, "attack": "1-2", "class": ")" +
                                enemyClass + R"("}
    ]})");
  return {(dir / "board.json").string(),
          kMap + " --unit 3,20 --ally 4,20 --enemy 6,17 --enemy 10,12 --enemy 12,6"};
}

}  // namespace

TEST_CASE("solve --class NAME answers as --costs with the preset's costs", "[cli][class]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_class_solve");
  const std::string base = "solve " + kMap + " --unit 3,20 --move 6 --enemy 6,17 --backend cpu";
  for (const auto& [name, costs] : {std::pair{"foot", "1,2,4,8,x"}, {"mounted", "1,3,5,x,x"},
                                    {"armour", "1,3,6,x,x"}, {"flier", "1,1,1,1,x"}}) {
    INFO(name);
    auto byName = runJson(base + " --class " + name, dir);
    CHECK(byName["class"] == name);
    CHECK(byName["costs"] == costs);
    byName.erase("class");
    CHECK(byName == runJson(base + " --costs " + costs, dir));
  }
  // Not the same as foot: the flag really changes the class.
  CHECK(runJson(base + " --class flier", dir) != runJson(base, dir));
}

TEST_CASE("solve --scenario --class overrides the unit's class", "[cli][class]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_class_scenario");
  const std::string scenario = kSource + "/assets/scenarios/default.json";
  // The Knight (armour, move 4) at 6,20, moved as a flier: as the spelt-out solve with flier costs.
  const auto asFlier =
      runJson("solve --scenario '" + scenario + "' --unit 6,20 --class flier --backend cpu", dir);
  const auto asArmour = runJson("solve --scenario '" + scenario + "' --unit 6,20 --backend cpu", dir);
  CHECK(asFlier["cost"] != asArmour["cost"]);
  // The same unit written as a flier in the scenario file itself.
  auto json = nlohmann::json::parse(tactics::testing::slurp(scenario));
  json["map"] = kMapPath;
  bool found = false;
  for (auto& unit : json["units"]) {
    if (unit["at"] == nlohmann::json::array({6, 20})) {
      unit["class"] = "flier";
      found = true;
    }
  }
  REQUIRE(found);
  writeText(dir / "flier.json", json.dump());
  CHECK(runJson("solve --scenario flier.json --unit 6,20 --backend cpu", dir) == asFlier);
}

TEST_CASE("a class name in --costs, --class with --costs, an unknown --class: one error each",
          "[cli][class]") {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_class_bad");
  const std::string solve = "solve " + kMap + " --unit 3,20 --move 6 --json out.json";
  const std::string danger = "danger " + kMap + " --enemy 6,17 --move 4 --json out.json";
  const std::string presets = "foot, mounted, armour, flier";
  for (const std::string& base : {solve, danger}) {
    tactics::testing::requireRefusedIn(dir, base + " --costs mounted",
                                       "--costs 'mounted' is not five costs");
    tactics::testing::requireRefusedIn(dir, base + " --costs mounted",
                                       "use --class mounted (the presets are " + presets + ")");
    tactics::testing::requireRefusedIn(dir, base + " --costs 1,3,5,x,x --class mounted",
                                       "--costs and --class cannot be combined");
    tactics::testing::requireRefusedIn(dir, base + " --class cavalry",
                                       "--class 'cavalry' is not a movement class; expected one "
                                       "of the presets " + presets);
  }
  // Still the old errors for costs that are not a word.
  tactics::testing::requireRefusedIn(dir, solve + " --costs 1,2,4,8", "--costs");
  const std::string field = "field --scenario '" + kSource +
                            "/assets/scenarios/default.json' --team player --json out.json";
  tactics::testing::requireRefusedIn(dir, field + " --class cavalry",
                                     "--class 'cavalry' is not a movement class of");
  tactics::testing::requireRefusedIn(dir, field + " --class cavalry", "the presets are " + presets);
}

TEST_CASE("danger --map counts as the same board given as a scenario, on every backend",
          "[cli][danger][map]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_danger_map");
  for (const char* enemyClass : {"foot", "mounted", "flier"}) {
    const SharedBoard board = writeSharedBoard(dir, enemyClass);
    const auto fromScenario =
        runJson("danger --scenario '" + board.scenarioPath + "' --backend cpu", dir);
    for (const char* backend : {"cpu", "gpu", "compute"}) {
      INFO(enemyClass << " " << backend);
      const std::string flags = "danger " + board.mapFlags + " --move 4 --attack 1-2 --class " +
                                enemyClass + " --backend " + backend;
      CHECK(runJson(flags, dir) == fromScenario);
    }
  }
  // The text names the enemies placed and the map.
  const Run text = runTacticsGrid("danger " + kMap + " --enemy 6,17 --enemy 9,9 --move 3", dir);
  REQUIRE(text.exitCode == 0);
  CHECK(text.out.rfind("danger zone of 2 enemies on a 32x24 map (gpu", 0) == 0);
}

TEST_CASE("danger --map refuses a board it cannot place", "[cli][danger][map]") {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_danger_map_bad");
  const std::string base = "danger " + kMap + " --json out.json";
  using tactics::testing::requireRefusedIn;
  requireRefusedIn(dir, base + " --move 3", "--enemy is required with --map");
  requireRefusedIn(dir, base + " --enemy 6,17", "--move is required with --map");
  requireRefusedIn(dir, base + " --enemy 60,17 --move 3", "--enemy 60,17 is outside");
  requireRefusedIn(dir, base + " --enemy 6,17 --ally 6,17 --move 3",
                   "--enemy 6,17 is on the same cell as --ally 6,17");
  requireRefusedIn(dir, "danger --json out.json", "--scenario is required");
  requireRefusedIn(dir, "danger --scenario '" + kSource + "/assets/scenarios/default.json' " +
                            kMap + " --json out.json",
                   "--map cannot be combined with --scenario");
  requireRefusedIn(dir, "danger --scenario '" + kSource +
                            "/assets/scenarios/default.json' --enemy 1,1 --json out.json",
                   "--enemy cannot be combined with --scenario");
}

TEST_CASE("field --map gives the field of the same board given as a scenario", "[cli][field][map]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_field_map");
  const SharedBoard board = writeSharedBoard(dir, "foot");
  for (const char* team : {"player", "enemy", "ally"}) {
    for (const char* movement : {"foot", "mounted", "flier"}) {
      INFO(team << " " << movement);
      const std::string tail = std::string(" --team ") + team + " --class " + movement;
      const auto fromScenario =
          runJson("field --scenario '" + board.scenarioPath + "'" + tail + " --backend cpu", dir);
      const auto fromMap = runJson("field " + board.mapFlags + tail + " --backend cpu", dir);
      CHECK(fromMap == fromScenario);
    }
  }
  // A preset the scenario does not define is still a class.
  const auto armour = runJson(
      "field --scenario '" + board.scenarioPath + "' --team player --class armour --backend cpu", dir);
  CHECK(armour["class"] == "armour");
  tactics::testing::requireRefusedIn(tactics::testing::uniqueTempPath("tactics_cli_field_map_bad"),
                                     "field " + kMap + " --team player --json out.json",
                                     "needs --class");
}
