#pragma once
// The board's side of the App: opening boards with their solvers and terrain, placing the view,
// the panel's turn buttons, and the actions the input asks of the board (ui/board_input.h).

#include <optional>
#include <string>

#include "app/app_state.h"

namespace tactics::app {

class BoardControl final : public BoardActions {
 public:
  explicit BoardControl(AppState& state) : s_(state) {}

  // Solvers and a terrain for `scene`'s map; on failure the current ones stay.
  std::optional<std::string> useMap(const Scene& scene);
  // Requests to leave the level: the panel's Open and Start over or a dropped file (another
  // board: a scenario, a map or a Tiled map), and closing the window. Taken at once, or once the
  // unsaved-edits question is answered (session/leave_guard.h). True: the demo closes now.
  bool settleLeaving(bool closeRequested);
  // Terrain painting: the panel's undo, redo and save, and a new blank map.
  void applyEditRequests();
  // The window's title when it changed since the last call.
  std::optional<std::string> newTitle();
  // A new map or scenario: the default view, centred on the selection or the player's units.
  void resetView();
  // The layout for this frame's window; a new one is logged as a board line.
  void placeBoard();
  // The panel's buttons: End turn (and its question), Wait and Back.
  void applyTurnRequests();
  // The selection's range, solved when its question changed; the route follows the pointer.
  const RangeResult* syncRange();
  // The frame's own solve of the selection's range: one expected slow waits a frame, so that
  // the "Working..." sign is on the screen while it blocks (session/busy_sign.h).
  void syncRangeWhenShown();
  void log(const std::optional<MoveEvent>& move);
  // Each computer unit's move, and the attack it showed: "Brigand attacks Lord from 6,17", or
  // on a board that fights its fight: "fight Brigand attacks Lord from 6,17: deals 4, ...".
  void log(const std::vector<ComputerMove>& turns);
  // The player's fights (logged, the last one played over the board) and the end of the game
  // ("game won: Every enemy is routed"), logged once.
  void showFights(double seconds);
  // The player's walk, or the computer's phases with the camera following them.
  void playTurns(double seconds);
  // The rest of the computer's phases at once (Esc, the panel's Skip), solved like in play.
  void skipComputerPhases();
  // A Skip that waited a frame for the busy sign runs now.
  void finishSkip();
  // The fields the computer's units follow, each logged with where it ran and how long it took:
  // "field enemy 1,2,4,8,x cpu 0.84 ms".
  SolveField phaseField();

  [[nodiscard]] std::optional<Cell> cellAt(double x, double y) const override;
  void open(std::string path) override;
  void moveCamera(const Input& input) override;
  void paint(Input& input, bool boardHasMouse) override;
  bool mark(Cell cell) override;
  void rightClick(std::optional<Cell> cell) override;
  void click(Cell cell) override;
  void edit(EditAction action) override;
  KeyOutcome key(BoardKey key) override;

 private:
  void openBoardNow(const std::string& path);
  bool savedThisFrame_ = false;
  bool asked_ = false;  // the unsaved-edits question was logged
  std::string title_;
  [[nodiscard]] ViewScreen viewScreen() const;
  [[nodiscard]] MapShape mapSize() const;  // the map's cells and grid, for the view
  void logBack(const std::optional<MoveEvent>& back);
  void remember(const std::string& path);

  AppState& s_;
  bool skipWaiting_ = false;  // Skip asked on a frame that drew the busy sign first
  Outcome loggedOutcome_ = Outcome::Playing;
};

}  // namespace tactics::app
