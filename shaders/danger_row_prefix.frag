// One step of a prefix sum along every row of every window, sixteen terms at a time (stride 1,
// 16, 256, ...): afterwards a texel holds its enemy's stopping cells from the window's first
// column up to its own. A window up to 16 cells wide needs one pass, up to 256 two. On hex-x the
// sums run along columns (attack.frag says why).
#include "danger.glsl"
#include "topology.glsl"

uniform usampler2D counts;
uniform int stride;
layout(location = 0) out uint prefix;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 first = window.xy + atlasShift;
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
