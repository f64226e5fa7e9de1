#pragma once
// The minimap: a corner inset of the whole map, shown when the map does not fit the board's
// area, with the units as team-coloured dots and the rectangle the board shows; a click on it
// centres the board there. Where it goes and the mapping between its pixels and the map's
// cells, in framebuffer pixels (y down). No GL.

#include <optional>

#include "app/rules/walk_animation.h"
#include "app/view/board_layout.h"

namespace tactics::app {

// Its longer side, in pixels at content scale 1: about a quarter of the area's smaller side,
// within these bounds.
inline constexpr int kMinimapMinSide = 96;
inline constexpr int kMinimapMaxSide = 220;
inline constexpr int kMinimapMargin = 8;  // from the area's top-right corner

// On a hex board the inset is the board itself scaled down (board_geometry.h): hexagons, with
// the overlapping rows or columns 3/4 of a cell apart.
struct Minimap {
  PixelRect rect;         // where the inset is drawn: the whole map, aspect kept
  double cellPixels = 1;  // minimap pixels per cell (below 1 on large maps)
  PixelSize map;
  GridLayout grid = GridLayout::Square;  // the board's layout

  // The map point (in cells, fractional) under a framebuffer pixel, clamped onto the map.
  [[nodiscard]] BoardPoint mapPointAt(double px, double py) const;
  // A map point (in cells) as a minimap pixel.
  [[nodiscard]] BoardPoint pixelAt(BoardPoint cells) const;
  // Whether the inset overlaps the cell-sized square about a board point (a token's centre, in
  // cells) as the layout draws it: that token and its label are hidden under the inset.
  [[nodiscard]] bool covers(const BoardLayout& layout, BoardPoint centre) const;
  // The part of the map the board's area shows, in minimap pixels, clipped to the inset.
  [[nodiscard]] PixelRect viewRect(const BoardLayout& layout) const;
};

// The inset for this layout, or none when the whole map is in the area.
std::optional<Minimap> placeMinimap(const BoardLayout& layout, float contentScale);

}  // namespace tactics::app
