// Optional labels on reached cells, straight from the state texture: the travel cost (B) as a
// number in the corner, and the direction to the parent (A) as a small arrow. A separate draw,
// only made when one of them is switched on.
#include "state.glsl"
#include "board_geometry.glsl"

layout(location = 0) out vec4 colour;

uniform sampler2D state;  // RGBA8, texel row 0 = the map's top row
uniform sampler2D font;   // pixel font atlas, row 0 = top

uniform ivec2 boardOrigin;
uniform int cellSize;
uniform int gridLayout;  // board_geometry.glsl's layout
uniform ivec2 mapSize;
uniform float viewportHeight;
uniform bool travelCosts;
uniform bool parentGlyphs;

const int kGlyphCell = 7;  // atlas texels per glyph (5 + border)

// Ink of digit d with its top-left at p = 0, scale pixels per font texel.
float digitInk(int d, vec2 p, float scale) {
  ivec2 t = ivec2(floor(p / scale));
  if (t.x < 0 || t.y < 0 || t.x >= 5 || t.y >= 7) return 0.0;
  return texelFetch(font, ivec2(d * kGlyphCell + 1 + t.x, 1 + t.y), 0).r;
}

float numberInk(int value, vec2 p, float scale) {
  float ink = 0.0;
  float place = value >= 100 ? 100.0 : (value >= 10 ? 10.0 : 1.0);
  for (int i = 0; i < 3 && place >= 1.0; ++i) {
    int d = int(mod(floor(float(value) / place), 10.0));
    ink = max(ink, digitInk(d, p - vec2(float(i) * 6.0 * scale, 0.0), scale));
    place /= 10.0;
  }
  return ink;
}

float segment(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a;
  vec2 ba = b - a;
  return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}

void main() {
  ivec2 local = ivec2(floor(vec2(gl_FragCoord.x, viewportHeight - gl_FragCoord.y))) - boardOrigin;
  ivec2 cell = boardCell(gridLayout, local, cellSize);
  if (gridLayout != 0 && (any(lessThan(cell, ivec2(0))) || any(greaterThanEqual(cell, mapSize)))) {
    discard;
  }
  cell = clamp(cell, ivec2(0), mapSize - 1);
  ivec2 inCell = local - cellBox(gridLayout, cell, cellSize);
  vec4 s = texelFetch(state, cell, 0);
  if (!isReached(s)) discard;

  vec4 c = vec4(0.0);
  if (travelCosts) {
    float scale = max(1.0, floor(float(cellSize) / 22.0));
    int cost = travelCost(s);
    // On a hexagon the box's corner is outside it: the number starts a quarter in.
    vec2 corner = vec2(3.0, float(cellSize / 4 + 1));
    vec2 at = vec2(inCell) - (gridLayout == 0 ? vec2(3.0) : (gridTurned(gridLayout) ? corner.yx : corner));
    c = mix(c, vec4(0.0, 0.0, 0.0, 0.7), numberInk(cost, at - vec2(scale), scale));
    c = mix(c, vec4(1.0), numberInk(cost, at, scale));
  }
  // The parent as a side of the cell: A's 26 + 51 k on a square board, 18 + 36 k on a hex one
  // (SPEC §4, §13), k past the last side meaning none.
  int direction = gridLayout == 0 ? parentDirection(s) : int((s.a * 255.0 + 0.5) / 36.0);
  if (parentGlyphs && direction < neighbourCount(gridLayout)) {
    vec2 toParent = gridLayout == 0
        ? (direction == 0 ? vec2(0, -1) : (direction == 1 ? vec2(0, 1) : (direction == 2 ? vec2(-1, 0) : vec2(1, 0))))
        : normalize(edgeMiddleOffset(gridLayout, direction));
    vec2 q = (vec2(inCell) + 0.5) / float(cellSize) - 0.5;
    vec2 across = vec2(-toParent.y, toParent.x);
    float d = min(segment(q, -toParent * 0.22, toParent * 0.22),
                  min(segment(q, toParent * 0.28, toParent * 0.1 + across * 0.14),
                      segment(q, toParent * 0.28, toParent * 0.1 - across * 0.14)));
    float ink = 1.0 - smoothstep(0.035, 0.035 + 1.5 / float(cellSize), d);
    c = mix(c, vec4(0.08, 0.08, 0.12, 0.9), ink);
  }
  colour = c;
}
