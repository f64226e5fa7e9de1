#version 330 core
// One synchronous relaxation pass for every enemy at once (SPEC §2, as relax.frag): a cell takes
// the cheapest of its own cost and a reached neighbour's plus its own entry cost; the one-step
// rule lets the start's neighbours in at any cost, but nothing beyond them.
#include "danger.glsl"

uniform usampler2DArray travelIn;
uniform usampler2D terrain;    // R8UI terrain class 0..4
uniform usampler2D occupants;  // R8UI: 0 free, 1 crossable, 2 blocking
flat in int layer;
out uint travel;

const ivec2 kStep[4] = ivec2[4](ivec2(0, -1), ivec2(0, 1), ivec2(-1, 0), ivec2(1, 0));

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  uint self = texelFetch(travelIn, ivec3(cell, layer), 0).r;
  travel = self;

  ivec2 start = enemyCell(layer);
  int moveRange = enemyValue(layer, kEnemyMove);
  int entry = enemyValue(layer, kEnemyCosts + int(texelFetch(terrain, cell, 0).r));
  bool blocked = texelFetch(occupants, cell, 0).r == kOccupantBlocking;
  if (moveRange == 0 || entry == 0 || blocked || cell == start) return;

  int best = self > 0u ? int(self) - 1 : 1 << 30;
  for (int d = 0; d < 4; ++d) {
    ivec2 from = cell + kStep[d];
    if (!insideMap(from)) continue;
    uint neighbour = texelFetch(travelIn, ivec3(from, layer), 0).r;
    if (neighbour == 0u) continue;
    int through = int(neighbour) - 1;
    if (through > moveRange) continue;  // a one-step cell beyond the range leads nowhere
    int total = through + entry;
    if (total > moveRange && from != start) continue;
    best = min(best, total);
  }
  if (best < (1 << 30)) travel = uint(best + 1);
}
