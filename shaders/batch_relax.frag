// One synchronous relaxation pass for every query of a batch at once (SPEC §2, as relax.frag),
// each in its window: a cell takes the cheapest of its own cost and a reached neighbour's cost
// plus its own entry cost; the parent changes only on a strict improvement, neighbours tried in
// the grid's order (topology.glsl); cells outside the query's move window are never reached. R keeps the pass
// that last lowered the cost (batch.glsl), and depth marks the cells this pass changed.
#include "state.glsl"
#include "batch.glsl"
#include "rules.glsl"
#include "topology.glsl"

uniform sampler2D state;
uniform usampler2D rules;  // the rules atlas: each query's rule bytes in its window
uniform int pass;
layout(location = 0) out vec4 nextState;

// A neighbour's stored cost (byte / 255), or 2.0 when it is outside the move window, not
// reached, or travel does not continue through it.
float reachedCost(ivec2 from) {
  vec4 neighbour = texelFetch(state, atlasTexel(clamp(from, moveWindow.xy, moveWindow.zw)), 0);
  return inMoveWindow(from) && neighbour.g >= kLeadsOnMinNormalized ? neighbour.b : 2.0;
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 cell = texel - atlasShift;
  vec4 self = texelFetch(state, texel, 0);
  nextState = storedNormalized(self);
  gl_FragDepth = kUnchangedDepth;

  uint rule = texelFetch(rules, texel, 0).r;
  int entry = ruleEntryCost(rule);
  if (entry == 0) return;

  // A neighbour outside the window offers nothing (reachedCost), so clamping never lends a
  // hex step another neighbour's cost.
  int parity = cellParity(cell);
  float through = 2.0;
  int parent = 255;
  for (int k = 0; k < kNeighbourCount; ++k) {
    float offer = reachedCost(cell + neighbourOffset(parity, k));
    if (offer < through) { through = offer; parent = parentByte(k); }
  }

  int total = byteOf(through) + entry;
  int own = self.g >= kReachedMinNormalized ? byteOf(self.b) : 1 << 30;
  bool leads = through <= 1.0 && (total <= moveRange() || through == 0.0);
  if (leads && total < own) {
    bool goesOn = total <= moveRange() && ruleContinues(rule);
    nextState = storedBytes(ivec4(pass, goesOn ? 255 : kReachedHalted, total, parent));
    gl_FragDepth = kChangedDepth;
  }
}
