#include "app/view/tile_art.h"

#include <algorithm>
#include <cmath>

#include "app/view/board_geometry.h"

namespace tactics::app {

std::optional<TileSource> tileSource(const TiledMap& map, std::uint32_t gid) {
  const std::uint32_t id = tileGid(gid);
  if (id == 0) return std::nullopt;
  // The tileset with the largest firstGid not above the id.
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < map.tilesets.size(); ++i) {
    if (map.tilesets[i].firstGid <= id) found = i;
  }
  if (!found) return std::nullopt;
  const TiledTileset& set = map.tilesets[*found];
  const auto local = static_cast<long long>(id - set.firstGid);
  if (set.imagePath.empty() || set.tileWidth <= 0 || set.tileHeight <= 0) return std::nullopt;
  if (set.tileCount > 0 && local >= set.tileCount) return std::nullopt;
  int columns = set.columns;
  if (columns <= 0) {
    columns = (set.imageWidth - 2 * set.margin + set.spacing) / (set.tileWidth + set.spacing);
  }
  if (columns <= 0) return std::nullopt;
  TileSource tile;
  tile.tileset = *found;
  tile.x = set.margin + static_cast<int>(local % columns) * (set.tileWidth + set.spacing);
  tile.y = set.margin + static_cast<int>(local / columns) * (set.tileHeight + set.spacing);
  tile.width = set.tileWidth;
  tile.height = set.tileHeight;
  if (set.imageWidth > 0 && tile.x + tile.width > set.imageWidth) return std::nullopt;
  if (set.imageHeight > 0 && tile.y + tile.height > set.imageHeight) return std::nullopt;
  tile.flipHorizontal = (gid & kGidFlipHorizontal) != 0;
  tile.flipVertical = (gid & kGidFlipVertical) != 0;
  tile.flipDiagonal = (gid & kGidFlipDiagonal) != 0;
  return tile;
}

std::pair<int, int> sourcePixel(const TileSource& tile, int u, int v, int cellWidth,
                                int cellHeight) {
  // The pixel's centre as a fraction of the cell; undo the flips in reverse order.
  double fx = (u + 0.5) / cellWidth;
  double fy = (v + 0.5) / cellHeight;
  if (tile.flipVertical) fy = 1.0 - fy;
  if (tile.flipHorizontal) fx = 1.0 - fx;
  if (tile.flipDiagonal) std::swap(fx, fy);
  const int x = std::clamp(static_cast<int>(std::floor(fx * tile.width)), 0, tile.width - 1);
  const int y = std::clamp(static_cast<int>(std::floor(fy * tile.height)), 0, tile.height - 1);
  return {tile.x + x, tile.y + y};
}

std::pair<int, int> artCellSize(const TiledMap& map, int maxSide, long long maxPixels) {
  int width = std::max(1, map.tileWidth);
  int height = std::max(1, map.tileHeight);
  // A hex board's cell is its hexagon's width and height (board_geometry.h).
  const MapShape shape{map.costMap.width(), map.costMap.height(), map.costMap.layout()};
  if (shape.hex()) width = height = std::min(width, height);
  const auto fits = [&] {
    const long long w = shape.hex() ? boardWidth(shape, width)
                                    : static_cast<long long>(map.costMap.width()) * width;
    const long long h = shape.hex() ? boardHeight(shape, height)
                                    : static_cast<long long>(map.costMap.height()) * height;
    return w <= maxSide && h <= maxSide && w * h <= maxPixels;
  };
  while (!fits() && (width > 1 || height > 1)) {
    width = std::max(1, width / 2);
    height = std::max(1, height / 2);
  }
  return {width, height};
}

namespace {

std::uint8_t mix(std::uint8_t below, std::uint8_t above, double alpha) {
  return static_cast<std::uint8_t>(std::lround(below + (above - below) * alpha));
}

}  // namespace

RgbaImage composeTileArt(const TiledMap& map, const std::vector<RgbaImage>& images,
                         int cellWidth, int cellHeight, std::array<std::uint8_t, 3> background) {
  const int cellsX = map.costMap.width();
  const int cellsY = map.costMap.height();
  // A hexagonal map places each tile at its hexagon's box, as Tiled does (board_geometry.h,
  // cells cellWidth wide and high), the boxes overlapping: later tiles over earlier ones.
  const MapShape shape{cellsX, cellsY, map.costMap.layout()};
  if (shape.hex()) cellHeight = cellWidth;
  RgbaImage art;
  art.width = shape.hex() ? boardWidth(shape, cellWidth) : cellsX * cellWidth;
  art.height = shape.hex() ? boardHeight(shape, cellHeight) : cellsY * cellHeight;
  art.pixels.resize(static_cast<std::size_t>(art.width) * static_cast<std::size_t>(art.height) * 4);
  for (std::size_t i = 0; i < art.pixels.size(); i += 4) {
    art.pixels[i] = background[0];
    art.pixels[i + 1] = background[1];
    art.pixels[i + 2] = background[2];
    art.pixels[i + 3] = 255;
  }
  for (const TiledLayer& layer : map.layers) {
    if (!layer.visible || layer.opacity <= 0.0F) continue;
    // Tiled's order: row by row, left to right; on a hex-x map each row's columns drawn higher
    // (not shifted) first and the shifted ones, lower down, over them.
    const bool halfRows = shape.hex() && !staggersRows(shape.layout);
    for (int pass = 0; pass < (halfRows ? 2 * cellsY : cellsY); ++pass) {
      const int cy = halfRows ? pass / 2 : pass;
      for (int cx = 0; cx < cellsX; ++cx) {
        if (halfRows && Topology(shape.layout).parity({cx, cy}) != pass % 2) continue;
        const PixelPoint box = shape.hex() ? cellOrigin(shape.layout, {cx, cy}, cellWidth)
                                           : PixelPoint{cx * cellWidth, cy * cellHeight};
        const std::size_t cellIndex =
            static_cast<std::size_t>(cy) * static_cast<std::size_t>(cellsX) +
            static_cast<std::size_t>(cx);
        if (cellIndex >= layer.gids.size()) continue;
        const auto tile = tileSource(map, layer.gids[cellIndex]);
        if (!tile || tile->tileset >= images.size()) continue;
        const RgbaImage& image = images[tile->tileset];
        const auto& trans = map.tilesets[tile->tileset].transparent;
        if (image.width <= 0) continue;
        for (int v = 0; v < cellHeight; ++v) {
          for (int u = 0; u < cellWidth; ++u) {
            const auto [sx, sy] = sourcePixel(*tile, u, v, cellWidth, cellHeight);
            if (sx >= image.width || sy >= image.height) continue;
            const std::uint8_t* from =
                &image.pixels[(static_cast<std::size_t>(sy) * static_cast<std::size_t>(image.width) +
                               static_cast<std::size_t>(sx)) * 4];
            if (trans && from[0] == (*trans)[0] && from[1] == (*trans)[1] &&
                from[2] == (*trans)[2]) {
              continue;
            }
            const double alpha = from[3] / 255.0 * layer.opacity;
            const int x = box.x + u;
            const int y = box.y + v;
            if (x >= art.width || y >= art.height) continue;
            std::uint8_t* to = &art.pixels[(static_cast<std::size_t>(y) *
                                                static_cast<std::size_t>(art.width) +
                                            static_cast<std::size_t>(x)) * 4];
            for (int c = 0; c < 3; ++c) to[c] = mix(to[c], from[c], alpha);
          }
        }
      }
    }
  }
  return art;
}

std::vector<RgbaImage> terrainTiles(const TiledMap& map, const std::vector<RgbaImage>& images,
                                    int side) {
  std::vector<RgbaImage> tiles(static_cast<std::size_t>(map.costMap.terrainCount()));
  for (std::size_t set = 0; set < map.tilesets.size(); ++set) {
    const TiledTileset& tileset = map.tilesets[set];
    for (const auto& [id, terrain] : tileset.terrainIndex) {
      RgbaImage& tile = tiles[static_cast<std::size_t>(terrain)];
      const auto source = tileSource(map, tileset.firstGid + static_cast<std::uint32_t>(id));
      if (!tile.pixels.empty() || !source || set >= images.size() || images[set].pixels.empty()) {
        continue;
      }
      const RgbaImage& image = images[set];
      tile.width = side;
      tile.height = side;
      tile.pixels.resize(static_cast<std::size_t>(side) * static_cast<std::size_t>(side) * 4);
      for (int v = 0; v < side; ++v) {
        for (int u = 0; u < side; ++u) {
          const auto [x, y] = sourcePixel(*source, u, v, side, side);
          const std::size_t from = (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) +
                                    static_cast<std::size_t>(x)) * 4;
          const std::size_t to = (static_cast<std::size_t>(v) * static_cast<std::size_t>(side) +
                                  static_cast<std::size_t>(u)) * 4;
          std::copy_n(image.pixels.begin() + static_cast<std::ptrdiff_t>(from), 4,
                      tile.pixels.begin() + static_cast<std::ptrdiff_t>(to));
        }
      }
    }
  }
  return tiles;
}

}  // namespace tactics::app
