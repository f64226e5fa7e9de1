#include "core/range_result.h"

#include <stdexcept>

namespace tactics {

std::vector<std::uint8_t> encodeState(const CostMap& map, const RangeResult& result) {
  std::vector<std::uint8_t> rgba;
  rgba.reserve(static_cast<std::size_t>(map.width() * map.height()) * 4);
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      const Reach reach = result.reach[c];
      rgba.push_back(map.grey(c));
      rgba.push_back(reach == Reach::Reached      ? state_bytes::kReached
                     : reach == Reach::Attackable ? state_bytes::kAttackable
                                                  : state_bytes::kNone);
      rgba.push_back(static_cast<std::uint8_t>(reach == Reach::Reached ? result.travelCost[c] : 0));
      rgba.push_back(state_bytes::kDirection[static_cast<int>(result.parent[c])]);
    }
  }
  return rgba;
}

RangeResult decodeState(int width, int height, const std::vector<std::uint8_t>& rgba) {
  if (rgba.size() != static_cast<std::size_t>(width * height) * 4) {
    throw std::invalid_argument("decodeState: wrong number of bytes");
  }
  RangeResult result(width, height);
  std::size_t i = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x, i += 4) {
      const Cell c{x, y};
      const std::uint8_t g = rgba[i + 1];
      result.reach[c] = g >= 192 ? Reach::Reached : g >= 64 ? Reach::Attackable : Reach::None;
      if (result.reach[c] == Reach::Reached) result.travelCost[c] = rgba[i + 2];
      const int direction = rgba[i + 3] / 51;
      result.parent[c] = static_cast<Direction>(direction < 4 ? direction : 4);
    }
  }
  return result;
}

}  // namespace tactics
