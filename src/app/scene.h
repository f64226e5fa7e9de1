#pragma once
// The game on the board: the map, the units, who is selected, what is hovered and who is
// walking, with the rules of clicking on it. No GL: the range result it consults comes in as a
// plain RangeResult, so the rules are tested without a context.

#include <optional>
#include <string>
#include <vector>

#include "app/roster.h"
#include "app/walk_animation.h"
#include "core/cost_map.h"
#include "core/range_result.h"

namespace tactics::app {

struct Walk {
  std::size_t unit = 0;
  WalkAnimation animation;
};

// A completed move, as the demo logs it.
struct MoveEvent {
  std::string unit;
  std::vector<Cell> path;  // from the start cell to the destination, both included
};

// "move Lord 3,20 -> 7,18 path 3,20 4,20 ... 7,18"
std::string formatMove(const MoveEvent& move);

struct Scene {
  CostMap map;
  std::string mapPath;
  std::vector<Unit> units;
  std::optional<std::size_t> selected;
  std::optional<Cell> hovered;
  std::optional<Walk> walk;

  [[nodiscard]] const Unit* selectedUnit() const {
    return selected ? &units[*selected] : nullptr;
  }
  // Only player units take orders; enemies and allies only show their range.
  [[nodiscard]] bool selectedCanMove() const {
    return selected && units[*selected].team == Team::Player && !walk;
  }
};

// A new scene on `map` with the default roster placed on it.
Scene makeScene(CostMap map, std::string mapPath);

// A reached cell where the selected unit may stop: reached, and no unit stands there.
bool canStopAt(const Scene& scene, const RangeResult& range, Cell cell);

// The path the arrow shows: from the selected movable unit to the hovered reached cell.
std::vector<Cell> previewPath(const Scene& scene, const RangeResult* range);

// A left click on a cell, with the range of the current selection (null when none):
// a unit selects it (or deselects it when already selected), a stopping cell of a movable
// selection starts the walk, anything else deselects.
void leftClick(Scene& scene, Cell cell, const RangeResult* range);

// Right click or Esc: deselect, unless a unit is walking.
void cancel(Scene& scene);

// Moves the walker on; when it arrives its unit stands on the destination, is deselected, and
// the completed move is returned.
std::optional<MoveEvent> advanceWalk(Scene& scene, double seconds);

}  // namespace tactics::app
