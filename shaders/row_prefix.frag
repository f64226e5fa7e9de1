// One doubling step of a prefix sum along each row (offset 1, 2, 4, ...): afterwards every texel
// holds the number of stopping cells from the box's first column up to its own. On hex-x the
// sums run along each column instead (attack.frag says why).
#include "topology.glsl"

uniform usampler2D counts;
uniform int offset;
uniform int firstAlong;  // the box's first column (its first row on hex-x)
layout(location = 0) out uint prefix;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  ivec2 step = kColumnsStaggered ? ivec2(0, offset) : ivec2(offset, 0);
  int along = kColumnsStaggered ? cell.y : cell.x;
  uint sum = texelFetch(counts, cell, 0).r;
  if (along - offset >= firstAlong) sum += texelFetch(counts, cell - step, 0).r;
  prefix = sum;
}
