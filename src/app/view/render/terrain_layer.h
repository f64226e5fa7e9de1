#pragma once
// The board's terrain: the map's greys (or a Tiled map's art) baked into a texture of the part
// on screen when the map, the camera or the grid toggle changes, and copied to the screen each
// frame. Part of BoardRenderer (board_renderer.h).

#include "app/view/board_layout.h"
#include "app/view/render/quad_batch.h"
#include "app/view/tile_art.h"
#include "gpu/gl/gl_handle.h"
#include "gpu/gl/program.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

class TerrainLayer {
 public:
  static Expected<TerrainLayer> create();

  // A new map: uploads its grey values; the terrain is baked again on the next prepare().
  void setMap(const CostMap& map);
  // A Tiled map's art: baked in place of the procedural terrain until clearArt().
  void setArt(const RgbaImage& art);
  void clearArt();
  [[nodiscard]] bool hasArt() const { return artTexture_.get() != 0; }
  // The map was painted inside cells first..last: uploads only those greys, bakes again.
  void updateCells(const CostMap& map, Cell first, Cell last);

  // Bakes the terrain again when the layout or the grid toggle changed since the last bake.
  void prepare(const BoardLayout& layout, bool gridLines);
  // Copies the baked terrain to the screen (the default framebuffer).
  void blit(PixelSize framebuffer) const;

  [[nodiscard]] PixelSize mapSize() const { return map_; }
  // The R8UI terrain class per cell (the minimap reads it too).
  [[nodiscard]] GLuint classTexture() const { return mapTexture_.get(); }

 private:
  TerrainLayer() = default;
  void bake(const BoardLayout& layout, bool gridLines);
  void bakeArt(const BoardLayout& layout);

  gpu::Program program_;
  QuadBatch quads_;
  gpu::TextureHandle mapTexture_;   // R8UI terrain class per cell, row 0 = top
  gpu::TextureHandle terrainTexture_;
  gpu::FramebufferHandle terrainFramebuffer_;
  gpu::TextureHandle artTexture_;   // RGBA8 board art, row 0 = top; 0 when there is none
  gpu::FramebufferHandle artFramebuffer_;
  PixelSize art_;
  PixelSize map_;
  BoardLayout baked_;      // the layout the terrain texture was drawn for; cell 0: stale
  PixelRect bakedRect_;    // where on screen the terrain texture goes
  bool bakedGridLines_ = false;
};

}  // namespace tactics::app
