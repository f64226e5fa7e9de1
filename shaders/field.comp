// The distance field (SPEC §10) for the compute backend, in tiled sweeps over a storage buffer.
//   phase 0 (init): one invocation per cell: sources cost 0, every other cell unreached; each
//     cell's entry cost from the rules seam's byte (0: no path enters it); a tile holding a
//     source is marked changed, the others quiet.
//   phase 1 (sweep): one workgroup per 8x8 tile. A tile runs only when it or one of its four
//     neighbour tiles (eight on a hex board, whose corner cells neighbour a diagonal tile's)
//     changed in the sweep before; it copies its cells and the ring around them
//     into shared memory and relaxes them round by round until a round changes nothing, then
//     writes back the cells that improved and says whether any did.
// Costs only ever go down, and every value written is the cost of a real path, so reading a
// neighbour tile's cell while another workgroup lowers it is harmless. A sweep in which no tile
// changes anything leaves every cell at the minimum over its neighbours: the exact field.
// Barriers sit in uniform control flow: a whole workgroup returns early or none of it does, and
// the round loop ends on a counter all invocations read after the same barrier.
#include "field.glsl"
#include "rules.glsl"
#include "topology.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
const int kTile = 8;
const int kRing = kTile + 2;  // the tile and one cell around it

uniform usampler2D rules;      // R8UI, the rules seam's bytes for this field's class
uniform usampler2D sources;    // R8UI, kSourceBit where a source stands
uniform ivec2 mapSize;
uniform int phase;             // 0 init, 1 sweep
uniform int readHalf;          // which half of tileChanged the sweep before wrote
uniform int slot;              // this sweep's counter in the batch

layout(std430, binding = 0) buffer Costs { uint cost[]; };
layout(std430, binding = 1) buffer Entries { uint entry[]; };
layout(std430, binding = 2) buffer TileChanged { uint tileChanged[]; };  // two halves
layout(std430, binding = 3) buffer Answer {
  uint changedTiles[8];  // per sweep of the batch: tiles that lowered some cell
  uint activeTiles;      // tiles that ran, over the whole solve
};

shared uint ring[kRing * kRing];
shared uint roundChanged[2];
shared uint tileImproved;

int cellIndex(ivec2 c) { return c.y * mapSize.x + c.x; }
int tileCount() { return int(gl_NumWorkGroups.x * gl_NumWorkGroups.y); }
int tileIndex(ivec2 t) { return t.y * int(gl_NumWorkGroups.x) + t.x; }

bool tileChangedBefore(ivec2 t) {
  if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, ivec2(gl_NumWorkGroups.xy)))) {
    return false;
  }
  return tileChanged[readHalf * tileCount() + tileIndex(t)] != 0u;
}

void initialise(ivec2 cell, ivec2 tile) {
  if (gl_LocalInvocationIndex == 0u) tileImproved = 0u;
  barrier();
  if (insideMap(cell, mapSize)) {
    bool source = (texelFetch(sources, cell, 0).r & kSourceBit) != 0u;
    cost[cellIndex(cell)] = source ? 0u : kUnreached;
    entry[cellIndex(cell)] = uint(ruleEntryCost(texelFetch(rules, cell, 0).r));
    if (source) atomicOr(tileImproved, 1u);
  }
  barrier();
  if (gl_LocalInvocationIndex == 0u) {
    tileChanged[readHalf * tileCount() + tileIndex(tile)] = tileImproved;
    tileChanged[(1 - readHalf) * tileCount() + tileIndex(tile)] = 0u;
  }
}

uint ringAt(ivec2 r) { return ring[r.y * kRing + r.x]; }

void sweep(ivec2 cell, ivec2 tile) {
  int writeHalf = 1 - readHalf;
  bool runs = tileChangedBefore(tile) || tileChangedBefore(tile + ivec2(1, 0)) ||
                tileChangedBefore(tile - ivec2(1, 0)) || tileChangedBefore(tile + ivec2(0, 1)) ||
                tileChangedBefore(tile - ivec2(0, 1)) ||
                (kHexGrid && (tileChangedBefore(tile + ivec2(1, 1)) ||
                              tileChangedBefore(tile + ivec2(1, -1)) ||
                              tileChangedBefore(tile + ivec2(-1, 1)) ||
                              tileChangedBefore(tile + ivec2(-1, -1))));
  if (!runs) {
    if (gl_LocalInvocationIndex == 0u) tileChanged[writeHalf * tileCount() + tileIndex(tile)] = 0u;
    return;
  }

  // The tile and its ring into shared memory; cells outside the map stay unreached.
  ivec2 origin = tile * kTile - ivec2(1);
  for (uint i = gl_LocalInvocationIndex; i < uint(kRing * kRing); i += 64u) {
    ivec2 c = origin + ivec2(int(i) % kRing, int(i) / kRing);
    ring[i] = insideMap(c, mapSize) ? cost[cellIndex(c)] : kUnreached;
  }
  if (gl_LocalInvocationIndex == 0u) {
    roundChanged[0] = 0u;
    roundChanged[1] = 0u;
    tileImproved = 0u;
    atomicAdd(activeTiles, 1u);
  }
  bool inside = insideMap(cell, mapSize);
  uint step = inside ? entry[cellIndex(cell)] : 0u;
  ivec2 r = ivec2(gl_LocalInvocationID.xy) + ivec2(1);
  int parity = cellParity(cell);
  barrier();
  uint start = ring[r.y * kRing + r.x];
  uint mine = start;

  // Rounds: every cell takes the cheapest neighbour plus its entry cost, until none improves.
  for (int round = 0;; ++round) {
    int now = round & 1;
    uint best = mine;
    if (step != 0u) {
      // The ring is one cell wide: no step moves more than one row and one column.
      for (int k = 0; k < kNeighbourCount; ++k) {
        uint n = ringAt(r + neighbourOffset(parity, k));
        if (n != kUnreached) best = min(best, n + step);
      }
    }
    barrier();  // every read of this round before any write
    if (best < mine) {
      mine = best;
      ring[r.y * kRing + r.x] = best;
      atomicAdd(roundChanged[now], 1u);
    }
    barrier();
    bool more = roundChanged[now] != 0u;
    if (gl_LocalInvocationIndex == 0u) roundChanged[1 - now] = 0u;
    if (!more) break;
  }

  if (inside && mine < start) {
    cost[cellIndex(cell)] = mine;
    atomicOr(tileImproved, 1u);
  }
  barrier();
  if (gl_LocalInvocationIndex == 0u) {
    tileChanged[writeHalf * tileCount() + tileIndex(tile)] = tileImproved;
    if (tileImproved != 0u) atomicAdd(changedTiles[slot], 1u);
  }
}

void main() {
  ivec2 tile = ivec2(gl_WorkGroupID.xy);
  ivec2 cell = ivec2(gl_GlobalInvocationID.xy);
  if (phase == 0) {
    initialise(cell, tile);
  } else {
    sweep(cell, tile);
  }
}
