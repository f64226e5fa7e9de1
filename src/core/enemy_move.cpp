#include "core/enemy_move.h"

#include <algorithm>
#include <climits>
#include <tuple>

namespace tactics {

bool isTarget(Team mover, Team other) {
  switch (mover) {
    case Team::Enemy: return other == Team::Player;
    case Team::Ally: return other == Team::Enemy;
    case Team::Player: break;
  }
  return false;
}

Cell chooseDestination(const RangeResult& range, const std::vector<Unit>& units,
                       std::size_t mover) {
  const Unit& self = units[mover];
  std::vector<Cell> targets;
  for (const Unit& other : units) {
    if (isTarget(self.team, other.team)) targets.push_back(other.cell);
  }
  const auto stopping = [&](Cell c) {
    if (!range.reached(c)) return false;
    const auto standing = unitAt(units, c);
    return !standing || *standing == mover;
  };

  // Scan in row order, so the first of equal keys is the smaller y, then the smaller x.
  Cell inRange = self.cell;
  int inRangeCost = INT_MAX;
  Cell closest = self.cell;
  std::tuple<int, int> closestKey{INT_MAX, INT_MAX};  // distance, travel cost
  for (int y = 0; y < range.height(); ++y) {
    for (int x = 0; x < range.width(); ++x) {
      const Cell c{x, y};
      if (!stopping(c)) continue;
      const int cost = range.travelCost[c];
      int nearest = INT_MAX;
      bool canAttack = false;
      for (Cell t : targets) {
        const int d = manhattan(c, t);
        nearest = std::min(nearest, d);
        canAttack =
            canAttack || (!self.attack.none() && self.attack.min <= d && d <= self.attack.max);
      }
      if (canAttack && cost < inRangeCost) {
        inRange = c;
        inRangeCost = cost;
      }
      const std::tuple<int, int> key{nearest, cost};
      if (key < closestKey) {
        closest = c;
        closestKey = key;
      }
    }
  }
  if (inRangeCost != INT_MAX) return inRange;
  return targets.empty() ? self.cell : closest;
}

}  // namespace tactics
