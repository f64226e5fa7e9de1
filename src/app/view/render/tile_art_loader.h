#pragma once
// Reads a Tiled map's tileset images (through io) and composes its board art. No GL.

#include <string>

#include "app/view/tile_art.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

// A Tiled map's art: the whole board, and a tile's picture per terrain for the palette.
struct TileArt {
  RgbaImage board;
  std::vector<RgbaImage> terrainTiles;  // by terrain index; empty where no tile shows it
};

// The art of `map`, at most `maxSide` pixels per side. Fails (with the image's path) when a
// tileset image is missing, unreadable, or not the size its tileset says; the demo then draws
// the procedural terrain and says why.
Expected<TileArt> loadTileArt(const TiledMap& map, int maxSide);

}  // namespace tactics::app
