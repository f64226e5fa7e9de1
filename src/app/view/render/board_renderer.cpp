#include "app/view/render/board_renderer.h"

#include <algorithm>
#include <cmath>
#include <utility>

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
      {&renderer.overlayProgram_, "overlay.frag", shaders::kOverlayFrag},
      {&renderer.labelsProgram_, "labels.frag", shaders::kLabelsFrag},
      {&renderer.cursorProgram_, "cursor.frag", shaders::kCursorFrag},
      {&renderer.arrowProgram_, "arrow.frag", shaders::kArrowFrag},
      {&renderer.unitProgram_, "unit.frag", shaders::kUnitFrag},
      {&renderer.minimapProgram_, "minimap.frag", shaders::kMinimapFrag},
  };
  for (const Stage& stage : stages) {
    auto built = Program::build("board.vert", shaders::kBoardVert, stage.name, stage.source);
    if (!built) return Error{built.error()};
    *stage.program = std::move(*built);
  }
  renderer.quads_ = QuadBatch::create("board quads");
  auto terrain = TerrainLayer::create();
  if (!terrain) return Error{terrain.error()};
  renderer.terrain_ = std::move(*terrain);
  auto threats = ThreatOverlay::create();
  if (!threats) return Error{threats.error()};
  renderer.threatOverlay_ = std::move(*threats);
  auto zoc = ZocBorderLayer::create();
  if (!zoc) return Error{zoc.error()};
  renderer.zocBorders_ = std::move(*zoc);

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

void BoardRenderer::setMap(const CostMap& map) { terrain_->setMap(map); }
void BoardRenderer::setArt(const RgbaImage& art) { terrain_->setArt(art); }
void BoardRenderer::clearArt() {
  terrain_->clearArt();
  retireTiles();
}

void BoardRenderer::retireTiles() {
  for (gpu::TextureHandle& tile : terrainTiles_) retiring_.push_back(std::move(tile));
  terrainTiles_.clear();
}

std::vector<std::uint32_t> BoardRenderer::setTerrainTiles(const std::vector<RgbaImage>& tiles) {
  retireTiles();
  std::vector<std::uint32_t> names;
  for (const RgbaImage& tile : tiles) {
    if (tile.pixels.empty()) {
      names.push_back(0);
      continue;
    }
    gpu::TextureHandle texture = gpu::makeTexture();
    glBindTexture(GL_TEXTURE_2D, texture.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, tile.width, tile.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 tile.pixels.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gpu::label(GL_TEXTURE, texture.get(), "terrain tile");
    names.push_back(texture.get());
    terrainTiles_.push_back(std::move(texture));
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  return names;
}
bool BoardRenderer::hasArt() const { return terrain_->hasArt(); }
void BoardRenderer::updateCells(const CostMap& map, Cell first, Cell last) {
  terrain_->updateCells(map, first, last);
}

void BoardRenderer::draw(const BoardFrame& frame) {
  retired_ = std::exchange(retiring_, {});  // the last frame's are deleted now
  terrain_->prepare(frame.layout, frame.view.gridLines);

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
  zocBorders_->draw(frame.zoc, frame.layout, frame.framebuffer);
  drawLabels(frame);
  drawCursor(frame);
  drawArrow(frame);
  threatOverlay_->drawTurnMarks(frame.threats, frame.layout, frame.framebuffer);
  drawUnits(frame);
  glDisable(GL_BLEND);
  drawMinimap(frame);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(0);
}

namespace {

// The cells first..last (inclusive), in pixels: on a hex board the boxes of every cell of the
// block, whose shifted rows (or columns) reach half a cell further.
QuadInstance rangeQuad(const BoardLayout& layout, Cell first, Cell last) {
  const PixelPoint a = layout.cellOrigin(first);
  const PixelPoint b = layout.cellOrigin(last);
  if (!layout.map.hex()) {
    return {{toFloat(a.x), toFloat(a.y), toFloat(b.x - a.x + layout.cell),
             toFloat(b.y - a.y + layout.cell)},
            {}};
  }
  // The shifted and unshifted lines next to the block's first and last cells.
  int left = a.x;
  int top = a.y;
  int right = b.x;
  int bottom = b.y;
  for (const Cell c : {Cell{first.x, first.y + 1}, Cell{first.x + 1, first.y}}) {
    left = std::min(left, layout.cellOrigin(c).x);
    top = std::min(top, layout.cellOrigin(c).y);
  }
  for (const Cell c : {Cell{last.x, last.y - 1}, Cell{last.x - 1, last.y}}) {
    right = std::max(right, layout.cellOrigin(c).x);
    bottom = std::max(bottom, layout.cellOrigin(c).y);
  }
  return {{toFloat(left), toFloat(top), toFloat(right - left + layout.cell),
           toFloat(bottom - top + layout.cell)},
          {}};
}

int gridLayoutOf(const BoardLayout& layout) { return static_cast<int>(layout.map.layout); }

float wave(double time, double speed) {
  return static_cast<float>(0.5 + 0.5 * std::sin(time * speed));
}

// A wave over game time, or a still middle when the pulse is off (the View section's toggle):
// then nothing on the board moves by itself and an idle demo draws no frames.
float breathing(const BoardFrame& frame, double speed) {
  return frame.view.pulse ? wave(frame.time, speed) : 0.5F;
}

}  // namespace

namespace {

// A unit that has acted: its range in greys of the same lightness, darker, so that it reads as
// "cannot move this turn".
RangeColours mutedColours(RangeColours colours) {
  const auto grey = [](Rgb c) {
    const float l = (0.3F * c.r + 0.5F * c.g + 0.2F * c.b) * 0.55F + 0.15F;
    return Rgb{l, l, l * 1.05F};
  };
  return {grey(colours.move), grey(colours.attack)};
}

}  // namespace

void BoardRenderer::drawBoard(const BoardFrame& frame) const {
  // The terrain: a plain copy of the baked texture.
  const BoardLayout& layout = frame.layout;
  terrain_->blit(frame.framebuffer);
  const PixelSize map = terrain_->mapSize();
  threatOverlay_->drawUnderRange(frame.threats, layout, frame.framebuffer, map);
  if (!frame.showRange) return;

  // The range, blended over the cells it can cover (the whole board for a channel view).
  const bool channelView = frame.view.channel != ChannelView::Off;
  const Cell first = channelView ? Cell{0, 0} : frame.rangeFirst;
  const Cell last = channelView ? Cell{map.width - 1, map.height - 1} : frame.rangeLast;
  const RangeColours colours =
      frame.rangeMuted ? mutedColours(rangeColours(frame.rangeTeam)) : rangeColours(frame.rangeTeam);
  const Program& p = overlayProgram_;
  p.use();
  p.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  p.set("state", 0);
  p.set("boardOrigin", layout.x0, layout.y0);
  p.set("cellSize", layout.cell);
  p.set("gridLayout", gridLayoutOf(layout));
  p.set("mapSize", map.width, map.height);
  p.set("viewportHeight", toFloat(frame.framebuffer.height));
  p.set("showRange", 1);
  p.set("showMove", frame.view.moveOverlay ? 1 : 0);
  p.set("showAttack", frame.view.attackOverlay ? 1 : 0);
  p.set("gridLines", frame.view.gridLines ? 1 : 0);
  p.set("channel", static_cast<int>(frame.view.channel));
  p.set("channelScale", frame.view.channel == ChannelView::B
                            ? 255.0F / toFloat(std::max(frame.moveRange, 1))
                            : 1.0F);
  p.set("pulse", frame.rangeMuted ? 0.0F : breathing(frame, 3.2));
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
  p.set("gridLayout", gridLayoutOf(layout));
  p.set("mapSize", terrain_->mapSize().width, terrain_->mapSize().height);
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
  cursorProgram_.set("glow", breathing(frame, 6.0));
  cursorProgram_.set("gridLayout", gridLayoutOf(layout));
  const PixelPoint box = layout.cellOrigin(*frame.hover);
  quads_.draw({QuadInstance{{toFloat(box.x), toFloat(box.y), toFloat(layout.cell), toFloat(layout.cell)},
                            {}}});
}

void BoardRenderer::drawArrow(const BoardFrame& frame) const {
  if (frame.arrow.empty()) return;
  const BoardLayout& layout = frame.layout;
  std::vector<QuadInstance> pieces;
  pieces.reserve(frame.arrow.size());
  for (const ArrowPiece& piece : frame.arrow) {
    const PixelPoint box = layout.cellOrigin(piece.cell);
    pieces.push_back({{toFloat(box.x), toFloat(box.y), toFloat(layout.cell), toFloat(layout.cell)},
                      {toFloat(static_cast<int>(piece.shape)),
                       toFloat(static_cast<int>(piece.from)), toFloat(static_cast<int>(piece.to)),
                       0}});
  }
  arrowProgram_.use();
  arrowProgram_.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  arrowProgram_.set("cellPixels", toFloat(layout.cell));
  arrowProgram_.set("gridLayout", gridLayoutOf(layout));
  quads_.draw(pieces);
}

void BoardRenderer::drawUnits(const BoardFrame& frame) const {
  const BoardLayout& layout = frame.layout;
  const float pulse = breathing(frame, 5.0);
  std::vector<QuadInstance> tokens;
  tokens.reserve(frame.units.size());
  for (const UnitToken& unit : frame.units) {
    // The token's box about its centre, which walks from hexagon centre to centre on hex boards.
    const auto [cx, cy] =
        boardPointPixels(layout.map.layout, unit.centre.x, unit.centre.y, layout.cell);
    const auto x = static_cast<float>(layout.x0 + cx - 0.5 * layout.cell);
    const auto y = static_cast<float>(layout.y0 + cy - 0.5 * layout.cell);
    tokens.push_back({{x, y, toFloat(layout.cell), toFloat(layout.cell)},
                      {toFloat(teamIndex(unit.team)), toFloat(glyphIndex(unit.initial)),
                       unit.done ? 2.0F : (unit.selected ? 1.0F : 0.0F), pulse}});
  }
  unitProgram_.use();
  unitProgram_.set("viewport", toFloat(frame.framebuffer.width), toFloat(frame.framebuffer.height));
  unitProgram_.set("font", 0);
  unitProgram_.set("fontSize", toFloat(fontSize_.width), toFloat(fontSize_.height));
  unitProgram_.set("cellPixels", toFloat(layout.cell));
  bindTexture(0, fontTexture_.get());
  quads_.draw(tokens);
}

// The minimap's terrain; its dots and rectangle are the panel's (ui/board_overlays.cpp).
void BoardRenderer::drawMinimap(const BoardFrame& frame) const {
  if (!frame.minimap) return;
  const PixelRect& r = *frame.minimap;
  const PixelSize map = terrain_->mapSize();
  minimapProgram_.use();
  minimapProgram_.set("viewport", toFloat(frame.framebuffer.width),
                      toFloat(frame.framebuffer.height));
  minimapProgram_.set("map", 0);
  minimapProgram_.set("mapSize", map.width, map.height);
  minimapProgram_.set("gridLayout", gridLayoutOf(frame.layout));
  bindTexture(0, terrain_->classTexture());
  quads_.draw(
      {QuadInstance{{toFloat(r.x), toFloat(r.y), toFloat(r.width), toFloat(r.height)}, {}}});
}

}  // namespace tactics::app
