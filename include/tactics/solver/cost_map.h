#pragma once
// The map: one grey value per cell, read from an image (SPEC §1), or one terrain index per cell
// of a map that names its terrains (SPEC §11.1, up to 64), and the movement classes that turn
// terrains into costs.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/topology.h"

namespace tactics {

inline constexpr int kMaxMapSide = 4096;
inline constexpr int kTerrainClasses = 5;  // the grey classes of an image map (SPEC §1)
inline constexpr int kMaxTerrains = 64;    // named terrains (SPEC §11.1)
inline constexpr std::size_t kMaxTerrainNameLength = 24;

// Terrain class of a grey value: 0 plains .. 4 wall.
inline int terrainClass(std::uint8_t grey) { return grey / 51 < 4 ? grey / 51 : 4; }

// "plains", "forest", "hills", "mountains" or "wall" for terrain classes 0..4.
const char* terrainName(int terrain);

// The five names of an image map's grey classes: terrains 0..4 of every map unless renamed.
const std::vector<std::string>& defaultTerrainNames();

// SPEC §11.1's list of terrain names: 5..64 distinct names, each 1..24 characters of a-z 0-9 _ -.
// The first problem, naming `what` (e.g. "\"terrains\""), or nullopt.
std::optional<std::string> checkTerrainNames(const std::vector<std::string>& names,
                                             std::string_view what);

// The grey value the project writes for each terrain class.
inline constexpr std::array<std::uint8_t, kTerrainClasses> kCanonicalGrey = {0, 76, 127, 178, 255};

class CostMap {
 public:
  CostMap() = default;
  // grey has width*height values, row 0 = top row. Sizes must be 1..kMaxMapSide.
  CostMap(int width, int height, std::vector<std::uint8_t> grey);
  // A map of named terrains (SPEC §11.1): `names` (5..64, checkTerrainNames) and one index into
  // them per cell. With exactly five names it is the grey map of those classes (the canonical
  // greys), renamed; with more, every cell's byte (grey()) is its terrain index, which is what
  // the state texture's R holds (SPEC §11.1). Throws std::invalid_argument on a size mismatch or
  // an index beyond the names.
  static CostMap named(int width, int height, const std::vector<std::uint8_t>& terrains,
                       std::vector<std::string> names);
  // A board given as terrain indices 0..terrainCount-1 (terrainCount 5..64), as the C API and
  // Python take one: five terrains are an image map's classes (their canonical greys), more an
  // indexed map whose sixth and later terrains are named "terrain5".. . Its messages name
  // terrains by index ("wall (terrain 4)"), never by a grey its caller never gave. Throws
  // std::invalid_argument as named() does.
  static CostMap ofTerrainIndices(int width, int height, std::vector<std::uint8_t> terrains,
                                  int terrainCount);

  // Gives a grey map (not indexed) the names of SPEC §11.1's list (5..64, checkTerrainNames): the
  // first five rename the grey classes; the others no cell of an image can hold, but classes
  // may price them.
  void rename(std::vector<std::string> names);

  [[nodiscard]] int width() const { return grey_.width(); }
  [[nodiscard]] int height() const { return grey_.height(); }
  [[nodiscard]] bool contains(Cell c) const { return grey_.contains(c); }
  // The cell's byte: its grey, or on a map of more than five terrains its terrain index. The
  // state texture's R (SPEC §4, §11.1).
  [[nodiscard]] std::uint8_t grey(Cell c) const { return grey_[c]; }
  [[nodiscard]] int terrain(Cell c) const { return terrainOfByte(grey_[c]); }
  // The terrain a cell byte stands for: the grey class, or the byte itself on an indexed map.
  [[nodiscard]] int terrainOfByte(std::uint8_t byte) const {
    return indexed() ? byte : terrainClass(byte);
  }
  [[nodiscard]] const std::vector<std::uint8_t>& greyValues() const { return grey_.cells(); }
  // The terrains' names, by index: the five classes' unless the map named its own.
  [[nodiscard]] const std::vector<std::string>& terrainNames() const;
  [[nodiscard]] int terrainCount() const { return static_cast<int>(terrainNames().size()); }
  [[nodiscard]] const std::string& terrainName(int terrain) const {
    return terrainNames()[static_cast<std::size_t>(terrain)];
  }
  // The map as a grey image (SPEC §1): the greys, or on an indexed map the canonical grey of each
  // cell's terrain; only for a map greyImageProblem() has nothing against.
  [[nodiscard]] std::vector<std::uint8_t> greyImage() const;
  // What stands on a cell, for messages: "forest (grey 76)", or "sand (terrain 5)" on an
  // indexed map or one made by ofTerrainIndices() ("wall (terrain 4)").
  [[nodiscard]] std::string describeCell(Cell c) const;
  // Made by named() with more than five terrains: every byte is a terrain index. (An image map
  // renamed with a longer list stays a grey map: no cell of it can hold the others.)
  [[nodiscard]] bool indexed() const { return indexed_; }
  // The terrains beyond the fifth that some cell uses, by name, in index order.
  [[nodiscard]] std::vector<std::string> terrainsBeyondFifth() const;
  // The terrain index of every cell of `box` (inside the map), row by row from its top row:
  // what a renderer draws the terrain from, so no shader works classes out of greys.
  [[nodiscard]] std::vector<std::uint8_t> terrainIndices(const CellBox& box) const;
  // Paints one cell (the demo's terrain editor): its byte (a grey, or an index on an indexed
  // map); `c` must be inside the map.
  void setGrey(Cell c, std::uint8_t grey) { grey_[c] = grey; }
  // The terrains a cell of this map can hold: all of them on an indexed map, else the five greys.
  [[nodiscard]] int paintableTerrains() const { return indexed() ? terrainCount() : kTerrainClasses; }
  // Paints one cell with terrain `terrain` (< paintableTerrains()): its canonical grey, or its
  // index.
  void setTerrain(Cell c, int terrain);
  // The board's grid (SPEC §13): square unless a Tiled hexagonal map, a scenario's "grid" or
  // --grid said otherwise. Every solver reads neighbours and distances from it.
  [[nodiscard]] GridLayout layout() const { return layout_; }
  [[nodiscard]] Topology topology() const { return Topology(layout_); }
  void setLayout(GridLayout layout) { layout_ = layout; }
  [[nodiscard]] std::string sizeText() const;    // "32x24"
  [[nodiscard]] std::string boundsText() const;  // "the 32x24 map (x 0..31, y 0..23)"

 private:
  Grid<std::uint8_t> grey_;
  std::vector<std::string> names_;  // empty: the five grey classes
  bool indexed_ = false;
  bool givenAsIndices_ = false;  // made by ofTerrainIndices(): messages name no grey
  GridLayout layout_ = GridLayout::Square;
};

// Why `map` cannot be written as a grey image (SPEC §11.1): "uses terrains beyond the fifth
// (sand, bridge), which a five-grey PNG cannot hold"; nullopt when it can.
std::optional<std::string> greyImageProblem(const CostMap& map);

// A movement class: the cost of entering each terrain, 1..15, or impassable; 64 terrains
// (SPEC §11.1), the sixth and later impassable unless a class names them.
class MovementClass {
 public:
  static constexpr std::uint8_t kImpassable = 0;
  static constexpr std::uint8_t kMaxCost = 15;
  using Costs = std::array<std::uint8_t, kMaxTerrains>;

  MovementClass() = default;  // foot: 1,2,4,8,x
  // The five-entry form: terrains 0..4; the others impassable.
  explicit MovementClass(const std::array<std::uint8_t, kTerrainClasses>& costs);
  // A cost for every terrain 0..63.
  static MovementClass fromCosts(const Costs& costs);

  [[nodiscard]] bool passable(int terrain) const { return costs_[index(terrain)] != kImpassable; }
  // Cost of entering a cell of this terrain; only meaningful when passable.
  [[nodiscard]] int cost(int terrain) const { return costs_[index(terrain)]; }
  [[nodiscard]] const Costs& costs() const { return costs_; }
  // The same class with one terrain's cost (1..15, or kImpassable) changed.
  [[nodiscard]] MovementClass withCost(int terrain, std::uint8_t cost) const;
  // "1,2,4,8,x": the five-entry form while every later terrain is impassable, else one entry per
  // terrain up to the last passable one ("1,2,4,8,x,3,x,1").
  [[nodiscard]] std::string toString() const;

  friend bool operator==(const MovementClass& a, const MovementClass& b) {
    return a.costs_ == b.costs_;
  }

 private:
  static std::size_t index(int terrain) { return static_cast<std::size_t>(terrain); }
  Costs costs_ = {1, 2, 4, 8, kImpassable};
};

// Parses "C0,C1,C2,C3,C4" with each entry 1..15 or x.
// `what` names the value in errors, e.g. "--costs".
Expected<MovementClass> parseMovementClass(std::string_view text, std::string_view what);

}  // namespace tactics
