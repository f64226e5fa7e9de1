#pragma once
// The Dear ImGui side panel. It only edits parameters (the selected unit's ranges and costs,
// view toggles, the algorithm watcher, which map to load) and shows numbers; it never renders
// the board or runs the solver: the app picks the changes up in its update step.

#include <cstdint>
#include <string>
#include <vector>

#include "app/move_range.h"
#include "app/rules/scene.h"
#include "app/ui/ui_settings.h"

namespace tactics::app {

struct PanelModel {
  Scene& scene;
  Ui& ui;
  const SolveReport& report;
  const RangeResult* range;              // the selected unit's, or null
  const std::vector<std::string>& maps;  // paths
  const Grid<std::uint8_t>* danger = nullptr;  // danger counts when the zone is on (SPEC §7)
};

// The panel's width in screen coordinates at content scale 1; docked right.
inline constexpr int kPanelWidth = 340;

void drawPanel(PanelModel model);

}  // namespace tactics::app
