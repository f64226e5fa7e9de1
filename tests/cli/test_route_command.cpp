// `tactics-grid route` as a user runs it: a scenario written for the test, cursor cells in, the
// routes out; expected routes worked out by hand from SPEC §8. And every bad input refused.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "tactics/io/png.h"

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;
using tactics::testing::slurp;

// A directory of this process's own (other worktrees run their tests at the same time),
// removed when the process ends.
struct ScratchDir {
  fs::path dir = fs::temp_directory_path() / ("tactics_route_tests_" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(dir); }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

const fs::path& scratch() {
  static const ScratchDir scratchDir;
  return scratchDir.dir;
}

Run route(const std::string& args) {
  const fs::path outFile = scratch() / "stdout";
  const fs::path errFile = scratch() / "stderr";
  const std::string command = "'" TACTICS_EXE "' route " + args + " >'" + outFile.string() +
                              "' 2>'" + errFile.string() + "' </dev/null";
  const int status = std::system(command.c_str());
  Run r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(outFile);
  r.err = slurp(errFile);
  return r;
}

// Open ground 6x4; the lord at 1,1 (move 3), a brigand at 3,1, an allied nomad at 1,2.
std::string boardScenario() {
  const fs::path dir = scratch();
  const auto png = tactics::encodePng(6, 4, 1, std::vector<std::uint8_t>(24, 0));
  std::ofstream(dir / "open.png", std::ios::binary)
      .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  std::ofstream(dir / "board.json") << R"({
  "map": "open.png",
  "units": [
    { "name": "Lord", "team": "player", "at": [1, 1], "move": 3 },
    { "name": "Brigand", "team": "enemy", "at": [3, 1], "move": 4 },
    { "name": "Nomad", "team": "ally", "at": [1, 2], "move": 4 }
  ]
})";
  return "'" + (dir / "board.json").string() + "'";
}

void requireOneErrorLine(const Run& r, const std::string& mention) {
  INFO("stderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(mention) != std::string::npos);
}

using Routes = std::vector<std::vector<std::array<int, 2>>>;

}  // namespace

TEST_CASE("route: cut, extend, enemies, allies and the cheapest path, as JSON", "[cli]") {
  const std::string scenario = boardScenario();
  const Run r =
      route("--scenario " + scenario + " --unit 1,1 --cursor 2,1 3,1 2,2 1,2 2,1 5,1 3,2 --json -");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json.size() == 8);
  CHECK(json["unit"] == nlohmann::json::array({1, 1}));
  CHECK(json["cursor"].size() == 7);
  const Routes expected = {
      {{1, 1}, {2, 1}},                  // extend
      {{1, 1}, {2, 1}},                  // the brigand's cell: unchanged
      {{1, 1}, {2, 1}, {2, 2}},          // extend
      {{1, 1}, {2, 1}, {2, 2}, {1, 2}},  // onto the nomad: passable (cost 3 = move)
      {{1, 1}, {2, 1}},                  // back onto the route: cut
      {{1, 1}, {2, 1}},                  // 5,1 is 6 away round the brigand: unchanged
      {{1, 1}, {2, 1}, {2, 2}, {3, 2}},  // not next to the end: the cheapest path
  };
  CHECK(json["routes"].get<Routes>() == expected);
}

TEST_CASE("route: the text names each cursor cell, the cost and whether the arrow shows", "[cli]") {
  const std::string scenario = boardScenario();
  // --cursor=X,Y takes one cell; a repeated --cursor adds more.
  const Run r = route("--scenario " + scenario + " --unit 1,1 --cursor=2,1 --cursor 2,2 1,2");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out ==
        "unit Lord at 1,1, move 3, class foot\n"
        "cursor 2,1 -> route 1,1 2,1 (cost 1, arrow)\n"
        "cursor 2,2 -> route 1,1 2,1 2,2 (cost 2, arrow)\n"
        "cursor 1,2 -> route 1,1 2,1 2,2 1,2 (cost 3, no arrow)\n");
  // The JSON says the same: the unit, and per cursor cell the route, its cost and the arrow.
  const Run j = route("--scenario " + scenario + " --unit 1,1 --cursor=2,1 --cursor 2,2 1,2 --json -");
  REQUIRE(j.exitCode == 0);
  const auto json = nlohmann::json::parse(j.out);
  CHECK(json["name"] == "Lord");
  CHECK(json["move"] == 3);
  CHECK(json["class"] == "foot");
  CHECK(json["cursor"] == nlohmann::json::parse("[[2,1],[2,2],[1,2]]"));
  CHECK(json["routes"].get<Routes>() ==
        Routes{{{1, 1}, {2, 1}}, {{1, 1}, {2, 1}, {2, 2}}, {{1, 1}, {2, 1}, {2, 2}, {1, 2}}});
  CHECK(json["costs"] == nlohmann::json::parse("[1,2,3]"));
  CHECK(json["arrows"] == nlohmann::json::parse("[true,true,false]"));
}

TEST_CASE("route: --json FILE writes the same routes, whole", "[cli]") {
  const std::string scenario = boardScenario();
  const fs::path file = scratch() / "routes.json";
  fs::remove(file);
  const Run r = route("--scenario " + scenario + " --unit 1,1 --cursor 1,0 2,0 --json '" +
                      file.string() + "'");
  REQUIRE(r.exitCode == 0);
  CHECK(r.out == "wrote " + file.string() + ": the routes as JSON\n");  // as import-tiled does
  const auto json = nlohmann::json::parse(slurp(file));
  CHECK(json["routes"].get<Routes>() == Routes{{{1, 1}, {1, 0}}, {{1, 1}, {1, 0}, {2, 0}}});
}

TEST_CASE("route: bad inputs are refused with one error line and no file", "[cli]") {
  const std::string scenario = boardScenario();
  const std::string unit = " --unit 1,1";
  requireOneErrorLine(route("--scenario " + scenario + unit + " --cursor 6,1"),
                      "--cursor 6,1 is outside the 6x4 map");
  requireOneErrorLine(route("--scenario " + scenario + " --unit 4,3 --cursor 1,1"),
                      "no unit stands there");
  requireOneErrorLine(route("--scenario " + scenario + " --unit 9,9 --cursor 1,1"),
                      "--unit 9,9 is outside");
  requireOneErrorLine(route("--scenario " + scenario + unit + " --cursor --json -"),
                      "--cursor is missing its value");
  requireOneErrorLine(route("--scenario " + scenario + unit + " --cursor"),
                      "--cursor is missing its value");
  requireOneErrorLine(route("--scenario " + scenario + unit), "--cursor is required");
  requireOneErrorLine(route("--scenario " + scenario + unit + " --cursor 1,1 2,x"),
                      "'2,x' is not a cell");
  requireOneErrorLine(route("--unit 1,1 --cursor 1,1"), "--scenario is required");
  requireOneErrorLine(route("--scenario " + scenario + " --cursor 1,1"), "--unit is required");
  requireOneErrorLine(
      route("--scenario '" + (scratch() / "missing.json").string() + "' --unit 1,1 --cursor 1,1"),
      "missing.json");
  const fs::path nowhere = scratch() / "no-such-dir" / "routes.json";
  requireOneErrorLine(
      route("--scenario " + scenario + unit + " --cursor 1,1 --json '" + nowhere.string() + "'"),
      "does not exist");
  CHECK_FALSE(fs::exists(nowhere));
  requireOneErrorLine(route("--scenario " + scenario + unit + " --cursor 1,1 --json " + scenario),
                      "is the scenario");
}

TEST_CASE("route: --help prints the usage", "[cli]") {
  const Run r = route("--help");
  CHECK(r.exitCode == 0);
  CHECK(r.out.rfind("usage: tactics-grid route", 0) == 0);
}
