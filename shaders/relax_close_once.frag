// The blog's relaxation rule, for the bench only (it is wrong with weighted costs, SPEC §2): a
// cell is closed the first pass a reached neighbour makes it affordable and never changes again.
// Written like relax.frag (unrolled, no dynamic indexing, neighbours compared before any cost is
// added), so the bench prices only the rule.
#include "state.glsl"
#include "rules.glsl"

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

  float through = reachedCost(ivec2(cell.x, max(cell.y - 1, 0)));
  int parent = 26;
  float down = reachedCost(ivec2(cell.x, min(cell.y + 1, mapSize.y - 1)));
  if (down < through) { through = down; parent = 77; }
  float left = reachedCost(ivec2(max(cell.x - 1, 0), cell.y));
  if (left < through) { through = left; parent = 128; }
  float right = reachedCost(ivec2(min(cell.x + 1, mapSize.x - 1), cell.y));
  if (right < through) { through = right; parent = 178; }

  // Affordable, or the start's neighbour (only the start costs 0).
  int total = byteOf(through) + entry;
  if (through <= 1.0 && (total <= moveRange || through == 0.0)) {
    nextState = storedBytes(ivec4(grey, 255, total, parent));
    gl_FragDepth = kChangedDepth;
  }
}
