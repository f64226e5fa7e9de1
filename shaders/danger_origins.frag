#version 330 core
// Each enemy's stopping cells as 1s: reached and free, or its own start.
#include "danger.glsl"

uniform usampler2DArray travelIn;
uniform usampler2D occupants;
flat in int layer;
out uint origins;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  bool reached = texelFetch(travelIn, ivec3(cell, layer), 0).r != 0u;
  bool free = texelFetch(occupants, cell, 0).r == 0u || cell == enemyCell(layer);
  origins = reached && free ? 1u : 0u;
}
