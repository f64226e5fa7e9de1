#pragma once
// The enemy side's reach on the board (issues 7 and 10): the danger zone in three steps by count
// (the count printed when zoomed in) and the marked enemies' threat, both under the selected
// unit's range; a distance field as a heat map with contour lines every Movement Range; and the
// numbered ends of the turns along a path beyond one turn. Draws what it is given; the solves live in app/solves/threat_solves.

#include <vector>

#include "app/view/board_layout.h"
#include "app/view/render/quad_batch.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "gpu/gl/gl_handle.h"
#include "gpu/gl/program.h"

namespace tactics::app {

struct TurnMark {
  Cell cell;
  int turn = 1;  // drawn as a number (1..99)
};

// What one frame shows of it (all off by default).
struct ThreatLayers {
  GLuint dangerCounts = 0;  // R32F, 0: not shown
  GLuint markedCounts = 0;  // R32F, 0: not shown
  GLuint field = 0;         // R32UI distance field, 0: no heat map
  int fieldBand = 1;        // the contour spacing: the unit's Movement Range
  std::vector<TurnMark> turnMarks;
};

class ThreatOverlay {
 public:
  static Expected<ThreatOverlay> create();

  // Under the range: the heat map, then the danger zone and the marked threat.
  void drawUnderRange(const ThreatLayers& layers, const BoardLayout& layout,
                      PixelSize framebuffer, PixelSize map) const;
  // Over the arrow: the turn ends.
  void drawTurnMarks(const ThreatLayers& layers, const BoardLayout& layout,
                     PixelSize framebuffer) const;

 private:
  gpu::Program dangerProgram_, heatProgram_, turnProgram_;
  QuadBatch quads_;
  gpu::TextureHandle fontTexture_;
  PixelSize fontSize_;
};

}  // namespace tactics::app
