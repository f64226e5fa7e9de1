// Each enemy's stopping cells as 1s, in its window: reached and the rules let it stop there, or
// its own start. An enemy's final costs are in the travel texture its last pass wrote.
#include "danger.glsl"
#include "rules.glsl"

uniform usampler2D travel0;
uniform usampler2D travel1;
uniform usampler2D rules;  // the rules atlas
layout(location = 0) out uint origins;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 cell = texel - atlasShift;
  bool start = cell == enemyCell();
  uint travel = enemy.w == 0 ? texelFetch(travel0, texel, 0).r : texelFetch(travel1, texel, 0).r;
  bool mayStop = ruleMayStop(texelFetch(rules, texel, 0).r);
  origins = start || (travel != 0u && mayStop) ? 1u : 0u;
}
