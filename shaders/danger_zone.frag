// The danger zone on the board (SPEC §7), under the selected unit's range: every cell an enemy
// threatens in crimson, stronger the more enemies threaten it, straight from the batched
// solver's R8 count texture; the marked enemies' threat as a bright rose rim with stripes
// the other way from the attack hatching, so it reads apart from the danger zone and from every
// team's range colours.

layout(location = 0) out vec4 colour;

uniform sampler2D counts;   // R8: enemies threatening each cell / 255, texel row 0 = the top row
uniform sampler2D marked;   // R8: marked enemies threatening each cell / 255
uniform bool showCounts;
uniform bool showMarked;
uniform ivec2 boardOrigin;  // top-left pixel of the board, y down
uniform int cellSize;       // pixels
uniform ivec2 mapSize;      // cells
uniform float viewportHeight;
uniform vec4 dangerColour;  // rgb used
uniform vec4 markedColour;  // rgb used

void main() {
  ivec2 local = ivec2(floor(vec2(gl_FragCoord.x, viewportHeight - gl_FragCoord.y))) - boardOrigin;
  ivec2 cell = clamp(ivec2(floor(vec2(local) / float(cellSize))), ivec2(0), mapSize - 1);
  ivec2 inCell = local - cell * cellSize;
  float edge = float(min(min(inCell.x, inCell.y), min(cellSize - 1 - inCell.x, cellSize - 1 - inCell.y)));

  // The counts as whole numbers again: byte / 255 back to the byte.
  float count = showCounts ? floor(texelFetch(counts, cell, 0).r * 255.0 + 0.5) : 0.0;
  float markedCount = showMarked ? floor(texelFetch(marked, cell, 0).r * 255.0 + 0.5) : 0.0;
  // One enemy: a clear wash; each more darkens it, up to five and beyond.
  float strength = count > 0.5 ? 0.36 + 0.1 * min(count - 1.0, 4.0) : 0.0;
  vec4 c = vec4(dangerColour.rgb, strength);
  if (markedCount > 0.5) {
    float rim = 1.0 - smoothstep(1.5, 3.0, edge);
    float stripe = step(0.5, fract(float(local.x - local.y) / max(6.0, float(cellSize) / 3.0)));
    float alpha = max(rim * 0.9, 0.18 + 0.22 * stripe);
    c = vec4(mix(c.rgb, markedColour.rgb, alpha / max(alpha, c.a + 0.001)), max(c.a, alpha));
  }
  colour = c;
}
