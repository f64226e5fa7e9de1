// One step of a prefix sum along every row of every window, sixteen terms at a time (stride 1,
// 16, 256, ...): afterwards a texel holds its enemy's stopping cells from the window's first
// column up to its own. A window up to 16 cells wide needs one pass, up to 256 two.
#include "danger.glsl"

uniform usampler2D counts;
uniform int stride;
layout(location = 0) out uint prefix;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int firstColumn = window.x + atlasShift.x;
  uint sum = 0u;
  for (int term = 0; term < 16; ++term) {
    int x = texel.x - term * stride;
    if (x < firstColumn) break;
    sum += texelFetch(counts, ivec2(x, texel.y), 0).r;
  }
  prefix = sum;
}
