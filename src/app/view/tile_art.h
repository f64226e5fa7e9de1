#pragma once
// A Tiled map in its own art, worked out on the CPU: which rectangle of which tileset image a
// gid shows (with its flips), and the whole board composed from the visible tile layers into
// one RGBA image, a fixed number of pixels per cell. No GL: the renderer only uploads the image.

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tactics/io/rgba_image.h"
#include "tactics/io/tiled_map.h"

namespace tactics::app {

// RGBA8, row 0 at the top.
// The art and the tileset images it is made from, as io reads them.
using RgbaImage = tactics::RgbaImage;

// Where a tile's pixels are: tileset index, rectangle in its image, and how it is flipped.
struct TileSource {
  std::size_t tileset = 0;
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  bool flipHorizontal = false;
  bool flipVertical = false;
  bool flipDiagonal = false;  // transpose, applied before the other two (Tiled's order)
};

// The source of `gid` (flip bits included), or nothing for 0, a gid no tileset has, a tile of an
// image collection, or a tile beyond its image (imageWidth/imageHeight, margin and spacing).
std::optional<TileSource> tileSource(const TiledMap& map, std::uint32_t gid);

// The pixel in the tile's source rectangle that output pixel (u, v) of a cellWidth x
// cellHeight cell shows, flips applied. (u, v) are inside the cell.
std::pair<int, int> sourcePixel(const TileSource& tile, int u, int v, int cellWidth,
                                int cellHeight);

// Pixels per cell for the composed image: the map's tile size, halved until the whole image
// fits `maxSide` per side and `maxPixels` in all (at least 1).
std::pair<int, int> artCellSize(const TiledMap& map, int maxSide, long long maxPixels);

// The board in its art: every visible tile layer in document order, blended over the one
// before with the layer's opacity; tileset `trans` colours see-through; cells no tile covers
// stay `background`. `images[i]` is tileset i's image (empty for an image collection).
RgbaImage composeTileArt(const TiledMap& map, const std::vector<RgbaImage>& images,
                         int cellWidth, int cellHeight,
                         std::array<std::uint8_t, 3> background = {26, 28, 36});

// One tile's picture per terrain of the map (SPEC §11.1), `side` pixels square: the first tile,
// by tileset and id, whose `terrain` is that terrain and whose pixels the images hold; an empty
// image for a terrain no such tile shows. What the painting palette shows beside each name.
std::vector<RgbaImage> terrainTiles(const TiledMap& map, const std::vector<RgbaImage>& images,
                                    int side);

}  // namespace tactics::app
