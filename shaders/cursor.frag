// The hover cursor on one cell: bright corner brackets that glow gently; on a hex board a
// bright outline along the hexagon's edges.
in vec2 uv;
#include "board_geometry.glsl"
layout(location = 0) out vec4 colour;

uniform float cellPixels;
uniform float glow;  // 0..1
uniform int gridLayout;  // board_geometry.glsl's layout

void main() {
  vec2 inCell = uv * cellPixels;
  float thickness = max(2.0, floor(cellPixels / 14.0));
  float arm = cellPixels * 0.32;
  vec2 fromCorner = min(inCell, vec2(cellPixels) - inCell);
  bool bracket = (fromCorner.x < thickness && fromCorner.y < arm) ||
                 (fromCorner.y < thickness && fromCorner.x < arm);
  if (gridLayout != 0) {
    float d = insideDistance(gridLayout, inCell, cellPixels);
    if (d < 0.0) discard;
    bracket = d < thickness;
  }
  colour = bracket ? vec4(1.0, 0.93, 0.55, 0.75 + 0.25 * glow) : vec4(1.0, 1.0, 1.0, 0.12);
}
