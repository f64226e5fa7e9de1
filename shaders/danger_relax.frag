// One synchronous relaxation pass for every enemy at once (SPEC §2, as relax.frag), each in its
// atlas window: a cell takes the cheapest of its own cost and a reached neighbour's plus its own
// entry cost; the one-step rule lets the start's neighbours in at any cost, but nothing beyond
// them. The start is reached at cost 0 whatever its texel says (the atlas starts cleared).
#include "danger.glsl"
#include "rules.glsl"
#include "topology.glsl"

uniform usampler2D travelIn;  // the atlas
uniform usampler2D rules;     // the rules atlas
layout(location = 0) out uint travel;

// What the neighbour at `offset` offers this cell: its travel cost plus the entry cost, or a
// cost no cell can have when it cannot lead here. Cells outside the window are never reached.
int offer(ivec2 cell, ivec2 offset, int entry) {
  ivec2 from = cell + offset;
  if (!insideWindow(from)) return 1 << 30;
  bool start = from == enemyCell();
  uint neighbour = start ? 1u : texelFetch(travelIn, atlasTexel(from), 0).r;
  // Not reached, or reached but leading nowhere (beyond the range, or halted by the rules).
  if (neighbour == 0u || (neighbour & kTravelHalted) != 0u) return 1 << 30;
  int through = int(neighbour) - 1;
  int total = through + entry;
  // A path goes on within the move only; the start's neighbours are reached at any cost.
  return total <= enemy.z || start ? total : 1 << 30;
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 cell = texel - atlasShift;
  if (cell == enemyCell()) {
    travel = 1u;
    return;
  }
  uint self = texelFetch(travelIn, texel, 0).r;
  travel = self;
  uint rule = texelFetch(rules, texel, 0).r;
  int entry = ruleEntryCost(rule);
  if (entry == 0) return;

  // Every neighbour of the grid (topology.glsl); only costs are kept, so the order is free.
  int best = 1 << 30;
  int parity = cellParity(cell);
  for (int k = 0; k < kNeighbourCount; ++k) {
    best = min(best, offer(cell, neighbourOffset(parity, k), entry));
  }
  int own = self > 0u ? int(self & kTravelCostMask) - 1 : 1 << 30;
  if (best < own) {
    bool goesOn = best <= enemy.z && ruleContinues(rule);
    travel = uint(best + 1) | (goesOn ? 0u : kTravelHalted);
  }
}
