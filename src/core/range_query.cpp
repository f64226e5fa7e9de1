#include "core/range_query.h"

namespace tactics {

namespace {

const char* terrainName(int terrain) {
  static const char* const kNames[] = {"plains", "forest", "hills", "mountains", "wall"};
  return kNames[terrain];
}

}  // namespace

std::optional<std::string> validate(const CostMap& map, const RangeQuery& query) {
  const std::string inside = " is outside " + map.boundsText();
  if (!map.contains(query.unit)) return "unit " + toString(query.unit) + inside;
  if (query.moveRange < 0 || query.moveRange > kMaxMoveRange) {
    return "move range " + std::to_string(query.moveRange) + " is out of range 0..255";
  }
  const AttackRange a = query.attack;
  if (!(a.min == 0 && a.max == 0) && !(1 <= a.min && a.min <= a.max && a.max <= kMaxAttackRange)) {
    return "attack range " + std::to_string(a.min) + "-" + std::to_string(a.max) +
           " is not allowed; expected MIN-MAX with 1 <= MIN <= MAX <= 255, or 0";
  }

  Grid<char> taken(map.width(), map.height(), 0);
  taken[query.unit] = 'u';
  const auto place = [&](Cell c, char team, const char* name) -> std::optional<std::string> {
    if (!map.contains(c)) return std::string(name) + " " + toString(c) + inside;
    if (taken[c] != 0) {
      const char* other = taken[c] == 'u' ? "the unit" : taken[c] == 'a' ? "an ally" : "an enemy";
      return std::string(name) + " " + toString(c) + " is on the same cell as " + other +
             "; no two units may share a cell";
    }
    taken[c] = team;
    return std::nullopt;
  };
  for (Cell c : query.enemies) {
    if (auto problem = place(c, 'e', "enemy")) return problem;
  }
  for (Cell c : query.allies) {
    if (auto problem = place(c, 'a', "ally")) return problem;
  }
  const int terrain = map.terrain(query.unit);
  if (!query.movement.passable(terrain)) {
    return "unit " + toString(query.unit) + " stands on " + terrainName(terrain) +
           " (grey " + std::to_string(map.grey(query.unit)) +
           "), which its movement class cannot enter";
  }
  return std::nullopt;
}

Grid<Occupant> occupancy(const CostMap& map, const RangeQuery& query) {
  Grid<Occupant> occupants(map.width(), map.height(), Occupant::None);
  for (Cell c : query.allies) occupants[c] = Occupant::Ally;
  for (Cell c : query.enemies) occupants[c] = Occupant::Enemy;
  return occupants;
}

std::optional<int> entryCost(const CostMap& map, const MovementClass& movement,
                             const Grid<Occupant>& occupants, Cell cell) {
  const int terrain = map.terrain(cell);
  if (!movement.passable(terrain) || occupants[cell] == Occupant::Enemy) return std::nullopt;
  return movement.cost(terrain);
}

}  // namespace tactics
