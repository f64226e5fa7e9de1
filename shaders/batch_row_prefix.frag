// One step of a prefix sum along every row of every query's move window, sixteen terms at a
// time (stride 1, 16, 256, ...): afterwards a texel holds the stopping cells from its window's
// first column up to its own.
#include "state.glsl"
#include "batch.glsl"

uniform usampler2D counts;
uniform int stride;
layout(location = 0) out uint prefix;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int firstColumn = moveWindow.x + atlasShift.x;
  uint sum = 0u;
  for (int term = 0; term < 16; ++term) {
    int x = texel.x - term * stride;
    if (x < firstColumn) break;
    sum += texelFetch(counts, ivec2(x, texel.y), 0).r;
  }
  prefix = sum;
}
