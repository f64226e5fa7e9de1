#pragma once
// Scripted runs (--screenshot, --frames, --bench-frames) as a driver of the app's own Input, like
// the soak's player: each frame the pointer rests on the --hover cell, or with --bench-frames
// and no --hover steps round a loop of cells about the selected unit every kBenchHoverFrames
// frames, so that the arrow is redrawn along a new route. With --click, from the second frame
// (the first has drawn and solved the board) one left click a frame on each cell in turn, as a
// person's click on it. No keys. No GL.

#include <optional>
#include <vector>

#include "app/platform/input.h"
#include "app/rules/scene.h"
#include "app/view/board_layout.h"

namespace tactics::app {

inline constexpr int kBenchHoverFrames = 4;

class ScriptedDriver {
 public:
  ScriptedDriver(std::optional<Cell> hover, bool benchLoop, std::vector<Cell> clicks = {})
      : hover_(hover), benchLoop_(benchLoop), clicks_(std::move(clicks)) {}

  // This frame's input on `surface`; the pointer is placed through `layout`, as a person's
  // would be, so the app maps it back to the cell.
  Input next(const Scene& scene, const BoardLayout& layout, const Surface& surface);

 private:
  std::optional<Cell> hover_;
  bool benchLoop_ = false;
  std::vector<Cell> clicks_;
  int frame_ = 0;       // frames of the bench loop
  int framesSeen_ = 0;  // every frame: the clicks' clock
};

}  // namespace tactics::app
