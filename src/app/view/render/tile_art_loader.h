#pragma once
// Reads a Tiled map's tileset images (stb_image) and composes its board art. No GL.

#include <string>

#include "app/view/tile_art.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

// The art of `map`, at most `maxSide` pixels per side. Fails (with the image's path) when a
// tileset image is missing or unreadable; the demo then draws the procedural terrain.
Expected<RgbaImage> loadTileArt(const TiledMap& map, int maxSide);

}  // namespace tactics::app
