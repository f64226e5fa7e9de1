#pragma once
// The demo as an app a platform runs (platform/platform_app.h): init, then frame() as named
// steps, each in its room: session/ (turns, the computer's phases, painting), solves/ (the GPU
// solves), view/ (the camera and the board's drawing), ui/ (the panel, input as actions) and
// harness/ (the soak, bench frames and screenshots, which drive the same Input a platform does).

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/demo_startup.h"
#include "app/frame_pacer.h"
#include "app/harness/harness.h"
#include "app/platform/platform_app.h"
#include "app/session/computer_phases.h"
#include "app/session/terrain_painting.h"
#include "app/solves/solves.h"
#include "app/ui/board_input.h"
#include "app/ui/imgui_renderer.h"
#include "app/ui/ui_settings.h"
#include "app/view/board_renderer.h"
#include "app/view/board_view.h"

namespace tactics::app {

class App final : public PlatformApp, private BoardActions {
 public:
  App(DemoStartup startup, std::ostream& out, std::ostream& err);

  std::optional<std::string> init(const Surface& surface) override;
  FrameResult frame(const Input& input, double dt) override;
  void shutdown() override;

 private:
  // The frame's steps (app.cpp).
  double gameSeconds(double dt);
  void buildUi();
  void update(const Input& platformInput, double seconds);
  void handleInput(const Input& platformInput);
  void render();
  std::optional<int> endFrame(FrameClock::time_point start);
  NextFrame nextFrame(bool hadInput);

  // The board and its solvers (app_board.cpp).
  std::optional<std::string> useMap(const Scene& scene);
  void openRequestedBoard();
  void applyEditRequests();
  void resetView();
  void placeBoard();
  [[nodiscard]] ViewScreen viewScreen() const;
  void applyTurnRequests();
  void playWholeComputerTurn();
  void startThreats();
  const RangeResult* syncRange();
  void log(const std::optional<MoveEvent>& move);

  // BoardActions: what the input asks of the board (app_board.cpp).
  [[nodiscard]] std::optional<Cell> cellAt(double x, double y) const override;
  void open(std::string path) override;
  void moveCamera(const Input& input) override;
  void paint(Input& input, bool boardHasMouse) override;
  bool mark(Cell cell) override;
  void cancel() override;
  void click(Cell cell) override;
  void edit(EditAction action) override;
  std::optional<std::optional<Cell>> key(BoardKey key) override;

  [[nodiscard]] PixelSize mapSize() const { return {scene_.map.width(), scene_.map.height()}; }

  DemoOptions options_;
  Scene scene_;
  Ui ui_;
  std::vector<std::string> boards_;
  std::ostream& out_;
  Surface surface_;     // this frame's window
  double time_ = 0;     // game time: pulses and walks

  // Rooms. Destroyed in reverse order: the GL objects before the panel's renderer.
  std::unique_ptr<ImGuiRenderer> imgui_;
  std::optional<BoardRenderer> renderer_;
  std::optional<Solves> solves_;
  TerrainPainting painting_;
  ComputerPhases phases_;
  BoardView view_;
  BoardInput input_;
  Harness harness_;
  FramePacer pacer_;
};

}  // namespace tactics::app
