#pragma once
// The map: one grey value per cell, read from an image (SPEC §1), and the movement classes that
// turn its five terrain classes into costs.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"

namespace tactics {

inline constexpr int kMaxMapSide = 4096;
inline constexpr int kTerrainClasses = 5;

// Terrain class of a grey value: 0 plains .. 4 wall.
inline int terrainClass(std::uint8_t grey) { return grey / 51 < 4 ? grey / 51 : 4; }

// "plains", "forest", "hills", "mountains" or "wall" for terrain classes 0..4.
const char* terrainName(int terrain);

// The grey value the project writes for each terrain class.
inline constexpr std::array<std::uint8_t, kTerrainClasses> kCanonicalGrey = {0, 76, 127, 178, 255};

class CostMap {
 public:
  CostMap() = default;
  // grey has width*height values, row 0 = top row. Sizes must be 1..kMaxMapSide.
  CostMap(int width, int height, std::vector<std::uint8_t> grey);

  [[nodiscard]] int width() const { return grey_.width(); }
  [[nodiscard]] int height() const { return grey_.height(); }
  [[nodiscard]] bool contains(Cell c) const { return grey_.contains(c); }
  [[nodiscard]] std::uint8_t grey(Cell c) const { return grey_[c]; }
  [[nodiscard]] int terrain(Cell c) const { return terrainClass(grey_[c]); }
  [[nodiscard]] const std::vector<std::uint8_t>& greyValues() const { return grey_.cells(); }
  // The terrain class of every cell of `box` (inside the map), row by row from its top row:
  // what a renderer draws the terrain from, so no shader works classes out of greys.
  [[nodiscard]] std::vector<std::uint8_t> terrainIndices(const CellBox& box) const;
  // Paints one cell (the demo's terrain editor); `c` must be inside the map.
  void setGrey(Cell c, std::uint8_t grey) { grey_[c] = grey; }
  [[nodiscard]] std::string sizeText() const;    // "32x24"
  [[nodiscard]] std::string boundsText() const;  // "the 32x24 map (x 0..31, y 0..23)"

 private:
  Grid<std::uint8_t> grey_;
};

// A movement class: the cost of entering each terrain class, 1..15, or impassable.
class MovementClass {
 public:
  static constexpr std::uint8_t kImpassable = 0;
  static constexpr std::uint8_t kMaxCost = 15;

  MovementClass() = default;  // foot: 1,2,4,8,x
  explicit MovementClass(std::array<std::uint8_t, kTerrainClasses> costs) : costs_(costs) {}

  [[nodiscard]] bool passable(int terrain) const { return costs_[index(terrain)] != kImpassable; }
  // Cost of entering a cell of this terrain; only meaningful when passable.
  [[nodiscard]] int cost(int terrain) const { return costs_[index(terrain)]; }
  [[nodiscard]] const std::array<std::uint8_t, kTerrainClasses>& costs() const { return costs_; }
  [[nodiscard]] std::string toString() const;  // "1,2,4,8,x"

  friend bool operator==(const MovementClass& a, const MovementClass& b) {
    return a.costs_ == b.costs_;
  }

 private:
  static std::size_t index(int terrain) { return static_cast<std::size_t>(terrain); }
  std::array<std::uint8_t, kTerrainClasses> costs_ = {1, 2, 4, 8, kImpassable};
};

// Parses "C0,C1,C2,C3,C4" with each entry 1..15 or x.
// `what` names the value in errors, e.g. "--costs".
Expected<MovementClass> parseMovementClass(std::string_view text, std::string_view what);

}  // namespace tactics
