#version 330 core
// One synchronous relaxation pass of the reverse Dijkstra (SPEC §2). Every cell takes the
// cheapest of its own cost and a reached neighbour's cost plus its own entry cost. Nothing is
// ever closed: a later pass may still lower a cost, which is what makes R passes exact. A parent
// changes only on a strict improvement, neighbours tried up, down, left, right.
//
// Written for software rasterizers too: the four neighbours are unrolled and the cost table is
// read with selects, never a dynamically indexed array (which llvmpipe turns into per-lane loads).
#include "state.glsl"

uniform sampler2D state;
uniform usampler2D occupants;  // R8UI: 0 free, 1 ally, 2 enemy
uniform int terrainCost[5];    // the movement class; 0 = impassable
uniform int moveRange;
uniform ivec2 unit;
uniform ivec2 mapSize;
out vec4 nextState;

// The cost of entering a cell of this terrain class (0 = impassable).
int entryCost(int terrain) {
  return terrain == 0 ? terrainCost[0] : terrain == 1 ? terrainCost[1] : terrain == 2 ? terrainCost[2]
       : terrain == 3 ? terrainCost[3] : terrainCost[4];
}

// What the neighbour at `offset` offers this cell: its travel cost plus the entry cost, or a
// cost no cell can have when it cannot lead here.
int offer(ivec2 cell, ivec2 offset, int entry) {
  ivec2 from = cell + offset;
  if (!insideMap(from, mapSize)) return 1 << 30;
  vec4 neighbour = texelFetch(state, from, 0);
  int through = travelCost(neighbour);
  int total = through + entry;
  // Unreached, a one-step cell beyond the range (it leads nowhere), or too dear unless it is the
  // start (the one-step rule).
  bool leads = isReached(neighbour) && through <= moveRange && (total <= moveRange || from == unit);
  return leads ? total : 1 << 30;
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  ivec4 bytes = bytesOf(self);
  nextState = storedBytes(bytes);

  int entry = entryCost(classOfByte(bytes.r));
  bool enemy = texelFetch(occupants, cell, 0).r == kOccupantEnemy;
  if (entry == 0 || enemy || cell == unit) return;

  int up = offer(cell, ivec2(0, -1), entry);
  int down = offer(cell, ivec2(0, 1), entry);
  int left = offer(cell, ivec2(-1, 0), entry);
  int right = offer(cell, ivec2(1, 0), entry);
  // Strictly cheaper than the cell's own cost; on ties the first in the order up, down, left, right.
  int best = bytes.g >= kReachedMin ? bytes.b : 1 << 30;
  int parent = 255;
  if (up < best) { best = up; parent = 26; }
  if (down < best) { best = down; parent = 77; }
  if (left < best) { best = left; parent = 128; }
  if (right < best) { best = right; parent = 178; }
  if (parent != 255) nextState = storedBytes(ivec4(bytes.r, 255, best, parent));
}
