#version 330 core
// One synchronous relaxation pass of the reverse Dijkstra (SPEC §2). Every cell takes the
// cheapest of its own cost and a reached neighbour's cost plus its own entry cost. Nothing is
// ever closed: a later pass may still lower a cost, which is what makes R passes exact. A parent
// changes only on a strict improvement, neighbours tried up, down, left, right.
#include "state.glsl"

uniform sampler2D state;
uniform usampler2D occupants;  // R8UI: 0 free, 1 ally, 2 enemy
uniform int terrainCost[5];    // the movement class; 0 = impassable
uniform int moveRange;
uniform ivec2 unit;
uniform ivec2 mapSize;
out vec4 nextState;

const ivec2 kStep[4] = ivec2[4](ivec2(0, -1), ivec2(0, 1), ivec2(-1, 0), ivec2(1, 0));
const int kDirectionByte[4] = int[4](26, 77, 128, 178);

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  nextState = storedBytes(bytesOf(self));

  int entry = terrainCost[terrainClass(self)];
  bool enemy = texelFetch(occupants, cell, 0).r == kOccupantEnemy;
  if (entry == 0 || enemy || cell == unit) return;

  int best = isReached(self) ? travelCost(self) : 1 << 30;
  int parent = -1;
  for (int d = 0; d < 4; ++d) {
    ivec2 from = cell + kStep[d];
    if (!insideMap(from, mapSize)) continue;
    vec4 neighbour = texelFetch(state, from, 0);
    if (!isReached(neighbour)) continue;
    int through = travelCost(neighbour);
    if (through > moveRange) continue;  // a one-step cell beyond the range leads nowhere
    int total = through + entry;
    if (total > moveRange && from != unit) continue;  // one-step rule: only from the start
    if (total < best) {
      best = total;
      parent = d;
    }
  }
  if (parent >= 0) {
    nextState = storedBytes(ivec4(byteOf(self.r), 255, best, kDirectionByte[parent]));
  }
}
