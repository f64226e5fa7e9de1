#include "app/scene.h"

#include "core/path.h"

namespace tactics::app {

std::string formatMove(const MoveEvent& move) {
  std::string line = "move " + move.unit;
  if (move.path.empty()) return line;
  line += " " + toString(move.path.front()) + " -> " + toString(move.path.back()) + " path";
  for (Cell c : move.path) line += " " + toString(c);
  return line;
}

Scene makeScene(CostMap map, std::string mapPath) {
  Scene scene;
  scene.units = defaultRoster(map);
  scene.map = std::move(map);
  scene.mapPath = std::move(mapPath);
  return scene;
}

bool canStopAt(const Scene& scene, const RangeResult& range, Cell cell) {
  return range.reach.contains(cell) && range.reached(cell) && !unitAt(scene.units, cell);
}

std::vector<Cell> previewPath(const Scene& scene, const RangeResult* range) {
  if (!range || !scene.selectedCanMove() || !scene.hovered) return {};
  if (!range->reach.contains(*scene.hovered) || !range->reached(*scene.hovered)) return {};
  return pathTo(range->parent, scene.selectedUnit()->cell, *scene.hovered);
}

void leftClick(Scene& scene, Cell cell, const RangeResult* range) {
  if (scene.walk) return;
  if (const auto clicked = unitAt(scene.units, cell)) {
    scene.selected = scene.selected == clicked ? std::nullopt : clicked;
    return;
  }
  if (range && scene.selectedCanMove() && canStopAt(scene, *range, cell)) {
    auto path = pathTo(range->parent, scene.selectedUnit()->cell, cell);
    if (path.size() >= 2) {
      scene.walk = Walk{*scene.selected, WalkAnimation(std::move(path))};
      return;
    }
  }
  scene.selected.reset();
}

void cancel(Scene& scene) {
  if (!scene.walk) scene.selected.reset();
}

std::optional<MoveEvent> advanceWalk(Scene& scene, double seconds) {
  if (!scene.walk) return std::nullopt;
  scene.walk->animation.advance(seconds);
  if (!scene.walk->animation.finished()) return std::nullopt;

  Unit& unit = scene.units[scene.walk->unit];
  MoveEvent move{unit.name, scene.walk->animation.path()};
  unit.cell = move.path.back();
  scene.walk.reset();
  scene.selected.reset();
  return move;
}

}  // namespace tactics::app
