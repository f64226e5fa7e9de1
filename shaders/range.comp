#version 430 core
// The whole range query in one dispatch of one workgroup (SPEC §2-§4), for the compute backend.
//   1. The window (the cells within moveRange steps of the unit, a box) holds one key per cell:
//      travel cost << 8 | steps. Frontier rounds relax the cells improved in the round before
//      with atomicMin on their neighbours; a neighbour that improves is flagged once (atomicOr on
//      a bit set) for the next round. A round that flags nothing ends the relaxation: costs are
//      exact, and steps are the fewest among cheapest paths (keys compare cost first).
//   2. Parents by the SPEC's tie-break (up, down, left, right among neighbours on a cheapest path
//      with one step fewer), stored in the key's upper half with the cost and stopping flag.
//   3. Per row, prefix counts of stopping cells replace the lower half.
//   4. Every cell the last solve wrote or this one may write (the reached cells' box grown by the
//      attack range) gets its final bytes: reached, attackable (an origin min..max away, from
//      the row counts) or reset. That box goes back to the CPU: the next solve clears it, the
//      readback reads only it.
// Barriers sit in uniform control flow: every invocation runs every round, and the loop ends on
// a counter all of them read after the same barrier.
// The window lives in shared memory when WINDOW_IN_SHARED is defined (up to kSharedCells cells),
// else in storage buffers.
#include "state.glsl"

// 64 invocations, seen as an 8x8 tile when they sweep a box: box loops step 8 in x and y, so no
// invocation ever divides (integer division is scalar on CPU rasterizers like llvmpipe).
layout(local_size_x = 64) in;
const uint kInvocations = 64u;
const int kTile = 8;

uniform sampler2D map;         // R8 grey values
uniform usampler2D occupants;  // R8UI: 0 free, 1 ally, 2 enemy
layout(rgba8, binding = 0) writeonly uniform image2D stateImage;
layout(std430, binding = 1) buffer Answer {
  uint mostSteps;  // the most steps any reached cell needs: passes = min(range, this + 1)
  uint rounds;     // frontier rounds run
  ivec4 touched;   // x0, y0, x1, y1: the reached cells' box grown by attackMax, within the map
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

// A key fits 16 bits (cost and steps are at most 255 each); kUnreached is above every key. While
// relaxing, bits 28-31 hold the cost of entering the cell (0: impassable or an enemy), read once
// from the textures. Later phases keep 17-bit row counts in the lower part and the cell's answer
// in the upper 15 bits.
const uint kUnreached = 0x10000u;
const uint kLow = 0x1FFFFu;
const uint kEntryShift = 28u;

#ifdef WINDOW_IN_SHARED
const int kSharedCells = 66 * 66;
shared uint cells[kSharedCells];
shared uint flagged[2 * ((kSharedCells + 31) / 32)];
#else
layout(std430, binding = 2) buffer WindowCells { uint cells[]; };
layout(std430, binding = 3) buffer WindowFlags { uint flagged[]; };
#endif
shared uint newlyFlagged[3];  // per round (mod 3): cells flagged for the next round
shared uint stepsSeen;
shared int reachedBox[4];  // x0, y0, x1, y1 of the reached cells

int entryCost(int terrain) {
  return terrain == 0 ? terrainCost[0] : terrain == 1 ? terrainCost[1] : terrain == 2 ? terrainCost[2]
       : terrain == 3 ? terrainCost[3] : terrainCost[4];
}

ivec2 cellOf(int i) { return window.xy + ivec2(i % window.z, i / window.z); }
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
  uint entry = cells[j] >> kEntryShift;  // constant while relaxing
  if (entry == 0u) return;
  uint total = cost + entry;
  if (total > uint(moveRange) && !fromUnit) return;  // one-step rule: only from the start
  uint value = entry << kEntryShift | total << 8 | (steps + 1u);
  if (value < atomicMin(cells[j], value)) {
    uint bit = 1u << uint(j & 31);
    int next = (round + 1) & 1;
    if ((atomicOr(flagged[next * words + (j >> 5)], bit) & bit) == 0u) {
      atomicAdd(newlyFlagged[round % 3], 1u);
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

// Stopping cells in window row `row` from the window's first column up to `column`.
uint originsUpTo(int row, int column) {
  if (column < window.x) return 0u;
  return cells[(row - window.y) * window.z + min(column, window.x + window.z - 1) - window.x] & kLow;
}

bool anyOriginBetween(int row, int first, int last) {
  first = max(first, window.x);
  last = min(last, window.x + window.z - 1);
  return first <= last && originsUpTo(row, last) > originsUpTo(row, first - 1);
}

bool attackable(ivec2 c) {
  if (attackMax == 0) return false;
  int firstRow = max(c.y - attackMax, window.y);
  int lastRow = min(c.y + attackMax, window.y + window.w - 1);
  for (int row = firstRow; row <= lastRow; ++row) {
    int dy = abs(row - c.y);
    int far = attackMax - dy;
    int near = max(0, attackMin - dy);
    if (anyOriginBetween(row, c.x - far, c.x - near) || anyOriginBetween(row, c.x + near, c.x + far)) {
      return true;
    }
  }
  return false;
}

void main() {
  int lid = int(gl_LocalInvocationIndex);
  int stride = int(kInvocations);

  // Start: nothing reached but the unit, which is the whole first frontier.
  int tileX = lid % kTile;
  int tileY = lid / kTile;
  for (int y = tileY; y < window.w; y += kTile)
  for (int x = tileX; x < window.z; x += kTile) {
    int i = y * window.z + x;
    ivec2 c = window.xy + ivec2(x, y);
    uint entry = occupantAt(c) == kOccupantEnemy ? 0u : uint(entryCost(classOfByte(greyAt(c))));
    cells[i] = entry << kEntryShift | kUnreached;
  }
  for (int w = lid; w < 2 * words; w += stride) flagged[w] = 0u;
  if (lid == 0) {
    newlyFlagged[0] = 0u;
    newlyFlagged[1] = 0u;
    newlyFlagged[2] = 0u;
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
    if (moveRange > 0) flagged[u >> 5] = 1u << uint(u & 31);
  }
  memoryBarrierShared();
  memoryBarrier();
  barrier();

  // 1. Frontier rounds until one flags nothing.
  int round = 0;
  for (;; ++round) {
    int current = round & 1;
    for (int w = lid; w < words; w += stride) {
      uint bits = flagged[current * words + w];
      flagged[current * words + w] = 0u;
      while (bits != 0u) {
        int b = findLSB(bits);
        bits &= bits - 1u;
        relaxFrom(w * 32 + b, round);
      }
    }
    memoryBarrierShared();
    memoryBarrier();
    barrier();
    uint flaggedNow = newlyFlagged[round % 3];
    if (lid == 0) newlyFlagged[(round + 2) % 3] = 0u;  // read by everyone a round ago
    if (flaggedNow == 0u) break;
  }

  // 2. Parents, stopping cells and the most steps, into the upper half of each key.
  for (int y = tileY; y < window.w; y += kTile)
  for (int x = tileX; x < window.z; x += kTile) {
    int i = y * window.z + x;
    uint key = cells[i] & kLow;
    if (key == kUnreached) continue;
    ivec2 c = window.xy + ivec2(x, y);
    uint cost = key >> 8;
    uint steps = key & 0xFFu;
    atomicMax(stepsSeen, steps);
    atomicMin(reachedBox[0], c.x);
    atomicMin(reachedBox[1], c.y);
    atomicMax(reachedBox[2], c.x);
    atomicMax(reachedBox[3], c.y);
    uint direction = 4u;
    if (c != unit) {
      int entry = int(cells[i] >> kEntryShift);
      if (leadsHere(c + ivec2(0, -1), cost, steps, entry)) direction = 0u;
      else if (leadsHere(c + ivec2(0, 1), cost, steps, entry)) direction = 1u;
      else if (leadsHere(c + ivec2(-1, 0), cost, steps, entry)) direction = 2u;
      else if (leadsHere(c + ivec2(1, 0), cost, steps, entry)) direction = 3u;
    }
    uint stopping = occupantAt(c) == kOccupantAlly ? 0u : 1u;
    // Above the key: bit 17 reached, 18 stopping, 19-21 direction, 22-29 cost. Neighbours read
    // only the key meanwhile, which stays as it is.
    cells[i] = key | (1u | stopping << 1 | direction << 2 | cost << 5) << 17;
  }
  memoryBarrierShared();
  memoryBarrier();
  barrier();

  // 3. Row prefix counts of stopping cells into the lower half.
  for (int row = lid; row < window.w; row += stride) {
    uint sum = 0u;
    for (int x = 0; x < window.z; ++x) {
      int i = row * window.z + x;
      uint value = cells[i];
      sum += (value >> 18) & 1u;
      cells[i] = (value & ~kLow) | sum;
    }
  }
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
  const int kDirectionByte[5] = int[5](26, 77, 128, 178, 255);
  for (int y = clearBox.y + tileY; y <= clearBox.w; y += kTile)
  for (int x = clearBox.x + tileX; x <= clearBox.z; x += kTile) {
    ivec2 c = ivec2(x, y);
    int grey = greyAt(c);
    ivec4 bytes = ivec4(grey, 0, 0, 255);
    uint info = inWindow(c) ? cells[indexOf(c)] >> 17 : 0u;
    if ((info & 1u) != 0u) {
      bytes = ivec4(grey, 255, int((info >> 5) & 0xFFu), kDirectionByte[(info >> 2) & 7u]);
    } else if (attackable(c)) {
      bytes.g = 128;
    }
    imageStore(stateImage, c, storedBytes(bytes));
  }
  if (lid == 0) {
    mostSteps = stepsSeen;
    rounds = uint(round + 1);
    touched = attackBox;
  }
}
