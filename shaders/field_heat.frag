// A distance field (SPEC §10) as a heat map: near cells hot, far cells cool, unreached cells
// left alone, with a contour line wherever the number of whole Movement Ranges changes between
// neighbours, so the bands are where a unit can be in one, two, three turns. Reads the field
// solver's R32UI texture directly.
#include "board_geometry.glsl"

layout(location = 0) out vec4 colour;

uniform usampler2D field;   // R32UI, 0xFFFFFFFF where unreached, texel row 0 = the top row
uniform ivec2 boardOrigin;
uniform int cellSize;
uniform int gridLayout;  // board_geometry.glsl's layout
uniform ivec2 mapSize;
uniform float viewportHeight;
uniform uint band;          // the Movement Range (at least 1)
uniform float bands;        // bands the colour ramp spans

const uint kUnreached = 0xFFFFFFFFu;

uint bandOf(ivec2 cell) {
  if (any(lessThan(cell, ivec2(0))) || any(greaterThanEqual(cell, mapSize))) return kUnreached;
  uint v = texelFetch(field, cell, 0).r;
  return v == kUnreached ? kUnreached : (v == 0u ? 0u : (v - 1u) / band);
}

vec3 heat(float t) {  // 0 hot (white-yellow) .. 1 cool (deep violet)
  vec3 a = vec3(1.0, 0.95, 0.55);
  vec3 b = vec3(0.95, 0.45, 0.10);
  vec3 d = vec3(0.30, 0.10, 0.45);
  return t < 0.5 ? mix(a, b, t * 2.0) : mix(b, d, t * 2.0 - 1.0);
}

void main() {
  ivec2 local = ivec2(floor(vec2(gl_FragCoord.x, viewportHeight - gl_FragCoord.y))) - boardOrigin;
  ivec2 cell = boardCell(gridLayout, local, cellSize);
  if (gridLayout != 0 && (any(lessThan(cell, ivec2(0))) || any(greaterThanEqual(cell, mapSize)))) {
    discard;
  }
  cell = clamp(cell, ivec2(0), mapSize - 1);
  ivec2 inCell = local - cellBox(gridLayout, cell, cellSize);
  uint here = bandOf(cell);
  if (here == kUnreached) discard;
  vec3 c = heat(clamp(float(here) / max(bands, 1.0), 0.0, 1.0));
  // A contour on each side whose neighbour is in another band (or unreached).
  int w = max(2, cellSize / 10);
  bool line = gridLayout == 0
      ? (inCell.x < w && bandOf(cell + ivec2(-1, 0)) != here) ||
        (inCell.x >= cellSize - w && bandOf(cell + ivec2(1, 0)) != here) ||
        (inCell.y < w && bandOf(cell + ivec2(0, -1)) != here) ||
        (inCell.y >= cellSize - w && bandOf(cell + ivec2(0, 1)) != here)
      : false;
  if (gridLayout != 0) {
    // A hexagon's contour lines run along the edges whose neighbour is in another band.
    for (int k = 0; k < 6; ++k) {
      if (bandOf(neighbourCell(gridLayout, cell, k)) != here &&
          edgeDistance(gridLayout, vec2(inCell) + 0.5, float(cellSize), k) < float(w)) {
        line = true;
      }
    }
  }
  colour = line ? vec4(0.05, 0.02, 0.08, 0.95) : vec4(c, 0.55);
}
