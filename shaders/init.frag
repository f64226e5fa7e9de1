#version 330 core
// Resets the state before a solve: the map's grey in R, only the unit's cell reached at cost 0,
// no parents anywhere.
uniform sampler2D map;  // R8, the map's grey values
uniform ivec2 unit;
out vec4 state;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  float grey = texelFetch(map, cell, 0).r;
  float reached = cell == unit ? 1.0 : 0.0;
  state = vec4(grey, reached, 0.0, 1.0);
}
