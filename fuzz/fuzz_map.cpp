// Fuzz target: image bytes to a cost map (decodeMap, SPEC §1). Any input must give a map of
// 1..4096 cells a side or one error message; never a crash, a leak or a huge allocation.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/io/map_image.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto map = tactics::decodeMap(bytes);
  if (map) {
    const std::size_t cells = static_cast<std::size_t>(map->width()) *
                              static_cast<std::size_t>(map->height());
    if (map->width() < 1 || map->height() < 1 || map->width() > tactics::kMaxMapSide ||
        map->height() > tactics::kMaxMapSide || map->greyValues().size() != cells) {
      throw std::logic_error("decodeMap returned a map outside SPEC §1's limits");
    }
  } else if (map.error().empty()) {
    throw std::logic_error("decodeMap failed without a message");
  }
  return 0;
}
