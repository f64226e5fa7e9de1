#pragma once
// The demo as an app a platform runs (platform/platform_app.h): init, then frame() as named
// steps, each in its room: session/ (turns, the computer's phases, painting), solves/ (the GPU
// solves), view/ (the camera and the board's drawing), ui/ (the panel, input as actions) and
// harness/ (the soak, bench frames and screenshots, which drive the same Input a platform does).

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/board_control.h"
#include "app/demo_startup.h"
#include "app/frame_pacer.h"
#include "app/platform/platform_app.h"
#include "app/ui/panel.h"
#include "app/ui/saved_settings.h"

namespace tactics::app {

class App final : public PlatformApp {
 public:
  App(DemoStartup startup, std::ostream& out, std::ostream& err);

  std::optional<std::string> init(const Surface& surface) override;
  FrameResult frame(const Input& input, double dt) override;
  void shutdown() override;

 private:
  bool quit_ = false;  // the window is to close (no unsaved edits, or the user said so)
  // The frame's steps.
  double gameSeconds(double dt);
  void noticeMessages();
  void buildUi();
  void drawUnitLabels(float scaleX, float scaleY);
  void drawSightLinesOver(float scaleX, float scaleY);
  void drawBattle(float scaleX, float scaleY, const MenuAnchor& menu);
  [[nodiscard]] std::optional<PlannedAttack> hoveredAttack() const;
  [[nodiscard]] std::optional<DangerHoverView> dangerHover() const;
  void update(const Input& platformInput, double seconds);
  void handleInput(const Input& platformInput);
  void drawMinimap();
  void useMinimap(Input& input);
  void drawBusy();
  void render();
  [[nodiscard]] BoardPoint tokenCentre(std::size_t i) const;
  [[nodiscard]] bool shows(std::size_t unit) const;
  std::optional<int> endFrame(FrameClock::time_point start);
  NextFrame nextFrame(bool hadInput);

  // A live window's remembered panel width (ui/saved_settings.h): read at start, written when
  // a drag of the panel's edge settles.
  void loadSettings();
  void saveSettingsIfChanged();
  // TACTICS_LOG_LAYOUT: the panel's named widgets, logged when they move.
  void logPanelWidgets();
  void logSelection();

  // Before the first frame: the --show and --mark options, and --end-turn's computer turn.
  void startThreats();
  void playWholeComputerTurn();

  AppState s_;
  BoardControl board_{s_};
  FramePacer pacer_;
  std::optional<std::string> settingsPath_;  // none in scripted runs and the soak
  SavedSettings saved_;
  int lastPanelWidth_ = kPanelWidth;
  std::vector<PanelWidget> loggedWidgets_;
  bool busyLogged_ = false;
  std::string loggedSelection_;
};

}  // namespace tactics::app
