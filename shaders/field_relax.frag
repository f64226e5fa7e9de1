// One synchronous relaxation pass of the distance field (SPEC §10): every cell the movement
// class can enter takes the cheapest of its own cost and a reached neighbour's cost plus its
// own entry cost. No range cap and no one-step rule; sources and blocked cells never change.
#include "field.glsl"

uniform usampler2D field;
uniform usampler2D terrain;    // R8UI terrain class 0..4, fixed for the map
uniform usampler2D occupants;  // R8UI source and blocker bits
uniform int terrainCost[5];    // the movement class; 0 = impassable
uniform ivec2 mapSize;
layout(location = 0) out uint nextCost;

const ivec2 kStep[4] = ivec2[4](ivec2(0, -1), ivec2(0, 1), ivec2(-1, 0), ivec2(1, 0));

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  uint self = texelFetch(field, cell, 0).r;
  nextCost = self;

  uint occupant = texelFetch(occupants, cell, 0).r;
  int entry = terrainCost[texelFetch(terrain, cell, 0).r];
  if (entry == 0 || occupant != 0u) return;

  uint best = self;
  for (int d = 0; d < 4; ++d) {
    ivec2 from = cell + kStep[d];
    if (!insideMap(from, mapSize)) continue;
    uint through = texelFetch(field, from, 0).r;
    if (through != kUnreached) best = min(best, through + uint(entry));
  }
  nextCost = best;
}
