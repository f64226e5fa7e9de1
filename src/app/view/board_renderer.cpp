#include "app/view/board_renderer.h"

#include <algorithm>
#include <cmath>

#include "app_shaders.h"
#include "app/view/palette.h"
#include "app/view/pixel_font.h"

namespace tactics::app {

namespace {

using gpu::Program;

void setSampling(GLint filter) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void bindTexture(int unit, GLuint texture) {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_2D, texture);
}

float toFloat(int value) { return static_cast<float>(value); }

int teamIndex(Team team) {
  switch (team) {
    case Team::Player: return 0;
    case Team::Enemy: return 1;
    case Team::Ally: return 2;
  }
  return 0;
}

}  // namespace

Expected<BoardRenderer> BoardRenderer::create() {
  BoardRenderer renderer;
  struct Stage {
    Program* program;
    std::string_view name;
    std::string_view source;
  };
  const Stage stages[] = {
      {&renderer.terrainProgram_, "terrain.frag", shaders::kTerrainFrag},
      {&renderer.overlayProgram_, "overlay.frag", shaders::kOverlayFrag},
      {&renderer.labelsProgram_, "labels.frag", shaders::kLabelsFrag},
      {&renderer.cursorProgram_, "cursor.frag", shaders::kCursorFrag},
      {&renderer.arrowProgram_, "arrow.frag", shaders::kArrowFrag},
      {&renderer.unitProgram_, "unit.frag", shaders::kUnitFrag},
  };
  for (const Stage& stage : stages) {
    auto built = Program::build("board.vert", shaders::kBoardVert, stage.name, stage.source);
    if (!built) return Error{built.error()};
    *stage.program = std::move(*built);
  }
  renderer.quads_ = QuadBatch::create("board quads");
  auto threats = ThreatOverlay::create();
  if (!threats) return Error{threats.error()};
  renderer.threatOverlay_ = std::move(*threats);

  // The pixel font, linear so that scaled letters come out smooth.
  const FontAtlas atlas = makeFontAtlas();
  renderer.fontSize_ = {atlas.width, atlas.height};
  renderer.fontTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, renderer.fontTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas.width, atlas.height, 0, GL_RED, GL_UNSIGNED_BYTE,
               atlas.texels.data());
  setSampling(GL_LINEAR);
  gpu::label(GL_TEXTURE, renderer.fontTexture_.get(), "pixel font");
  glBindTexture(GL_TEXTURE_2D, 0);
  return renderer;
}

void BoardRenderer::setMap(const CostMap& map) {
  map_ = {map.width(), map.height()};
  mapTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, mapTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const std::vector<std::uint8_t> terrain =
      map.terrainIndices(CellBox{0, 0, map.width() - 1, map.height() - 1});
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, map.width(), map.height(), 0, GL_RED_INTEGER,
               GL_UNSIGNED_BYTE, terrain.data());
  setSampling(GL_NEAREST);
  gpu::label(GL_TEXTURE, mapTexture_.get(), "board terrain");
  glBindTexture(GL_TEXTURE_2D, 0);
  baked_ = BoardLayout{};
}

void BoardRenderer::setArt(const RgbaImage& art) {
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

void BoardRenderer::clearArt() {
  artFramebuffer_ = gpu::FramebufferHandle{};
  artTexture_ = gpu::TextureHandle{};
  art_ = {};
  baked_ = BoardLayout{};
}

void BoardRenderer::updateCells(const CostMap& map, Cell first, Cell last) {
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

void BoardRenderer::bakeTerrain(const BoardLayout& layout, bool gridLines) {
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
  terrainProgram_.use();
  terrainProgram_.set("viewport", toFloat(width), toFloat(height));
  terrainProgram_.set("map", 0);
  terrainProgram_.set("mapSize", map_.width, map_.height);
  terrainProgram_.set("cellPixels", cell);
  terrainProgram_.set("cellOrigin", toFloat(bakedRect_.x - layout.x0) / cell,
                      toFloat(bakedRect_.y - layout.y0) / cell);
  terrainProgram_.set("cellsAcross", toFloat(width) / cell, toFloat(height) / cell);
  terrainProgram_.set("gridLines", gridLines ? 1 : 0);
  bindTexture(0, mapTexture_.get());
  quads_.draw({QuadInstance{{0, 0, toFloat(width), toFloat(height)}, {}}});
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

// The art scaled onto the whole board, placed relative to the baked rectangle; the blit clips
// what falls outside it. The art's row 0 is the top, so its rows are flipped on the way.
void BoardRenderer::bakeArt(const BoardLayout& layout) {
  const int height = bakedRect_.height;
  const int left = layout.x0 - bakedRect_.x;
  const int top = layout.y0 - bakedRect_.y;  // down from the texture's top edge
  glBindFramebuffer(GL_READ_FRAMEBUFFER, artFramebuffer_.get());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, terrainFramebuffer_.get());
  const bool shrinking = layout.cell * map_.width < art_.width;
  glBlitFramebuffer(0, art_.height, art_.width, 0, left, height - top - layout.height(),
                    left + layout.width(), height - top, GL_COLOR_BUFFER_BIT,
                    shrinking ? GL_LINEAR : GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void BoardRenderer::draw(const BoardFrame& frame) {
  if (baked_.cell == 0 || baked_ != frame.layout || bakedGridLines_ != frame.view.gridLines) {
    bakeTerrain(frame.layout, frame.view.gridLines);
  }

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, frame.framebuffer.width, frame.framebuffer.height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glClearColor(0.10F, 0.11F, 0.14F, 1.0F);
  glClear(GL_COLOR_BUFFER_BIT);

  // Everything on the board stays inside its area, wherever the camera puts the board.
  const PixelRect& area = frame.layout.area;
  glEnable(GL_SCISSOR_TEST);
  glScissor(area.x, frame.framebuffer.height - area.y - area.height, area.width, area.height);
  drawBoard(frame);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  drawLabels(frame);
  drawCursor(frame);
  drawArrow(frame);
  threatOverlay_->drawTurnMarks(frame.threats, frame.layout, frame.framebuffer);
  drawUnits(frame);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(0);
}

namespace {

// The cells first..last (inclusive), in pixels.
QuadInstance rangeQuad(const BoardLayout& layout, Cell first, Cell last) {
  return {{toFloat(layout.cellX(first.x)), toFloat(layout.cellY(first.y)),
           toFloat((last.x - first.x + 1) * layout.cell),
           toFloat((last.y - first.y + 1) * layout.cell)},
          {}};
}

float wave(double time, double speed) {
  return static_cast<float>(0.5 + 0.5 * std::sin(time * speed));
}

}  // namespace

void BoardRenderer::drawBoard(const BoardFrame& frame) const {
  // The terrain: a plain copy of the baked texture.
  const BoardLayout& layout = frame.layout;
  const PixelRect& shown = bakedRect_;
  if (shown.width > 0 && shown.height > 0) {
    const int bottom = frame.framebuffer.height - shown.y - shown.height;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, terrainFramebuffer_.get());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, shown.width, shown.height, shown.x, bottom, shown.x + shown.width,
                      bottom + shown.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  threatOverlay_->drawUnderRange(frame.threats, layout, frame.framebuffer, map_);
  if (!frame.showRange) return;

  // The range, blended over the cells it can cover (the whole board for a channel view).
  const bool channelView = frame.view.channel != ChannelView::Off;
  const Cell first = channelView ? Cell{0, 0} : frame.rangeFirst;
  const Cell last = channelView ? Cell{map_.width - 1, map_.height - 1} : frame.rangeLast;
  const RangeColours colours = rangeColours(frame.rangeTeam);
  const Program& p = overlayProgram_;
  p.use();
  p.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  p.set("state", 0);
  p.set("boardOrigin", layout.x0, layout.y0);
  p.set("cellSize", layout.cell);
  p.set("mapSize", map_.width, map_.height);
  p.set("viewportHeight", toFloat(frame.framebuffer.height));
  p.set("showRange", 1);
  p.set("showMove", frame.view.moveOverlay ? 1 : 0);
  p.set("showAttack", frame.view.attackOverlay ? 1 : 0);
  p.set("gridLines", frame.view.gridLines ? 1 : 0);
  p.set("channel", static_cast<int>(frame.view.channel));
  p.set("channelScale", frame.view.channel == ChannelView::B
                            ? 255.0F / toFloat(std::max(frame.moveRange, 1))
                            : 1.0F);
  p.set("pulse", wave(frame.time, 3.2));
  p.set("moveColour", colours.move.r, colours.move.g, colours.move.b, 1.0F);
  p.set("attackColour", colours.attack.r, colours.attack.g, colours.attack.b, 1.0F);
  bindTexture(0, frame.stateTexture);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  quads_.draw({rangeQuad(layout, first, last)});
  glDisable(GL_BLEND);
}

void BoardRenderer::drawLabels(const BoardFrame& frame) const {
  const bool wanted = frame.view.travelCosts || frame.view.parentGlyphs;
  if (!frame.showRange || !wanted || frame.view.channel != ChannelView::Off) return;
  const BoardLayout& layout = frame.layout;
  const Program& p = labelsProgram_;
  p.use();
  p.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  p.set("state", 0);
  p.set("font", 1);
  p.set("boardOrigin", layout.x0, layout.y0);
  p.set("cellSize", layout.cell);
  p.set("mapSize", map_.width, map_.height);
  p.set("viewportHeight", toFloat(frame.framebuffer.height));
  p.set("travelCosts", frame.view.travelCosts ? 1 : 0);
  p.set("parentGlyphs", frame.view.parentGlyphs ? 1 : 0);
  bindTexture(0, frame.stateTexture);
  bindTexture(1, fontTexture_.get());
  // Only the cells the solve can have reached: the labels cost nothing beyond them.
  quads_.draw({rangeQuad(layout, frame.rangeFirst, frame.rangeLast)});
}

void BoardRenderer::drawCursor(const BoardFrame& frame) const {
  if (!frame.hover) return;
  const BoardLayout& layout = frame.layout;
  cursorProgram_.use();
  cursorProgram_.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  cursorProgram_.set("cellPixels", toFloat(layout.cell));
  cursorProgram_.set("glow", wave(frame.time, 6.0));
  quads_.draw({QuadInstance{{toFloat(layout.cellX(frame.hover->x)), toFloat(layout.cellY(frame.hover->y)),
                             toFloat(layout.cell), toFloat(layout.cell)},
                            {}}});
}

void BoardRenderer::drawArrow(const BoardFrame& frame) const {
  if (frame.arrow.empty()) return;
  const BoardLayout& layout = frame.layout;
  std::vector<QuadInstance> pieces;
  pieces.reserve(frame.arrow.size());
  for (const ArrowPiece& piece : frame.arrow) {
    pieces.push_back({{toFloat(layout.cellX(piece.cell.x)), toFloat(layout.cellY(piece.cell.y)),
                       toFloat(layout.cell), toFloat(layout.cell)},
                      {toFloat(static_cast<int>(piece.shape)),
                       toFloat(static_cast<int>(piece.from)), toFloat(static_cast<int>(piece.to)),
                       0}});
  }
  arrowProgram_.use();
  arrowProgram_.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  arrowProgram_.set("cellPixels", toFloat(layout.cell));
  quads_.draw(pieces);
}

void BoardRenderer::drawUnits(const BoardFrame& frame) const {
  const BoardLayout& layout = frame.layout;
  const float pulse = wave(frame.time, 5.0);
  std::vector<QuadInstance> tokens;
  tokens.reserve(frame.units.size());
  for (const UnitToken& unit : frame.units) {
    const auto x = static_cast<float>(layout.x0 + (unit.centre.x - 0.5) * layout.cell);
    const auto y = static_cast<float>(layout.y0 + (unit.centre.y - 0.5) * layout.cell);
    tokens.push_back({{x, y, toFloat(layout.cell), toFloat(layout.cell)},
                      {toFloat(teamIndex(unit.team)), toFloat(glyphIndex(unit.initial)),
                       unit.selected ? 1.0F : (unit.done ? 2.0F : 0.0F), pulse}});
  }
  unitProgram_.use();
  unitProgram_.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  unitProgram_.set("font", 0);
  unitProgram_.set("fontSize", toFloat(fontSize_.width), toFloat(fontSize_.height));
  unitProgram_.set("cellPixels", toFloat(layout.cell));
  bindTexture(0, fontTexture_.get());
  quads_.draw(tokens);
}

}  // namespace tactics::app
