// `tactics-grid solve`'s rule flags (SPEC §11.2, §11.3, §11.6, §11.7): --zoc, --skills and
// --ignore-units, their errors, the JSON's "rules" and the grid's P and M from the rules seam.
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

// A plains map of `w` x `h` cells, written into `dir` as map.png.
void writePlains(const fs::path& dir, int w, int h) {
  const auto png = tactics::encodePng(
      w, h, 1, std::vector<std::uint8_t>(static_cast<std::size_t>(w * h), 0));
  tactics::testing::writeText(dir / "map.png", std::string(png.begin(), png.end()));
}

nlohmann::json solveJson(const std::string& flags, const std::string& backend = "cpu") {
  const fs::path dir = tactics::testing::scratchDirectory("tg_solve_rules");
  writePlains(dir, 7, 3);
  const Run r = tactics::testing::runTacticsGrid(
      "solve --map map.png --attack 0 --json - --backend " + backend + " " + flags, dir);
  INFO("flags: " << flags << "\nstderr: " << r.err);
  REQUIRE(r.exitCode == 0);
  REQUIRE(r.err.empty());
  return nlohmann::json::parse(r.out);
}

char gridAt(const nlohmann::json& j, int x, int y) {
  return j["grid"][static_cast<std::size_t>(y)].get<std::string>()[static_cast<std::size_t>(x)];
}

void requireRefused(const std::string& args, const std::string& mention) {
  const fs::path dir = tactics::testing::scratchDirectory("tg_solve_rules_bad");
  writePlains(dir, 7, 3);
  const Run r = tactics::testing::runTacticsGrid(args + " --json out.json", dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(mention) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(!fs::exists(dir / "out.json"));
}

}  // namespace

TEST_CASE("solve --zoc halts travel next to an enemy, on every backend", "[cli]") {
  // The enemy at (3,1): the top row's (3,0) is a ZOC cell, so (4,0) is out of reach with ZOC.
  const std::string board = "--unit 0,0 --move 6 --enemy 3,1";
  const auto plain = solveJson(board);
  CHECK(gridAt(plain, 4, 0) == 'M');
  CHECK(gridAt(plain, 3, 0) == 'M');
  CHECK(plain["rules"] == nlohmann::json({{"zoc", false}, {"skills", nlohmann::json::array()},
                                          {"ignore_units", false}, {"sight", false}}));
  for (const std::string backend : {"cpu", "gpu"}) {
    INFO(backend);
    const auto zoc = solveJson(board + " --zoc", backend);
    CHECK(gridAt(zoc, 3, 0) == 'M');  // entered and stopped on
    CHECK(gridAt(zoc, 4, 0) == '.');  // nothing through it
    CHECK(zoc["cost"][0][4] == -1);
    CHECK(zoc["rules"]["zoc"] == true);
  }
  // A skirmisher ignores ZOC.
  const auto skirmisher = solveJson(board + " --zoc --skills skirmisher");
  CHECK(gridAt(skirmisher, 4, 0) == 'M');
  CHECK(skirmisher["grid"] == plain["grid"]);
  CHECK(skirmisher["rules"]["skills"] == nlohmann::json::array({"skirmisher"}));
}

TEST_CASE("solve --skills pass crosses enemies: their cells are P", "[cli]") {
  const std::string board = "--unit 0,1 --move 3 --enemy 1,1";
  const auto blocked = solveJson(board);
  CHECK(gridAt(blocked, 1, 1) == '.');
  for (const std::string backend : {"cpu", "gpu"}) {
    INFO(backend);
    const auto pass = solveJson(board + " --skills pass", backend);
    CHECK(gridAt(pass, 1, 1) == 'P');
    CHECK(gridAt(pass, 2, 1) == 'M');
    CHECK(pass["cost"][1][2] == 2);
    CHECK(pass["rules"]["skills"] == nlohmann::json::array({"pass"}));
  }
  const auto both = solveJson(board + " --skills=skirmisher,pass");
  CHECK(both["rules"]["skills"] == nlohmann::json::array({"pass", "skirmisher"}));
  // "" and an empty --skills= mean none.
  CHECK(solveJson(board + " --skills ''")["rules"]["skills"] == nlohmann::json::array());
  CHECK(solveJson(board + " --skills=")["grid"] == blocked["grid"]);
}

TEST_CASE("solve --ignore-units solves as if no other unit stood there", "[cli]") {
  const std::string board = "--unit 0,1 --move 3 --ally 1,1 --enemy 0,0 --enemy 0,2";
  const auto plain = solveJson(board);
  CHECK(gridAt(plain, 1, 1) == 'P');
  CHECK(gridAt(plain, 0, 0) == '.');
  const auto ignoring = solveJson(board + " --ignore-units");
  CHECK(gridAt(ignoring, 1, 1) == 'M');
  CHECK(gridAt(ignoring, 0, 0) == 'M');
  CHECK(gridAt(ignoring, 0, 2) == 'M');
  CHECK(ignoring["rules"]["ignore_units"] == true);
  CHECK(ignoring["grid"] == solveJson("--unit 0,1 --move 3")["grid"]);
  // With ZOC too there is nothing for ZOC to come from.
  CHECK(solveJson(board + " --ignore-units --zoc")["grid"] == ignoring["grid"]);
}

TEST_CASE("the text grid names the rules and marks crossed enemies P", "[cli]") {
  const fs::path dir = tactics::testing::scratchDirectory("tg_solve_rules_text");
  writePlains(dir, 7, 3);
  const Run r = tactics::testing::runTacticsGrid(
      "solve --map map.png --unit 0,1 --move 3 --attack 0 --enemy 1,1 --backend cpu --zoc "
      "--skills pass --ignore-units",
      dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find(", zone of control, skills pass, ignoring units on a 7x3 map") !=
        std::string::npos);
}

TEST_CASE("bad rule flags are refused with one error line", "[cli]") {
  const std::string map = "solve --map map.png --unit 0,0 --move 3";
  requireRefused(map + " --skills flying", "--skills");
  requireRefused(map + " --skills flying", "skirmisher");
  requireRefused(map + " --skills pass,pass", "pass");
  requireRefused(map + " --skills pass,", "--skills");
  requireRefused(map + " --zoc=true", "--zoc takes no value");
  requireRefused(map + " --ignore-units=1", "--ignore-units takes no value");
  requireRefused(map + " --zoc --zoc", "--zoc is given twice");
  requireRefused("solve --scenario s.json --unit 0,0 --zoc", "--zoc cannot be combined with --scenario");
}

TEST_CASE("solve --help lists the rule flags", "[cli]") {
  const Run r = tactics::testing::runTacticsGrid("solve --help", fs::temp_directory_path());
  REQUIRE(r.exitCode == 0);
  for (const char* flag : {"[--zoc]", "--skills LIST", "--ignore-units", "skirmisher"}) {
    INFO(flag);
    CHECK(r.out.find(flag) != std::string::npos);
  }
}

TEST_CASE("solve --sight keeps attacks in sight, --blocks-sight names the blockers", "[cli][sight]") {
  // A 7x3 plains map with a wall at 3,1 (drawn here): the bow at 1,1 (attack 2-4, move 0) sees
  // 4,1 only with sight off or with the wall not blocking.
  const fs::path dir = tactics::testing::scratchDirectory("tg_solve_sight");
  std::vector<std::uint8_t> grey(21, 0);
  grey[1 * 7 + 3] = 255;
  const auto png = tactics::encodePng(7, 3, 1, grey);
  tactics::testing::writeText(dir / "map.png", std::string(png.begin(), png.end()));
  const auto solve = [&](const std::string& flags, const std::string& backend) {
    const Run r = tactics::testing::runTacticsGrid(
        "solve --map map.png --unit 1,1 --move 0 --attack 2-4 --json - --backend " + backend + " " +
            flags,
        dir);
    INFO("flags: " << flags << "\nstderr: " << r.err);
    REQUIRE(r.exitCode == 0);
    return nlohmann::json::parse(r.out);
  };
  for (const std::string backend : {"cpu", "gpu"}) {
    INFO(backend);
    CHECK(gridAt(solve("", backend), 4, 1) == 'A');
    const auto seen = solve("--sight", backend);
    CHECK(seen["rules"]["sight"] == true);
    CHECK(gridAt(seen, 4, 1) == '.');
    CHECK(gridAt(seen, 3, 0) == 'A');  // 1,1 to 3,0 cuts 2,1 and 2,0 only: plains
    CHECK(gridAt(solve("--sight --blocks-sight forest", backend), 4, 1) == 'A');
    CHECK(gridAt(solve("--sight --blocks-sight=", backend), 4, 1) == 'A');
    CHECK(solve("", backend)["rules"]["sight"] == false);
  }
}

TEST_CASE("solve and danger refuse --sight and --blocks-sight where they do not apply",
          "[cli][sight]") {
  requireRefused("solve --map map.png --unit 1,1 --move 2 --blocks-sight wall",
                 "--blocks-sight needs --sight");
  requireRefused("solve --map map.png --unit 1,1 --move 2 --sight --blocks-sight lava",
                 "--blocks-sight: unknown terrain \"lava\"; the map's terrains: plains, forest");
  requireRefused("solve --map map.png --unit 1,1 --move 2 --sight --blocks-sight wall,,forest",
                 "--blocks-sight 'wall,,forest' has an empty name");
  requireRefused("solve --map map.png --grid hex-x-odd --unit 1,1 --move 2 --sight",
                 "--sight: line of sight is defined on square boards only, and this map is "
                 "hex-x-odd (SPEC 11.8)");
  requireRefused("solve --map map.png --unit 1,1 --move 2 --sight=yes", "--sight");
  requireRefused("danger --map map.png --enemy 1,1 --move 2 --blocks-sight wall",
                 "--blocks-sight needs --sight");
  requireRefused("danger --map map.png --enemy 1,1 --move 2 --sight --grid hex-y-even",
                 "this map is hex-y-even");
}
