#pragma once
// The soak's player: random actions, each given to the demo the way a person gives it — the
// app's own Input (mouse moves, clicks, drags, the wheel, keys), the same a platform makes of
// its events, and panel edits made through the same functions the panel calls. No GL.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "app/rules/scene.h"
#include "app/ui/ui_settings.h"
#include "app/platform/input.h"
#include "app/view/board_layout.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

// What the soak's player sees before it acts.
struct SoakView {
  const Scene& scene;
  const BoardLayout& layout;
  const RangeResult* range;                // the selection's, or null
  const std::vector<std::string>& boards;  // what the panel offers to open
};

class SoakDriver {
 public:
  explicit SoakDriver(std::uint32_t seed) : random_(seed) {}

  // One action: the input of this frame, after any panel edits it made to `scene` and `ui`.
  // `what` says which action it was, for the log.
  Input act(const SoakView& view, Scene& scene, Ui& ui, std::string& what);

 private:
  // The action kinds in three groups: on the board, on the selected unit and the camera, and
  // through the panel.
  void pointerAction(int kind, const SoakView& view, Scene& scene, Ui& ui, Input& input,
                     std::string& what);
  void unitAction(int kind, const SoakView& view, Scene& scene, Ui& ui, Input& input,
                  std::string& what);
  void panelAction(int kind, bool on, bool touring, const SoakView& view, Scene& scene, Ui& ui,
                   Input& input, std::string& what);

  int below(int n) { return std::uniform_int_distribution<int>(0, std::max(0, n - 1))(random_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(random_); }
  Cell anyCell(const Scene& scene) { return {below(scene.map.width()), below(scene.map.height())}; }

  static constexpr int kActionKinds = 17;
  static constexpr int kTourSteps = 10 * kActionKinds;  // before the baseline at action 200

  std::mt19937 random_;
  int step_ = 0;
  int boardsOpened_ = 0;
  std::vector<Cell> stroke_;  // cells of a paint drag in progress
};

// The demo's resident memory in bytes (from /proc/self/statm, after returning freed heap memory
// to the system), 0 when unknown.
std::size_t residentBytes();

}  // namespace tactics::app
