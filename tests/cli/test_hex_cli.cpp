// Hex boards on the command line (SPEC §13): --grid with an image --map for solve, danger and
// field; a Tiled hexagonal map solving as its image twin (which import-tiled writes and says how
// to read back); solve's "layout" and parent digits; serve's "grid"; and every refusal.
#include <catch2/catch.hpp>

#include "cli_run.h"
#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tactics/io/map_image.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/topology.h"

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;
using tactics::testing::runTacticsGrid;
using tactics::testing::scratchDirectory;
using tactics::testing::writeText;
using Json = nlohmann::json;

const std::string kFixtures = TACTICS_SOURCE_DIR "/tests/fixtures/tiled/";
const std::string kSquareMap = TACTICS_SOURCE_DIR "/assets/maps/crossroads.png";
const std::vector<std::string> kHexLayouts = {"hex-y-odd", "hex-y-even", "hex-x-odd", "hex-x-even"};

Json jsonOf(const std::string& args, const fs::path& dir) {
  const Run run = runTacticsGrid(args + " --json -", dir);
  INFO(args << "\nstderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  return Json::parse(run.out);
}

// A bad input: exit 2, one `error:` line holding every mention, nothing on stdout.
void requireRefused(const std::string& args, const std::vector<std::string>& mentions,
                    const fs::path& dir) {
  const Run run = runTacticsGrid(args, dir);
  INFO(args << "\nstderr: " << run.err);
  CHECK(run.exitCode == 2);
  CHECK(run.err.rfind("error: ", 0) == 0);
  CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
  for (const std::string& mention : mentions) CHECK(run.err.find(mention) != std::string::npos);
  CHECK(run.out.empty());
}

// Writes the image twin of a hex fixture with import-tiled, checking the line it prints.
fs::path importTwin(const std::string& layout, const fs::path& dir) {
  const fs::path png = dir / (layout + ".png");
  const Run run = runTacticsGrid("import-tiled '" + kFixtures + layout + ".tmx' --out '" +
                                     png.string() + "'",
                                 dir);
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  CHECK(run.out.find("--grid " + layout) != std::string::npos);
  CHECK(run.out.find("--map " + png.string() + " --grid " + layout) != std::string::npos);
  return png;
}

// SPEC §13's neighbour k of (x, y), written out from its text.
tactics::Cell specNeighbour(const std::string& layout, tactics::Cell c, int k) {
  const bool odd = layout.find("odd") != std::string::npos;
  if (layout.rfind("hex-y", 0) == 0) {
    const bool shifted = ((c.y & 1) == 1) == odd;
    if (k == 2) return {c.x - 1, c.y};
    if (k == 3) return {c.x + 1, c.y};
    const int dy = k < 2 ? -1 : 1;
    const int second = k % 2;  // 0 or 4: the first of the two cells of the row; 1 or 5: the second
    return shifted ? tactics::Cell{c.x + second, c.y + dy} : tactics::Cell{c.x - 1 + second, c.y + dy};
  }
  const bool shifted = ((c.x & 1) == 1) == odd;
  if (k == 0) return {c.x, c.y - 1};
  if (k == 1) return {c.x, c.y + 1};
  const int dx = k < 4 ? -1 : 1;
  const int second = k % 2;
  return shifted ? tactics::Cell{c.x + dx, c.y + second} : tactics::Cell{c.x + dx, c.y - 1 + second};
}

}  // namespace

TEST_CASE("a Tiled hex map solves as its image twin read with --grid", "[cli][hex]") {
  const fs::path dir = scratchDirectory("tactics_hex_cli");
  for (const std::string& layout : kHexLayouts) {
    INFO(layout);
    const fs::path twin = importTwin(layout, dir);
    const std::string move = " --unit 1,2 --move 4 --attack 1-2 --enemy 4,2 --ally 2,3 --backend cpu";
    for (const char* extension : {".tmx", ".tmj"}) {
      const Json tiled = jsonOf("solve --map '" + kFixtures + layout + extension + "'" + move, dir);
      const Json image = jsonOf("solve --map '" + twin.string() + "' --grid " + layout + move, dir);
      CHECK(tiled == image);
      CHECK(image["layout"] == layout);
    }
    // danger and field read the twin the same way.
    const std::string enemies = " --enemy 1,1 --enemy 5,3 --unit 0,3 --backend cpu";
    CHECK(jsonOf("danger --map '" + kFixtures + layout + ".tmx'" + enemies + " --move 2", dir) ==
          jsonOf("danger --map '" + twin.string() + "' --grid " + layout + enemies + " --move 2", dir));
    CHECK(jsonOf("field --map '" + kFixtures + layout + ".tmj'" + enemies +
                     " --team player --class foot",
                 dir) == jsonOf("field --map '" + twin.string() + "' --grid " + layout + enemies +
                                    " --team player --class foot",
                                dir));
  }
}

TEST_CASE("solve on a hex board: the layout, parent digits and the reference's answer",
          "[cli][hex]") {
  const fs::path dir = scratchDirectory("tactics_hex_cli");
  for (const std::string& layout : kHexLayouts) {
    INFO(layout);
    const fs::path twin = importTwin(layout, dir);
    const Json answer =
        jsonOf("solve --map '" + twin.string() + "' --grid " + layout +
                   " --unit 2,2 --move 6 --attack 2 --backend cpu",
               dir);
    REQUIRE(answer["layout"] == layout);
    // The CPU reference on the same board, called directly.
    auto map = tactics::loadMap(twin.string());
    REQUIRE(map);
    map->setLayout(*tactics::parseLayout(layout));
    tactics::RangeQuery query;
    query.unit = {2, 2};
    query.moveRange = 6;
    query.attack = tactics::AttackRange{1, 2};
    const tactics::RangeResult reference = tactics::solveReference(*map, query);
    int reached = 0;
    for (int y = 0; y < map->height(); ++y) {
      const std::string parents = answer["parent"][static_cast<std::size_t>(y)];
      for (int x = 0; x < map->width(); ++x) {
        const tactics::Cell cell{x, y};
        INFO(tactics::toString(cell));
        const int cost = answer["cost"][static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
        CHECK(cost == reference.travelCost[cell]);
        const char parent = parents[static_cast<std::size_t>(x)];
        if (cost <= 0) {
          CHECK(parent == '.');
          continue;
        }
        ++reached;
        // The digit k names SPEC §13's neighbour k, from which the cell was entered.
        REQUIRE(parent >= '0');
        REQUIRE(parent <= '5');
        const tactics::Cell from = specNeighbour(layout, cell, parent - '0');
        REQUIRE(map->contains(from));
        const int entry = query.movement.cost(map->terrain(cell));
        CHECK(answer["cost"][static_cast<std::size_t>(from.y)][static_cast<std::size_t>(from.x)] ==
              cost - entry);
        CHECK(tactics::neighbourOf(reference.parent[cell]) == parent - '0');
      }
    }
    CHECK(reached > 5);
  }
  // A square board keeps its letters and has no "layout".
  const Json square = jsonOf("solve --map '" + kSquareMap + "' --unit 4,18 --move 3 --backend cpu", dir);
  CHECK_FALSE(square.contains("layout"));
  CHECK(square["parent"][17].get<std::string>().find_first_of("UDLR") != std::string::npos);
  CHECK(jsonOf("solve --map '" + kSquareMap + "' --grid square --unit 4,18 --move 3 --backend cpu",
               dir) == square);
}

TEST_CASE("grid flag: it reaches the GL backends and gpu and compute answer as the cpu does",
          "[cli][hex][gpu]") {
  const fs::path dir = scratchDirectory("tactics_hex_cli");
  for (const std::string& layout : kHexLayouts) {
    INFO(layout);
    const fs::path twin = importTwin(layout, dir);
    const std::string board = "--map '" + twin.string() + "' --grid " + layout;
    const std::string units = " --enemy 1,1 --enemy 5,3 --unit 0,3";
    for (const std::string& args :
         {"solve " + board + " --unit 1,2 --move 5 --attack 1-2 --enemy 4,2",
          "danger " + board + units + " --move 3 --attack 2",
          "field " + board + units + " --team player --class foot"}) {
      INFO(args);
      const Json cpu = jsonOf(args + " --backend cpu", dir);
      for (const char* backend : {"gpu", "compute"}) {
        Json other = jsonOf(args + " --backend " + backend, dir);
        CHECK(other["backend"] == backend);
        // The same bytes but the backend's name (passes are the gpu backend's whichever ran).
        other["backend"] = cpu["backend"];
        CHECK(other == cpu);
      }
    }
  }
}

TEST_CASE("grid flag: refused with a bad layout or a Tiled map or a scenario", "[cli][hex]") {
  const fs::path dir = scratchDirectory("tactics_hex_cli");
  const fs::path twin = importTwin("hex-y-odd", dir);
  const std::string image = "'" + twin.string() + "'";
  for (const std::string command : {"solve", "danger", "field"}) {
    INFO(command);
    const std::string rest = command == "solve"    ? " --unit 0,0 --move 2"
                             : command == "danger" ? " --enemy 0,0 --move 2"
                                                   : " --enemy 0,0 --team player --class foot";
    requireRefused(command + " --map " + image + " --grid hex" + rest,
                   {"--grid 'hex' is not a layout", "square, hex-y-odd, hex-y-even, hex-x-odd or hex-x-even"},
                   dir);
    // A Tiled map gives its own layout, even when --grid names the same one.
    for (const std::string grid : {"hex-y-odd", "square"}) {
      requireRefused(command + " --map '" + kFixtures + "hex-y-odd.tmx' --grid " + grid + rest,
                     {"--grid " + grid, "hex-y-odd.tmx", "its own layout (hex-y-odd)"}, dir);
    }
    requireRefused(command + " --map '" + kFixtures + "level-csv.tmx' --grid square" + rest,
                   {"--grid square", "level-csv.tmx", "its own layout (square)"}, dir);
  }
  // With --scenario: its map and "grid" give the layout.
  const std::string scenario = "'" + kFixtures + "hex-x-even.tmx'";
  requireRefused("solve --scenario " + scenario + " --unit 1,0 --grid hex-x-even",
                 {"--grid cannot be combined with --scenario"}, dir);
  requireRefused("danger --scenario " + scenario + " --grid square",
                 {"--grid cannot be combined with --scenario"}, dir);
  requireRefused("field --scenario " + scenario + " --grid hex-x-even --team player --class foot",
                 {"--grid cannot be combined with --scenario"}, dir);
}

TEST_CASE("a scenario's grid reaches solve and a Tiled hex scenario solves as a JSON one",
          "[cli][hex]") {
  const fs::path dir = scratchDirectory("tactics_hex_cli");
  const fs::path twin = importTwin("hex-x-even", dir);
  // The fixture's units (SPEC §13's anchors) as a JSON scenario on the image twin.
  writeText(dir / "twin.json", R"({"map": ")" + twin.filename().string() +
                                   R"(", "grid": "hex-x-even", "units": [
    {"name": "Lord", "team": "player", "at": [1, 0], "move": 3, "attack": "1"},
    {"name": "Rider", "team": "player", "at": [1, 2], "move": 3, "attack": "1"},
    {"name": "Bandit", "team": "enemy", "at": [5, 3], "move": 3, "attack": "1"}]})");
  const std::string args = " --unit 1,0 --backend cpu";
  Json fromJson = jsonOf("solve --scenario twin.json" + args, dir);
  const Json fromTiled = jsonOf("solve --scenario '" + kFixtures + "hex-x-even.tmx'" + args, dir);
  CHECK(fromJson["layout"] == "hex-x-even");
  CHECK(fromJson == fromTiled);
  CHECK(jsonOf("danger --scenario twin.json --backend cpu", dir) ==
        jsonOf("danger --scenario '" + kFixtures + "hex-x-even.tmj' --backend cpu", dir));
}

TEST_CASE("serve takes grid as solve takes --grid", "[cli][hex][serve]") {
  const fs::path dir = scratchDirectory("tactics_hex_serve");
  const fs::path twin = importTwin("hex-y-even", dir);
  const std::string path = twin.string();
  // The twin's greys as an inline map.
  const auto map = tactics::loadMap(path);
  REQUIRE(map);
  Json inlineMap = {{"width", map->width()}, {"height", map->height()}, {"grey", map->greyValues()}};
  const std::vector<std::string> requests = {
      R"({"id": 1, "op": "solve", "map": ")" + path +
          R"(", "grid": "hex-y-even", "unit": [1, 2], "move": 4, "backend": "cpu"})",
      R"({"id": 2, "op": "solve", "map": )" + inlineMap.dump() +
          R"(, "grid": "hex-y-even", "unit": [1, 2], "move": 4, "backend": "cpu"})",
      R"({"id": 3, "op": "field", "map": ")" + path +
          R"(", "grid": "hex-y-even", "enemy": [[1, 2]], "team": "player", "class": "foot", "backend": "cpu"})",
      R"({"id": 4, "op": "solve", "map": ")" + path +
          R"(", "grid": "hexagonal", "unit": [1, 2], "move": 4})",
      R"({"id": 5, "op": "solve", "map": ")" + kFixtures +
          R"(hex-y-even.tmx", "grid": "hex-y-even", "unit": [1, 2], "move": 4})",
      R"({"id": 6, "op": "solve", "map": ")" + path + R"(", "grid": 3, "unit": [1, 2], "move": 4})",
  };
  const fs::path input = dir / "requests.jsonl";
  std::string text;
  for (const std::string& request : requests) text += request + "\n";
  writeText(input, text);
  const Run run = runTacticsGrid("serve", dir, input);
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  std::vector<Json> answers;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);) answers.push_back(Json::parse(line));
  REQUIRE(answers.size() == requests.size());

  Json solved = jsonOf("solve --map '" + path + "' --grid hex-y-even --unit 1,2 --move 4 --backend cpu", dir);
  solved["id"] = 1;
  CHECK(answers[0] == solved);
  CHECK(answers[0]["layout"] == "hex-y-even");
  // The response's "grid" stays the letter rows.
  CHECK(answers[0]["grid"].is_array());
  solved["id"] = 2;
  CHECK(answers[1] == solved);
  Json field = jsonOf("field --map '" + path +
                          "' --grid hex-y-even --enemy 1,2 --team player --class foot --backend cpu",
                      dir);
  field["id"] = 3;
  CHECK(answers[2] == field);
  CHECK(answers[3]["error"].get<std::string>().find("--grid 'hexagonal' is not a layout") !=
        std::string::npos);
  CHECK(answers[4]["error"].get<std::string>().find("its own layout (hex-y-even)") !=
        std::string::npos);
  CHECK(answers[5]["error"].get<std::string>().find("\"grid\"") != std::string::npos);
}
