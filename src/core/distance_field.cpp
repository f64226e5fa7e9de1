#include "tactics/solver/distance_field.h"

#include "tactics/solver/move_rules.h"

#include <array>

namespace tactics {

DistanceField solveFieldReference(const CostMap& map, const FieldQuery& query) {
  const int width = map.width();
  const int height = map.height();
  DistanceField field(width, height, kFieldUnreachable);

  // The cost of entering each cell, 0 where it cannot be entered, from the rules seam.
  RuleWindow entry;
  bakeFieldRules(map, query, entry);

  // Dial's algorithm on a ring of buckets: every step costs 1..15, so the cells waiting to be
  // settled never span more than 16 consecutive costs. A cell may sit in several buckets; only
  // the entry with its final cost expands.
  constexpr std::size_t kRing = MovementClass::kMaxCost + 1;
  std::array<std::vector<Cell>, kRing> buckets;
  std::size_t waiting = 0;
  for (Cell c : query.sources) {
    if (field[c] == 0) continue;  // listed twice
    field[c] = 0;
    buckets[0].push_back(c);
    ++waiting;
  }
  for (FieldCost cost = 0; waiting > 0; ++cost) {
    std::vector<Cell>& bucket = buckets[static_cast<std::size_t>(cost) % kRing];
    for (std::size_t i = 0; i < bucket.size(); ++i) {
      const Cell from = bucket[i];
      if (field[from] != cost) continue;  // superseded by a cheaper entry
      for (Direction dir : kSteps) {
        const Cell to = step(from, dir);
        if (!map.contains(to)) continue;
        const CellRule rule = entry[to];
        if (!cell_rule::enterable(rule)) continue;
        const FieldCost total = cost + cell_rule::entryCost(rule);
        if (field[to] == kFieldUnreachable || total < field[to]) {
          field[to] = total;
          buckets[static_cast<std::size_t>(total) % kRing].push_back(to);
          ++waiting;
        }
      }
    }
    waiting -= bucket.size();
    bucket.clear();
  }
  return field;
}

FieldQuery fieldQueryFor(const std::vector<Unit>& units, Team team, const MovementClass& movement) {
  FieldQuery query;
  query.movement = movement;
  for (const Unit& unit : units) {
    if (friends(team, unit.team) || !knownTo(team, unit)) continue;
    query.sources.push_back(unit.cell);
    query.blockers.push_back(unit.cell);
  }
  return query;
}

FieldQuery fieldQueryFrom(const std::vector<Unit>& units, std::size_t mover) {
  const Unit& self = units[mover];
  FieldQuery query;
  query.movement = self.movement;
  query.sources.push_back(self.cell);
  for (const Unit& unit : units) {
    if (!friends(self.team, unit.team) && knownTo(self.team, unit)) query.blockers.push_back(unit.cell);
  }
  return query;
}

}  // namespace tactics
