// Attack sets on the command line (SPEC §11.4): `solve --attack 1,3`, a scenario's "attack":
// "1,3", `danger --attack`, the JSON forms ([MIN, MAX] without a comma, merged pairs with one),
// and one `error:` line for every bad set. `danger --map --zoc` (SPEC §11.2) is here too.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "tactics/io/png.h"

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;

// A plains map of `w` x `h` cells as map.png in a fresh folder.
fs::path plainsFolder(const std::string& name, int w, int h) {
  const fs::path dir = tactics::testing::scratchDirectory(name);
  const auto png =
      tactics::encodePng(w, h, 1, std::vector<std::uint8_t>(static_cast<std::size_t>(w * h), 0));
  tactics::testing::writeText(dir / "map.png", std::string(png.begin(), png.end()));
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

// The refusal of a bad input, in a folder that holds only the map (and `scenario`, if any).
void requireRefused(const std::string& args, const std::string& scenario,
                    const std::vector<std::string>& mentions) {
  const fs::path dir = plainsFolder("tg_attack_bad", 9, 9);
  if (!scenario.empty()) tactics::testing::writeText(dir / "board.json", scenario);
  const Run r = tactics::testing::runTacticsGrid(args + " --json out.json", dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  for (const std::string& mention : mentions) CHECK(r.err.find(mention) != std::string::npos);
  CHECK(r.out.empty());
  CHECK_FALSE(fs::exists(dir / "out.json"));
}

std::string scenarioWithAttack(const std::string& attack) {
  return R"({"map": "map.png", "units": [
    {"name": "Lord", "team": "player", "at": [4, 4], "move": 0, "attack": "1"},
    {"name": "Sniper", "team": "enemy", "at": [0, 0], "move": 0, "attack": ")" + attack + R"("}]})";
}

}  // namespace

TEST_CASE("solve --attack 1,3 leaves the ring at 2 empty, on every backend", "[cli][attack]") {
  const fs::path dir = plainsFolder("tg_attack_solve", 9, 9);
  for (const std::string backend : {"cpu", "gpu", "compute"}) {
    INFO(backend);
    const auto j = runJson("solve --map map.png --unit 4,4 --move 0 --attack 1,3 --backend " + backend, dir);
    CHECK(j["attack"] == nlohmann::json::parse("[[1, 1], [3, 3]]"));
    CHECK(gridAt(j, 4, 4) == 'S');
    CHECK(gridAt(j, 5, 4) == 'A');
    CHECK(gridAt(j, 6, 4) == '.');
    CHECK(gridAt(j, 7, 4) == 'A');
    CHECK(gridAt(j, 5, 5) == '.');  // 2 away
    CHECK(gridAt(j, 6, 5) == 'A');  // 3 away
  }
  // The text output prints the set as written.
  const Run text = tactics::testing::runTacticsGrid(
      "solve --map map.png --unit 4,4 --move 0 --attack 1-2,4-10 --backend cpu", dir);
  REQUIRE(text.exitCode == 0);
  CHECK(text.out.find("attack 1-2,4-10,") != std::string::npos);
}

TEST_CASE("solve --json writes [MIN, MAX] without a comma and merged pairs with one", "[cli][attack]") {
  const fs::path dir = plainsFolder("tg_attack_json", 9, 9);
  const std::vector<std::pair<std::string, std::string>> forms = {
      {"1-2,3-4,6", "[[1, 4], [6, 6]]"}, {"6,1-2", "[[1, 2], [6, 6]]"}, {"1-2,3", "[[1, 3]]"},
      {"3", "[1, 3]"},                   {"2-3", "[2, 3]"},             {"0", "[0, 0]"}};
  for (const auto& [attack, json] : forms) {
    INFO(attack);
    const auto j = runJson("solve --map map.png --unit 4,4 --move 1 --backend cpu --attack " + attack, dir);
    CHECK(j["attack"] == nlohmann::json::parse(json));
  }
}

TEST_CASE("a scenario's attack set reaches solve and danger", "[cli][attack]") {
  const fs::path dir = plainsFolder("tg_attack_scenario", 9, 9);
  tactics::testing::writeText(dir / "board.json", scenarioWithAttack("1,3"));
  const auto solve = runJson("solve --scenario board.json --unit 0,0 --backend cpu", dir);
  CHECK(solve["attack"] == nlohmann::json::parse("[[1, 1], [3, 3]]"));
  CHECK(gridAt(solve, 1, 0) == 'A');
  CHECK(gridAt(solve, 2, 0) == '.');
  CHECK(gridAt(solve, 3, 0) == 'A');
  for (const std::string backend : {"cpu", "gpu", "compute"}) {
    INFO(backend);
    const auto danger = runJson("danger --scenario board.json --backend " + backend, dir);
    CHECK(danger["count"][0][1] == 1);
    CHECK(danger["count"][0][2] == 0);
    CHECK(danger["count"][1][1] == 0);
    CHECK(danger["count"][0][3] == 1);
    CHECK(danger["count"][1][2] == 1);
  }
}

TEST_CASE("danger --map --attack takes a set", "[cli][attack]") {
  const fs::path dir = plainsFolder("tg_attack_danger", 9, 9);
  for (const std::string backend : {"cpu", "gpu", "compute"}) {
    INFO(backend);
    const auto j = runJson("danger --map map.png --enemy 4,4 --move 0 --attack 2,4 --backend " + backend, dir);
    CHECK(j["count"][4][5] == 0);
    CHECK(j["count"][4][6] == 1);
    CHECK(j["count"][4][7] == 0);
    CHECK(j["count"][4][8] == 1);
  }
}

TEST_CASE("every bad attack set is one error line naming the flag or the file and unit", "[cli][attack]") {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"0,2", "starts at 0"}, {"1,", "empty entry"},    {"1,,3", "empty entry"},
      {"3-1,5", "MIN > MAX"}, {"1,2,3,4,5,6,7,8,9", "9 ranges"}, {"1,256", "over 255"}};
  for (const auto& [attack, why] : bad) {
    INFO(attack);
    requireRefused("solve --map map.png --unit 4,4 --move 1 --attack " + attack, "",
                   {"--attack '" + attack + "'", why, "comma list of 2..8 ranges"});
    requireRefused("danger --map map.png --enemy 4,4 --move 1 --attack " + attack, "",
                   {"--attack '" + attack + "'", why});
    requireRefused("solve --scenario board.json --unit 4,4", scenarioWithAttack(attack),
                   {"board.json", "Sniper", "\"attack\" '" + attack + "'", why});
    requireRefused("danger --scenario board.json", scenarioWithAttack(attack),
                   {"board.json", "Sniper", why});
  }
}

TEST_CASE("danger --map --zoc halts each enemy next to the player's units", "[cli][zoc]") {
  // Plains 7x2: an enemy at 0,1 (move 6, attack 1), the player's unit at 3,0. With ZOC the
  // enemy stops at (2,1) or (3,1), so (6,1) is out of its threat.
  const fs::path dir = plainsFolder("tg_danger_zoc", 7, 2);
  for (const std::string backend : {"cpu", "gpu", "compute"}) {
    INFO(backend);
    const std::string args = "danger --map map.png --enemy 0,1 --unit 3,0 --move 6 --backend " + backend;
    const auto open = runJson(args, dir);
    const auto zoc = runJson(args + " --zoc", dir);
    CHECK(open["count"][1][6] == 1);
    CHECK(zoc["count"][1][6] == 0);
    CHECK(zoc["count"][1][4] == 1);
    CHECK(zoc["count"][1][5] == 0);
  }
  requireRefused("danger --scenario board.json --zoc", scenarioWithAttack("1"),
                 {"--zoc cannot be combined with --scenario"});
}
