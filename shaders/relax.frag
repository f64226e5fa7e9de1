// One synchronous relaxation pass of the reverse Dijkstra (SPEC §2). Every cell takes the
// cheapest of its own cost and a reached neighbour's cost plus its own entry cost. Nothing is
// ever closed: a later pass may still lower a cost, which is what makes R passes exact. A parent
// changes only on a strict improvement, neighbours tried up, down, left, right.
//
// Written for software rasterizers (llvmpipe runs 8 fragments per SIMD lane group, a fetch is a
// gather, a branch costs both sides): the four neighbours are unrolled, the entry cost is one
// byte the rules seam baked for this solve (rules.glsl), and the neighbours are compared before
// any cost is added. The entry cost is the same whichever neighbour the path comes from, so the
// cheapest offer is the cheapest neighbour's cost plus it, among the neighbours that lead on.
#include "state.glsl"
#include "rules.glsl"

uniform sampler2D state;
uniform usampler2D rules;  // R8UI, this solve's rule bytes

uniform int moveRange;
uniform ivec2 mapSize;
layout(location = 0) out vec4 nextState;

// A neighbour's travel cost as stored (byte / 255), or 2.0 (above every cost) when it is not
// reached or travel does not continue through it.
// The callers clamp the one coordinate a step changes: a neighbour beyond the map edge is then
// the cell itself, whose own cost plus an entry cost of at least 1 never beats its own cost, so
// no bounds test is needed.
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

  // The cheapest reached neighbour; on ties the first in the order up, down, left, right.
  float through = reachedCost(ivec2(cell.x, max(cell.y - 1, 0)));
  int parent = 26;
  float down = reachedCost(ivec2(cell.x, min(cell.y + 1, mapSize.y - 1)));
  if (down < through) { through = down; parent = 77; }
  float left = reachedCost(ivec2(max(cell.x - 1, 0), cell.y));
  if (left < through) { through = left; parent = 128; }
  float right = reachedCost(ivec2(min(cell.x + 1, mapSize.x - 1), cell.y));
  if (right < through) { through = right; parent = 178; }

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
