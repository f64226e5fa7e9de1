#version 330 core
// The blog's relaxation rule, for the bench only (it is wrong with weighted costs, SPEC §2): a
// cell is closed the first pass a reached neighbour makes it affordable and never changes again.
// Written like relax.frag (unrolled, no dynamic indexing), so the bench prices only the rule.
#include "state.glsl"

uniform sampler2D state;
uniform usampler2D occupants;  // R8UI: 0 free, 1 ally, 2 enemy
uniform int terrainCost[5];    // the movement class; 0 = impassable
uniform int moveRange;
uniform ivec2 unit;
uniform ivec2 mapSize;
out vec4 nextState;

int entryCost(int terrain) {
  return terrain == 0 ? terrainCost[0] : terrain == 1 ? terrainCost[1] : terrain == 2 ? terrainCost[2]
       : terrain == 3 ? terrainCost[3] : terrainCost[4];
}

// The neighbour's cost plus the entry cost when it is reached and that is affordable.
int offer(ivec2 cell, ivec2 offset, int entry) {
  ivec2 from = cell + offset;
  if (!insideMap(from, mapSize)) return 1 << 30;
  vec4 neighbour = texelFetch(state, from, 0);
  int total = travelCost(neighbour) + entry;
  bool affordable = isReached(neighbour) && (total <= moveRange || from == unit);
  return affordable ? total : 1 << 30;
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  ivec4 bytes = bytesOf(self);
  nextState = storedBytes(bytes);

  int entry = entryCost(classOfByte(bytes.r));
  bool enemy = texelFetch(occupants, cell, 0).r == kOccupantEnemy;
  if (entry == 0 || enemy || bytes.g >= kReachedMin) return;  // closed for good

  int up = offer(cell, ivec2(0, -1), entry);
  int down = offer(cell, ivec2(0, 1), entry);
  int left = offer(cell, ivec2(-1, 0), entry);
  int right = offer(cell, ivec2(1, 0), entry);
  int best = 1 << 30;
  int parent = 255;
  if (up < best) { best = up; parent = 26; }
  if (down < best) { best = down; parent = 77; }
  if (left < best) { best = left; parent = 128; }
  if (right < best) { best = right; parent = 178; }
  if (parent != 255) nextState = storedBytes(ivec4(bytes.r, 255, best, parent));
}
