#pragma once
// Where the board sits: the camera the user moves (wheel zoom, drags, the keyboard cursor, fit)
// and the layout it gives this frame, in the area beside the panel. The default view until the
// user moves it; after F (fit) the whole map, fitted again whenever the area changes; after a
// zoom or a pan theirs, keeping its centre as the window or the panel changes size. No GL.

#include <optional>
#include <vector>

#include "app/view/board_layout.h"
#include "app/view/camera.h"
#include "app/rules/walk_animation.h"

namespace tactics::app {

// The screen this frame: the window in screen coordinates, the framebuffer in pixels, the
// content scale and the panel's width (screen coordinates, already scaled).
struct ViewScreen {
  PixelSize window;
  PixelSize framebuffer;
  float contentScale = 1.0F;
  int panelWidth = 0;
};

class BoardView {
 public:
  // The layout for `screen` and a map of `map` cells. Returns true when it changed.
  bool place(const ViewScreen& screen, const MapShape& map);

  // A new map: the default view around `focus`, or with --cell, cells `cellSize` pixels wide
  // centred on `centre` whatever is selected, so that scripted screenshots line up.
  void reset(const ViewScreen& screen, const MapShape& map, std::optional<Cell> focus,
             std::optional<int> cellSize, Cell centre);
  // The same with a group to show (the player's units): camera.h's defaultCamera for a group.
  void reset(const ViewScreen& screen, const MapShape& map, std::vector<Cell> focus,
             std::optional<int> cellSize, Cell centre);

  // Wheel notches about the cursor and a drag, both in screen coordinates.
  void zoom(const MapShape& map, double cursorX, double cursorY, double steps, float scale);
  void pan(const MapShape& map, double dx, double dy);
  void fit(const MapShape& map);
  // The smallest move that shows `cell` (the keyboard cursor).
  void show(const MapShape& map, Cell cell);
  // Tab: a unit on `unit` with its range (`radius` cells) in view, camera.h's showRange.
  void showRange(const MapShape& map, Cell unit, int radius);
  // The board centred on a map point (in cells) at the same cell size: a click on the minimap.
  void centreOn(const MapShape& map, BoardPoint point);

  // The computer's phase: whether `cell` is wholly on screen, and a glide over `seconds` to the
  // camera that shows both cells (showBoth), moved on by glide() each frame.
  [[nodiscard]] bool onScreen(Cell cell) const;
  void glideToShow(const MapShape& map, Cell a, Cell b, double seconds);
  // Moves a glide on by `seconds`; true while one is under way.
  bool glide(double seconds);

  [[nodiscard]] const BoardLayout& layout() const { return layout_; }
  [[nodiscard]] PixelSize framebuffer() const { return screen_.framebuffer; }

 private:
  [[nodiscard]] PixelRect area(const MapShape& map) const;

  enum class Mode {
    Default,  // the default view for the area (camera.h's defaultCamera)
    Fitted,   // the whole map, fitted to the area whatever its size
    User,     // zoomed or panned: kept, centred where it was, as the area changes
  };

  Camera camera_;
  Mode mode_ = Mode::Default;
  std::vector<Cell> focus_;  // what the default view centres on when cells must be zoomed
  struct Glide {
    Camera from, to;
    double seconds = 0;
    double elapsed = 0;
  };
  std::optional<Glide> glide_;
  BoardLayout layout_;
  ViewScreen screen_;
};


}  // namespace tactics::app
