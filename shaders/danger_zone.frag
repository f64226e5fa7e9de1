// The danger zone on the board (SPEC §7), under the selected unit's range: every cell an enemy
// threatens in one of three steps of teal, for 1, 2 and 3 or more enemies (palette.h
// dangerStep), straight from the batched solver's R8 count texture; zoomed in, the count itself
// in the cell's bottom-right corner. The marked enemies' threat as a bright rose rim with stripes
// the other way from the attack hatching, so it reads apart from the danger zone and from every
// team's range colours.

#include "board_geometry.glsl"

layout(location = 0) out vec4 colour;

uniform sampler2D counts;   // R8: enemies threatening each cell / 255, texel row 0 = the top row
uniform sampler2D marked;   // R8: marked enemies threatening each cell / 255
uniform sampler2D font;     // the pixel font atlas, row 0 = top: digits are glyphs 0..9
uniform bool showCounts;
uniform bool showMarked;
uniform bool countDigits;   // zoomed in far enough to print the count
uniform ivec2 boardOrigin;  // top-left pixel of the board, y down
uniform int cellSize;       // pixels
uniform int gridLayout;     // board_geometry.glsl's layout
uniform ivec2 mapSize;      // cells
uniform float viewportHeight;
uniform vec4 danger1;       // the step of 1 enemy: rgb and the opacity
uniform vec4 danger2;       // 2 enemies
uniform vec4 danger3;       // 3 and more
uniform vec4 markedColour;  // rgb used

const int kGlyphCell = 7;  // atlas texels per glyph (5 + border)

// Ink of digit d with its top-left at p = 0, scale pixels per font texel.
float digitInk(int d, vec2 p, float scale) {
  ivec2 t = ivec2(floor(p / scale));
  if (t.x < 0 || t.y < 0 || t.x >= 5 || t.y >= 7) return 0.0;
  return texelFetch(font, ivec2(d * kGlyphCell + 1 + t.x, 1 + t.y), 0).r;
}

// `value` (0..255) right-aligned so that its last digit ends at p.x = 0, its top at p.y = 0.
float numberInk(int value, vec2 p, float scale) {
  float ink = 0.0;
  int digits = value >= 100 ? 3 : (value >= 10 ? 2 : 1);
  int rest = value;
  for (int i = 0; i < 3; ++i) {
    if (i >= digits) break;
    int d = int(mod(float(rest), 10.0));
    rest /= 10;
    ink = max(ink, digitInk(d, p + vec2(float(i + 1) * 6.0 * scale - scale, 0.0), scale));
  }
  return ink;
}

void main() {
  ivec2 local = ivec2(floor(vec2(gl_FragCoord.x, viewportHeight - gl_FragCoord.y))) - boardOrigin;
  ivec2 cell = boardCell(gridLayout, local, cellSize);
  if (gridLayout != 0 && (any(lessThan(cell, ivec2(0))) || any(greaterThanEqual(cell, mapSize)))) {
    discard;
  }
  cell = clamp(cell, ivec2(0), mapSize - 1);
  ivec2 inCell = local - cellBox(gridLayout, cell, cellSize);
  float edge = gridLayout == 0
      ? float(min(min(inCell.x, inCell.y), min(cellSize - 1 - inCell.x, cellSize - 1 - inCell.y)))
      : insideDistance(gridLayout, vec2(inCell) + 0.5, float(cellSize)) - 0.5;

  // The counts as whole numbers again: byte / 255 back to the byte.
  float count = showCounts ? floor(texelFetch(counts, cell, 0).r * 255.0 + 0.5) : 0.0;
  float markedCount = showMarked ? floor(texelFetch(marked, cell, 0).r * 255.0 + 0.5) : 0.0;
  vec4 c = vec4(0.0);
  if (count > 0.5) {
    c = count > 2.5 ? danger3 : (count > 1.5 ? danger2 : danger1);
    if (countDigits) {
      // White digits on a dark shadow, their bottom-right corner 3 pixels in from the cell's.
      float scale = max(1.0, floor(float(cellSize) / 22.0));
      // A hexagon's box corner lies outside it: there the corner is the lower right edge's.
      float size = float(cellSize);
      vec2 corner = gridLayout == 0 ? vec2(size - 3.0)
                  : (gridTurned(gridLayout) ? vec2(0.75 * size - 3.0, size - 3.0)
                                            : vec2(size - 3.0, 0.75 * size - 3.0));
      vec2 at = vec2(inCell) - vec2(corner.x, corner.y - 7.0 * scale);
      float shadow = numberInk(int(count), at - vec2(scale), scale);
      float ink = numberInk(int(count), at, scale);
      c = mix(c, vec4(0.0, 0.0, 0.0, 0.75), shadow);
      c = mix(c, vec4(1.0), ink);
    }
  }
  if (markedCount > 0.5) {
    float rim = 1.0 - smoothstep(1.5, 3.0, edge);
    float stripe = step(0.5, fract(float(local.x - local.y) / max(6.0, float(cellSize) / 3.0)));
    float alpha = max(rim * 0.9, 0.18 + 0.22 * stripe);
    c = vec4(mix(c.rgb, markedColour.rgb, alpha / max(alpha, c.a + 0.001)), max(c.a, alpha));
  }
  colour = c;
}
