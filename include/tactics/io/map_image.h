#pragma once
// Cost maps from files (SPEC §1, §9): an image decoded as 8-bit grey, or a Tiled map.

#include <cstdint>
#include <string>
#include <vector>

#include "tactics/io/tiled_map.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"

namespace tactics {

// Decodes an image (PNG or anything stb_image reads) as 8-bit grey. Pure: bytes in, map out.
Expected<CostMap> decodeMap(const std::vector<std::uint8_t>& bytes);
// Reads and decodes a map file. Errors name the file.
Expected<CostMap> loadMap(const std::string& path);
// The same through `readFile` (for the map and a Tiled map's external tilesets).
Expected<CostMap> loadMap(const std::string& path, const ReadFile& readFile);

}  // namespace tactics
