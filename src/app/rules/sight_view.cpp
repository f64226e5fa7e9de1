#include "app/rules/sight_view.h"

#include <algorithm>

#include "tactics/solver/sight.h"

namespace tactics::app {

namespace {

// A cell the selected unit can stop on: its own, or a reached one no unit it knows of holds.
bool stopsAt(const Scene& scene, const RangeResult& range, Cell cell) {
  return cell == scene.selectedUnit()->cell || canStopAt(scene, range, cell);
}

bool sightApplies(const Scene& scene) {
  return scene.rules.sight.on && scene.selectedUnit() != nullptr && !scene.map.topology().hex() &&
         !scene.selectedUnit()->attack.none();
}

}  // namespace

bool outOfSight(const Scene& scene, const RangeResult& range, Cell cell) {
  if (!sightApplies(scene) || !scene.map.contains(cell)) return false;
  if (range.width() != scene.map.width() || range.height() != scene.map.height()) return false;
  if (range.reach[cell] != Reach::None) return false;
  const AttackRange& attack = scene.selectedUnit()->attack;
  const int far = attack.maxDistance();
  SightWindow sight;
  sight.bake(scene.map, scene.rules.sight.blockers, CellBox::around(cell, far));
  bool inRange = false;
  const CellBox box = CellBox::around(cell, far).clippedTo(scene.map.width(), scene.map.height());
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      const Cell from{x, y};
      if (!attack.contains(std::abs(x - cell.x) + std::abs(y - cell.y))) continue;
      if (!stopsAt(scene, range, from)) continue;
      if (sight.inSight(from, cell)) return false;  // seen: not this reason
      inRange = true;
    }
  }
  return inRange;
}

std::vector<SightLine> sightLinesFrom(const Scene& scene, Cell from) {
  std::vector<SightLine> lines;
  if (!sightApplies(scene) || !scene.map.contains(from)) return lines;
  const AttackRange& attack = scene.selectedUnit()->attack;
  const int far = attack.maxDistance();
  SightWindow sight;
  sight.bake(scene.map, scene.rules.sight.blockers, CellBox::around(from, far));
  const CellBox box = CellBox::around(from, far).clippedTo(scene.map.width(), scene.map.height());
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      const Cell to{x, y};
      if (!attack.contains(std::abs(x - from.x) + std::abs(y - from.y))) continue;
      Cell blocker;
      if (sight.firstBlocker(from, to, blocker)) {
        lines.push_back({to, blocker});
      } else {
        lines.push_back({to, std::nullopt});
      }
    }
  }
  return lines;
}

}  // namespace tactics::app
