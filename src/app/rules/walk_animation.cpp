#include "app/rules/walk_animation.h"

#include <algorithm>
#include <cmath>

namespace tactics::app {

WalkAnimation::WalkAnimation(std::vector<Cell> path, double cellsPerSecond)
    : path_(std::move(path)), cellsPerSecond_(std::max(cellsPerSecond, 0.001)) {}

void WalkAnimation::advance(double seconds) { elapsed_ += std::max(seconds, 0.0); }

double WalkAnimation::duration() const {
  return path_.size() < 2 ? 0.0 : static_cast<double>(path_.size() - 1) / cellsPerSecond_;
}

bool WalkAnimation::finished() const { return elapsed_ >= duration(); }

BoardPoint WalkAnimation::position() const {
  if (path_.empty()) return {};
  const double steps = std::min(elapsed_ * cellsPerSecond_, static_cast<double>(path_.size() - 1));
  const auto index = static_cast<std::size_t>(std::floor(steps));
  const double t = steps - static_cast<double>(index);
  const Cell a = path_[index];
  const Cell b = path_[std::min(index + 1, path_.size() - 1)];
  return {a.x + 0.5 + t * (b.x - a.x), a.y + 0.5 + t * (b.y - a.y)};
}

}  // namespace tactics::app
