// Seeds the attack passes: 1 on every stopping cell (reached and not an ally's), else 0.
#include "state.glsl"

uniform sampler2D state;
uniform usampler2D occupants;
layout(location = 0) out uint origins;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  bool ally = texelFetch(occupants, cell, 0).r == kOccupantAlly;
  origins = isReached(texelFetch(state, cell, 0)) && !ally ? 1u : 0u;
}
