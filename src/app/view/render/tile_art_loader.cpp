#include "app/view/render/tile_art_loader.h"

#include <stb_image.h>

#include <cstring>

namespace tactics::app {

namespace {

// 64M pixels (256 MB RGBA) is the most the demo composes; bigger maps get fewer pixels per cell.
constexpr long long kMaxArtPixels = 64LL * 1024 * 1024;

Expected<RgbaImage> readImage(const TiledTileset& set) {
  int width = 0;
  int height = 0;
  int channels = 0;
  unsigned char* pixels = stbi_load(set.imagePath.c_str(), &width, &height, &channels, 4);
  if (!pixels) {
    const char* reason = stbi_failure_reason();
    return Error{"tileset '" + set.name + "': cannot read its image " + set.imagePath + " (" +
                 (reason ? reason : "unknown reason") + ")"};
  }
  RgbaImage image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  std::memcpy(image.pixels.data(), pixels, image.pixels.size());
  stbi_image_free(pixels);
  return image;
}

}  // namespace

Expected<RgbaImage> loadTileArt(const TiledMap& map, int maxSide) {
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
  return composeTileArt(map, images, cellWidth, cellHeight);
}

}  // namespace tactics::app
