#version 330 core
// Before the first pass: each enemy stands on its own cell at travel cost 0, nothing else reached.
#include "danger.glsl"

flat in int layer;
out uint travel;

void main() {
  travel = ivec2(gl_FragCoord.xy) == enemyCell(layer) ? 1u : 0u;
}
