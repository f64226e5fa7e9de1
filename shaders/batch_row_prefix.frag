// One step of a prefix sum along every row of every query's move window, sixteen terms at a
// time (stride 1, 16, 256, ...): afterwards a texel holds the stopping cells from its window's
// first column up to its own. On hex-x the sums run along columns (attack.frag says why).
#include "state.glsl"
#include "batch.glsl"
#include "topology.glsl"

uniform usampler2D counts;
uniform int stride;
layout(location = 0) out uint prefix;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 first = moveWindow.xy + atlasShift;
  int firstAlong = kColumnsStaggered ? first.y : first.x;
  int along = kColumnsStaggered ? texel.y : texel.x;
  uint sum = 0u;
  for (int term = 0; term < 16; ++term) {
    int at = along - term * stride;
    if (at < firstAlong) break;
    sum += texelFetch(counts, kColumnsStaggered ? ivec2(texel.x, at) : ivec2(at, texel.y), 0).r;
  }
  prefix = sum;
}
