#include "tactics/solver/enemy_move.h"

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
  return chooseDestination(range, units, mover, nullptr);
}

Cell chooseDestination(const RangeResult& range, const std::vector<Unit>& units, std::size_t mover,
                       const DistanceField* field) {
  return chooseDestination(range, units, mover, field, nullptr);
}

Cell chooseDestination(const RangeResult& range, const std::vector<Unit>& units, std::size_t mover,
                       const DistanceField* field, const SightWindow* sight) {
  const Unit& self = units[mover];
  // SPEC §11.5: an ally neither hunts a hidden enemy nor sees its cell as taken (a walk into it
  // is an ambush).
  std::vector<Cell> targets;
  for (const Unit& other : units) {
    if (isTarget(self.team, other.team) && knownTo(self.team, other)) targets.push_back(other.cell);
  }
  const auto stopping = [&](Cell c) {
    if (!range.reached(c)) return false;
    for (std::size_t i = 0; i < units.size(); ++i) {
      if (i != mover && units[i].cell == c && knownTo(self.team, units[i])) return false;
    }
    return true;
  };

  // Distances on the board's grid (SPEC §13): the range result carries its layout.
  const Topology topology(range.layout);
  // Scan in row order, so the first of equal keys is the smaller y, then the smaller x.
  Cell inRange = self.cell;
  int inRangeCost = INT_MAX;
  Cell closest = self.cell;
  std::tuple<int, int> closestKey{INT_MAX, INT_MAX};  // distance, travel cost
  Cell downhill = self.cell;
  std::tuple<FieldCost, int> downhillKey{INT_MAX, INT_MAX};  // field value, travel cost
  for (int y = 0; y < range.height(); ++y) {
    for (int x = 0; x < range.width(); ++x) {
      const Cell c{x, y};
      if (!stopping(c)) continue;
      const int cost = range.travelCost[c];
      int nearest = INT_MAX;
      bool canAttack = false;
      for (Cell t : targets) {
        const int d = topology.distance(c, t);
        nearest = std::min(nearest, d);
        canAttack = canAttack || (self.attack.contains(d) &&
                                  (sight == nullptr || sight->inSight(c, t)));
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
      if (field && (*field)[c] != kFieldUnreachable) {
        const std::tuple<FieldCost, int> fieldKey{(*field)[c], cost};
        if (fieldKey < downhillKey) {
          downhill = c;
          downhillKey = fieldKey;
        }
      }
    }
  }
  if (inRangeCost != INT_MAX) return inRange;
  if (std::get<0>(downhillKey) != INT_MAX) return downhill;
  return targets.empty() ? self.cell : closest;
}

}  // namespace tactics
