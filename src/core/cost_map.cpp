#include "tactics/solver/cost_map.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

#include "tactics/solver/parse.h"

namespace tactics {

const char* terrainName(int terrain) {
  static const char* const kNames[kTerrainClasses] = {"plains", "forest", "hills", "mountains",
                                                      "wall"};
  return terrain >= 0 && terrain < kTerrainClasses ? kNames[terrain] : "?";
}

CostMap::CostMap(int width, int height, std::vector<std::uint8_t> grey) {
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide ||
      grey.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw std::invalid_argument("CostMap: size and grey values disagree");
  }
  grey_ = Grid<std::uint8_t>(width, height, 0);
  grey_.cells() = std::move(grey);
}

std::vector<std::uint8_t> CostMap::terrainIndices(const CellBox& box) const {
  std::vector<std::uint8_t> indices;
  indices.reserve(static_cast<std::size_t>(box.area()));
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      indices.push_back(static_cast<std::uint8_t>(terrain({x, y})));
    }
  }
  return indices;
}

std::string CostMap::sizeText() const {
  return std::to_string(width()) + "x" + std::to_string(height());
}

std::string CostMap::boundsText() const {
  return "the " + sizeText() + " map (x 0.." + std::to_string(width() - 1) + ", y 0.." +
         std::to_string(height() - 1) + ")";
}

std::string MovementClass::toString() const {
  std::string text;
  for (std::size_t i = 0; i < costs_.size(); ++i) {
    if (i > 0) text += ',';
    text += costs_[i] == kImpassable ? std::string("x") : std::to_string(costs_[i]);
  }
  return text;
}

Expected<MovementClass> parseMovementClass(std::string_view text, std::string_view what) {
  const std::string named = std::string(what) + " '" + std::string(text) + "'";
  const std::string allowed = "expected 5 comma-separated costs, each 1..15 or x, e.g. 1,2,4,8,x";
  std::array<std::uint8_t, kTerrainClasses> costs{};
  std::size_t count = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view entry =
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (count == costs.size()) {
      return Error{named + " has more than 5 entries; " + allowed};
    }
    if (entry == "x") {
      costs[count] = MovementClass::kImpassable;
    } else {
      const auto cost = parseInteger(entry, 1, MovementClass::kMaxCost, "cost");
      if (!cost) {
        return Error{named + ": entry " + std::to_string(count + 1) + " '" + std::string(entry) +
                     "' is not allowed; " + allowed};
      }
      costs[count] = static_cast<std::uint8_t>(*cost);
    }
    ++count;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (count != costs.size()) {
    return Error{named + " has " + std::to_string(count) + " entries; " + allowed};
  }
  return MovementClass(costs);
}

}  // namespace tactics
