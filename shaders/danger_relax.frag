// One synchronous relaxation pass for every enemy at once (SPEC §2, as relax.frag), each in its
// atlas window: a cell takes the cheapest of its own cost and a reached neighbour's plus its own
// entry cost; the one-step rule lets the start's neighbours in at any cost, but nothing beyond
// them. The start is reached at cost 0 whatever its texel says (the atlas starts cleared).
#include "danger.glsl"

uniform usampler2D travelIn;   // the atlas
uniform usampler2D terrain;    // R8UI terrain class 0..4, map-sized
uniform usampler2D occupants;  // R8UI: 0 free, 1 crossable, 2 blocking, map-sized
layout(location = 0) out uint travel;

// What the neighbour at `offset` offers this cell: its travel cost plus the entry cost, or a
// cost no cell can have when it cannot lead here. Cells outside the window are never reached.
int offer(ivec2 cell, ivec2 offset, int entry) {
  ivec2 from = cell + offset;
  if (!insideWindow(from)) return 1 << 30;
  bool start = from == enemyCell();
  uint neighbour = start ? 1u : texelFetch(travelIn, atlasTexel(from), 0).r;
  if (neighbour == 0u) return 1 << 30;
  int through = int(neighbour) - 1;
  int total = through + entry;
  // A one-step cell beyond the range leads nowhere; too dear unless it is the start.
  bool leads = through <= enemy.z && (total <= enemy.z || start);
  return leads ? total : 1 << 30;
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
  int entry = entryCost(int(texelFetch(terrain, cell, 0).r));
  bool blocked = texelFetch(occupants, cell, 0).r == kOccupantBlocking;
  if (entry == 0 || blocked) return;

  int best = self > 0u ? int(self) - 1 : 1 << 30;
  best = min(best, offer(cell, ivec2(0, -1), entry));
  best = min(best, offer(cell, ivec2(0, 1), entry));
  best = min(best, offer(cell, ivec2(-1, 0), entry));
  best = min(best, offer(cell, ivec2(1, 0), entry));
  if (best < (1 << 30)) travel = uint(best + 1);
}
