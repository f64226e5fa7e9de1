#pragma once
// SPEC §11.2's zone of control on the board: a thin border in the colour of the mover's foes
// around each cell where the selected unit's travel halts. The cells come from the rules seam
// (rules/zone_of_control.h); this only draws them.

#include <vector>

#include "app/view/board_layout.h"
#include "app/view/palette.h"
#include "app/view/render/quad_batch.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "gpu/gl/program.h"

namespace tactics::app {

// What one frame shows of it: no cells, nothing drawn.
struct ZocBorders {
  std::vector<Cell> cells;
  Rgb colour;  // the hostile side's token colour (palette.h zocBorderColour)
};

class ZocBorderLayer {
 public:
  static Expected<ZocBorderLayer> create();

  // Over the range overlay, under the arrow and the tokens; blending on.
  void draw(const ZocBorders& borders, const BoardLayout& layout, PixelSize framebuffer) const;

 private:
  gpu::Program program_;
  QuadBatch quads_;
};

}  // namespace tactics::app
