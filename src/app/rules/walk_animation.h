#pragma once
// A unit walking its path cell by cell at a steady pace. No GL: the renderer asks where the
// token is now, the scene asks when the walk is over.

#include <vector>

#include "tactics/solver/grid.h"

namespace tactics::app {

struct BoardPoint {  // a position in cells; (x + 0.5, y + 0.5) is the centre of cell (x, y)
  double x = 0;
  double y = 0;
};

class WalkAnimation {
 public:
  static constexpr double kCellsPerSecond = 10.0;

  WalkAnimation() = default;
  explicit WalkAnimation(std::vector<Cell> path, double cellsPerSecond = kCellsPerSecond);

  void advance(double seconds);
  [[nodiscard]] bool finished() const;
  [[nodiscard]] double duration() const;  // seconds for the whole path
  [[nodiscard]] double elapsed() const { return elapsed_; }
  // Where the walker's token is: the centre of a cell, or between two neighbours.
  [[nodiscard]] BoardPoint position() const;
  [[nodiscard]] const std::vector<Cell>& path() const { return path_; }

 private:
  std::vector<Cell> path_;
  double cellsPerSecond_ = kCellsPerSecond;
  double elapsed_ = 0;
};

}  // namespace tactics::app
