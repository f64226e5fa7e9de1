#include "app/rules/danger_threats.h"

#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::app {

std::vector<EnemyReach> enemyReaches(const Scene& scene) {
  std::vector<EnemyReach> reaches;
  RangeResult range;
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    const Unit& unit = scene.units[i];
    // The danger zone's enemies (core danger_zone.cpp): seen, and able to attack.
    if (unit.team != Team::Enemy || unit.attack.none() || unit.hidden) continue;
    RangeQuery query = queryFor(scene.units, i, scene.rules, View::Player);
    query.attack = {0, 0};
    solveReference(scene.map, query, range);
    const Grid<std::uint8_t> stops = stoppingCells(scene.map, query, range);
    EnemyReach reach{i, {}};
    for (int y = 0; y < stops.height(); ++y) {
      for (int x = 0; x < stops.width(); ++x) {
        if (stops[{x, y}]) reach.stops.push_back({{x, y}, range.travelCost[{x, y}]});
      }
    }
    reaches.push_back(std::move(reach));
  }
  return reaches;
}

std::vector<CellThreat> threatsOn(const Scene& scene, const std::vector<EnemyReach>& reaches,
                                  Cell cell, std::optional<std::size_t> defender) {
  std::vector<CellThreat> threats;
  if (!scene.map.contains(cell)) return threats;
  // The board as the fight would find it: the defender on the cell.
  std::vector<Unit> units = scene.units;
  const bool defends = defender.has_value() && *defender < units.size();
  const std::size_t target = defends ? *defender : 0;
  if (defends) units[target].cell = cell;
  int reach = 0;
  for (const EnemyReach& enemy : reaches) {
    if (enemy.enemy < units.size()) reach = std::max(reach, units[enemy.enemy].attack.maxDistance());
  }
  // Sight baked over the cells an attack on `cell` can come from.
  const CombatBoard board(scene.map, units, scene.defence, scene.rules,
                          CellBox::around(cell, reach));
  for (const EnemyReach& enemy : reaches) {
    if (enemy.enemy >= units.size()) continue;
    const Unit& unit = units[enemy.enemy];
    bool threatens = false;
    std::optional<PlannedAttack> best;
    AttackRank bestRank{};  // chooseAttack's order, for this one target
    for (const EnemyReach::Stop& stop : enemy.stops) {
      if (!board.reaches(unit, stop.cell, cell)) continue;
      threatens = true;
      if (!defends) break;
      auto f = forecast(board, enemy.enemy, stop.cell, target);
      if (!f) continue;
      const AttackRank rank = attackRank(*f, stop.cost, target, stop.cell);
      if (!best || rank < bestRank) {
        best = PlannedAttack{enemy.enemy, target, stop.cell, std::move(*f)};
        bestRank = rank;
      }
    }
    if (threatens) threats.push_back({enemy.enemy, std::move(best)});
  }
  return threats;
}

std::optional<std::size_t> dangerDefender(const Scene& scene, Cell cell) {
  const auto standing = seenUnitAt(scene.units, cell);
  if (const Unit* selected = scene.selectedUnit()) {
    if (selected->team == Team::Player && (!standing || standing == scene.selected)) {
      return scene.selected;
    }
  }
  if (standing && scene.units[*standing].team != Team::Enemy) return standing;
  return std::nullopt;
}

}  // namespace tactics::app
