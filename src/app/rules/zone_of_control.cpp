#include "app/rules/zone_of_control.h"

#include "tactics/solver/move_rules.h"

namespace tactics::app {

std::vector<Cell> haltingCells(const CostMap& map, const RangeQuery& query,
                               const RangeResult* range) {
  std::vector<Cell> cells;
  if (!map.contains(query.unit)) return cells;
  const MoveRules rules(map, query);
  const RuleWindow window = rules.bake(rules.reachBox());
  const CellBox& box = window.box();
  // A result of another board (one frame late) says nothing about this one.
  const bool useRange = range && range->width() == map.width() && range->height() == map.height();
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      const Cell c{x, y};
      const CellRule rule = window[c];
      if (!cell_rule::enterable(rule) || cell_rule::continues(rule)) continue;
      if (useRange && !range->reached(c)) continue;
      cells.push_back(c);
    }
  }
  return cells;
}

Team hostileTeam(Team mover) { return mover == Team::Enemy ? Team::Player : Team::Enemy; }

}  // namespace tactics::app
