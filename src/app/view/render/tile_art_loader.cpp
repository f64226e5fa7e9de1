#include "app/view/render/tile_art_loader.h"

#include "tactics/io/rgba_image.h"

namespace tactics::app {

namespace {

// 64M pixels (256 MB RGBA) is the most the demo composes; bigger maps get fewer pixels per cell.
constexpr long long kMaxArtPixels = 64LL * 1024 * 1024;

Expected<RgbaImage> readImage(const TiledTileset& set) {
  auto image = loadRgbaImage(set.imagePath);
  if (!image) {
    return Error{"tileset '" + set.name + "': cannot read its image " + set.imagePath + " (" +
                 image.error() + ")"};
  }
  // A tileset says how large its image is; art cut from an image of another size would put
  // the wrong pixels on every tile (SPEC 9: then the procedural terrain, saying why).
  if (set.imageWidth > 0 && set.imageHeight > 0 &&
      (image->width != set.imageWidth || image->height != set.imageHeight)) {
    return Error{"tileset '" + set.name + "': its image " + set.imagePath + " is " +
                 std::to_string(image->width) + "x" + std::to_string(image->height) +
                 " pixels, but the tileset expects " + std::to_string(set.imageWidth) + "x" +
                 std::to_string(set.imageHeight)};
  }
  return image;
}

}  // namespace

Expected<TileArt> loadTileArt(const TiledMap& map, int maxSide) {
  std::vector<RgbaImage> images;
  images.reserve(map.tilesets.size());
  for (const TiledTileset& set : map.tilesets) {
    if (set.imagePath.empty()) {
      images.emplace_back();  // an image collection: its tiles are not drawn
      continue;
    }
    auto image = readImage(set);
    if (!image) return Error{image.error()};
    images.push_back(std::move(*image));
  }
  const auto [cellWidth, cellHeight] = artCellSize(map, maxSide, kMaxArtPixels);
  constexpr int kSwatchSide = 32;
  return TileArt{composeTileArt(map, images, cellWidth, cellHeight),
                 terrainTiles(map, images, kSwatchSide)};
}

}  // namespace tactics::app
