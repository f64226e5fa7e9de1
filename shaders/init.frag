// Resets the state before a solve: the map's grey in R, only the unit's cell reached at cost 0,
// no parents anywhere.
#include "state.glsl"

uniform sampler2D map;  // R8, the map's grey values
uniform ivec2 unit;
layout(location = 0) out vec4 state;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  int grey = byteOf(texelFetch(map, cell, 0).r);
  state = storedBytes(ivec4(grey, cell == unit ? 255 : 0, 0, 255));
}
