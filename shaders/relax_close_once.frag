// The blog's relaxation rule, for the bench only (it is wrong with weighted costs, SPEC §2): a
// cell is closed the first pass a reached neighbour makes it affordable and never changes again.
// Written like relax.frag (unrolled, no dynamic indexing, neighbours compared before any cost is
// added), so the bench prices only the rule.
#include "state.glsl"
#include "rules.glsl"
#include "topology.glsl"

uniform sampler2D state;
uniform usampler2D rules;  // R8UI, this solve's rule bytes
uniform int moveRange;
uniform ivec2 mapSize;
layout(location = 0) out vec4 nextState;

// A neighbour's travel cost as stored (byte / 255), or 2.0 when unreached; beyond the map edge
// the cell itself, which is not reached when this rule still looks at it.
float reachedCost(ivec2 from) {
  vec4 neighbour = texelFetch(state, from, 0);
  return neighbour.g >= kReachedMinNormalized ? neighbour.b : 2.0;
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  nextState = storedNormalized(self);
  gl_FragDepth = kUnchangedDepth;

  int grey = byteOf(self.r);
  int entry = ruleEntryCost(texelFetch(rules, cell, 0).r);
  if (entry == 0 || self.g >= kReachedMinNormalized) return;  // closed for good

  // Neighbours in the grid's order; on a hex board one outside the map offers nothing (a
  // clamped hex step may land on another neighbour).
  int parity = cellParity(cell);
  float through = 2.0;
  int parent = 255;
  for (int k = 0; k < kNeighbourCount; ++k) {
    ivec2 from = cell + neighbourOffset(parity, k);
    float offer = reachedCost(clamp(from, ivec2(0), mapSize - 1));
    if (kHexGrid && !insideMap(from, mapSize)) offer = 2.0;
    if (offer < through) { through = offer; parent = parentByte(k); }
  }

  // Affordable, or the start's neighbour (only the start costs 0).
  int total = byteOf(through) + entry;
  if (through <= 1.0 && (total <= moveRange || through == 0.0)) {
    nextState = storedBytes(ivec4(grey, 255, total, parent));
    gl_FragDepth = kChangedDepth;
  }
}
