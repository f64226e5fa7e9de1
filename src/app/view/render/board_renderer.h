#pragma once
// Draws the board: the terrain (terrain_layer.h: the part on screen, baked into a texture when
// the map, the camera or the grid toggle changes, and copied to the screen each frame),
// the range overlays straight from the solver's state texture, the path arrow and the unit
// tokens. Draws only what it is given; it never solves or decides anything.

#include <optional>
#include <vector>

#include "app/view/board_layout.h"
#include "app/view/path_arrow.h"
#include "app/view/render/quad_batch.h"
#include "app/view/render/terrain_layer.h"
#include "app/view/tile_art.h"
#include "app/view/render/threat_overlay.h"
#include "app/view/render/zoc_borders.h"
#include "app/rules/roster.h"
#include "app/view/view_toggles.h"
#include "app/rules/walk_animation.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "gpu/gl/gl_handle.h"
#include "gpu/gl/program.h"

namespace tactics::app {

struct UnitToken {
  BoardPoint centre;  // in cells
  Team team = Team::Player;
  char initial = '?';
  bool selected = false;
  bool done = false;  // moved this turn: drawn greyed
};

// Everything one frame of the board shows.
struct BoardFrame {
  BoardLayout layout;
  PixelSize framebuffer;
  double time = 0;                 // seconds, drives the pulses
  GLuint stateTexture = 0;         // the solver's RGBA8 state
  bool showRange = false;          // the state texture holds the selected unit's range
  Cell rangeFirst;                 // the cells the range can cover (inclusive): the overlay
  Cell rangeLast;                  // is only drawn there
  Team rangeTeam = Team::Player;   // whose colours the range is drawn in
  bool rangeMuted = false;         // a unit that has acted: greyed colours, no pulse
  int moveRange = 0;
  ViewToggles view;
  std::optional<Cell> hover;
  std::vector<ArrowPiece> arrow;
  std::vector<UnitToken> units;
  ThreatLayers threats;            // danger zone, marked threat, heat map, turn ends
  ZocBorders zoc;                  // the selected unit's zone of control cells (SPEC §11.2)
  std::optional<PixelRect> minimap;  // the minimap's inset (view/minimap.h), when shown
};

class BoardRenderer {
 public:
  static Expected<BoardRenderer> create();

  // A new map: uploads its grey values; the terrain is baked again on the next draw.
  void setMap(const CostMap& map);
  void draw(const BoardFrame& frame);

  // A Tiled map's art (tile_art.h): baked in place of the procedural terrain until clearArt().
  void setArt(const RgbaImage& art);
  // The palette's pictures of each terrain (tile_art.h's terrainTiles), uploaded as textures the
  // panel draws: their GL names by terrain, 0 where the image is empty. Kept until clearArt().
  std::vector<std::uint32_t> setTerrainTiles(const std::vector<RgbaImage>& tiles);
  void clearArt();
  [[nodiscard]] bool hasArt() const;
  // The map was painted inside cells x0..x1, y0..y1: uploads only those greys, bakes again.
  void updateCells(const CostMap& map, Cell first, Cell last);

 private:
  void drawBoard(const BoardFrame& frame) const;
  void drawLabels(const BoardFrame& frame) const;
  void drawCursor(const BoardFrame& frame) const;
  void drawArrow(const BoardFrame& frame) const;
  void drawUnits(const BoardFrame& frame) const;
  void drawMinimap(const BoardFrame& frame) const;

  std::vector<gpu::TextureHandle> terrainTiles_;  // the palette's terrain pictures
  // Pictures let go of this frame and the last: the panel, built before they were let go, may
  // still draw them this frame, so they are deleted a frame later (retireTiles, draw).
  std::vector<gpu::TextureHandle> retiring_;
  std::vector<gpu::TextureHandle> retired_;
  void retireTiles();
  gpu::Program overlayProgram_, labelsProgram_, cursorProgram_, arrowProgram_,
      unitProgram_, minimapProgram_;
  QuadBatch quads_;
  std::optional<ThreatOverlay> threatOverlay_;
  std::optional<ZocBorderLayer> zocBorders_;
  gpu::TextureHandle fontTexture_;  // R8 pixel font
  PixelSize fontSize_;
  std::optional<TerrainLayer> terrain_;
};

}  // namespace tactics::app
