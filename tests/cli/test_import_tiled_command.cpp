// `tactics-grid import-tiled` and `solve --map` on Tiled maps, as a user runs them: the real
// executable, its exit codes, stderr and files.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <stb_image.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;
using tactics::testing::slurp;

const std::string kFixtures = std::string(TACTICS_SOURCE_DIR) + "/tests/fixtures/tiled/";

// A scratch directory of this process, emptied for each test.
fs::path scratch() {
  const fs::path dir =
      fs::temp_directory_path() / ("tactics_import_tiled_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "work");
  return dir;
}

// Runs the executable with `args` (already shell-quoted) from `dir`/work; output goes beside it.
Run run(const std::string& args, const fs::path& dir) {
  return tactics::testing::runTacticsGrid(args, dir / "work");
}

// Terrain classes of a written cost map PNG, as rows of digits; also checks the greys.
std::vector<std::string> terrainRowsOfPng(const fs::path& path) {
  int width = 0;
  int height = 0;
  int channels = 0;
  stbi_uc* pixels = stbi_load(path.string().c_str(), &width, &height, &channels, 0);
  REQUIRE(pixels);
  CHECK(channels == 1);
  std::vector<std::string> rows;
  for (int y = 0; y < height; ++y) {
    std::string row;
    for (int x = 0; x < width; ++x) {
      const int grey = pixels[y * width + x];
      const int terrain = std::min(4, grey / 51);
      CHECK(grey == std::vector<int>{0, 76, 127, 178, 255}[static_cast<std::size_t>(terrain)]);
      row += static_cast<char>('0' + terrain);
    }
    rows.push_back(row);
  }
  stbi_image_free(pixels);
  return rows;
}

// A bad input: exit 2, one `error:` line naming `mention`, nothing on stdout, no file written.
void requireRefused(const std::string& args, const std::string& mention) {
  const fs::path dir = scratch();
  const Run r = run(args, dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(mention) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(fs::is_empty(dir / "work"));
}

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("import-tiled writes the cost map with the canonical greys", "[cli][tiled]") {
  // The fixture level's design (make_fixtures.py).
  const std::vector<std::string> expected = {"301122", "233440", "401230", "001204"};
  for (const std::string file : {"level-xml.tmx", "level-zstd.tmj", "level-tsj.json"}) {
    INFO(file);
    const fs::path dir = scratch();
    const Run r = run("import-tiled '" + kFixtures + file + "' --out level.png", dir);
    INFO("stderr: " << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("wrote level.png: the 6x4 cost map") != std::string::npos);
    CHECK(terrainRowsOfPng(dir / "work" / "level.png") == expected);
  }
  // The map may come after --out too.
  const fs::path after = scratch();
  const Run late = run("import-tiled --out level.png '" + kFixtures + "level-csv.tmx'", after);
  INFO("stderr: " << late.err);
  CHECK(late.exitCode == 0);
  CHECK(terrainRowsOfPng(after / "work" / "level.png") == expected);
  const fs::path dir = scratch();
  const Run help = run("import-tiled --help", dir);
  CHECK(help.exitCode == 0);
  CHECK(help.out.rfind("usage: tactics-grid import-tiled MAP --out FILE.png", 0) == 0);
}

TEST_CASE("solve --map on a Tiled map answers as on its imported PNG", "[cli][tiled]") {
  const fs::path dir = scratch();
  REQUIRE(run("import-tiled '" + kFixtures + "level-gzip.tmx' --out level.png", dir).exitCode == 0);
  const std::string query = " --unit 1,3 --move 6 --attack 1-2 --enemy 4,3 --backend cpu --json -";
  const Run fromTiled = run("solve --map '" + kFixtures + "level-gzip.tmx'" + query, dir);
  const Run fromPng = run("solve --map level.png" + query, dir);
  INFO("stderr: " << fromTiled.err << fromPng.err);
  REQUIRE(fromTiled.exitCode == 0);
  REQUIRE(fromPng.exitCode == 0);
  CHECK(fromTiled.out.find("\"width\":6,\"height\":4") != std::string::npos);
  CHECK(fromTiled.out == fromPng.out);
  // The unit may not stand on the level's walls.
  requireRefused("solve --map '" + kFixtures + "level-csv.tmx' --unit 0,2 --move 3", "0,2");
}

TEST_CASE("import-tiled refuses bad arguments and bad maps with one line", "[cli][tiled]") {
  const std::string level = "'" + kFixtures + "level-csv.tmx'";
  requireRefused("import-tiled", "the Tiled map is missing");
  requireRefused("import-tiled --out a.png", "the Tiled map is missing");
  requireRefused("import-tiled " + level, "--out is missing");
  requireRefused("import-tiled " + level + " --out", "--out is missing its value");
  requireRefused("import-tiled " + level + " --out a.png --size 3", "unknown argument '--size'");
  requireRefused("import-tiled " + level + " --out -", "--out needs a file name, not '-'");
  requireRefused("import-tiled " + level + " " + level + " --out a.png", "unknown argument");
  requireRefused("import-tiled " + level + " --out " + level, "is the Tiled map itself");
  requireRefused("import-tiled " + level + " --out /no/such/dir/a.png", "/no/such/dir");
  requireRefused("import-tiled map.png --out a.png", "not a Tiled map");
  requireRefused("import-tiled missing.tmx --out a.png", "no such file");

  // Maps that exist but cannot be grids, written outside the working folder.
  const fs::path maps = fs::temp_directory_path() / ("tactics_tiled_maps_" + std::to_string(::getpid()));
  fs::create_directories(maps);
  const std::string header = R"(<map orientation="ORIENT" width="2" height="1" tilewidth="8" tileheight="8">)";
  const auto tmx = [&](const std::string& name, const std::string& orientation, const std::string& body) {
    std::string text = header;
    text.replace(text.find("ORIENT"), 6, orientation);
    writeText(maps / name, text + body + "</map>");
    return "'" + (maps / name).string() + "'";
  };
  const std::string tileset = R"(<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1"><tile id="0" type="plains"/></tileset>)";
  requireRefused("import-tiled " + tmx("iso.tmx", "isometric", "") + " --out a.png", "isometric");
  requireRefused("import-tiled " + tmx("ext.tmx", "orthogonal", R"(<tileset firstgid="1" source="gone.tsx"/>)") +
                     " --out a.png", "gone.tsx");
  requireRefused("import-tiled " + tmx("gid.tmx", "orthogonal", tileset +
                     R"(<layer name="l" width="2" height="1"><data encoding="csv">1,2</data></layer>)") +
                     " --out a.png", "layer 'l', cell 1,0");
  requireRefused("import-tiled " + tmx("hole.tmx", "orthogonal", tileset +
                     R"(<layer name="l" width="2" height="1"><data encoding="csv">0,1</data></layer>)") +
                     " --out a.png", "cell 0,0");
  requireRefused("import-tiled " + tmx("enc.tmx", "orthogonal", tileset +
                     R"(<layer name="l" width="2" height="1"><data encoding="base32">AE</data></layer>)") +
                     " --out a.png", "'base32'");
  writeText(maps / "scenario.json", R"({"map":"a.png","units":[]})");
  requireRefused("import-tiled '" + (maps / "scenario.json").string() + "' --out a.png", "scenario");
  // solve --map takes the same maps and refuses the same way, writing nothing.
  requireRefused("solve --map " + tmx("iso2.tmx", "staggered", "") +
                     " --unit 0,0 --move 1 --json out.json --state-png out.png", "staggered");
  requireRefused("solve --map '" + (maps / "scenario.json").string() +
                     "' --unit 0,0 --move 1 --json out.json", "scenario");
  writeText(maps / "other.json", R"({"width":2})");
  requireRefused("solve --map '" + (maps / "other.json").string() + "' --unit 0,0 --move 1",
                 "a .json map must be a Tiled map");
  writeText(maps / "text.gif", "not an image");
  requireRefused("solve --map '" + (maps / "text.gif").string() + "' --unit 0,0 --move 1",
                 "PNG, JPEG, BMP, GIF, TGA, PSD, HDR, PIC or PNM");
  fs::remove_all(maps);
}
