// Starts a distance field: the sources cost 0, no other cell is reached yet.
#include "field.glsl"

uniform usampler2D occupants;
layout(location = 0) out uint cost;

void main() {
  uint occupant = texelFetch(occupants, ivec2(gl_FragCoord.xy), 0).r;
  cost = (occupant & kSourceBit) != 0u ? 0u : kUnreached;
}
