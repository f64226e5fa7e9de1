// The level editor's Save for a Tiled map (tactics/io/tiled_units_writer.h): the units go into
// the map's `units` layer and every other byte of the file stays as it was.
#include <catch2/catch.hpp>

#include <string>

#include "tactics/io/file_io.h"
#include "tactics/io/scenario.h"
#include "tactics/io/tiled_units_writer.h"

using namespace tactics;

namespace {

std::string asset(const std::string& path) {
  return std::string(TACTICS_SOURCE_DIR) + "/assets/" + path;
}

std::string text(const std::vector<std::uint8_t>& bytes) { return {bytes.begin(), bytes.end()}; }

// The map's units, read back from the written bytes as if they were the file at `path`.
Scenario readBack(const std::vector<std::uint8_t>& bytes, const std::string& path) {
  auto scenario = parseScenarioFile(bytes, path, [](const std::string& file) {
    return readFileBytes(file);
  });
  INFO((scenario ? std::string() : scenario.error()));
  REQUIRE(scenario);
  return std::move(*scenario);
}

}  // namespace

TEST_CASE("tiled units writer: the sample's own units write back byte for byte",
          "[tiled_units_writer]") {
  const std::string path = asset("maps/riverford_units.tmx");
  const auto bytes = readFileBytes(path);
  REQUIRE(bytes);
  const auto scenario = loadScenario(path);
  REQUIRE(scenario);
  const auto written = tmxWithUnits(*bytes, path, scenario->units, scenario->classes);
  REQUIRE(written);
  CHECK(text(*written) == text(*bytes));
}

TEST_CASE("tiled units writer: edited units replace the layer's objects and nothing else",
          "[tiled_units_writer]") {
  const std::string path = asset("maps/riverford_units.tmx");
  const auto bytes = readFileBytes(path);
  REQUIRE(bytes);
  auto scenario = loadScenario(path);
  REQUIRE(scenario);
  std::vector<Unit> units = scenario->units;
  units[0].cell = {5, 12};
  units[0].name = "Lord & <Co>";
  Unit added = units.back();
  added.name = "Scout";
  added.team = Team::Ally;
  added.cell = {6, 12};
  added.attack = *parseAttackRange("2-3", "attack");
  units.push_back(added);
  Unit lurker = added;
  lurker.name = "Lurker";
  lurker.team = Team::Enemy;
  lurker.hidden = true;
  lurker.cell = {7, 12};
  units.push_back(lurker);
  units.erase(units.begin() + 1);  // Archer leaves
  const auto written = tmxWithUnits(*bytes, path, units, scenario->classes);
  REQUIRE(written);
  const Scenario back = readBack(*written, path);
  REQUIRE(back.units.size() == units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    CHECK(back.units[i].name == units[i].name);
    CHECK(back.units[i].team == units[i].team);
    CHECK(back.units[i].cell == units[i].cell);
    CHECK(back.units[i].moveRange == units[i].moveRange);
    CHECK(back.units[i].attack == units[i].attack);
    CHECK(back.units[i].className == units[i].className);
    CHECK(back.units[i].hidden == units[i].hidden);
  }
  CHECK(back.map.greyValues() == scenario->map.greyValues());
  // Byte for byte outside the layer's objects: the text before the layer's first object and
  // after its closing tag, with the map's nextobjectid grown for the new unit.
  const std::string before = text(*bytes);
  const std::string after = text(*written);
  const std::size_t open = before.find("<objectgroup id=\"3\" name=\"units\">");
  REQUIRE(open != std::string::npos);
  const std::size_t head = before.find('\n', open) + 1;
  const std::size_t tail = before.find(" </objectgroup>");
  std::string expectedHead = before.substr(0, head);
  const std::size_t next = expectedHead.find("nextobjectid=\"");
  REQUIRE(next != std::string::npos);
  CHECK(after.substr(0, head).size() >= head - 2);
  CHECK(after.compare(after.size() - (before.size() - tail), std::string::npos,
                      before.substr(tail)) == 0);
  // Only nextobjectid may differ in the head.
  const std::size_t id = after.find("nextobjectid=\"");
  CHECK(after.substr(0, id) == before.substr(0, next));
}

TEST_CASE("tiled units writer: a map without a units layer gets one and becomes a scenario",
          "[tiled_units_writer]") {
  const std::string path = asset("maps/riverford.tmx");
  const auto bytes = readFileBytes(path);
  REQUIRE(bytes);
  const auto withUnits = loadScenario(asset("maps/riverford_units.tmx"));
  REQUIRE(withUnits);
  // This map has only the presets: the sample's own class "scout" is refused...
  std::vector<Unit> units = withUnits->units;
  const auto refused = tmxWithUnits(*bytes, path, units, presetMovementClasses());
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("not a class the map knows") != std::string::npos);
  // ... and foot is not.
  for (Unit& unit : units) {
    if (unit.className == "scout") {
      unit.className = "foot";
      unit.movement = presetMovementClasses().at("foot");
    }
  }
  const auto written = tmxWithUnits(*bytes, path, units, presetMovementClasses());
  REQUIRE(written);
  const Scenario back = readBack(*written, path);
  CHECK(back.units.size() == units.size());
  const std::string out = text(*written);
  CHECK(out.find("<objectgroup id=\"3\" name=\"units\">") != std::string::npos);
  CHECK(out.find("nextlayerid=\"4\"") != std::string::npos);
  // The rest is the file as it was, the layer inserted before </map>.
  const std::string in = text(*bytes);
  const std::size_t layer = out.find(" <objectgroup");
  const std::size_t layerEnd = out.find(" </objectgroup>\n") + 16;
  std::string expected = in;
  const std::string ids = "nextlayerid=\"3\" nextobjectid=\"1\"";
  REQUIRE(expected.find(ids) != std::string::npos);
  expected.replace(expected.find(ids), ids.size(),
                   "nextlayerid=\"4\" nextobjectid=\"" + std::to_string(units.size() + 1) + "\"");
  expected.insert(expected.rfind("</map>"), out.substr(layer, layerEnd - layer));
  CHECK(out == expected);
}

TEST_CASE("tiled units writer: units a layer cannot hold are refused, naming the unit",
          "[tiled_units_writer]") {
  const std::string path = asset("maps/riverford_units.tmx");
  const auto bytes = readFileBytes(path);
  REQUIRE(bytes);
  auto scenario = loadScenario(path);
  REQUIRE(scenario);
  std::vector<Unit> units = scenario->units;
  units[1].props = R"({"hp":3})";
  auto refused = tmxWithUnits(*bytes, path, units, scenario->classes);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("unit 1 (\"Archer\") has props") != std::string::npos);
  units[1].props.clear();
  units[1].movement = MovementClass({2, 2, 2, 2, 2});
  refused = tmxWithUnits(*bytes, path, units, scenario->classes);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("not a class the map knows") != std::string::npos);
  CHECK(saveTiledUnits(asset("scenarios/default.json"), scenario->units, scenario->classes)
            ->find("not one") != std::string::npos);
}

TEST_CASE("tiled units writer: a map written on few lines keeps every tag it had",
          "[tiled_units_writer]") {
  // One line per layer, the closing tags sharing lines with content.
  const std::string tmx =
      R"(<?xml version="1.0"?><map orientation="orthogonal" width="2" height="1" tilewidth="8" )"
      R"(tileheight="8" nextlayerid="3" nextobjectid="5"><tileset firstgid="1" name="t" )"
      R"(tilewidth="8" tileheight="8" tilecount="1" columns="1"><tile id="0"><properties>)"
      R"(<property name="terrain" value="plains"/></properties></tile></tileset>)"
      R"(<layer id="1" name="g" width="2" height="1"><data encoding="csv">1,1</data></layer>)"
      R"(<objectgroup id="2" name="units"><object id="4" name="A" x="4" y="4"><properties>)"
      R"(<property name="team" value="player"/><property name="move" type="int" value="3"/>)"
      R"(</properties><point/></object></objectgroup></map>)";
  const std::vector<std::uint8_t> bytes(tmx.begin(), tmx.end());
  auto scenario = parseScenarioFile(bytes, "small.tmx", [](const std::string& file) {
    return readFileBytes(file);
  });
  REQUIRE(scenario);
  std::vector<Unit> units = scenario->units;
  units[0].cell = {1, 0};
  const auto written = tmxWithUnits(bytes, "small.tmx", units, scenario->classes);
  REQUIRE(written);
  const Scenario back = readBack(*written, "small.tmx");
  REQUIRE(back.units.size() == 1);
  CHECK(back.units[0].cell == Cell{1, 0});
  const std::string out = text(*written);
  CHECK(out.rfind("</objectgroup></map>") != std::string::npos);
  CHECK(out.find("<layer id=\"1\" name=\"g\" width=\"2\" height=\"1\"><data encoding=\"csv\">1,1"
                 "</data></layer><objectgroup id=\"2\" name=\"units\">\n") != std::string::npos);
  // Without the layer: it goes on a line of its own before </map>.
  std::string bare = tmx.substr(0, tmx.find("<objectgroup")) + "</map>";
  const auto added = tmxWithUnits(std::vector<std::uint8_t>(bare.begin(), bare.end()),
                                  "small.tmx", units, scenario->classes);
  REQUIRE(added);
  CHECK(text(*added).find("</layer>\n <objectgroup id=\"3\" name=\"units\">") != std::string::npos);
  CHECK(readBack(*added, "small.tmx").units.size() == 1);
}

TEST_CASE("tiled units writer: combat stats and lords are written and read back (SPEC 14)",
          "[tiled_units_writer][combat]") {
  const std::string path = asset("maps/riverford_units.tmx");
  const auto bytes = readFileBytes(path);
  REQUIRE(bytes);
  auto scenario = loadScenario(path);
  REQUIRE(scenario);
  std::vector<Unit> units = scenario->units;
  for (std::size_t i = 0; i < units.size(); ++i) {
    units[i].hp = 10 + static_cast<int>(i);
    units[i].str = 3 + static_cast<int>(i % 4);
    units[i].def = static_cast<int>(i % 3);
    units[i].spd = static_cast<int>(i % 7);
  }
  units[0].lord = units[0].team == Team::Player;
  const auto written = tmxWithUnits(*bytes, path, units, scenario->classes);
  REQUIRE(written);
  const Scenario back = readBack(*written, path);
  REQUIRE(back.units.size() == units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    CHECK(back.units[i].hp == units[i].hp);
    CHECK(back.units[i].str == units[i].str);
    CHECK(back.units[i].def == units[i].def);
    CHECK(back.units[i].spd == units[i].spd);
    CHECK(back.units[i].lord == units[i].lord);
  }
}
