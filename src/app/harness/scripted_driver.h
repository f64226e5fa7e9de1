#pragma once
// Scripted runs (--screenshot, --frames, --bench-frames) as a driver of the app's own Input, like
// the soak's player: each frame the pointer rests on the --hover cell, or with --bench-frames
// and no --hover steps round a loop of cells about the selected unit every kBenchHoverFrames
// frames, so that the arrow is redrawn along a new route. Nothing else: no clicks, no keys. No GL.

#include <optional>

#include "app/platform/input.h"
#include "app/rules/scene.h"
#include "app/view/board_layout.h"

namespace tactics::app {

inline constexpr int kBenchHoverFrames = 4;

class ScriptedDriver {
 public:
  ScriptedDriver(std::optional<Cell> hover, bool benchLoop)
      : hover_(hover), benchLoop_(benchLoop) {}

  // This frame's input on `surface`; the pointer is placed through `layout`, as a person's
  // would be, so the app maps it back to the cell.
  Input next(const Scene& scene, const BoardLayout& layout, const Surface& surface);

 private:
  std::optional<Cell> hover_;
  bool benchLoop_ = false;
  int frame_ = 0;
};

}  // namespace tactics::app
