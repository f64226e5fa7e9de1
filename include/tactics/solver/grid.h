#pragma once
// Cells and the four directions of a square grid. y grows downwards: "up" is towards row y-1.
// Hex boards and everything that works on both go through topology.h.

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace tactics {

struct Cell {
  int x = 0;
  int y = 0;

  friend bool operator==(Cell a, Cell b) { return a.x == b.x && a.y == b.y; }
  friend bool operator!=(Cell a, Cell b) { return !(a == b); }
};

inline int manhattan(Cell a, Cell b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }
inline std::string toString(Cell c) { return std::to_string(c.x) + "," + std::to_string(c.y); }

// The direction from a cell to its parent: the parent is neighbour k = the value of the cell's
// own list in its board's order (topology.h; on a square board up, down, left, right, the
// order the solvers try neighbours in; on a hex board k runs 0..5, see neighbourDirection).
enum class Direction : std::uint8_t { Up = 0, Down = 1, Left = 2, Right = 3, None = 255 };

// Neighbour k (0..5) as a parent; `k` < 0 is None.
inline Direction neighbourDirection(int k) {
  return k < 0 ? Direction::None : static_cast<Direction>(k);
}
// The neighbour index a parent names (-1 for None).
inline int neighbourOf(Direction d) { return d == Direction::None ? -1 : static_cast<int>(d); }

inline constexpr std::array<Direction, 4> kSteps = {Direction::Up, Direction::Down, Direction::Left,
                                                    Direction::Right};

inline Cell step(Cell c, Direction d) {
  switch (d) {
    case Direction::Up: return {c.x, c.y - 1};
    case Direction::Down: return {c.x, c.y + 1};
    case Direction::Left: return {c.x - 1, c.y};
    case Direction::Right: return {c.x + 1, c.y};
    case Direction::None: break;
  }
  return c;
}

inline Direction opposite(Direction d) {
  switch (d) {
    case Direction::Up: return Direction::Down;
    case Direction::Down: return Direction::Up;
    case Direction::Left: return Direction::Right;
    case Direction::Right: return Direction::Left;
    case Direction::None: break;
  }
  return Direction::None;
}

// A row-major grid of values, one per cell.
template <class T>
class Grid {
 public:
  Grid() = default;
  Grid(int width, int height, T fill)
      : width_(width), height_(height), cells_(static_cast<std::size_t>(width * height), fill) {}

  [[nodiscard]] int width() const { return width_; }
  [[nodiscard]] int height() const { return height_; }
  [[nodiscard]] bool contains(Cell c) const {
    return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_;
  }
  T& operator[](Cell c) { return cells_[index(c)]; }
  const T& operator[](Cell c) const { return cells_[index(c)]; }
  [[nodiscard]] const std::vector<T>& cells() const { return cells_; }
  [[nodiscard]] std::vector<T>& cells() { return cells_; }

 private:
  [[nodiscard]] std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(c.x);
  }
  int width_ = 0;
  int height_ = 0;
  std::vector<T> cells_;
};

}  // namespace tactics
