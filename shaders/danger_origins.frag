// Each enemy's stopping cells as 1s, in its window: reached and free, or its own start. An
// enemy's final costs are in the travel texture its last pass wrote.
#include "danger.glsl"

uniform usampler2D travel0;
uniform usampler2D travel1;
uniform usampler2D occupants;
layout(location = 0) out uint origins;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 cell = texel - atlasShift;
  bool start = cell == enemyCell();
  uint travel = enemy.w == 0 ? texelFetch(travel0, texel, 0).r : texelFetch(travel1, texel, 0).r;
  bool free = texelFetch(occupants, cell, 0).r == 0u;
  origins = start || (travel != 0u && free) ? 1u : 0u;
}
