#pragma once
// What the App's steps share: the board being played and every room's state, one member per
// concern (the sokol way), so that the App's frame and its board control (board_control.h)
// each stay small. Declared in destruction order: GL objects go before the panel's renderer.

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/demo_startup.h"
#include "app/harness/harness.h"
#include "app/platform/input.h"
#include "app/session/busy_sign.h"
#include "app/session/computer_phases.h"
#include "app/session/terrain_painting.h"
#include "app/solves/solves.h"
#include "app/ui/board_input.h"
#include "app/ui/imgui_renderer.h"
#include "app/ui/ui_settings.h"
#include "app/view/render/board_renderer.h"
#include "app/view/board_view.h"

namespace tactics::app {

struct AppState {
  AppState(DemoStartup startup, std::ostream& log, std::ostream& errors)
      : options(std::move(startup.options)),
        scene(std::move(startup.scene)),
        boards(std::move(startup.boards)),
        out(log),
        err(errors),
        harness(options, std::move(startup.defaultScenario), log, errors) {}

  DemoOptions options;
  Scene scene;
  Ui ui;
  std::vector<std::string> boards;  // what the panel offers to open
  std::ostream& out;                // the log: moves, board lines, reports
  std::ostream& err;                // notes and errors
  Surface surface;                  // this frame's window
  double time = 0;                  // game time: pulses and walks

  std::unique_ptr<ImGuiRenderer> imgui;
  std::optional<BoardRenderer> renderer;
  std::optional<Solves> solves;
  TerrainPainting painting;
  ComputerPhases phases;
  std::optional<FightShow> playerFight;  // the player's last fight, while it is shown
  BusySign busy;  // "Working..." over the board before a slow solve or in a slow phase
  BoardView view;
  BoardInput input;
  Harness harness;
};

}  // namespace tactics::app
