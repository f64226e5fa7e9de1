// A batch's stopping cells as 1s, in each query's move window: reached, and the rules let the
// mover stop there. A query's final state is in the state atlas its last pass wrote (`final`).
#include "state.glsl"
#include "batch.glsl"
#include "rules.glsl"

uniform sampler2D state0;
uniform sampler2D state1;
uniform usampler2D rules;
uniform int passesRun;
layout(location = 0) out uint origins;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  bool inOne = (min(moveRange(), passesRun) & 1) == 1;
  vec4 self = inOne ? texelFetch(state1, texel, 0) : texelFetch(state0, texel, 0);
  origins = isReached(self) && ruleMayStop(texelFetch(rules, texel, 0).r) ? 1u : 0u;
}
