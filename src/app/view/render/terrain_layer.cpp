#include "app/view/render/terrain_layer.h"

#include <algorithm>

#include "app_shaders.h"

namespace tactics::app {

namespace {

void setSampling(GLint filter) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

float toFloat(int value) { return static_cast<float>(value); }

}  // namespace

Expected<TerrainLayer> TerrainLayer::create() {
  TerrainLayer layer;
  auto program =
      gpu::Program::build("board.vert", shaders::kBoardVert, "terrain.frag", shaders::kTerrainFrag);
  if (!program) return Error{program.error()};
  layer.program_ = std::move(*program);
  layer.quads_ = QuadBatch::create("terrain quads");
  return layer;
}

void TerrainLayer::setMap(const CostMap& map) {
  map_ = {map.width(), map.height()};
  mapTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, mapTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  // Terrain classes made on the CPU: the shader draws a class, it never works one out of a grey.
  const std::vector<std::uint8_t> terrain =
      map.terrainIndices(CellBox{0, 0, map.width() - 1, map.height() - 1});
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, map.width(), map.height(), 0, GL_RED_INTEGER,
               GL_UNSIGNED_BYTE, terrain.data());
  setSampling(GL_NEAREST);
  gpu::label(GL_TEXTURE, mapTexture_.get(), "board terrain");
  glBindTexture(GL_TEXTURE_2D, 0);
  baked_ = BoardLayout{};
}

void TerrainLayer::setArt(const RgbaImage& art) {
  art_ = {art.width, art.height};
  artTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, artTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, art.width, art.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               art.pixels.data());
  setSampling(GL_NEAREST);
  gpu::label(GL_TEXTURE, artTexture_.get(), "board art");
  glBindTexture(GL_TEXTURE_2D, 0);
  artFramebuffer_ = gpu::makeFramebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, artFramebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, artTexture_.get(), 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  baked_ = BoardLayout{};
}

void TerrainLayer::clearArt() {
  artFramebuffer_ = gpu::FramebufferHandle{};
  artTexture_ = gpu::TextureHandle{};
  art_ = {};
  baked_ = BoardLayout{};
}

void TerrainLayer::updateCells(const CostMap& map, Cell first, Cell last) {
  const int x0 = std::max(first.x, 0);
  const int y0 = std::max(first.y, 0);
  const int x1 = std::min(last.x, map_.width - 1);
  const int y1 = std::min(last.y, map_.height - 1);
  if (x1 < x0 || y1 < y0 || map.width() != map_.width || map.height() != map_.height) return;
  glBindTexture(GL_TEXTURE_2D, mapTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const std::vector<std::uint8_t> terrain = map.terrainIndices(CellBox{x0, y0, x1, y1});
  glTexSubImage2D(GL_TEXTURE_2D, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1, GL_RED_INTEGER,
                  GL_UNSIGNED_BYTE, terrain.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  baked_ = BoardLayout{};
}

namespace {

// The part of the board inside the layout's area, in framebuffer pixels (y down).
PixelRect visibleBoard(const BoardLayout& layout) {
  const PixelRect& area = layout.area;
  const int x = std::max(layout.x0, area.x);
  const int y = std::max(layout.y0, area.y);
  const int right = std::min(layout.x0 + layout.width(), area.x + area.width);
  const int bottom = std::min(layout.y0 + layout.height(), area.y + area.height);
  return {x, y, std::max(0, right - x), std::max(0, bottom - y)};
}

}  // namespace

void TerrainLayer::bake(const BoardLayout& layout, bool gridLines) {
  baked_ = layout;
  bakedGridLines_ = gridLines;
  bakedRect_ = visibleBoard(layout);
  const int width = bakedRect_.width;
  const int height = bakedRect_.height;
  if (width <= 0 || height <= 0) return;
  terrainTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, terrainTexture_.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  setSampling(GL_NEAREST);
  gpu::label(GL_TEXTURE, terrainTexture_.get(), "terrain");
  terrainFramebuffer_ = gpu::makeFramebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, terrainFramebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                         terrainTexture_.get(), 0);
  gpu::label(GL_FRAMEBUFFER, terrainFramebuffer_.get(), "terrain");

  if (hasArt()) {
    bakeArt(layout);
    return;
  }

  // Only the cells on screen: the texture's top-left is this far into the map, in cells.
  const float cell = toFloat(layout.cell);
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  program_.use();
  program_.set("viewport", toFloat(width), toFloat(height));
  program_.set("map", 0);
  program_.set("mapSize", map_.width, map_.height);
  program_.set("cellPixels", cell);
  program_.set("cellOrigin", toFloat(bakedRect_.x - layout.x0) / cell,
                      toFloat(bakedRect_.y - layout.y0) / cell);
  program_.set("cellsAcross", toFloat(width) / cell, toFloat(height) / cell);
  program_.set("gridLines", gridLines ? 1 : 0);
  program_.set("gridLayout", static_cast<int>(layout.map.layout));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, mapTexture_.get());
  quads_.draw({QuadInstance{{0, 0, toFloat(width), toFloat(height)}, {}}});
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

// The art scaled onto the whole board, placed relative to the baked rectangle; the blit clips
// what falls outside it. The art's row 0 is the top, so its rows are flipped on the way.
void TerrainLayer::bakeArt(const BoardLayout& layout) {
  const int height = bakedRect_.height;
  const int left = layout.x0 - bakedRect_.x;
  const int top = layout.y0 - bakedRect_.y;  // down from the texture's top edge
  glBindFramebuffer(GL_READ_FRAMEBUFFER, artFramebuffer_.get());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, terrainFramebuffer_.get());
  const bool shrinking = layout.width() < art_.width;
  glBlitFramebuffer(0, art_.height, art_.width, 0, left, height - top - layout.height(),
                    left + layout.width(), height - top, GL_COLOR_BUFFER_BIT,
                    shrinking ? GL_LINEAR : GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void TerrainLayer::prepare(const BoardLayout& layout, bool gridLines) {
  if (baked_.cell == 0 || baked_ != layout || bakedGridLines_ != gridLines) bake(layout, gridLines);
}

void TerrainLayer::blit(PixelSize framebuffer) const {
  const PixelRect& shown = bakedRect_;
  if (shown.width <= 0 || shown.height <= 0) return;
  const int bottom = framebuffer.height - shown.y - shown.height;
  glBindFramebuffer(GL_READ_FRAMEBUFFER, terrainFramebuffer_.get());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, shown.width, shown.height, shown.x, bottom, shown.x + shown.width,
                    bottom + shown.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace tactics::app
