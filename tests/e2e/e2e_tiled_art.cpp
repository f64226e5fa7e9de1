// The sample Tiled level in the demo, drawn in its own art: cells away from the range show the
// tileset's pixels (composed independently here from the tileset image), not the procedural
// terrain the same map gets as a PNG; reached cells are tinted over the art.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "app/rules/roster.h"
#include "app/view/tile_art.h"
#include "tactics/solver/reference_solver.h"
#include "e2e_support.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

using Mean = std::array<double, 3>;

// The mean colour of a cell's inner half on screen.
Mean screenMean(const e2e::Image& image, const e2e::Board& board, Cell c) {
  Mean sum{};
  int n = 0;
  const int inset = board.cell / 4;
  for (int y = inset; y < board.cell - inset; ++y) {
    for (int x = inset; x < board.cell - inset; ++x) {
      const auto p = image.at(board.x0 + c.x * board.cell + x, board.y0 + c.y * board.cell + y);
      for (int k = 0; k < 3; ++k) sum[static_cast<std::size_t>(k)] += p[static_cast<std::size_t>(k)];
      ++n;
    }
  }
  for (double& v : sum) v /= n;
  return sum;
}

// The same inner half of the cell in the composed art.
Mean artMean(const RgbaImage& art, int cellW, int cellH, Cell c) {
  Mean sum{};
  int n = 0;
  for (int y = cellH / 4; y < cellH - cellH / 4; ++y) {
    for (int x = cellW / 4; x < cellW - cellW / 4; ++x) {
      const std::size_t at = (static_cast<std::size_t>(c.y * cellH + y) *
                                  static_cast<std::size_t>(art.width) +
                              static_cast<std::size_t>(c.x * cellW + x)) * 4;
      for (std::size_t k = 0; k < 3; ++k) sum[k] += art.pixels[at + k];
      ++n;
    }
  }
  for (double& v : sum) v /= n;
  return sum;
}

double distance(const Mean& a, const Mean& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

RgbaImage readRgba(const std::string& path) {
  RgbaImage image;
  int channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
  REQUIRE(pixels);
  image.pixels.assign(pixels, pixels + static_cast<std::size_t>(image.width * image.height * 4));
  stbi_image_free(pixels);
  return image;
}

}  // namespace

TEST_CASE("the riverford Tiled level is drawn in its tileset art with a unit's range on top",
          "[e2e]") {
  const std::string level = std::string(TACTICS_SOURCE_DIR) + "/assets/maps/riverford.tmx";
  auto map = tactics::loadTiledMap(level);
  REQUIRE(map);
  std::vector<RgbaImage> images;
  for (const auto& set : map->tilesets) images.push_back(readRgba(set.imagePath));
  const RgbaImage art = composeTileArt(*map, images, map->tileWidth, map->tileHeight);

  // The player's Lord and its range, as the demo solves it.
  const auto units = defaultRoster(map->costMap);
  const auto lord = std::find_if(units.begin(), units.end(),
                                 [](const Unit& u) { return u.team == Team::Player; });
  REQUIRE(lord != units.end());
  const auto range =
      tactics::solveReference(map->costMap, queryFor(units, static_cast<std::size_t>(lord - units.begin())));

  const std::string artShot = e2e::tempPath("riverford_art.png");
  const std::string pngShot = e2e::tempPath("riverford_grey.png");
  const std::string grey = e2e::tempPath("riverford_classes.png");
  const std::string select = " --select " + tactics::toString(lord->cell);
  const e2e::Run imported =
      e2e::run(std::string(TACTICS_EXE) + " import-tiled " + level + " --out " + grey);
  REQUIRE(imported.exitCode == 0);
  const e2e::Run withArt = e2e::demo("--window 1280x720 --cell 22 --map " + level +
                                     " --screenshot " + artShot + select);
  INFO("stderr: " << withArt.err);
  REQUIRE(withArt.exitCode == 0);
  const e2e::Run procedural = e2e::demo("--window 1280x720 --cell 22 --map " + grey +
                                        " --screenshot " + pngShot + select);
  REQUIRE(procedural.exitCode == 0);
  const e2e::Board board = e2e::parseBoard(withArt.out);
  REQUIRE(board.ok);
  const e2e::Board same = e2e::parseBoard(procedural.out);
  REQUIRE((same.x0 == board.x0 && same.y0 == board.y0 && same.cell == board.cell));
  const e2e::Image shot = e2e::loadImage(artShot);
  const e2e::Image plain = e2e::loadImage(pngShot);
  REQUIRE(shot.width == 1280);

  // Cells on screen, away from the range and every unit: the art, not the procedural terrain.
  int checked = 0;
  double artOff = 0;
  double plainOff = 0;
  for (int y = 0; y < map->costMap.height(); y += 3) {
    for (int x = 0; x < map->costMap.width(); x += 3) {
      const Cell c{x, y};
      const int right = board.x0 + (x + 1) * board.cell;
      const int bottom = board.y0 + (y + 1) * board.cell;
      if (board.x0 + x * board.cell < 0 || right > 1280 - 340 || bottom > 720) continue;
      if (range.reach[c] != tactics::Reach::None || unitAt(units, c)) continue;
      const Mean expected = artMean(art, map->tileWidth, map->tileHeight, c);
      INFO("cell " << tactics::toString(c));
      CHECK(distance(screenMean(shot, board, c), expected) < 24.0);
      artOff += distance(screenMean(shot, board, c), expected);
      plainOff += distance(screenMean(plain, board, c), expected);
      ++checked;
    }
  }
  CHECK(checked >= 20);
  // The sample art was drawn after the procedural look, so plains alone are alike; over the
  // board the roads, bridges, walls and water tell them apart.
  CHECK(artOff * 3 < plainOff);

  // The road (drawn brown in the art, plains to the solver): the procedural board shows grass.
  const Cell road{10, 12};
  REQUIRE(map->costMap.terrain(road) == 0);
  const Mean roadArt = artMean(art, map->tileWidth, map->tileHeight, road);
  CHECK(distance(screenMean(shot, board, road), roadArt) < 24.0);
  CHECK(distance(screenMean(plain, board, road), roadArt) > 60.0);

  // Reached cells are tinted blue over the art.
  int tinted = 0;
  for (int y = 0; y < range.height(); ++y) {
    for (int x = 0; x < range.width(); ++x) {
      const Cell c{x, y};
      if (!range.reached(c) || unitAt(units, c)) continue;
      const Mean under = artMean(art, map->tileWidth, map->tileHeight, c);
      const Mean over = screenMean(shot, board, c);
      CHECK(over[2] - over[0] > under[2] - under[0]);
      ++tinted;
    }
  }
  CHECK(tinted >= 5);
}

TEST_CASE("a tileset image of another size than its tileset says: procedural terrain, and why",
          "[e2e]") {
  // A copy of the level whose tileset image was overwritten by a small grey map (what a save
  // over the tileset's art used to do).
  namespace fs = std::filesystem;
  const fs::path copy = e2e::tempPath("wrong_art");
  fs::create_directories(copy / "maps");
  fs::create_directories(copy / "tilesets");
  const fs::path assets = fs::path(TACTICS_SOURCE_DIR) / "assets";
  fs::copy_file(assets / "maps/riverford.tmx", copy / "maps/riverford.tmx");
  fs::copy_file(assets / "tilesets/terrain.tsx", copy / "tilesets/terrain.tsx");
  const e2e::Run written = e2e::run(std::string(TACTICS_EXE) + " import-tiled " +
                                    (copy / "maps/riverford.tmx").string() + " --out " +
                                    (copy / "grey.png").string());
  REQUIRE(written.exitCode == 0);
  // Any image of the wrong size will do: the level's own grey map, one pixel per cell.
  fs::copy_file(copy / "grey.png", copy / "tilesets/terrain.png");
  const e2e::Run shown = e2e::demo("--window 1280x720 --map " +
                                   (copy / "maps/riverford.tmx").string() + " --screenshot " +
                                   e2e::tempPath("wrong_art.png"));
  INFO("stderr: " << shown.err);
  REQUIRE(shown.exitCode == 0);
  CHECK(e2e::parseBoard(shown.out).ok);
  CHECK(shown.err.find("Procedural terrain: tileset 'terrain'") != std::string::npos);
  CHECK(shown.err.find("pixels, but the tileset expects 192x64") != std::string::npos);
}
