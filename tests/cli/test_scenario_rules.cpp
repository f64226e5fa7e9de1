// Every command plays by a scenario's "rules" (SPEC §11.2): solve --scenario, danger and route
// with zone of control on; field ignores it. A unit's "skills" reach solve (and --skills replaces
// them).
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tactics/io/png.h"

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;

// Plains 7x3; the Lord at 0,0 (move 6), a Guard at 3,1 (move 4), a Hunter at 0,2 (move 4,
// attack 1) on the enemy side; `rules` is the scenario's "rules" entry (or nothing).
fs::path writeBoard(const std::string& rules, const std::string& lordSkills = "") {
  static int boards = 0;  // a folder per board: a test compares two
  const fs::path dir =
      tactics::testing::scratchDirectory("tg_scenario_rules_" + std::to_string(++boards));
  const auto png = tactics::encodePng(7, 3, 1, std::vector<std::uint8_t>(21, 0));
  tactics::testing::writeText(dir / "map.png", std::string(png.begin(), png.end()));
  tactics::testing::writeText(dir / "board.json", R"({"map": "map.png", )" + rules + R"(
  "units": [
    {"name": "Lord", "team": "player", "at": [0, 0], "move": 6, "attack": "0")" + lordSkills + R"(},
    {"name": "Guard", "team": "enemy", "at": [3, 1], "move": 4}
  ]})");
  return dir;
}

// Plains 7x2; the Lord at 3,0 and a Guard at 0,1 (move 6, attack 1) whose way east along the
// bottom row passes (3,1), in the Lord's zone.
fs::path writeCorridor(const std::string& rules) {
  static int boards = 0;
  const fs::path dir =
      tactics::testing::scratchDirectory("tg_scenario_corridor_" + std::to_string(++boards));
  const auto png = tactics::encodePng(7, 2, 1, std::vector<std::uint8_t>(14, 0));
  tactics::testing::writeText(dir / "map.png", std::string(png.begin(), png.end()));
  tactics::testing::writeText(dir / "board.json", R"({"map": "map.png", )" + rules + R"(
  "units": [
    {"name": "Lord", "team": "player", "at": [3, 0], "move": 4},
    {"name": "Guard", "team": "enemy", "at": [0, 1], "move": 6}
  ]})");
  return dir;
}

nlohmann::json runJson(const std::string& args, const fs::path& dir) {
  const Run r = tactics::testing::runTacticsGrid(args + " --json -", dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  REQUIRE(r.exitCode == 0);
  REQUIRE(r.err.empty());
  return nlohmann::json::parse(r.out);
}

char gridAt(const nlohmann::json& j, int x, int y) {
  return j["grid"][static_cast<std::size_t>(y)].get<std::string>()[static_cast<std::size_t>(x)];
}

}  // namespace

TEST_CASE("solve --scenario plays by the scenario's zone of control", "[cli]") {
  const fs::path off = writeBoard("");
  const fs::path on = writeBoard(R"("rules": {"zoc": true},)");
  const auto plain = runJson("solve --scenario board.json --unit 0,0 --backend cpu", off);
  CHECK(gridAt(plain, 4, 0) == 'M');
  CHECK(plain["rules"]["zoc"] == false);
  for (const std::string backend : {"cpu", "gpu"}) {
    INFO(backend);
    const auto zoc = runJson("solve --scenario board.json --unit 0,0 --backend " + backend, on);
    CHECK(gridAt(zoc, 3, 0) == 'M');
    CHECK(gridAt(zoc, 4, 0) == '.');
    CHECK(zoc["rules"]["zoc"] == true);
  }
  // --skills replaces the unit's skills: a skirmisher ignores the zone.
  const auto skirmisher =
      runJson("solve --scenario board.json --unit 0,0 --backend cpu --skills skirmisher", on);
  CHECK(skirmisher["grid"] == plain["grid"]);
  CHECK(skirmisher["rules"]["skills"] == nlohmann::json::array({"skirmisher"}));
  // --ignore-units: nothing to make a zone.
  CHECK(runJson("solve --scenario board.json --unit 0,0 --backend cpu --ignore-units", on)["grid"] ==
        runJson("solve --scenario board.json --unit 0,0 --backend cpu --ignore-units", off)["grid"]);
}

TEST_CASE("solve --scenario reads a unit's skills, and --skills '' takes them away", "[cli]") {
  const fs::path dir = writeBoard(R"("rules": {"zoc": true},)", R"(, "skills": ["skirmisher"])");
  const auto skilled = runJson("solve --scenario board.json --unit 0,0 --backend cpu", dir);
  CHECK(gridAt(skilled, 4, 0) == 'M');
  CHECK(skilled["rules"]["skills"] == nlohmann::json::array({"skirmisher"}));
  const auto none = runJson("solve --scenario board.json --unit 0,0 --backend cpu --skills ''", dir);
  CHECK(gridAt(none, 4, 0) == '.');
  CHECK(none["rules"]["skills"] == nlohmann::json::array());
}

TEST_CASE("danger solves each enemy with the scenario's zone of control", "[cli]") {
  const fs::path off = writeCorridor("");
  const fs::path on = writeCorridor(R"("rules": {"zoc": true},)");
  const auto plain = runJson("danger --scenario board.json --backend cpu", off);
  const auto zoc = runJson("danger --scenario board.json --backend cpu", on);
  // Without ZOC the Guard walks the bottom row to the east end; with it, (3,1) halts it and
  // its threat ends at (4,1) (the Lord's own cell is threatened either way).
  CHECK(plain["count"] == nlohmann::json({{1, 1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1, 1}}));
  CHECK(zoc["count"] == nlohmann::json({{1, 1, 1, 1, 0, 0, 0}, {1, 1, 1, 1, 1, 0, 0}}));
  for (const std::string backend : {"gpu"}) {
    INFO(backend);
    CHECK(runJson("danger --scenario board.json --backend " + backend, on)["count"] == zoc["count"]);
  }
}

TEST_CASE("route keeps to the scenario's zone of control", "[cli]") {
  const fs::path off = writeBoard("");
  const fs::path on = writeBoard(R"("rules": {"zoc": true},)");
  const std::string args = "route --scenario board.json --unit 0,0 --cursor 1,0 2,0 3,0 4,0";
  const auto plain = runJson(args, off);
  const auto zoc = runJson(args, on);
  const nlohmann::json straight = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}};
  CHECK(plain["routes"][3] == straight);
  CHECK(plain["arrows"][3] == true);
  // (3,0) is in the Guard's zone: nothing is reached through it, so (4,0) has no route.
  CHECK(zoc["routes"][2] == plain["routes"][2]);
  CHECK(zoc["routes"][3] != straight);
  CHECK(zoc["arrows"][3] == false);
}

TEST_CASE("field ignores the scenario's zone of control and skills", "[cli]") {
  const fs::path off = writeBoard("");
  const fs::path on = writeBoard(R"("rules": {"zoc": true},)", R"(, "skills": ["pass"])");
  const std::string args = "field --scenario board.json --team player --class foot --backend cpu";
  const auto plain = runJson(args, off);
  const auto zoc = runJson(args, on);
  CHECK(plain == zoc);
}
