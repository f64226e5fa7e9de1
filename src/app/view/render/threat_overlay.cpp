#include "app/view/render/threat_overlay.h"

#include <algorithm>
#include <string>

#include "app_shaders.h"
#include "app/view/palette.h"
#include "app/view/pixel_font.h"

namespace tactics::app {

namespace {

float toFloat(int value) { return static_cast<float>(value); }

void bindTexture(int unit, GLuint texture) {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_2D, texture);
}

// The whole board, in pixels.
QuadInstance boardQuad(const BoardLayout& layout) {
  return {{toFloat(layout.x0), toFloat(layout.y0), toFloat(layout.width()),
           toFloat(layout.height())},
          {}};
}

void placeBoard(const gpu::Program& p, const BoardLayout& layout, PixelSize framebuffer,
                PixelSize map) {
  p.set("viewport", toFloat(framebuffer.width), toFloat(framebuffer.height));
  p.set("boardOrigin", layout.x0, layout.y0);
  p.set("cellSize", layout.cell);
  p.set("gridLayout", static_cast<int>(layout.map.layout));
  p.set("mapSize", map.width, map.height);
  p.set("viewportHeight", toFloat(framebuffer.height));
}

}  // namespace

Expected<ThreatOverlay> ThreatOverlay::create() {
  ThreatOverlay overlay;
  struct Stage {
    gpu::Program* program;
    std::string_view name;
    std::string_view source;
  };
  const Stage stages[] = {
      {&overlay.dangerProgram_, "danger_zone.frag", shaders::kDangerZoneFrag},
      {&overlay.heatProgram_, "field_heat.frag", shaders::kFieldHeatFrag},
      {&overlay.turnProgram_, "turn_mark.frag", shaders::kTurnMarkFrag},
  };
  for (const Stage& stage : stages) {
    auto built = gpu::Program::build("board.vert", shaders::kBoardVert, stage.name, stage.source);
    if (!built) return Error{built.error()};
    *stage.program = std::move(*built);
  }
  overlay.quads_ = QuadBatch::create("threat quads");
  const FontAtlas atlas = makeFontAtlas();
  overlay.fontSize_ = {atlas.width, atlas.height};
  overlay.fontTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, overlay.fontTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas.width, atlas.height, 0, GL_RED, GL_UNSIGNED_BYTE,
               atlas.texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  gpu::label(GL_TEXTURE, overlay.fontTexture_.get(), "turn mark font");
  glBindTexture(GL_TEXTURE_2D, 0);
  return overlay;
}

void ThreatOverlay::drawUnderRange(const ThreatLayers& layers, const BoardLayout& layout,
                                   PixelSize framebuffer, PixelSize map) const {
  if (layers.field == 0 && layers.dangerCounts == 0 && layers.markedCounts == 0) return;
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  if (layers.field != 0) {
    const gpu::Program& p = heatProgram_;
    p.use();
    placeBoard(p, layout, framebuffer, map);
    p.set("field", 0);
    glUniform1ui(glGetUniformLocation(p.id(), "band"),
                 static_cast<GLuint>(std::max(1, layers.fieldBand)));
    p.set("bands", 4.0F);
    bindTexture(0, layers.field);
    quads_.draw({boardQuad(layout)});
  }
  if (layers.dangerCounts != 0 || layers.markedCounts != 0) {
    const gpu::Program& p = dangerProgram_;
    p.use();
    placeBoard(p, layout, framebuffer, map);
    p.set("counts", 0);
    p.set("marked", 1);
    p.set("font", 2);
    p.set("showCounts", layers.dangerCounts != 0 ? 1 : 0);
    p.set("showMarked", layers.markedCounts != 0 ? 1 : 0);
    p.set("countDigits", layout.cell >= kDangerDigitsCell ? 1 : 0);
    for (int count = 1; count <= kDangerSteps; ++count) {
      const DangerStep step = dangerStep(count);
      p.set("danger" + std::to_string(count), step.colour.r, step.colour.g, step.colour.b,
            step.alpha);
    }
    const Rgb marked = markedThreatColour();
    p.set("markedColour", marked.r, marked.g, marked.b, 1.0F);
    bindTexture(0, layers.dangerCounts);
    bindTexture(1, layers.markedCounts);
    bindTexture(2, fontTexture_.get());
    quads_.draw({boardQuad(layout)});
    bindTexture(2, 0);
    bindTexture(1, 0);
    glActiveTexture(GL_TEXTURE0);
  }
  glDisable(GL_BLEND);
}

void ThreatOverlay::drawTurnMarks(const ThreatLayers& layers, const BoardLayout& layout,
                                  PixelSize framebuffer) const {
  if (layers.turnMarks.empty()) return;
  std::vector<QuadInstance> marks;
  for (const TurnMark& mark : layers.turnMarks) {
    const std::string digits = std::to_string(std::clamp(mark.turn, 1, 99));
    const float second = digits.size() > 1 ? toFloat(glyphIndex(digits[1])) : 0.0F;
    const PixelPoint box = layout.cellOrigin(mark.cell);
    marks.push_back({{toFloat(box.x), toFloat(box.y), toFloat(layout.cell), toFloat(layout.cell)},
                     {toFloat(static_cast<int>(digits.size())), toFloat(glyphIndex(digits[0])),
                      second, 0.0F}});
  }
  const gpu::Program& p = turnProgram_;
  p.use();
  p.set("viewport", toFloat(framebuffer.width), toFloat(framebuffer.height));
  p.set("font", 0);
  p.set("fontSize", toFloat(fontSize_.width), toFloat(fontSize_.height));
  p.set("cellPixels", toFloat(layout.cell));
  bindTexture(0, fontTexture_.get());
  quads_.draw(marks);
}

}  // namespace tactics::app
