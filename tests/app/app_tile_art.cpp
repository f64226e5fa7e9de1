// A Tiled map's own art on the CPU: which rectangle of which tileset a gid shows (margin,
// spacing, several tilesets), flips in Tiled's order, and the composed board (layer order,
// opacity, hidden layers, `trans`, tiles scaled to the cell).
#include <catch2/catch.hpp>

#include "app/view/tile_art.h"

using tactics::kGidFlipDiagonal;
using tactics::kGidFlipHorizontal;
using tactics::kGidFlipVertical;
using tactics::TiledLayer;
using tactics::TiledMap;
using tactics::TiledTileset;
using namespace tactics::app;

namespace {

// An 8x8 image of 2x2 tiles with margin 1 and spacing 2: tiles at x, y = 1 and 5. Each pixel
// says where it is: red = 10 x, green = 10 y.
RgbaImage coordinateImage() {
  RgbaImage image;
  image.width = 8;
  image.height = 8;
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      image.pixels.insert(image.pixels.end(), {static_cast<std::uint8_t>(10 * x),
                                               static_cast<std::uint8_t>(10 * y), 100, 255});
    }
  }
  return image;
}

TiledTileset spacedTileset(std::uint32_t firstGid) {
  TiledTileset set;
  set.name = "spaced";
  set.firstGid = firstGid;
  set.tileCount = 4;
  set.columns = 2;
  set.tileWidth = 2;
  set.tileHeight = 2;
  set.margin = 1;
  set.spacing = 2;
  set.imagePath = "spaced.png";
  set.imageWidth = 8;
  set.imageHeight = 8;
  return set;
}

TiledMap mapOf(int width, int height, std::vector<TiledLayer> layers) {
  TiledMap map;
  map.costMap = tactics::CostMap(width, height,
                                 std::vector<std::uint8_t>(static_cast<std::size_t>(width * height), 0));
  map.tileWidth = 2;
  map.tileHeight = 2;
  map.layers = std::move(layers);
  map.tilesets = {spacedTileset(1), spacedTileset(5)};
  return map;
}

std::array<int, 4> pixel(const RgbaImage& image, int x, int y) {
  const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) +
                          static_cast<std::size_t>(x)) * 4;
  return {image.pixels[at], image.pixels[at + 1], image.pixels[at + 2], image.pixels[at + 3]};
}

}  // namespace

TEST_CASE("a gid maps to its tileset and rectangle, margin and spacing included") {
  const TiledMap map = mapOf(1, 1, {});
  const auto first = tileSource(map, 1);
  REQUIRE(first);
  CHECK(first->tileset == 0);
  CHECK(first->x == 1);
  CHECK(first->y == 1);
  const auto last = tileSource(map, 4);
  REQUIRE(last);
  CHECK(last->x == 5);
  CHECK(last->y == 5);
  const auto second = tileSource(map, 6);  // the second tileset's tile 1
  REQUIRE(second);
  CHECK(second->tileset == 1);
  CHECK(second->x == 5);
  CHECK(second->y == 1);
  CHECK_FALSE(tileSource(map, 0));
  CHECK_FALSE(tileSource(map, 9));  // beyond the last tileset's tiles
}

TEST_CASE("flip bits come off the gid and flip the pixels in Tiled's order") {
  const TiledMap map = mapOf(1, 1, {});
  const auto plain = tileSource(map, 1);
  const auto flipped = tileSource(map, 1 | kGidFlipHorizontal | kGidFlipDiagonal);
  REQUIRE(plain);
  REQUIRE(flipped);
  CHECK(flipped->x == plain->x);
  CHECK(flipped->flipHorizontal);
  CHECK(flipped->flipDiagonal);
  CHECK_FALSE(flipped->flipVertical);

  TileSource tile = *plain;  // rectangle x 1..2, y 1..2
  CHECK(sourcePixel(tile, 1, 0, 2, 2) == std::pair{2, 1});
  tile.flipHorizontal = true;
  CHECK(sourcePixel(tile, 1, 0, 2, 2) == std::pair{1, 1});
  tile.flipHorizontal = false;
  tile.flipVertical = true;
  CHECK(sourcePixel(tile, 1, 0, 2, 2) == std::pair{2, 2});
  tile.flipVertical = false;
  tile.flipDiagonal = true;  // a transpose
  CHECK(sourcePixel(tile, 1, 0, 2, 2) == std::pair{1, 2});
  // Diagonal then horizontal is a quarter turn clockwise: the top-right shows the top-left.
  tile.flipHorizontal = true;
  CHECK(sourcePixel(tile, 1, 0, 2, 2) == std::pair{1, 1});
  CHECK(sourcePixel(tile, 0, 0, 2, 2) == std::pair{1, 2});
}

TEST_CASE("the board art draws visible layers in order with opacity, trans and scaling") {
  TiledLayer ground{"ground", true, 1.0F, {1, 4 | kGidFlipHorizontal}};
  TiledLayer hidden{"hidden", false, 1.0F, {2, 2}};
  TiledLayer glaze{"glaze", true, 0.5F, {0, 6}};
  TiledMap map = mapOf(2, 1, {ground, hidden, glaze});
  const std::vector<RgbaImage> images = {coordinateImage(), coordinateImage()};

  const RgbaImage art = composeTileArt(map, images, 2, 2);
  REQUIRE(art.width == 4);
  REQUIRE(art.height == 2);
  // Cell 0: tile 1 as it is (pixels 1..2), the hidden layer ignored, no glaze.
  CHECK(pixel(art, 0, 0) == std::array<int, 4>{10, 10, 100, 255});
  CHECK(pixel(art, 1, 1) == std::array<int, 4>{20, 20, 100, 255});
  // Cell 1: tile 4 mirrored (x 6, 5) under half of tile 6 (x 5..6, y 1..2).
  const auto mirrored = std::array<int, 4>{60, 50, 100, 255};
  const auto glazeLeft = std::array<int, 4>{50, 10, 100, 255};
  const auto blended = pixel(art, 2, 0);
  CHECK(blended[0] == (mirrored[0] + glazeLeft[0] + 1) / 2);
  CHECK(blended[1] == (mirrored[1] + glazeLeft[1]) / 2);

  // `trans`: the glaze's colour at that pixel becomes see-through; the mirrored tile shows.
  map.tilesets[1].transparent = std::array<std::uint8_t, 3>{50, 10, 100};
  const RgbaImage keyed = composeTileArt(map, images, 2, 2);
  CHECK(pixel(keyed, 2, 0) == mirrored);

  // Scaled to 4x4 cells: each tile pixel covers 2x2 art pixels; empty cells show the background.
  TiledMap sparse = mapOf(2, 1, {TiledLayer{"ground", true, 1.0F, {1, 0}}});
  const RgbaImage big = composeTileArt(sparse, images, 4, 4, {7, 8, 9});
  REQUIRE(big.width == 8);
  CHECK(pixel(big, 0, 0) == std::array<int, 4>{10, 10, 100, 255});
  CHECK(pixel(big, 1, 1) == std::array<int, 4>{10, 10, 100, 255});
  CHECK(pixel(big, 3, 3) == std::array<int, 4>{20, 20, 100, 255});
  CHECK(pixel(big, 5, 2) == std::array<int, 4>{7, 8, 9, 255});
}

TEST_CASE("art of a large map gets fewer pixels per cell so it fits") {
  TiledMap map = mapOf(1000, 10, {});
  map.tileWidth = 32;
  map.tileHeight = 32;
  CHECK(artCellSize(map, 8192, 1LL << 26) == std::pair{8, 8});
  CHECK(artCellSize(mapOf(3, 3, {}), 8192, 1LL << 26) == std::pair{2, 2});
}

TEST_CASE("a hexagonal map's art places each tile at its hexagon's box as Tiled does") {
  // Two rows of two cells, hex-y-odd: row 1 is shifted half a cell right and rows are 3/4 of a
  // cell apart, so with 4x4 cells row 1's tiles start at x = 2 and y = 3, overlapping row 0's
  // bottom pixel row, and the board is 10 x 7 pixels.
  TiledMap map = mapOf(2, 2, {TiledLayer{"ground", true, 1.0F, {1, 1, 4, 0}}});
  map.costMap.setLayout(tactics::GridLayout::HexYOdd);
  const std::vector<RgbaImage> images = {coordinateImage(), coordinateImage()};
  const RgbaImage art = composeTileArt(map, images, 4, 4, {7, 8, 9});
  REQUIRE(art.width == 10);
  REQUIRE(art.height == 7);
  // Row 0: tile 1 at x 0..3 and 4..7; the half cell on its right stays background.
  CHECK(pixel(art, 0, 0) == std::array<int, 4>{10, 10, 100, 255});
  CHECK(pixel(art, 4, 0) == std::array<int, 4>{10, 10, 100, 255});
  CHECK(pixel(art, 9, 0) == std::array<int, 4>{7, 8, 9, 255});
  // Row 1: tile 4 (pixels x 5..6, y 5..6) from x = 2, drawn over row 0's last pixel row at y 3;
  // its first half cell is background.
  CHECK(pixel(art, 2, 3) == std::array<int, 4>{50, 50, 100, 255});
  CHECK(pixel(art, 0, 3) == std::array<int, 4>{10, 20, 100, 255});
  CHECK(pixel(art, 0, 5) == std::array<int, 4>{7, 8, 9, 255});
  CHECK(pixel(art, 5, 6) == std::array<int, 4>{60, 60, 100, 255});
  // Row 1's second cell has no tile: row 0's tile still shows above its box's top row.
  CHECK(pixel(art, 7, 3) == std::array<int, 4>{20, 20, 100, 255});
  CHECK(pixel(art, 7, 5) == std::array<int, 4>{7, 8, 9, 255});
}
