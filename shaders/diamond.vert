// The cells within `reach` steps of the unit, drawn as one triangle strip: relaxation pass k can
// change no cell outside them, so nothing outside is shaded.
// Square board: a diamond, 4 vertices, its corners half a cell beyond the last cell in each
// direction, so every cell centre is at least half a cell (in steps) inside or outside an edge
// and no rounding decides which cells are drawn.
// Hex board: a hexagon, 6 vertices (the caller draws kNeighbourCount of them). Along a row
// (hex-y; a column on hex-x) the cells `d` rows away from the unit lie within reach - d / 2
// cells of it, counting centres as drawn, which differ from the texels' by at most half a
// cell: the hexagon |along| <= reach + 1 - |across| / 2, |across| <= reach + 0.5 keeps every
// such cell at least half a cell inside; the cells it adds beyond them lie on its rim and
// relaxing them changes nothing they should not.
#include "topology.glsl"

uniform ivec2 unit;
uniform int reach;
uniform ivec4 viewportBox;  // x0, y0, width, height of the viewport, in cells

const vec2 kCorner[4] = vec2[4](vec2(0.0, -1.0), vec2(1.0, 0.0), vec2(-1.0, 0.0), vec2(0.0, 1.0));

// The hexagon's corners in strip order, as (along, across) multiples of (reach + 1, reach + 0.5)
// and of (reach + 0.5) / 2 for the along offset of the top and bottom edges' ends.
vec2 hexCorner(int i) {
  float r = float(reach);
  float top = r + 0.5;
  float wide = r + 1.0;
  float narrow = wide - top * 0.5;
  // Strip order zig-zags across the convex hexagon: left, top-left, bottom-left, top-right,
  // bottom-right, right.
  return i == 0 ? vec2(-wide, 0.0) : i == 1 ? vec2(-narrow, -top) : i == 2 ? vec2(-narrow, top)
       : i == 3 ? vec2(narrow, -top) : i == 4 ? vec2(narrow, top) : vec2(wide, 0.0);
}

void main() {
  vec2 offset = kCorner[min(gl_VertexID, 3)] * (float(reach) + 0.5);
  if (kHexGrid) {
    vec2 corner = hexCorner(gl_VertexID);
    offset = kColumnsStaggered ? corner.yx : corner;
  }
  vec2 position = vec2(unit) + 0.5 + offset;
  gl_Position = vec4((position - vec2(viewportBox.xy)) / vec2(viewportBox.zw) * 2.0 - 1.0, 0.0, 1.0);
}
