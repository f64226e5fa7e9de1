#pragma once
// Scripted runs (--screenshot, --frames, --bench-frames) as a driver of the app's own Input, like
// the soak's player: each frame the pointer rests on the --hover cell, or with --bench-frames
// and no --hover steps round a loop of cells about the selected unit every kBenchHoverFrames
// frames, so that the arrow is redrawn along a new route. With --click, from the second frame
// (the first has drawn and solved the board) one left click a frame on each cell in turn, as a
// person's click on it. With --script, a game's clicks and keys (play_script.h), each once the
// demo has settled. No GL.

#include <optional>
#include <vector>

#include "app/harness/play_script.h"
#include "app/platform/input.h"
#include "app/rules/scene.h"
#include "app/view/board_layout.h"

namespace tactics::app {

inline constexpr int kBenchHoverFrames = 4;

class ScriptedDriver {
 public:
  ScriptedDriver(std::optional<Cell> hover, bool benchLoop, std::vector<Cell> clicks = {},
                 std::vector<ScriptStep> script = {})
      : hover_(hover), benchLoop_(benchLoop), clicks_(std::move(clicks)), script_(std::move(script)) {}

  // This frame's input on `surface`; the pointer is placed through `layout`, as a person's
  // would be, so the app maps it back to the cell. A play script's next step goes on the first
  // frame after the last step's in which the demo is not `busy` (a walk, a fight shown, the
  // computer's phases).
  Input next(const Scene& scene, const BoardLayout& layout, const Surface& surface,
             bool busy = false);

  // A play script was given, and every step of it has been sent.
  [[nodiscard]] bool playing() const { return !script_.empty(); }
  [[nodiscard]] bool scriptDone() const { return nextStep_ >= script_.size(); }

 private:
  std::optional<Cell> hover_;
  bool benchLoop_ = false;
  std::vector<Cell> clicks_;
  std::vector<ScriptStep> script_;
  std::size_t nextStep_ = 0;
  int frame_ = 0;       // frames of the bench loop
  int framesSeen_ = 0;  // every frame: the clicks' clock
};

}  // namespace tactics::app
