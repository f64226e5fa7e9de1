// One synchronous relaxation pass of the distance field (SPEC §10): every cell the rules let the
// class enter takes the cheapest of its own cost and a reached neighbour's cost plus its own
// entry cost. No range cap and no one-step rule; a source costs 0 and never changes, and a cell
// the rules close (entry 0: the class cannot enter it, or a unit blocks it) is never reached.
#include "field.glsl"
#include "rules.glsl"
#include "topology.glsl"

uniform usampler2D field;
uniform usampler2D rules;  // R8UI, the rules seam's bytes for this field's class
uniform ivec2 mapSize;
layout(location = 0) out uint nextCost;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  uint self = texelFetch(field, cell, 0).r;
  nextCost = self;

  int entry = ruleEntryCost(texelFetch(rules, cell, 0).r);
  if (entry == 0) return;

  uint best = self;
  int parity = cellParity(cell);
  for (int k = 0; k < kNeighbourCount; ++k) {
    ivec2 from = cell + neighbourOffset(parity, k);
    if (!insideMap(from, mapSize)) continue;
    uint through = texelFetch(field, from, 0).r;
    if (through != kUnreached) best = min(best, through + uint(entry));
  }
  nextCost = best;
}
