#version 330 core
// The blog's relaxation rule, for the bench only (it is wrong with weighted costs, SPEC §2): a
// cell is closed the first pass a reached neighbour makes it affordable and never changes again.
// Everything else matches relax.frag, so the bench can price the exact rule against it.
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
  if (entry == 0 || enemy || isReached(self)) return;  // closed for good

  int best = 1 << 30;
  int parent = -1;
  for (int d = 0; d < 4; ++d) {
    ivec2 from = cell + kStep[d];
    if (!insideMap(from, mapSize)) continue;
    vec4 neighbour = texelFetch(state, from, 0);
    if (!isReached(neighbour)) continue;
    int total = travelCost(neighbour) + entry;
    if (total > moveRange && from != unit) continue;
    if (total < best) {
      best = total;
      parent = d;
    }
  }
  if (parent >= 0) {
    nextState = storedBytes(ivec4(byteOf(self.r), 255, best, kDirectionByte[parent]));
  }
}
