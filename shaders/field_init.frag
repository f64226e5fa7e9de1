// Starts a distance field: the sources cost 0, no other cell is reached yet.
#include "field.glsl"

uniform usampler2D sources;  // R8UI, kSourceBit where a source stands
layout(location = 0) out uint cost;

void main() {
  uint source = texelFetch(sources, ivec2(gl_FragCoord.xy), 0).r;
  cost = (source & kSourceBit) != 0u ? 0u : kUnreached;
}
