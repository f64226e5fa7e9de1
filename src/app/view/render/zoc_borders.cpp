#include "app/view/render/zoc_borders.h"

#include "app_shaders.h"

namespace tactics::app {

namespace {
float toFloat(int value) { return static_cast<float>(value); }
}  // namespace

Expected<ZocBorderLayer> ZocBorderLayer::create() {
  ZocBorderLayer layer;
  auto built = gpu::Program::build("board.vert", shaders::kBoardVert, "zoc_border.frag",
                                   shaders::kZocBorderFrag);
  if (!built) return Error{built.error()};
  layer.program_ = std::move(*built);
  layer.quads_ = QuadBatch::create("zoc border quads");
  return layer;
}

void ZocBorderLayer::draw(const ZocBorders& borders, const BoardLayout& layout,
                          PixelSize framebuffer) const {
  if (borders.cells.empty()) return;
  std::vector<QuadInstance> quads;
  quads.reserve(borders.cells.size());
  for (Cell c : borders.cells) {
    const PixelPoint box = layout.cellOrigin(c);
    quads.push_back({{toFloat(box.x), toFloat(box.y), toFloat(layout.cell), toFloat(layout.cell)},
                     {}});
  }
  program_.use();
  program_.set("viewport", toFloat(framebuffer.width), toFloat(framebuffer.height));
  program_.set("cellPixels", toFloat(layout.cell));
  program_.set("gridLayout", static_cast<int>(layout.map.layout));
  program_.set("borderColour", borders.colour.r, borders.colour.g, borders.colour.b, 1.0F);
  quads_.draw(quads);
}

}  // namespace tactics::app
