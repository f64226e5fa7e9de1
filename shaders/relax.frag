// One synchronous relaxation pass of the reverse Dijkstra (SPEC §2). Every cell takes the
// cheapest of its own cost and a reached neighbour's cost plus its own entry cost. Nothing is
// ever closed: a later pass may still lower a cost, which is what makes R passes exact. A parent
// changes only on a strict improvement, neighbours tried in the grid's order (topology.glsl).
//
// Written for software rasterizers (llvmpipe runs 8 fragments per SIMD lane group, a fetch is a
// gather, a branch costs both sides): the neighbours are unrolled (the layout is a constant), the entry cost is one
// byte the rules seam baked for this solve (rules.glsl), and the neighbours are compared before
// any cost is added. The entry cost is the same whichever neighbour the path comes from, so the
// cheapest offer is the cheapest neighbour's cost plus it, among the neighbours that lead on.
#include "state.glsl"
#include "rules.glsl"
#include "topology.glsl"

uniform sampler2D state;
uniform usampler2D rules;  // R8UI, this solve's rule bytes

uniform int moveRange;
uniform ivec2 mapSize;
layout(location = 0) out vec4 nextState;

// A neighbour's travel cost as stored (byte / 255), or 2.0 (above every cost) when it is not
// reached or travel does not continue through it.
// On a square board the caller clamps the one coordinate a step changes: a neighbour beyond the
// map edge is then the cell itself, whose own cost plus an entry cost of at least 1 never beats
// its own cost, so no bounds test is needed.
float reachedCost(ivec2 from) {
  vec4 neighbour = texelFetch(state, from, 0);
  return neighbour.g >= kLeadsOnMinNormalized ? neighbour.b : 2.0;
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  nextState = storedNormalized(self);
  gl_FragDepth = kUnchangedDepth;

  int grey = byteOf(self.r);
  uint rule = texelFetch(rules, cell, 0).r;
  int entry = ruleEntryCost(rule);
  if (entry == 0) return;

  // The cheapest reached neighbour; on ties the first in the grid's order (topology.glsl). The
  // neighbour's coordinates are clamped to the map: on a square board the one coordinate a step
  // changes, so beyond the edge lies the cell itself (see reachedCost); a hex step may change
  // both, and the clamped cell could be another neighbour, so there a neighbour outside the map
  // offers nothing.
  int parity = cellParity(cell);
  float through = 2.0;
  int parent = 255;
  for (int k = 0; k < kNeighbourCount; ++k) {
    ivec2 from = cell + neighbourOffset(parity, k);
    float offer = reachedCost(clamp(from, ivec2(0), mapSize - 1));
    if (kHexGrid && !insideMap(from, mapSize)) offer = 2.0;
    if (offer < through) { through = offer; parent = parentByte(k); }
  }

  // Only the start is reached at cost 0. A path may go on past a neighbour only within the
  // range (the one-step rule: the start's neighbours are reached whatever they cost), and it
  // must be strictly cheaper than the cell's own cost. A cell reached beyond the range, or one
  // the rules halt, leads nowhere.
  int total = byteOf(through) + entry;
  int own = self.g >= kReachedMinNormalized ? byteOf(self.b) : 1 << 30;
  bool leads = through <= 1.0 && (total <= moveRange || through == 0.0);
  if (leads && total < own) {
    bool goesOn = total <= moveRange && ruleContinues(rule);
    nextState = storedBytes(ivec4(grey, goesOn ? 255 : kReachedHalted, total, parent));
    gl_FragDepth = kChangedDepth;
  }
}
