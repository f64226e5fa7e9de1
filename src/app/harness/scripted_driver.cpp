#include "app/harness/scripted_driver.h"

#include <array>
#include <cstddef>

namespace tactics::app {

namespace {

constexpr std::array<Cell, 10> kBenchLoop = {
    Cell{1, 0}, Cell{2, 0}, Cell{2, 1}, Cell{1, 2}, Cell{0, 2},
    Cell{-1, 1}, Cell{-2, 0}, Cell{-1, -1}, Cell{0, -2}, Cell{1, -1}};

}  // namespace

Input ScriptedDriver::next(const Scene& scene, const BoardLayout& layout, const Surface& surface,
                           bool busy) {
  Input input;
  input.surface = surface;
  const int frame = framesSeen_++;
  // A play script: one step a frame at most, once the demo has settled after the last (`busy`
  // is read before the frame's input, so it covers whatever the last step started); but Esc,
  // which skips the computer's phases, goes while they play.
  const bool skip = !scriptDone() && script_[nextStep_].kind == ScriptStep::Kind::Key &&
                    script_[nextStep_].key == Key::Escape && scene.phase != Phase::Player;
  if (frame >= 1 && !scriptDone() && (!busy || skip)) {
    const ScriptStep& step = script_[nextStep_++];
    input.any = true;
    if (step.kind == ScriptStep::Kind::Key) {
      input.keys.push_back({step.key, kModNone});
      return input;
    }
    const auto [x, y] = layout.cursorAtCell(step.cell);
    input.cursorX = x;
    input.cursorY = y;
    input.cursorInside = true;
    input.cursorMoved = true;
    input.clicks.push_back({MouseButton::Left, x, y, false, false});
    return input;
  }
  if (frame >= 1 && static_cast<std::size_t>(frame - 1) < clicks_.size()) {
    const Cell click = clicks_[static_cast<std::size_t>(frame - 1)];
    const auto [x, y] = layout.cursorAtCell(click);
    input.cursorX = x;
    input.cursorY = y;
    input.cursorInside = true;
    input.cursorMoved = true;
    input.clicks.push_back({MouseButton::Left, x, y, false, false});
    input.any = true;
    return input;
  }
  std::optional<Cell> cell = hover_;
  if (!cell && benchLoop_) {
    const Unit* unit = scene.selectedUnit();
    if (unit) {
      const Cell o = kBenchLoop[static_cast<std::size_t>(frame_++ / kBenchHoverFrames) %
                                kBenchLoop.size()];
      const Cell loop{unit->cell.x + o.x, unit->cell.y + o.y};
      if (scene.map.contains(loop)) cell = loop;
    }
  }
  if (!cell) return input;
  const auto [x, y] = layout.cursorAtCell(*cell);
  input.cursorX = x;
  input.cursorY = y;
  input.cursorInside = true;
  input.cursorMoved = true;
  return input;
}

}  // namespace tactics::app
