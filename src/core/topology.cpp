#include "tactics/solver/topology.h"

namespace tactics {

namespace {

constexpr std::array<const char*, 5> kNames = {"square", "hex-y-odd", "hex-y-even", "hex-x-odd",
                                               "hex-x-even"};

// SPEC §13's neighbour order, for an unshifted (parity 0) and a shifted (parity 1) cell.
using Table = std::array<std::array<Offset, Topology::kMaxNeighbours>, 2>;
constexpr Table kSquare = {{{{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {0, 0}, {0, 0}}},
                            {{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {0, 0}, {0, 0}}}}};
// Rows staggered: 0, 1 in row y-1; 2 left, 3 right; 4, 5 in row y+1.
constexpr Table kHexY = {{{{{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}}},
                          {{{0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}}}}};
// Columns staggered: 0 up, 1 down; 2, 3 in column x-1; 4, 5 in column x+1.
constexpr Table kHexX = {{{{{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, -1}, {1, 0}}},
                          {{{0, -1}, {0, 1}, {-1, 0}, {-1, 1}, {1, 0}, {1, 1}}}}};

}  // namespace

const char* layoutName(GridLayout layout) { return kNames[static_cast<std::size_t>(layout)]; }

std::optional<GridLayout> parseLayout(std::string_view name) {
  for (const GridLayout layout : kGridLayouts) {
    if (name == layoutName(layout)) return layout;
  }
  return std::nullopt;
}

const char* layoutNames() { return "square, hex-y-odd, hex-y-even, hex-x-odd or hex-x-even"; }

const Topology::Table& Topology::offsets() const {
  switch (layout_) {
    case GridLayout::Square: break;
    case GridLayout::HexYOdd:
    case GridLayout::HexYEven: return kHexY;
    case GridLayout::HexXOdd:
    case GridLayout::HexXEven: return kHexX;
  }
  return kSquare;
}

std::uint8_t stateParentByte(GridLayout layout, Direction d) {
  static constexpr std::uint8_t kSquareBytes[4] = {26, 77, 128, 178};  // up down left right
  if (d == Direction::None) return 255;
  const auto k = static_cast<std::size_t>(d);
  return isHex(layout) ? static_cast<std::uint8_t>(18 + 36 * k) : kSquareBytes[k];
}

Direction parentOfStateByte(GridLayout layout, std::uint8_t a) {
  const int k = isHex(layout) ? a / 36 : a / 51;
  return k < (isHex(layout) ? 6 : 4) ? neighbourDirection(k) : Direction::None;
}

}  // namespace tactics
