// `tactics-grid serve` (SPEC §12) as an engine drives it: request lines in, answer lines out. Each
// answer must be exactly what the command line's `--json -` writes for the same flags, plus
// "id"; each bad request is answered with the command line's own error text, and the server goes
// on. The keeping of files is checked in process, through the Server class.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/serve_command.h"
#include "tactics/io/png.h"

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;
using tactics::testing::runTacticsGrid;
using tactics::testing::scratchDirectory;
using tactics::testing::writeText;
using Json = nlohmann::json;

const std::string kAssets = TACTICS_SOURCE_DIR "/assets";
const std::string kMap = kAssets + "/maps/crossroads.png";
const std::string kScenario = kAssets + "/scenarios/default.json";

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Runs `serve args` on the request lines; its answers, one per request, parsed.
std::vector<Json> serve(const std::vector<std::string>& requests, const std::string& args = "") {
  const fs::path dir = scratchDirectory("tactics_serve");
  const fs::path input = dir / "requests.jsonl";
  std::string text;
  for (const std::string& request : requests) text += request + "\n";
  writeText(input, text);
  const Run run = runTacticsGrid("serve " + args, dir, input);
  INFO("stderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  const auto answers = lines(run.out);
  REQUIRE(answers.size() == requests.size());
  std::vector<Json> parsed;
  for (const std::string& line : answers) {
    INFO("answer: " << line.substr(0, 300));
    REQUIRE(line.rfind("{\"id\":", 0) == 0);  // "id" first, one object a line
    parsed.push_back(Json::parse(line));
  }
  return parsed;
}

// What the command line's --json - writes for `args`.
Json commandJson(const std::string& args) {
  const Run run = runTacticsGrid(args + " --json -", scratchDirectory("tactics_serve_cli"));
  INFO(args << "\nstderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  return Json::parse(run.out);
}

// The text of the command line's error: line for `args` (with Mesa told to offer only
// `glVersion`, when given).
std::string commandError(const std::string& args, const char* glVersion = nullptr) {
  if (glVersion) ::setenv("MESA_GL_VERSION_OVERRIDE", glVersion, 1);
  const Run run = runTacticsGrid(args + " --json -", scratchDirectory("tactics_serve_cli"));
  if (glVersion) ::unsetenv("MESA_GL_VERSION_OVERRIDE");
  INFO(args);
  REQUIRE(run.exitCode != 0);
  REQUIRE(run.err.rfind("error: ", 0) == 0);
  return run.err.substr(7, run.err.find('\n') - 7);
}

Json withoutId(Json answer) {
  answer.erase("id");
  return answer;
}

}  // namespace

TEST_CASE("serve answers each op with the object its command's --json writes, plus the id") {
  // An inline map and the same greys as a PNG file, for the command line.
  const fs::path dir = scratchDirectory("tactics_serve_inline");
  const std::vector<int> greys = {0, 76, 0, 255, 0, 127, 0, 0, 178, 0, 0, 76};
  const fs::path png = dir / "inline.png";
  {
    const std::vector<std::uint8_t> bytes(greys.begin(), greys.end());
    const auto encoded = tactics::encodePng(4, 3, 1, bytes);
    std::ofstream(png, std::ios::binary)
        .write(reinterpret_cast<const char*>(encoded.data()),
               static_cast<std::streamsize>(encoded.size()));
  }
  const Json inlineMap = {{"width", 4}, {"height", 3}, {"grey", greys}};

  struct Case {
    Json request;
    std::string args;  // the same question on the command line
  };
  const std::vector<Case> cases = {
      {{{"op", "solve"}, {"map", kMap}, {"unit", {3, 4}}, {"move", 4}, {"backend", "cpu"}},
       "solve --map " + kMap + " --unit 3,4 --move 4 --backend cpu"},
      {{{"op", "solve"},
        {"map", kMap},
        {"unit", {10, 10}},
        {"move", 6},
        {"attack", {{1, 2}, 4}},
        {"enemy", {{12, 10}, {10, 13}}},
        {"ally", {9, 10}},
        {"costs", {1, 3, 5, 8, "x"}},
        {"zoc", true},
        {"skills", {"skirmisher"}}},
       "solve --map " + kMap +
           " --unit 10,10 --move 6 --attack 1-2,4 --enemy 12,10 --enemy 10,13 --ally 9,10 "
           "--costs 1,3,5,8,x --zoc --skills skirmisher --backend auto"},
      {{{"op", "solve"},
        {"scenario", kScenario},
        {"unit", {3, 20}},
        {"ignore_units", true},
        {"class", "flier"},
        {"backend", "cpu"}},
       "solve --scenario " + kScenario + " --unit 3,20 --ignore-units --class flier --backend cpu"},
      {{{"op", "solve"}, {"map", inlineMap}, {"unit", {0, 0}}, {"move", 5}, {"attack", 2}},
       "solve --map " + png.string() + " --unit 0,0 --move 5 --attack 2 --backend auto"},
      {{{"op", "danger"}, {"scenario", kScenario}},
       "danger --scenario " + kScenario + " --backend auto"},
      {{{"op", "solve"},
        {"map", kMap},
        {"unit", {10, 10}},
        {"move", 3},
        {"attack", "2-6"},
        {"sight", true},
        {"blocks_sight", {"wall", "mountains"}},
        {"backend", "cpu"}},
       "solve --map " + kMap +
           " --unit 10,10 --move 3 --attack 2-6 --sight --blocks-sight wall,mountains --backend cpu"},
      {{{"op", "danger"},
        {"map", kMap},
        {"enemy", {{10, 10}}},
        {"move", 2},
        {"attack", "2-5"},
        {"sight", true},
        {"backend", "gpu"}},
       "danger --map " + kMap + " --enemy 10,10 --move 2 --attack 2-5 --sight --backend gpu"},
      {{{"op", "danger"}, {"map", inlineMap}, {"enemy", {2, 0}}, {"move", 2}, {"backend", "cpu"}},
       "danger --map " + png.string() + " --enemy 2,0 --move 2 --backend cpu"},
      {{{"op", "route"},
        {"scenario", kScenario},
        {"unit", {3, 20}},
        {"cursor", {{4, 20}, {5, 19}}}},
       "route --scenario " + kScenario + " --unit 3,20 --cursor 4,20 5,19"},
      {{{"op", "field"},
        {"scenario", kScenario},
        {"team", "enemy"},
        {"class", "foot"},
        {"backend", "cpu"}},
       "field --scenario " + kScenario + " --team enemy --class foot --backend cpu"},
  };
  std::vector<std::string> requests;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Json request = cases[i].request;
    request["id"] = i % 2 ? Json("req-" + std::to_string(i)) : Json(i);
    requests.push_back(request.dump());
  }
  const auto answers = serve(requests);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    INFO(cases[i].args);
    CHECK(answers[i]["id"] == (i % 2 ? Json("req-" + std::to_string(i)) : Json(i)));
    CHECK_FALSE(answers[i].contains("error"));
    CHECK(withoutId(answers[i]) == commandJson(cases[i].args));
  }
}

TEST_CASE(
    "serve's --backend is the default of requests that name none, auto unless given, and --gl "
    "picks the context") {
  const std::string request =
      R"({"id": 1, "op": "solve", "map": ")" + kMap + R"(", "unit": [3, 4], "move": 3})";
  const std::string field = R"({"id": 2, "op": "field", "scenario": ")" + kScenario +
                            R"(", "team": "enemy", "class": "foot"})";
  CHECK(serve({request}, "--backend cpu")[0]["backend"] == "cpu");
  CHECK(serve({request, field}, "--backend gpu")[1]["backend"] == "gpu");
  // No --backend: auto, whose answers name the backend it measured fastest for the job, as the
  // command line's --backend auto does.
  const auto byDefault = serve({request, field});
  CHECK(withoutId(byDefault[0]) ==
        commandJson("solve --map " + kMap + " --unit 3,4 --move 3 --backend auto"));
  CHECK(withoutId(byDefault[1]) ==
        commandJson("field --scenario " + kScenario + " --team enemy --class foot --backend auto"));
  CHECK(serve({request, field}, "--backend auto") == byDefault);
  for (const Json& answer : byDefault) CHECK(answer["backend"] != "auto");
  const Run help = runTacticsGrid("serve --help", scratchDirectory("tactics_serve_help"));
  CHECK(help.out.find("(default auto") != std::string::npos);

  const auto es = serve({request}, "--gl es")[0];
  CHECK((es["backend"] == "gpu" || es["backend"] == "cpu"));  // ES has no compute
  CHECK(withoutId(es) ==
        commandJson("solve --map " + kMap + " --unit 3,4 --move 3 --backend auto --gl es"));
  // compute has no ES context: the request is refused, the server goes on.
  const auto refused = serve({R"({"id": 2, "op": "solve", "map": ")" + kMap +
                                  R"(", "unit": [3, 4], "move": 3, "backend": "compute"})",
                              request},
                             "--gl es");
  CHECK(refused[0]["error"].get<std::string>().find("--backend compute needs OpenGL 4.3") == 0);
  CHECK(refused[1]["backend"] == es["backend"]);
}

TEST_CASE(
    "a bad request is answered with its id and the command line's error text, and the "
    "server goes on") {
  const std::string map = R"("map": ")" + kMap + R"(")";
  const std::string good =
      R"({"id": "last", "op": "solve", )" + map + R"(, "unit": [3, 4], "move": 2})";
  struct Bad {
    std::string line;
    Json id;
    std::string error;  // the start of the error text
  };
  const std::vector<Bad> bad = {
      {"not json", nullptr, "the request is not JSON: "},
      {"", nullptr, "the request is not JSON: "},
      {"[1, 2]", nullptr, "the request is an array; expected one JSON object per line"},
      {R"({"op": "solve"})", nullptr, "the request has no \"id\""},
      {R"({"id": true, "op": "solve"})", nullptr, "the request's \"id\" is a boolean"},
      {R"({"id": {"a": 1}, "op": "solve"})", nullptr, "the request's \"id\" is an object"},
      {R"({"id": 7})", 7, "the request has no \"op\""},
      {R"({"id": 8, "op": "bench"})", 8,
       "\"op\" 'bench' is not one of solve, danger, route or field"},
      {R"({"id": 9, "op": "solve", "json": "-"})", 9,
       "unknown key \"json\"; a request has id, op, "},
      {R"({"id": 10, "op": "solve", "state_png": "x.png"})", 10, "unknown key \"state_png\""},
      {R"({"id": 11, "op": "solve", "move": "2"})", 11,
       "\"move\" is a string; expected a whole number"},
      {R"({"id": 12, "op": "solve", "move": 2.5})", 12,
       "\"move\" is a fraction; expected a whole number"},
      {R"({"id": 13, "op": "solve", "unit": [1]})", 13,
       "\"unit\" is an array; expected a cell [X, Y]"},
      {R"({"id": 14, "op": "solve", "zoc": 1})", 14, "\"zoc\" is a number; expected true or false"},
      {R"({"id": 15, "op": "solve", "enemy": [[1, 2], "x"]})", 15, "\"enemy\" holds a string"},
      {R"({"id": 16, "op": "solve", "map": {"width": 2, "height": 2, "grey": [1, 2, 3]}})", 16,
       "the inline \"map\"'s \"grey\" must be an array of exactly 4 (2x2) whole numbers 0..255"},
      {R"({"id": 17, "op": "solve", "map": {"width": 1, "height": 1, "grey": [256]}})", 17,
       "the inline \"map\"'s \"grey\"[0] (cell 0,0) is not a whole number 0..255"},
      {R"({"id": 18, "op": "solve", "map": {"width": 4097, "height": 1, "grey": []}})", 18,
       "the inline \"map\"'s \"width\" must be a whole number 1..4096"},
      {R"({"id": 19, "op": "solve", "map": {"width": 1, "height": 1, "grey": [0], "x": 1}})", 19,
       "the inline \"map\" has an unknown key \"x\""},
      {R"({"id": 20, "op": "solve", "map": "a\u0000b"})", nullptr,
       "the request holds a NUL character"},
      {R"({"id": 21, "op": "solve", "map": [[[[[[[[[[1]]]]]]]]]]})", nullptr,
       "the request nests deeper than 8 levels"},
      // The command's own checks, in the command line's words.
      {R"({"id": 22, "op": "solve", )" + map + R"(, "unit": [40, 4], "move": 2})", 22,
       commandError("solve --map " + kMap + " --unit 40,4 --move 2")},
      {R"({"id": 23, "op": "solve", )" + map + R"(, "unit": [3, 4], "move": 300})", 23,
       commandError("solve --map " + kMap + " --unit 3,4 --move 300")},
      {R"({"id": 24, "op": "solve", "map": "missing.png", "unit": [3, 4], "move": 2})", 24,
       commandError("solve --map missing.png --unit 3,4 --move 2")},
      {R"({"id": 25, "op": "route", "scenario": ")" + kScenario + R"(", "unit": [3, 20]})", 25,
       commandError("route --scenario " + kScenario + " --unit 3,20")},
      {R"({"id": 26, "op": "route", "scenario": ")" + kScenario +
           R"(", "unit": [3, 20], "cursor": [4, 20], "backend": "cpu"})",
       26, "unknown argument '--backend=cpu' for `tactics-grid route`"},
      {R"({"id": 27, "op": "field", "scenario": ")" + kScenario +
           R"(", "team": "bandits", "class": "foot"})",
       27, commandError("field --scenario " + kScenario + " --team bandits --class foot")},
      {R"({"id": 28, "op": "danger", "scenario": ")" + kScenario + R"(", "zoc": true})", 28,
       commandError("danger --scenario " + kScenario + " --zoc")},
      {R"({"id": 29, "op": "solve", )" + map +
           R"(, "unit": [3, 4], "move": 2, "attack": [[2, 1]]})",
       29, commandError("solve --map " + kMap + " --unit 3,4 --move 2 --attack 2-1")},
  };
  std::vector<std::string> requests;
  for (const Bad& b : bad) requests.push_back(b.line);
  requests.push_back(good);
  const auto answers = serve(requests);
  for (std::size_t i = 0; i < bad.size(); ++i) {
    INFO("request: " << bad[i].line);
    CHECK(answers[i]["id"] == bad[i].id);
    REQUIRE(answers[i].contains("error"));
    CHECK(answers[i]["error"].get<std::string>().rfind(bad[i].error, 0) == 0);
    CHECK(answers[i].size() == 2);
  }
  CHECK(answers.back()["id"] == "last");
  CHECK_FALSE(answers.back().contains("error"));
  CHECK(answers.back()["cost"].size() == 24);
}

TEST_CASE(
    "serve answers a line over 64 MiB and goes on, and end of input exits 0 with nothing else "
    "on standard output") {
  const fs::path dir = scratchDirectory("tactics_serve_long");
  const fs::path input = dir / "requests.jsonl";
  {
    std::ofstream out(input, std::ios::binary);
    const std::string chunk(1 << 20, ' ');
    out << "{\"id\": 1, \"op\": \"solve\", \"pad\": \"";
    for (int i = 0; i < 64; ++i) out << chunk;
    out << "\"}\n";
    out << R"({"id": 2, "op": "solve", "map": ")" << kMap
        << R"(", "unit": [3, 4], "move": 2, "backend": "cpu"})"
        << "\n";
  }
  const Run run = runTacticsGrid("serve", dir, input);
  REQUIRE(run.exitCode == 0);
  const auto answers = lines(run.out);
  REQUIRE(answers.size() == 2);
  CHECK(answers[0] == R"({"id":null,"error":"the request line is over 64 MiB"})");
  CHECK(Json::parse(answers[1])["id"] == 2);
  fs::remove_all(dir);

  const Run empty = runTacticsGrid("serve", scratchDirectory("tactics_serve_empty"));
  CHECK(empty.exitCode == 0);
  CHECK(empty.out.empty());
  CHECK(empty.err.empty());
}

TEST_CASE("a request's keys are its command's flags: every one but the server's own") {
  // The keys, from the answer to an unknown one: "...; a request has id, op, map, ...".
  const auto answer = serve({R"({"id": 1, "op": "solve", "no_such_key": 1})"})[0];
  const std::string error = answer["error"];
  const std::string marker = "; a request has id, op, ";
  REQUIRE(error.find(marker) != std::string::npos);
  std::vector<std::string> keys;
  std::istringstream list(error.substr(error.find(marker) + marker.size()));
  for (std::string key; std::getline(list, key, ',');) keys.push_back(key.substr(key[0] == ' '));
  for (const char* op : {"solve", "danger", "route", "field"}) {
    // The command's flags, from its error for an unknown one (as test_help_and_version reads them).
    const std::string err = commandError(std::string(op) + " --no-such-flag");
    const std::string flags = err.substr(err.find("; expected ") + 11);
    std::istringstream words(flags.substr(0, flags.find(" (or --help)")));
    for (std::string flag; std::getline(words, flag, ',');) {
      flag = flag.substr(flag.find("--") + 2);
      if (flag == "json" || flag == "gl" || flag == "state-png") continue;  // the server's own
      std::replace(flag.begin(), flag.end(), '-', '_');
      INFO(op << ": " << flag);
      CHECK(std::find(keys.begin(), keys.end(), flag) != keys.end());
    }
  }
  CHECK(keys.size() == 18);  // grid (SPEC §13), sight and blocks_sight (SPEC §11.8) among them
}

TEST_CASE("serve's own flags are checked like every command's") {
  const fs::path dir = scratchDirectory("tactics_serve_flags");
  tactics::testing::requireRefusedIn(dir, "serve --backend fast", "--backend");
  tactics::testing::requireRefusedIn(dir, "serve --gl vulkan", "--gl");
  tactics::testing::requireRefusedIn(dir, "serve --backend compute --gl es",
                                     "--backend compute needs OpenGL 4.3");
  tactics::testing::requireRefusedIn(dir, "serve --map x.png", "unknown argument '--map'");
  const Run help = runTacticsGrid("serve --help", dir);
  CHECK(help.exitCode == 0);
  CHECK(help.out.rfind("usage: tactics-grid serve", 0) == 0);
}

TEST_CASE("serve reads a map or scenario once, and again only when one of its files changes") {
  const fs::path dir = scratchDirectory("tactics_serve_keep");
  const auto writeMap = [&](const fs::path& path, std::uint8_t corner) {
    std::vector<std::uint8_t> greys(5 * 4, 0);
    greys[4] = corner;
    const auto png = tactics::encodePng(5, 4, 1, greys);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  };
  const fs::path map = dir / "board.png";
  writeMap(map, 0);
  writeText(dir / "board.json",
            R"({"map": "board.png", "units": [{"name": "A", "team": "player", "at": [0, 0],
                "move": 6, "attack": "1", "class": "foot"}]})");

  tactics::cli::Server server(tactics::Backend::Cpu, tactics::gpu::GlApi::Core);
  const std::string byMap =
      R"({"id": 1, "op": "solve", "map": ")" + map.string() + R"(", "unit": [0, 0], "move": 6})";
  const std::string byScenario = R"({"id": 2, "op": "solve", "scenario": ")" +
                                 (dir / "board.json").string() + R"(", "unit": [0, 0]})";
  const auto cornerCost = [&](const std::string& request) {
    const Json answer = Json::parse(server.answer(request));
    INFO(answer.dump().substr(0, 300));
    REQUIRE_FALSE(answer.contains("error"));
    return answer["cost"][0][4].get<int>();
  };
  CHECK(cornerCost(byMap) == 4);
  CHECK(cornerCost(byScenario) == 4);
  CHECK(server.env().loads() == 2);
  CHECK(cornerCost(byMap) == 4);
  CHECK(cornerCost(byScenario) == 4);
  CHECK(server.env().loads() == 2);  // both kept

  // The corner becomes a wall (grey 255): a new file, a later modification time.
  writeMap(map, 255);
  fs::last_write_time(map, fs::last_write_time(map) + std::chrono::seconds(5));
  CHECK(cornerCost(byMap) == -1);
  CHECK(cornerCost(byScenario) == -1);  // the scenario's map changed: read again too
  CHECK(server.env().loads() == 4);

  // A file that is gone is an error now, and the next request after it comes back reads it.
  fs::remove(map);
  const Json gone = Json::parse(server.answer(byMap));
  CHECK(gone["error"].get<std::string>().find("board.png") != std::string::npos);
  writeMap(map, 0);
  CHECK(cornerCost(byMap) == 4);
  fs::remove_all(dir);
}

TEST_CASE(
    "without OpenGL 3.3 a gpu or auto request is answered with the context's error and cpu "
    "requests go on") {
  const std::string solve =
      R"({"id": 1, "op": "solve", "map": ")" + kMap + R"(", "unit": [3, 4], "move": 2)";
  const std::string gpu = solve + R"(, "backend": "gpu"})";
  const std::string automatic = solve + "}";  // serve's default, auto, as the command line's
  const std::string cpu = solve + R"(, "backend": "cpu"})";
  ::setenv("MESA_GL_VERSION_OVERRIDE", "3.0", 1);
  const auto answers = serve({gpu, cpu, automatic, gpu});
  ::unsetenv("MESA_GL_VERSION_OVERRIDE");
  for (std::size_t i : {0u, 2u, 3u}) {
    INFO("request " << i);
    CHECK(answers[i]["id"] == 1);
    CHECK(answers[i]["error"].get<std::string>().rfind("no OpenGL 3.3 context: ", 0) == 0);
    CHECK(answers[i]["error"] ==
          commandError(
              "solve --map " + kMap + " --unit 3,4 --move 2 --backend " + (i == 2 ? "auto" : "gpu"),
              "3.0"));
  }
  CHECK(answers[1]["backend"] == "cpu");
}

TEST_CASE("serve keeps the spaces and quotes inside the command's strings") {
  // A unit's name is echoed in route's JSON: quotes escaped, spaces that are not between tokens.
  const fs::path dir = scratchDirectory("tactics_serve_names");
  const fs::path scenario = dir / "names.json";
  writeText(scenario, R"({"map": ")" + kMap + R"(", "units": [
      {"name": "Tom \"6 ft\\ 2", "team": "player", "at": [3, 20], "move": 4,
       "attack": "1", "class": "foot"}]})");
  const std::string args = "route --scenario " + scenario.string() + " --unit 3,20 --cursor 4,20";
  const auto answers = serve({R"({"id": 1, "op": "route", "scenario": ")" + scenario.string() +
                              R"(", "unit": [3, 20], "cursor": [4, 20]})"});
  CHECK(answers[0]["name"] == "Tom \"6 ft\\ 2");
  CHECK(withoutId(answers[0]) == commandJson(args));
  fs::remove_all(dir);
}
