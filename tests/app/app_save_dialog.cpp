// The save dialog's decisions (session/save_dialog.h) and what Save scenario writes
// (rules/board_save.h): the default folder, typed paths, the overwrite question, and the
// refusals to write over the open board's files (SPEC §5) for Save PNG and Save scenario.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "app/rules/board_save.h"
#include "app/rules/scene.h"
#include "app/session/save_dialog.h"
#include "tactics/io/file_io.h"
#include "tactics/io/map_image.h"
#include "tactics/io/scenario.h"
#include "tactics/io/tiled_map.h"
#include "temp_paths.h"

using namespace tactics;
using namespace tactics::app;
namespace fs = std::filesystem;

namespace {

std::string asset(const std::string& path) {
  return std::string(TACTICS_SOURCE_DIR) + "/assets/" + path;
}

// A copy of the shipped maps and tilesets, with a scenario on the Tiled map that has props.
struct Level {
  fs::path dir;
  Level() : dir(tactics::testing::uniqueTempPath("save_dialog")) {
    fs::remove_all(dir);
    fs::create_directories(dir / "scenarios");
    fs::copy(asset("maps"), dir / "maps", fs::copy_options::recursive);
    fs::copy(asset("tilesets"), dir / "tilesets", fs::copy_options::recursive);
    std::ofstream(dir / "scenarios/level.json")
        << R"({ "map": "../maps/riverford.tmx", "props": { "title": "Ford" },
  "units": [ { "name": "Lord", "team": "player", "at": [3, 12], "move": 5, "attack": "1-2",
               "props": { "hp": 20 } },
             { "name": "Brigand", "team": "enemy", "at": [22, 12], "move": 5 } ] })";
  }
  ~Level() {
    std::error_code error;
    fs::remove_all(dir, error);
  }
  [[nodiscard]] std::string path(const std::string& name) const { return (dir / name).string(); }
};

SaveCheck check(SaveKind kind, const std::string& typed, const std::string& folder,
                const std::vector<InputFile>& inputs) {
  return checkSave(kind, typed, folder, "/home/someone", inputs);
}

}  // namespace

TEST_CASE("save dialog: the default folder is the checkout's assets, else ~/.local/share",
          "[save_dialog]") {
  const Level level;
  CHECK(defaultSaveFolder(SaveKind::TerrainPng, level.dir.string(), "/home/me") ==
        level.path("maps"));
  CHECK(defaultSaveFolder(SaveKind::Scenario, level.dir.string(), "/home/me") ==
        level.path("scenarios"));
  // No checkout (an installed demo), or one without the folder: the user's data folder.
  CHECK(defaultSaveFolder(SaveKind::TerrainPng, std::nullopt, "/home/me") ==
        "/home/me/.local/share/tactics-grid/maps");
  CHECK(defaultSaveFolder(SaveKind::Scenario, level.path("nowhere"), "/home/me") ==
        "/home/me/.local/share/tactics-grid/scenarios");
}

TEST_CASE("save dialog: a typed path is read against the dialog's folder, never the working "
          "directory", "[save_dialog]") {
  CHECK(resolveSavePath("a.png", "/data/maps", "/home/me") == "/data/maps/a.png");
  CHECK(resolveSavePath("../b.png", "/data/maps", "/home/me") == "/data/b.png");
  CHECK(resolveSavePath("/tmp/c.png", "/data/maps", "/home/me") == "/tmp/c.png");
  CHECK(resolveSavePath("~/d.png", "/data/maps", "/home/me") == "/home/me/d.png");
  CHECK(mapBesideScenario("/x/level.json") == "/x/level.png");
  CHECK(savedFiles(SaveKind::Scenario, "/x/level.json") ==
        std::vector<std::string>{"/x/level.json", "/x/level.png"});
}

TEST_CASE("save dialog: Save PNG and Save scenario refuse the map, a tileset, a tileset image "
          "and the scenario", "[save_dialog]") {
  const Level level;
  auto opened = openBoard(level.path("scenarios/level.json"));
  REQUIRE(opened);
  const std::vector<InputFile> inputs = sceneInputFiles(*opened);
  const std::string maps = level.path("maps");
  for (const SaveKind kind : {SaveKind::TerrainPng, SaveKind::Scenario}) {
    INFO(saveTitle(kind));
    const auto refused = [&](const std::string& typed, const std::string& words) {
      const SaveCheck result = check(kind, typed, maps, inputs);
      INFO(result.message);
      CHECK(result.verdict == SaveCheck::Verdict::Refuse);
      CHECK(result.message.find(words) != std::string::npos);
    };
    refused("riverford.tmx", "is the open scenario's map");
    refused("../tilesets/terrain.tsx", "tileset 'terrain' of the open scenario's map");
    refused("../tilesets/terrain.png", "the image of tileset 'terrain'");
    refused("../scenarios/level.json", "is the open scenario");
    // Through another spelling of the same file.
    refused(level.path("maps/../tilesets/./terrain.png"), "the image of tileset");
  }
  // A scenario's map goes beside it: a scenario named after the tileset image is refused too.
  const SaveCheck beside = check(SaveKind::Scenario, "../tilesets/terrain.json", maps, inputs);
  CHECK(beside.verdict == SaveCheck::Verdict::Refuse);
  CHECK(beside.message.find("terrain.png' is the image of tileset") != std::string::npos);

  // A bare Tiled map: it and its tileset files are "the open map".
  auto bare = openBoard(level.path("maps/riverford.tmx"));
  REQUIRE(bare);
  const SaveCheck map = check(SaveKind::TerrainPng, "riverford.tmx", maps, sceneInputFiles(*bare));
  CHECK(map.message.find("is the open map") != std::string::npos);
  const SaveCheck image =
      check(SaveKind::TerrainPng, "../tilesets/terrain.png", maps, sceneInputFiles(*bare));
  CHECK(image.verdict == SaveCheck::Verdict::Refuse);
  CHECK(image.message.find("the image of tileset 'terrain' of the open map") != std::string::npos);
}

TEST_CASE("save dialog: the wrong extension, a folder or nothing is refused, and a file is asked "
          "about before it is replaced", "[save_dialog]") {
  const Level level;
  const std::string maps = level.path("maps");
  CHECK(check(SaveKind::TerrainPng, "", maps, {}).verdict == SaveCheck::Verdict::Refuse);
  CHECK(check(SaveKind::TerrainPng, ".", maps, {}).verdict == SaveCheck::Verdict::Refuse);
  CHECK(check(SaveKind::TerrainPng, "out.json", maps, {}).verdict == SaveCheck::Verdict::Refuse);
  CHECK(check(SaveKind::Scenario, "out.png", maps, {}).verdict == SaveCheck::Verdict::Refuse);
  const SaveCheck fresh = check(SaveKind::TerrainPng, "fresh.png", maps, {});
  CHECK(fresh.verdict == SaveCheck::Verdict::Write);
  CHECK(fresh.path == level.path("maps/fresh.png"));
  const SaveCheck existing = check(SaveKind::TerrainPng, "crossroads.png", maps, {});
  CHECK(existing.verdict == SaveCheck::Verdict::AskOverwrite);
  CHECK(existing.message.find(level.path("maps/crossroads.png")) != std::string::npos);
  // A scenario whose map beside it exists is asked about too.
  const SaveCheck scenario = check(SaveKind::Scenario, "crossroads.json", maps, {});
  CHECK(scenario.verdict == SaveCheck::Verdict::AskOverwrite);
}

TEST_CASE("save dialog: the suggested name replaces nothing", "[save_dialog]") {
  const Level level;
  auto opened = openBoard(level.path("maps/crossroads.png"));
  REQUIRE(opened);
  const std::string maps = level.path("maps");
  // crossroads.png is the open map (and exists): the dialog offers crossroads-2.png.
  CHECK(suggestSaveName(SaveKind::TerrainPng, maps, "crossroads", sceneInputFiles(*opened)) ==
        "crossroads-2.png");
  CHECK(suggestSaveName(SaveKind::TerrainPng, maps, "fresh", {}) == "fresh.png");
  // A scenario whose map beside it would replace crossroads.png.
  CHECK(suggestSaveName(SaveKind::Scenario, maps, "crossroads", {}) == "crossroads-2.json");
  std::ofstream(level.path("maps/crossroads-2.png")) << "x";
  CHECK(suggestSaveName(SaveKind::TerrainPng, maps, "crossroads", {}) == "crossroads-3.png");
}

TEST_CASE("save dialog: a refusal keeps it open with the reason, Replace or Keep answers the "
          "question", "[save_dialog]") {
  const Level level;
  auto opened = openBoard(level.path("maps/riverford.tmx"));
  REQUIRE(opened);
  const std::vector<InputFile> inputs = sceneInputFiles(*opened);
  SaveDialog dialog;
  dialog.open(SaveKind::TerrainPng, level.path("maps"), "riverford.png");
  dialog.text = "../tilesets/terrain.png";
  CHECK_FALSE(dialog.submit("/home/me", inputs));
  CHECK(dialog.isOpen());
  CHECK(dialog.message.find("the image of tileset") != std::string::npos);

  dialog.text = "crossroads.png";
  CHECK_FALSE(dialog.submit("/home/me", inputs));
  REQUIRE(dialog.question());
  CHECK_FALSE(dialog.answer(false));  // Keep it: nothing written, the dialog stays
  CHECK(dialog.isOpen());
  CHECK_FALSE(dialog.question());
  CHECK_FALSE(dialog.submit("/home/me", inputs));
  CHECK(dialog.answer(true) == level.path("maps/crossroads.png"));

  dialog.finished(std::string("cannot write: Permission denied"));
  CHECK(dialog.isOpen());
  CHECK(dialog.message == "cannot write: Permission denied");
  dialog.text = "new.png";
  CHECK(dialog.submit("/home/me", inputs) == level.path("maps/new.png"));
  dialog.finished(std::nullopt);
  CHECK_FALSE(dialog.isOpen());
}

TEST_CASE("Save scenario writes the board and its map beside it, read back identically with "
          "props, classes and rules", "[save_dialog]") {
  const Level level;
  auto opened = openBoard(level.path("scenarios/level.json"));
  REQUIRE(opened);
  Scene scene = std::move(*opened);
  CHECK(scene.props == R"({"title":"Ford"})");
  // A unit whose costs were edited away from its class gets a class of its own.
  scene.units[1].movement = MovementClass({1, 1, 2, 3, MovementClass::kImpassable});
  scene.map.setGrey({0, 0}, kCanonicalGrey[3]);
  const std::string saved = level.path("out/level.json");  // the folder is made
  REQUIRE_FALSE(saveSceneAsScenario(scene, saved));
  CHECK(fs::exists(level.path("out/level.png")));

  auto back = loadScenario(saved);
  REQUIRE(back);
  CHECK(back->mapPath == level.path("out/level.png"));
  CHECK(back->props == scene.props);
  CHECK(back->map.greyValues() == loadMap(level.path("out/level.png"))->greyValues());
  CHECK(back->map.terrain({0, 0}) == 3);
  REQUIRE(back->units.size() == scene.units.size());
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    const Unit& a = scene.units[i];
    const Unit& b = back->units[i];
    CHECK(a.name == b.name);
    CHECK(a.team == b.team);
    CHECK(a.cell == b.cell);
    CHECK(a.moveRange == b.moveRange);
    CHECK(a.attack == b.attack);
    CHECK(a.movement == b.movement);
    CHECK(a.props == b.props);
  }
  CHECK(back->units[0].props == R"({"hp":20})");
  CHECK(back->units[1].className == "foot-2");
  // The same board opened in the demo.
  auto demo = openBoard(saved);
  REQUIRE(demo);
  CHECK(demo->units.size() == scene.units.size());
  CHECK(demo->props == scene.props);
}

TEST_CASE("Save scenario on an unpainted Tiled map names the map, with the scenario's terrains, and "
          "a painted map beyond five terrains is refused", "[save_dialog][terrains]") {
  const Level level;
  // The desert's eight terrains, and a ninth only the scenario lists (its classes may price it).
  std::ofstream(level.dir / "scenarios/oasis.json")
      << R"({ "map": "../maps/desert.tmx",
  "terrains": ["plains", "forest", "hills", "mountains", "wall", "sand", "bridge", "shallows",
               "lava"],
  "classes": { "strider": { "plains": 1, "forest": 2, "hills": 3, "mountains": "x", "wall": "x",
                            "sand": 1, "bridge": 1, "shallows": 2, "lava": 3 } },
  "units": [ { "name": "Lord", "team": "player", "at": [2, 2], "move": 5, "class": "strider" } ] })";
  auto opened = openBoard(level.path("scenarios/oasis.json"));
  REQUIRE(opened);
  Scene scene = std::move(*opened);
  REQUIRE(scene.map.indexed());
  CHECK(scene.terrains.size() == 9);
  CHECK(keepsOpenMap(scene));

  const std::string saved = level.path("out/oasis.json");
  REQUIRE_FALSE(saveSceneAsScenario(scene, saved, ScenarioMap::OpenMap));
  CHECK_FALSE(fs::exists(level.path("out/oasis.png")));
  auto back = loadScenario(saved);
  REQUIRE(back);
  CHECK(fs::equivalent(back->mapPath, level.path("maps/desert.tmx")));
  CHECK(back->terrains == scene.terrains);
  CHECK(back->map.terrainNames() == scene.map.terrainNames());
  const CellBox whole{0, 0, scene.map.width() - 1, scene.map.height() - 1};
  CHECK(back->map.terrainIndices(whole) == scene.map.terrainIndices(whole));
  REQUIRE(back->units.size() == 1);
  CHECK(back->units[0].cell == Cell{2, 2});
  CHECK(back->units[0].movement == scene.units[0].movement);
  CHECK(back->units[0].movement.cost(8) == 3);  // lava, which only the scenario names

  // Painted, the board is no longer the file's: a PNG beside it cannot hold sand or bridges.
  const Cell cell{0, 0};
  scene.map.setTerrain(cell, scene.map.terrain(cell) == 5 ? 6 : 5);
  CHECK_FALSE(keepsOpenMap(scene));
  const auto refused = saveSceneAsScenario(scene, level.path("out/painted.json"));
  REQUIRE(refused);
  CHECK(refused->find("beyond the fifth") != std::string::npos);
  CHECK_FALSE(fs::exists(level.path("out/painted.json")));
  CHECK_FALSE(fs::exists(level.path("out/painted.png")));

  // A board whose names fit five greys saves them beside its PNG.
  auto renamed = openBoard(level.path("maps/crossroads.png"));
  REQUIRE(renamed);
  renamed->map.rename({"grass", "woods", "hills", "peaks", "wall"});
  CHECK_FALSE(keepsOpenMap(*renamed));
  REQUIRE_FALSE(saveSceneAsScenario(*renamed, level.path("out/renamed.json")));
  auto renamedBack = loadScenario(level.path("out/renamed.json"));
  REQUIRE(renamedBack);
  CHECK(renamedBack->map.terrainNames() == renamed->map.terrainNames());
}

TEST_CASE("the files a Tiled map reads are listed even when its tiles need a scenario's terrains",
          "[save_dialog][terrains]") {
  const Level level;
  // The desert without its own `terrains` property: its sand and bridge tiles name terrains only
  // a scenario can list.
  std::ifstream in(level.dir / "maps/desert.tmx");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto from = text.find("  <property name=\"terrains\"");
  REQUIRE(from != std::string::npos);
  text.erase(from, text.find('\n', from) + 1 - from);
  std::ofstream(level.dir / "maps/bare.tmx") << text;
  REQUIRE_FALSE(loadTiledMap(level.path("maps/bare.tmx")));
  const auto inputs = mapInputFiles(level.path("maps/bare.tmx"), "the scenario's map");
  REQUIRE(inputs.size() >= 3);  // the map, its tileset, the tileset's image
  CHECK(overwrittenInput(level.path("tilesets/desert.tsx"), inputs));
}
