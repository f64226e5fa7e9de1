#pragma once
// The shape of a board's grid (SPEC §13): square, or one of Tiled's four hexagonal layouts. The
// one place that says which cells neighbour a cell, in which order, and how far apart two cells
// are; every solver, the shaders' topology.glsl and the demo ask it.

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "tactics/solver/grid.h"

namespace tactics {

// Tiled's `staggeraxis` (y: rows staggered, pointy-top hexes; x: columns staggered, flat-top) and
// `staggerindex` (which rows or columns are shifted half a cell).
enum class GridLayout : std::uint8_t { Square, HexYOdd, HexYEven, HexXOdd, HexXEven };

inline constexpr std::array<GridLayout, 5> kGridLayouts = {
    GridLayout::Square, GridLayout::HexYOdd, GridLayout::HexYEven, GridLayout::HexXOdd,
    GridLayout::HexXEven};

// "square", "hex-y-odd", "hex-y-even", "hex-x-odd", "hex-x-even".
const char* layoutName(GridLayout layout);
// The layout a name above stands for; nullopt for any other text.
std::optional<GridLayout> parseLayout(std::string_view name);
// "square, hex-y-odd, hex-y-even, hex-x-odd or hex-x-even": for messages.
const char* layoutNames();

inline bool isHex(GridLayout layout) { return layout != GridLayout::Square; }

// One step on the grid: the column and row a neighbour lies from the cell.
struct Offset {
  int dx = 0;
  int dy = 0;
};

// Axial hex coordinates (SPEC §13): q along a row (or column), r across.
struct Axial {
  int q = 0;
  int r = 0;
};

class Topology {
 public:
  static constexpr int kMaxNeighbours = 6;

  constexpr Topology() = default;
  constexpr explicit Topology(GridLayout layout) : layout_(layout) {}

  [[nodiscard]] constexpr GridLayout layout() const { return layout_; }
  [[nodiscard]] bool hex() const { return isHex(layout_); }
  // 4 on a square board (up, down, left, right), 6 on a hex board.
  [[nodiscard]] int neighbourCount() const { return hex() ? 6 : 4; }

  // Whether the cell's row (hex-y-*) or column (hex-x-*) is the shifted one: the two classes of
  // cell whose neighbours lie at different offsets. Always 0 on a square board.
  [[nodiscard]] int parity(Cell c) const {
    switch (layout_) {
      case GridLayout::Square: return 0;
      case GridLayout::HexYOdd: return c.y & 1;
      case GridLayout::HexYEven: return 1 - (c.y & 1);
      case GridLayout::HexXOdd: return c.x & 1;
      case GridLayout::HexXEven: return 1 - (c.x & 1);
    }
    return 0;
  }
  // Where neighbour k (0 .. neighbourCount()-1, SPEC §13's order) of a cell of `parity` lies.
  [[nodiscard]] Offset offset(int parity, int k) const {
    return offsets()[static_cast<std::size_t>(parity)][static_cast<std::size_t>(k)];
  }
  // Neighbour k of `c`, which may lie outside the map.
  [[nodiscard]] Cell neighbour(Cell c, int k) const {
    const Offset o = offset(parity(c), k);
    return {c.x + o.dx, c.y + o.dy};
  }
  // The k with neighbour(from, k) == to, or -1 when the cells are not neighbours.
  [[nodiscard]] int neighbourIndex(Cell from, Cell to) const {
    for (int k = 0; k < neighbourCount(); ++k) {
      if (neighbour(from, k) == to) return k;
    }
    return -1;
  }
  // The neighbour index that leads back: neighbour(neighbour(c, k), back(c, k)) == c.
  [[nodiscard]] int back(Cell c, int k) const { return neighbourIndex(neighbour(c, k), c); }

  // The axial coordinates of a cell (a square board's are its column and row).
  [[nodiscard]] Axial axial(Cell c) const {
    switch (layout_) {
      case GridLayout::Square: break;
      case GridLayout::HexYOdd: return {c.x - (c.y - (c.y & 1)) / 2, c.y};
      case GridLayout::HexYEven: return {c.x - (c.y + (c.y & 1)) / 2, c.y};
      case GridLayout::HexXOdd: return {c.x, c.y - (c.x - (c.x & 1)) / 2};
      case GridLayout::HexXEven: return {c.x, c.y - (c.x + (c.x & 1)) / 2};
    }
    return {c.x, c.y};
  }
  // The distance attacks and the danger zone measure (SPEC §3, §13): Manhattan on a square
  // board, the hex distance on a hex one.
  [[nodiscard]] int distance(Cell a, Cell b) const {
    if (!hex()) return manhattan(a, b);
    const Axial p = axial(a);
    const Axial q = axial(b);
    const int dq = q.q - p.q;
    const int dr = q.r - p.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
  }

  friend bool operator==(Topology a, Topology b) { return a.layout_ == b.layout_; }
  friend bool operator!=(Topology a, Topology b) { return !(a == b); }

 private:
  using Table = std::array<std::array<Offset, kMaxNeighbours>, 2>;
  [[nodiscard]] const Table& offsets() const;

  GridLayout layout_ = GridLayout::Square;
};

// Parent bytes as the outputs write them (SPEC §4, §13): neighbour k of the cell's own list, and
// "none" as 4 on a square board (the Direction of the past) and 255 on a hex board.
inline std::uint8_t parentCode(GridLayout layout, Direction d) {
  if (d != Direction::None) return static_cast<std::uint8_t>(d);
  return isHex(layout) ? std::uint8_t{255} : std::uint8_t{4};
}

// The state texture's A for a parent (SPEC §4; §13 on a hex board: 18 + 36 k, 255 for none).
std::uint8_t stateParentByte(GridLayout layout, Direction d);
// The parent an A byte stands for, with the SPEC's reading thresholds.
Direction parentOfStateByte(GridLayout layout, std::uint8_t a);

}  // namespace tactics
