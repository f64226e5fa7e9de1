#pragma once
// The camera over the board: how big a cell is and where cell (0,0) sits, in framebuffer pixels.
// Zoom about the cursor, pan by dragging, fit the whole map, or frame the units at a readable
// cell size. Cells stay square and whole pixels wide. No GL.

#include <optional>
#include <vector>

#include "app/view/board_layout.h"
#include "tactics/solver/grid.h"

namespace tactics::app {

struct Camera {
  int x0 = 0;    // framebuffer pixel of cell (0,0)'s top-left corner; may lie outside the area
  int y0 = 0;
  int cell = 0;  // cell side in pixels; 0: not placed yet

  friend bool operator==(Camera a, Camera b) {
    return a.x0 == b.x0 && a.y0 == b.y0 && a.cell == b.cell;
  }
  friend bool operator!=(Camera a, Camera b) { return !(a == b); }
};

// Cell sizes in pixels at content scale 1: the default view fits the whole map when its cells
// come out at least kReadableCell wide, else it zooms to kDefaultCell around the units.
inline constexpr int kReadableCell = 20;
inline constexpr int kDefaultCell = 28;
inline constexpr int kMaxCell = 160;

// The whole map in the area: the largest whole-pixel cell (at least 1), centred.
Camera fitCamera(const PixelRect& area, const MapShape& map);

// The first view of a map: fitCamera when cells are readable, else kDefaultCell (times the
// content scale) centred on `focus` (the selected unit, or the middle of the player's units).
Camera defaultCamera(const PixelRect& area, const MapShape& map, std::optional<Cell> focus,
                     float scale);
// The same for a group of cells (the player's units): zoomed in, it centres on the largest
// group of them that fits on screen together (the first such group in order on a tie), so a map
// too large to fit opens on units, never on the empty middle of units far apart.
Camera defaultCamera(const PixelRect& area, const MapShape& map, const std::vector<Cell>& focus,
                     float scale);

// Where a view of cells `cell` pixels wide in `area` centres to show the most of `cells`
// together: the middle of the largest group that fits with a cell to spare on each side.
std::optional<Cell> groupCentre(const PixelRect& area, int cell, const std::vector<Cell>& cells);

// Tab's view of a unit on `unit` whose range reaches `radius` cells (move + attack): unchanged
// when the range (clipped to the map) is wholly in view; else centred on the range when it fits
// in the area at this zoom, else centred on the unit.
Camera showRange(Camera camera, const PixelRect& area, const MapShape& map, Cell unit, int radius);

// Cells `cell` pixels wide with `centre` in the middle of the area, as near as the map allows:
// a board larger than the area covers it, a smaller one is centred.
Camera centredCamera(const PixelRect& area, const MapShape& map, Cell centre, int cell);

// Zoom by `steps` wheel notches (positive: closer) keeping the map point under pixel (px, py)
// where it is.
Camera zoomAt(Camera camera, const PixelRect& area, const MapShape& map, double px, double py,
              double steps, float scale);

// Moves the board by (dx, dy) pixels.
Camera panBy(Camera camera, const PixelRect& area, const MapShape& map, int dx, int dy);

// The smallest move that brings `cell` fully into the area, with its neighbours when it has
// them and the area has room: a cell already shown so is not moved to, and a board wholly in
// the area never moves.
Camera keepInView(Camera camera, const PixelRect& area, const MapShape& map, Cell cell);

// Whether `cell` lies wholly inside the area (its hexagon's box on a hex grid).
bool cellInView(Camera camera, const PixelRect& area, Cell cell,
                GridLayout layout = GridLayout::Square);

// The camera that shows both `a` and `b` (a computer unit and where it goes): unchanged when
// both are in view; else centred between them at the same zoom, or on `a` when the two do not
// fit in the area together.
Camera showBoth(Camera camera, const PixelRect& area, const MapShape& map, Cell a, Cell b);

// A step of a glide from `from` to `to`: t = 0 is `from`, 1 is `to`, eased in and out. The zoom
// stays `to`'s.
Camera glideCamera(Camera from, Camera to, double t);
// The area moved or changed size (a resized window, the panel's width): the map point at the
// middle of `from` goes to the middle of `to`, at the same cell size, clamped.
Camera keepCentre(Camera camera, const PixelRect& from, const PixelRect& to, const MapShape& map);

// Every cell of the map lies inside the area.
bool showsWholeMap(Camera camera, const PixelRect& area, const MapShape& map);

// Keeps part of the board on screen: at least half the area or the whole board, whichever is
// smaller, on each axis.
Camera clampCamera(Camera camera, const PixelRect& area, const MapShape& map);

// The layout the renderer and the input mapping use for this camera.
BoardLayout layoutFor(Camera camera, const PixelRect& area, const MapShape& map, float scaleX,
                      float scaleY);

}  // namespace tactics::app
