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

const std::vector<std::string>& defaultTerrainNames() {
  static const std::vector<std::string> kNames = {"plains", "forest", "hills", "mountains", "wall"};
  return kNames;
}

std::optional<std::string> checkTerrainNames(const std::vector<std::string>& names,
                                             std::string_view what) {
  const std::string allowed =
      "; expected 5..64 distinct names of 1..24 characters a-z 0-9 _ -, the first five standing "
      "for plains, forest, hills, mountains and wall";
  if (names.size() < static_cast<std::size_t>(kTerrainClasses) ||
      names.size() > static_cast<std::size_t>(kMaxTerrains)) {
    return std::string(what) + " has " + std::to_string(names.size()) + " names" + allowed;
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    const bool good = !name.empty() && name.size() <= kMaxTerrainNameLength &&
                      std::all_of(name.begin(), name.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                               c == '-';
                      });
    if (!good) {
      return std::string(what) + ": name " + std::to_string(i) + " '" + name +
             "' is not allowed" + allowed;
    }
    if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), name) !=
        names.begin() + static_cast<std::ptrdiff_t>(i)) {
      return std::string(what) + ": '" + name + "' is named twice" + allowed;
    }
  }
  return std::nullopt;
}

CostMap CostMap::named(int width, int height, const std::vector<std::uint8_t>& terrains,
                       std::vector<std::string> names) {
  const bool indexed = names.size() > static_cast<std::size_t>(kTerrainClasses);
  std::vector<std::uint8_t> bytes;
  bytes.reserve(terrains.size());
  for (const std::uint8_t t : terrains) {
    if (t >= names.size()) throw std::invalid_argument("CostMap: a terrain index beyond the names");
    bytes.push_back(indexed ? t : kCanonicalGrey[t]);
  }
  CostMap map(width, height, std::move(bytes));
  map.names_ = std::move(names);
  map.indexed_ = indexed;
  return map;
}

CostMap CostMap::ofTerrainIndices(int width, int height, std::vector<std::uint8_t> terrains,
                                  int terrainCount) {
  std::vector<std::string> names = defaultTerrainNames();
  for (int t = kTerrainClasses; t < terrainCount; ++t)
    names.push_back("terrain" + std::to_string(t));
  // The cells stay in `terrains`, turned into greys in place when there are five terrains.
  const bool indexed = terrainCount > kTerrainClasses;
  for (std::uint8_t& t : terrains) {
    if (t >= names.size()) throw std::invalid_argument("CostMap: a terrain index beyond the names");
    if (!indexed) t = kCanonicalGrey[t];
  }
  CostMap map(width, height, std::move(terrains));
  map.names_ = std::move(names);
  map.indexed_ = indexed;
  map.givenAsIndices_ = true;
  return map;
}

void CostMap::rename(std::vector<std::string> names) {
  if (indexed()) throw std::logic_error("CostMap::rename: an indexed map keeps its names");
  names_ = std::move(names);
}

const std::vector<std::string>& CostMap::terrainNames() const {
  return names_.empty() ? defaultTerrainNames() : names_;
}

std::vector<std::string> CostMap::terrainsBeyondFifth() const {
  std::vector<std::string> used;
  if (!indexed()) return used;
  std::array<bool, kMaxTerrains> seen{};
  for (const std::uint8_t b : grey_.cells()) seen[b] = true;
  for (int t = kTerrainClasses; t < terrainCount(); ++t) {
    if (seen[static_cast<std::size_t>(t)]) used.push_back(terrainName(t));
  }
  return used;
}

std::vector<std::uint8_t> CostMap::greyImage() const {
  if (!indexed()) return grey_.cells();
  std::vector<std::uint8_t> grey;
  grey.reserve(grey_.cells().size());
  for (const std::uint8_t t : grey_.cells()) {
    grey.push_back(t < kTerrainClasses ? kCanonicalGrey[t] : kCanonicalGrey[kTerrainClasses - 1]);
  }
  return grey;
}

std::optional<std::string> greyImageProblem(const CostMap& map) {
  const std::vector<std::string> beyond = map.terrainsBeyondFifth();
  if (beyond.empty()) return std::nullopt;
  std::string names;
  for (std::size_t i = 0; i < beyond.size(); ++i) names += (i ? ", " : "") + beyond[i];
  return "uses terrains beyond the fifth (" + names + "), which a five-grey PNG cannot hold";
}

std::string CostMap::describeCell(Cell c) const {
  const int t = terrain(c);
  if (indexed() || givenAsIndices_) return terrainName(t) + " (terrain " + std::to_string(t) + ")";
  return terrainName(t) + " (grey " + std::to_string(grey_[c]) + ")";
}

void CostMap::setTerrain(Cell c, int terrain) {
  terrain = std::clamp(terrain, 0, paintableTerrains() - 1);
  grey_[c] = indexed() ? static_cast<std::uint8_t>(terrain)
                       : kCanonicalGrey[static_cast<std::size_t>(terrain)];
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

MovementClass::MovementClass(const std::array<std::uint8_t, kTerrainClasses>& costs) {
  costs_.fill(kImpassable);
  std::copy(costs.begin(), costs.end(), costs_.begin());
}

MovementClass MovementClass::fromCosts(const Costs& costs) {
  MovementClass movement;
  movement.costs_ = costs;
  return movement;
}

MovementClass MovementClass::withCost(int terrain, std::uint8_t cost) const {
  MovementClass changed = *this;
  changed.costs_[index(terrain)] = cost;
  return changed;
}

std::string MovementClass::toString() const {
  std::size_t shown = kTerrainClasses;
  for (std::size_t i = kTerrainClasses; i < costs_.size(); ++i) {
    if (costs_[i] != kImpassable) shown = i + 1;
  }
  std::string text;
  for (std::size_t i = 0; i < shown; ++i) {
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
