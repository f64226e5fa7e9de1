#pragma once
// Colour images as RGBA8 pixels, read from files: a Tiled tileset's art, for instance. The map
// itself is read as grey (map_image.h).

#include <cstdint>
#include <string>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 4, row 0 = the image's top row
};

// Reads any image stb_image reads as RGBA8. The error says why (stb's reason), not which file:
// the caller names the file and what it is for.
Expected<RgbaImage> loadRgbaImage(const std::string& path);

}  // namespace tactics
