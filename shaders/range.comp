#version 430 core
// The whole range query in one dispatch of one workgroup (SPEC §2-§4), for the compute backend.
//   1. The window (the cells within moveRange steps of the unit, a box) holds one key per cell:
//      travel cost << 8 | steps. Frontier rounds relax the cells improved in the round before
//      with atomicMin on their neighbours; a neighbour that improves is flagged once (atomicOr on
//      a bit set) and appended to the next round's list. A round that flags nothing ends the
//      relaxation: costs are exact, and steps are the fewest among cheapest paths (keys compare
//      cost first).
//   2. Per row, prefix counts of stopping cells (above the key, which parents still need), and
//      the reached cells' box.
//   3. Every cell the last solve wrote or this one may write (the reached cells' box grown by the
//      attack range) gets its final bytes: reached, with its parent by the SPEC's tie-break (up,
//      down, left, right among neighbours on a cheapest path with one step fewer); attackable
//      (a stopping cell min..max away, from the row counts); or reset. That box goes back to the
//      CPU: the next solve clears it, the readback reads only it.
// Barriers sit in uniform control flow: every invocation runs every round, and the loop ends on
// a counter all of them read after the same barrier.
// The window lives in shared memory when WINDOW_IN_SHARED is defined (up to kSharedCells cells),
// else in storage buffers.
#include "state.glsl"

// The workgroup: TILE_W x TILE_H invocations (defined by the solver), which sweep a box as one
// tile, stepping TILE_W in x and TILE_H in y, so no invocation ever divides (integer division is
// scalar on CPU rasterizers like llvmpipe).
layout(local_size_x = INVOCATIONS) in;  // TILE_W * TILE_H, defined as one number
const int kInvocations = INVOCATIONS;
const int kTileW = TILE_W;
const int kTileH = TILE_H;

uniform sampler2D map;         // R8 grey values
uniform usampler2D occupants;  // R8UI: 0 free, 1 ally, 2 enemy
layout(rgba8, binding = 0) writeonly uniform image2D stateImage;
layout(std430, binding = 1) buffer Answer {
  uint mostSteps;  // the most steps any reached cell needs: passes = min(range, this + 1)
  uint rounds;     // frontier rounds run
  ivec4 touched;   // x0, y0, x1, y1: the reached cells' box grown by attackMax, within the map
  uint cutShort;   // non-zero: a loop stopped early (see main); the state is not the answer
};

uniform int terrainCost[5];  // the movement class; 0 = impassable
uniform int moveRange;
uniform int attackMin;
uniform int attackMax;        // 0: no attack range
uniform ivec2 unit;
uniform ivec4 window;         // x0, y0, width, height: the cells within moveRange steps
uniform ivec4 lastTouched;    // x0, y0, x1, y1 (inclusive): what the last solve wrote (or empty)
uniform ivec2 mapSize;
uniform int words;            // 32-bit words of one frontier bit set

// A cell's word: the key in bits 0-16 (cost and steps are at most 255 each; kUnreached is above
// every key), the row count of stopping cells in bits 17-26 once relaxed, an ally in bit 27 and
// the cost of entering the cell in bits 28-31 (0: impassable or an enemy), read once from the
// textures. Only the key changes while relaxing, so atomicMin on the word orders by key.
const uint kUnreached = 0x10000u;
const uint kLow = 0x1FFFFu;
const uint kEntryShift = 28u;
const uint kAllyBit = 0x8000000u;        // an ally stands there: reached, never a stopping cell
const uint kCountShift = 17u;           // after relaxing: stopping cells so far in the row
const uint kCountMask = 0x7FE0000u;  // bits 17-26

#ifdef WINDOW_IN_SHARED
const int kSharedCells = 66 * 66;
shared uint cells[kSharedCells];
shared uint flagged[2 * ((kSharedCells + 31) / 32)];
#else
layout(std430, binding = 2) buffer WindowCells { uint cells[]; };
layout(std430, binding = 3) buffer WindowFlags { uint flagged[]; };
#endif
// The frontier of round r: listed[r % 3] cells, in frontier[r & 1] while they fit. A round whose
// list overflowed finds its cells in the bit set instead (which also keeps each cell listed once).
const int kListCapacity = 1024;
shared uint frontier[2][kListCapacity];
shared uint listed[3];
shared uint stepsSeen;
shared int reachedBox[4];  // x0, y0, x1, y1 of the reached cells

// llvmpipe stops every loop of an invocation once they have run 65,535 iterations between them,
// without a word: each loop checks afterwards that it ran to its end, so that the solver can
// tell a cut-short dispatch (a window or attack box too large for one workgroup there) and
// answer the query another way.
bool cut = false;

int entryCost(int terrain) {
  return terrain == 0 ? terrainCost[0] : terrain == 1 ? terrainCost[1] : terrain == 2 ? terrainCost[2]
       : terrain == 3 ? terrainCost[3] : terrainCost[4];
}

// i / width without an integer division (scalar on CPU rasterizers): exact, as i < 2^16 and
// (i + 0.5) / width is at least 0.5 / width away from the next integer.
ivec2 cellOf(int i) {
  int y = int((float(i) + 0.5) / float(window.z));
  return window.xy + ivec2(i - y * window.z, y);
}
int indexOf(ivec2 c) { return (c.y - window.y) * window.z + (c.x - window.x); }
bool inWindow(ivec2 c) {
  return all(greaterThanEqual(c, window.xy)) && all(lessThan(c, window.xy + window.zw));
}
int greyAt(ivec2 c) { return byteOf(texelFetch(map, c, 0).r); }
uint occupantAt(ivec2 c) { return texelFetch(occupants, c, 0).r; }

// Offers a path through a cell of this cost and steps to its neighbour `to`; flags `to` for the
// next round when it improves. `round` picks the bit set and the counter.
void offer(ivec2 to, uint cost, uint steps, bool fromUnit, int round) {
  if (!inWindow(to)) return;
  int j = indexOf(to);
  uint before = cells[j];
  uint entry = before >> kEntryShift;  // constant while relaxing
  if (entry == 0u) return;
  uint total = cost + entry;
  if (total > uint(moveRange) && !fromUnit) return;  // one-step rule: only from the start
  uint value = (before & ~kLow) | total << 8 | (steps + 1u);  // the cell's constant bits kept
  if (value >= before) return;  // a plain read settles most offers without an atomic
  if (value < atomicMin(cells[j], value)) {
    uint bit = 1u << uint(j & 31);
    int next = (round + 1) & 1;
    if ((atomicOr(flagged[next * words + (j >> 5)], bit) & bit) == 0u) {
      uint slot = atomicAdd(listed[(round + 1) % 3], 1u);
      if (slot < uint(kListCapacity)) frontier[next][slot] = uint(j);
    }
  }
}

// Relaxes the neighbours of window cell i (flagged in the round before).
void relaxFrom(int i, int round) {
  ivec2 c = cellOf(i);
  uint key = cells[i] & kLow;
  uint cost = key >> 8;
  bool fromUnit = c == unit;
  if (cost > uint(moveRange) && !fromUnit) return;  // a one-step cell beyond the range leads nowhere
  uint steps = key & 0xFFu;
  offer(c + ivec2(0, -1), cost, steps, fromUnit, round);
  offer(c + ivec2(0, 1), cost, steps, fromUnit, round);
  offer(c + ivec2(-1, 0), cost, steps, fromUnit, round);
  offer(c + ivec2(1, 0), cost, steps, fromUnit, round);
}

// Neighbour `n` is a parent of a cell of this cost and steps entered for `entry`.
bool leadsHere(ivec2 n, uint cost, uint steps, int entry) {
  if (!inWindow(n)) return false;
  uint key = cells[indexOf(n)] & kLow;
  if (key == kUnreached) return false;
  uint through = key >> 8;
  return through <= uint(moveRange) && through + uint(entry) == cost && (key & 0xFFu) + 1u == steps;
}

// Steps from c to the nearest cell of a box (x0, y0, x1, y1): no stopping cell is nearer.
int steps(ivec2 c, ivec4 box) {
  ivec2 outside = max(max(box.xy - c, c - box.zw), ivec2(0));
  return outside.x + outside.y;
}

// Stopping cells in window row r (0-based) left of window column k (0..width): the row counts
// of the column before, read without a branch.
uint originsBefore(int r, int k) {
  uint count = (cells[r * window.z + max(k - 1, 0)] & kCountMask) >> kCountShift;
  return k == 0 ? 0u : count;
}

// Stopping cells in window row r from window column first to last, clipped to the window.
uint originsIn(int r, int first, int last) {
  int lo = clamp(first, 0, window.z);
  int hi = clamp(last + 1, 0, window.z);
  return hi > lo ? originsBefore(r, hi) - originsBefore(r, lo) : 0u;
}

// Some stopping cell lies attackMin..attackMax steps from c, which was not reached (so c is no
// stopping cell itself). Only the window's rows can hold one; within them every invocation runs
// every row, without an early exit: on a SIMD CPU rasterizer divergent loops cost more than the
// reads they save (a narrow workgroup's invocations share their row, so the bounds agree).
bool attackable(ivec2 c) {
  if (attackMax == 0) return false;
  ivec2 p = c - window.xy;
  int last = min(attackMax, window.w - 1 - p.y);
  bool found = false;
  int dy = max(-attackMax, -p.y);
  for (; dy <= last; ++dy) {
    int r = p.y + dy;
    int far = attackMax - abs(dy);
    int near = max(0, attackMin - abs(dy));
    // Columns near..far away on both sides; one span when the gap is only c itself.
    bool gap = near > 1 || (near == 1 && dy != 0);
    uint origins = originsIn(r, p.x - far, gap ? p.x - near : p.x + far) +
                   (gap ? originsIn(r, p.x + near, p.x + far) : 0u);
    found = found || origins > 0u;
  }
  cut = cut || dy <= last;
  return found;
}

void main() {
#ifdef EMPTY_KERNEL
  // The bench's compute floor: what one dispatch and its readback cost with no work at all. It
  // reports the window grown by the attack range, the most a real solve reads back.
  if (gl_LocalInvocationIndex == 0u) {
    mostSteps = 0u;
    rounds = 0u;
    touched = ivec4(max(window.xy - attackMax, ivec2(0)), min(window.xy + window.zw - 1 + attackMax, mapSize - 1));
    cutShort = 0u;
  }
  return;
#endif
  int lid = int(gl_LocalInvocationIndex);
  int stride = int(kInvocations);

  // Start: nothing reached but the unit, which is the whole first frontier.
  int tileX = lid % kTileW;
  int tileY = lid / kTileW;
  int y = tileY;
  for (; y < window.w; y += kTileH) {
    int x = tileX;
    for (; x < window.z; x += kTileW) {
      int i = y * window.z + x;
      ivec2 c = window.xy + ivec2(x, y);
      uint occupant = occupantAt(c);
      uint entry = occupant == kOccupantEnemy ? 0u : uint(entryCost(classOfByte(greyAt(c))));
      cells[i] = entry << kEntryShift | (occupant == kOccupantAlly ? kAllyBit : 0u) | kUnreached;
    }
    cut = cut || x < window.z;
  }
  cut = cut || y < window.w;
  int w = lid;
  for (; w < 2 * words; w += stride) flagged[w] = 0u;
  cut = cut || w < 2 * words;
  if (lid == 0) {
    cutShort = 0u;
    listed[0] = 0u;
    listed[1] = 0u;
    listed[2] = 0u;
    stepsSeen = 0u;
    reachedBox[0] = window.x + window.z;
    reachedBox[1] = window.y + window.w;
    reachedBox[2] = window.x - 1;
    reachedBox[3] = window.y - 1;
  }
  memoryBarrierShared();
  memoryBarrier();
  barrier();
  if (lid == 0) {
    int u = indexOf(unit);
    cells[u] = cells[u] & ~kLow;  // cost 0, 0 steps
    if (moveRange > 0) {
      flagged[u >> 5] = 1u << uint(u & 31);
      frontier[0][0] = uint(u);
      listed[0] = 1u;
    }
  }
  memoryBarrierShared();
  memoryBarrier();
  barrier();

  // 1. Frontier rounds until one flags nothing.
  int round = 0;
  bool settled = false;
  for (;; ++round) {
    int current = round & 1;
    int count = int(listed[round % 3]);
    if (count <= kListCapacity) {
      // The list: consecutive invocations take consecutive cells, so no SIMD lane idles.
      for (w = lid; w < words; w += stride) flagged[current * words + w] = 0u;
      cut = cut || w < words;
      int k = lid;
      for (; k < count; k += stride) relaxFrom(int(frontier[current][k]), round);
      cut = cut || k < count;
    } else {
      for (w = lid; w < words; w += stride) {
        uint bits = flagged[current * words + w];
        flagged[current * words + w] = 0u;
        while (bits != 0u) {
          int b = findLSB(bits);
          bits &= bits - 1u;
          relaxFrom(w * 32 + b, round);
        }
        cut = cut || bits != 0u;
      }
      cut = cut || w < words;
    }
    memoryBarrierShared();
    memoryBarrier();
    barrier();
    uint flaggedNow = listed[(round + 1) % 3];
    if (lid == 0) listed[round % 3] = 0u;  // all read it before the barrier; round + 2 appends to it
    if (flaggedNow == 0u) {
      settled = true;
      break;
    }
  }
  cut = cut || !settled;

  // 2. Per row, prefix counts of stopping cells (reached, no ally standing there) above the key,
  // which neighbours still need for parents; the reached cells' box and most steps on the way.
  uint mySteps = 0u;
  ivec4 myBox = ivec4(window.xy + window.zw, window.xy - 1);
  int row = lid;
  for (; row < window.w; row += stride) {
    uint sum = 0u;
    int x = 0;
    for (; x < window.z; ++x) {
      int i = row * window.z + x;
      uint value = cells[i];
      uint key = value & kLow;
      bool reached = key != kUnreached;
      sum += reached && (value & kAllyBit) == 0u ? 1u : 0u;
      cells[i] = (value & ~kCountMask) | sum << kCountShift;
      ivec2 c = window.xy + ivec2(x, row);
      mySteps = reached ? max(mySteps, key & 0xFFu) : mySteps;
      myBox = reached ? ivec4(min(myBox.xy, c), max(myBox.zw, c)) : myBox;
    }
    cut = cut || x < window.z;
  }
  cut = cut || row < window.w;
  atomicMax(stepsSeen, mySteps);
  atomicMin(reachedBox[0], myBox.x);
  atomicMin(reachedBox[1], myBox.y);
  atomicMax(reachedBox[2], myBox.z);
  atomicMax(reachedBox[3], myBox.w);
  memoryBarrierShared();
  memoryBarrier();
  barrier();

  // 4. The final bytes of every cell the last solve or this one may have changed: the box of the
  // reached cells grown by the attack range, and what the last solve wrote.
  ivec4 attackBox = ivec4(max(ivec2(reachedBox[0], reachedBox[1]) - attackMax, ivec2(0)),
                          min(ivec2(reachedBox[2], reachedBox[3]) + attackMax, mapSize - 1));
  ivec4 clearBox = lastTouched.x > lastTouched.z
                       ? attackBox
                       : ivec4(min(attackBox.xy, lastTouched.xy), max(attackBox.zw, lastTouched.zw));
  ivec4 reachedCells = ivec4(reachedBox[0], reachedBox[1], reachedBox[2], reachedBox[3]);
  const int kDirectionByte[5] = int[5](26, 77, 128, 178, 255);
  for (y = clearBox.y + tileY; y <= clearBox.w; y += kTileH) {
    int x = clearBox.x + tileX;
    for (; x <= clearBox.z; x += kTileW) {
      ivec2 c = ivec2(x, y);
      int grey = greyAt(c);
      ivec4 bytes = ivec4(grey, 0, 0, 255);
      uint value = inWindow(c) ? cells[indexOf(c)] : kUnreached;
      uint key = value & kLow;
      if (key != kUnreached) {
        uint cost = key >> 8;
        uint steps = key & 0xFFu;
        int entry = int(value >> kEntryShift);
        // The parent by the SPEC's tie-break: up, down, left, right.
        uint direction = 4u;
        if (c == unit) direction = 4u;
        else if (leadsHere(c + ivec2(0, -1), cost, steps, entry)) direction = 0u;
        else if (leadsHere(c + ivec2(0, 1), cost, steps, entry)) direction = 1u;
        else if (leadsHere(c + ivec2(-1, 0), cost, steps, entry)) direction = 2u;
        else if (leadsHere(c + ivec2(1, 0), cost, steps, entry)) direction = 3u;
        bytes = ivec4(grey, 255, int(cost), kDirectionByte[direction]);
      } else if (steps(c, reachedCells) <= attackMax && attackable(c)) {
        bytes.g = 128;
      }
      imageStore(stateImage, c, storedBytes(bytes));
    }
    cut = cut || x <= clearBox.z;
  }
  cut = cut || y <= clearBox.w;
  if (cut) atomicOr(cutShort, 1u);
  if (lid == 0) {
    mostSteps = stepsSeen;
    rounds = uint(round + 1);
    touched = attackBox;
  }
}
