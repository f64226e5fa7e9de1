// Seeds the attack passes: 1 on every stopping cell (reached, and the rules let the mover stop
// there), else 0.
#include "state.glsl"
#include "rules.glsl"

uniform sampler2D state;
uniform usampler2D rules;  // R8UI, this solve's rule bytes
layout(location = 0) out uint origins;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  bool mayStop = ruleMayStop(texelFetch(rules, cell, 0).r);
  origins = isReached(texelFetch(state, cell, 0)) && mayStop ? 1u : 0u;
}
