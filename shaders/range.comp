// The whole range query in one dispatch of one workgroup (SPEC §2-§4), for the compute backend.
//   1. The window (the cells within moveRange steps of the unit, a box, with a border of
//      impassable cells) holds one word per cell whose low bits are its key: travel cost, then
//      steps, then parent direction. Frontier rounds relax the cells listed in the round before
//      with atomicMin on their neighbours' words; a neighbour whose cost or steps improve is
//      listed for the next round. A round that lists nothing ends the relaxation: costs are
//      exact, steps the fewest among cheapest paths, and the parent the first in the grid's
//      order (topology.glsl) among the neighbours on such a path (SPEC §2, §13), as the smallest
//      key wins.
//   2. Each row, then each column, of the reached cells' box (kept while relaxing) is swept for
//      the distance to the nearest stopping cell (the attack test for one range 1..max on a
//      square board), or each line for prefix counts of stopping cells (for a minimum range, a
//      set of ranges, or any attack on a hex board; lines are rows, or columns on hex-x, as in
//      attack.frag).
//   3. Every cell the last solve wrote or this one may write (the reached cells' box grown by the
//      attack range) gets its final bytes: reached, attackable or reset. That box goes back to
//      the CPU: the next solve clears it, the readback reads only it.
// Barriers sit in uniform control flow: every invocation runs every round, and the loop ends on
// a counter all of them read after the same barrier.
// On a CPU rasterizer (llvmpipe) every invocation runs the code of both sides of an `if` (and every
// loop's body at least once), each memory access is a loop over the SIMD lanes, and a worker
// thread runs the dispatch with cold caches: the code keeps accesses few and itself short, with
// loops where a copy of the same lines would do.
// The window lives in shared memory when WINDOW_IN_SHARED is defined (up to kSharedCells cells
// with its border), else in storage buffers.
// With BATCH defined, one dispatch answers many queries, one per workgroup (gl_WorkGroupID.x):
// each reads its parameters and its rule bytes from storage buffers, and writes its answer and
// the state bytes of its window grown by the attack range (packed RGBA8 words, row by row) into
// storage buffers the CPU reads back at once (gpu/batch_range_solver.cpp).
#include "state.glsl"
#include "rules.glsl"
#include "topology.glsl"

layout(local_size_x = INVOCATIONS) in;  // defined by the solver: 8 on CPU rasterizers, else 64
const int kInvocations = INVOCATIONS;

// The attack set (SPEC §11.4): attackSpans ranges (0: no attack), merged and sorted,
// attackMin[i]..attackMax[i].
const int kMaxAttackSpans = 8;
int attackFar;                // the farthest distance of the set, 0 for none (set by main)
uniform ivec2 mapSize;
#ifdef BATCH
// Query q's parameters: kQueryWords ivec4s from q * kQueryWords (batch_range_solver.cpp).
const int kQueryWords = 8;
layout(std430, binding = 4) readonly buffer Queries { ivec4 queryWords[]; };
layout(std430, binding = 5) readonly buffer RuleBytes { uint ruleWords[]; };  // 4 bytes a word
struct QueryAnswer {
  uint mostSteps;        // as Answer's below
  uint rounds;
  uint cutShort;
  uint everyCellRounds;
  ivec4 touched;
};
layout(std430, binding = 1) buffer Answers { QueryAnswer answers[]; };
layout(std430, binding = 6) writeonly buffer States { uint stateWords[]; };  // RGBA8 words
int queryIndex;
int moveRange;
int attackSpans;
int attackMin[kMaxAttackSpans];
int attackMax[kMaxAttackSpans];
ivec2 unit;
ivec4 window;         // x0, y0, width, height: the cells within moveRange steps
int rulesAt;          // the window's first rule byte in RuleBytes, row by row
int statesAt;         // the first word of statesBox in States, row by row
ivec4 statesBox;      // x0, y0, x1, y1: the window grown by the attack range, within the map
#else
layout(rgba8, binding = 0) writeonly uniform image2D stateImage;
layout(r8ui, binding = 1) readonly uniform uimage2D greys;      // the map's grey values
layout(r8ui, binding = 2) readonly uniform uimage2D rules;      // the rules seam's bytes
layout(std430, binding = 1) buffer Answer {
  uint mostSteps;  // the most steps any reached cell needs: passes = min(range, this + 1)
  uint rounds;     // frontier rounds run
  ivec4 touched;   // x0, y0, x1, y1: the reached cells' box grown by attackFar, within the map
  uint cutShort;   // non-zero: a loop stopped early (see main); the state is not the answer
  uint everyCellRounds;  // rounds that relaxed every window cell, as a list overflowed
};

uniform int moveRange;
uniform int attackSpans;
uniform int attackMin[kMaxAttackSpans];
uniform int attackMax[kMaxAttackSpans];
uniform ivec2 unit;
uniform ivec4 window;         // x0, y0, width, height: the cells within moveRange steps
uniform ivec4 lastTouched;    // x0, y0, x1, y1 (inclusive): what the last solve wrote (or empty)
#endif

// A cell's word. The key, bits 0-19: the parent, neighbour k of the cell (square 0 up, 1 down,
// 2 left, 3 right, 4 none; hex 0..5, 6 none) in bits 0-2, steps in 3-10, the travel cost in 11-18 (each at most 255), kUnreached
// above every key. A cell the mover may not stop on in bit 20. While relaxing, the cost of
// entering the cell in bits 28-31 (0: no path enters it) and whether travel halts there in bit
// 27, read once from the rules; after it, the attack test's distance or count in bits 21-30.
// Only the key changes while relaxing, so atomicMin on the word orders by key.
const uint kUnreached = 0x80000u;
const uint kKey = 0xFFFFFu;
const uint kCostShift = 11u;
const uint kStepsShift = 3u;
const uint kNoParent = uint(kNeighbourCount);
const uint kNoStopBit = 0x100000u;  // reached, never a stopping cell (an ally's)
const uint kHaltBit = 0x8000000u;   // while relaxing: reached, relaxes no neighbour
const uint kEntryShift = 28u;
const uint kAttackShift = 21u;
const uint kAttackMask = 0x7FE00000u;  // bits 21-30
const uint kFar = 1023u;               // farther than any attack range

// The frontier of round r: listed[r % 3] cells, in list r & 1 (listCapacity cells each). A round
// whose list overflowed relaxes every window cell instead.
#ifdef WINDOW_IN_SHARED
const int kSharedCells = 67 * 67;  // a 65 x 65 window (range 32) and its border
shared uint cells[kSharedCells];
const int listCapacity = SHARED_LIST_CAPACITY;  // defined by the solver: 1024, or 4 in tests
shared uint frontier[2 * listCapacity];
#else
layout(std430, binding = 2) buffer WindowCells { uint cells[]; };
layout(std430, binding = 3) buffer FrontierLists { uint frontier[]; };
uniform int listCapacity;
#endif
shared uint listed[3];
shared uint stepsSeen;
shared int reachedBox[4];  // x0, y0, x1, y1 of the reached cells

// llvmpipe stops every loop of an invocation once they have run 65,535 iterations between them,
// without a word: each loop checks afterwards that it ran to its end, so that the solver can
// tell a cut-short dispatch (a window or attack box too large for one workgroup there) and
// answer the query another way.
bool cut = false;

// The window's rows are `pitch` words apart, its border included.
int pitch;
int indexOf(ivec2 c) { return (c.y - window.y + 1) * pitch + (c.x - window.x + 1); }
bool inWindow(ivec2 c) {
  return all(greaterThanEqual(c, window.xy)) && all(lessThan(c, window.xy + window.zw));
}
// Cell i of a box `width` cells wide, counted row by row, without an integer division (scalar on
// CPU rasterizers): for i < 2^24 the float quotient is off by less than one row, then corrected.
ivec2 boxCell(int i, int width) {
  int y = int((float(i) + 0.5) / float(width));
  int x = i - y * width;
  y += x < 0 ? -1 : x >= width ? 1 : 0;
  return ivec2(i - y * width, y);
}
#ifdef BATCH
int greyAt(ivec2 c) { return 0; }  // a batch's answers are read as masks: no grey
uint ruleAt(ivec2 c) {
  int i = rulesAt + (c.y - window.y) * window.z + (c.x - window.x);
  return (ruleWords[i >> 2] >> (8u * uint(i & 3))) & 0xFFu;
}
// Query parameters, the answer and the state bytes, where a batch keeps them.
void loadQuery() {
  queryIndex = int(gl_WorkGroupID.x);
  int at = queryIndex * kQueryWords;
  ivec4 head = queryWords[at];
  unit = head.xy;
  moveRange = head.z;
  attackSpans = head.w;
  window = queryWords[at + 1];
  rulesAt = queryWords[at + 2].x;
  statesAt = queryWords[at + 2].y;
  statesBox = queryWords[at + 3];
  for (int k = 0; k < 4; ++k) {
    attackMin[k] = queryWords[at + 4][k];
    attackMin[k + 4] = queryWords[at + 5][k];
    attackMax[k] = queryWords[at + 6][k];
    attackMax[k + 4] = queryWords[at + 7][k];
  }
}
void startAnswer() { answers[queryIndex].cutShort = 0u; }
void markCutShort() { atomicOr(answers[queryIndex].cutShort, 1u); }
void finishAnswer(uint steps, uint roundsRun, uint overflows, ivec4 box) {
  answers[queryIndex].mostSteps = steps;
  answers[queryIndex].rounds = roundsRun;
  answers[queryIndex].everyCellRounds = overflows;
  answers[queryIndex].touched = box;
}
void storeState(ivec2 c, ivec4 bytes) {
  int width = statesBox.z - statesBox.x + 1;
  stateWords[statesAt + (c.y - statesBox.y) * width + (c.x - statesBox.x)] =
      uint(bytes.x) | uint(bytes.y) << 8u | uint(bytes.z) << 16u | uint(bytes.w) << 24u;
}
#else
int greyAt(ivec2 c) { return int(imageLoad(greys, c).r); }
uint ruleAt(ivec2 c) { return imageLoad(rules, c).r; }
void loadQuery() {}
void startAnswer() { cutShort = 0u; }
void markCutShort() { atomicOr(cutShort, 1u); }
void finishAnswer(uint steps, uint roundsRun, uint overflows, ivec4 box) {
  mostSteps = steps;
  rounds = roundsRun;
  everyCellRounds = overflows;
  touched = box;
}
void storeState(ivec2 c, ivec4 bytes) { imageStore(stateImage, c, storedBytes(bytes)); }
#endif

// Offers a path through a cell of this cost and steps to its neighbour j, whose parent it would
// be in `direction`: true when the neighbour's cost or steps improve, so that it must be relaxed
// again (a better direction alone changes nothing beyond the cell).
bool improves(int j, uint direction, uint cost, uint steps, bool fromUnit) {
  uint before = cells[j];
  uint entry = before >> kEntryShift;  // constant while relaxing
  uint total = cost + entry;
  // One-step rule: beyond the range only from the start.
  bool allowed = entry != 0u && (total <= uint(moveRange) || fromUnit);
  uint value = (before & ~kKey) | total << kCostShift | (steps + 1u) << kStepsShift | direction;
  // A plain read settles most offers without an atomic.
  if (!allowed || value >= before) return false;
  return (value & kKey) >> kStepsShift < (atomicMin(cells[j], value) & kKey) >> kStepsShift;
}

// Window cell i's neighbour k, i being a cell of `parity` (the window's border is one cell
// wide, and no step moves more than one row and one column).
int neighbourOf(int i, int parity, int k) {
  ivec2 o = neighbourOffset(parity, k);
  return i + o.y * pitch + o.x;
}

// The reached cells' box (x0, y0, x1, y1), as far as this invocation has seen them relaxed; every
// reached cell is, since every improved one is listed.
ivec4 seen;

// Relaxes the neighbours of window cell i, and lists those that improved for the next round
// with one atomic.
void relaxFrom(int i, int round) {
  uint key = cells[i] & kKey;
  ivec2 c = window.xy - 1 + boxCell(i, pitch);
  seen = key != kUnreached ? ivec4(min(seen.xy, c), max(seen.zw, c)) : seen;
  uint cost = key >> kCostShift;
  bool fromUnit = i == indexOf(unit);
  // Unreached, a one-step cell past the range, or a cell the rules halt: it leads nowhere.
  if (!fromUnit && (cost > uint(moveRange) || (cells[i] & kHaltBit) != 0u)) return;
  uint steps = (key >> kStepsShift) & 0xFFu;
  int parity = cellParity(c);
  uint improved = 0u;  // bit k: neighbour k
  for (int side = 0; side < kNeighbourCount; ++side) {
    // The cell above has its parent below it (direction 1), and so on: neighbour k's parent is
    // its neighbour backIndex(k).
    bool better = improves(neighbourOf(i, parity, side), uint(backIndex(side)), cost, steps,
                           fromUnit);
    improved |= better ? 1u << uint(side) : 0u;
  }
  uint slot = atomicAdd(listed[(round + 1) % 3], uint(bitCount(improved)));
  int list = ((round + 1) & 1) * listCapacity;
  while (improved != 0u) {
    int side = findLSB(improved);
    improved &= improved - 1u;
    if (slot < uint(listCapacity)) frontier[list + int(slot)] = uint(neighbourOf(i, parity, side));
    ++slot;
  }
}

// At most the steps from c to the nearest cell of a box (x0, y0, x1, y1): no stopping cell is
// nearer. A hex step moves at most one row and one column, so there the larger of the two.
int steps(ivec2 c, ivec4 box) {
  ivec2 outside = max(max(box.xy - c, c - box.zw), ivec2(0));
  return kHexGrid ? max(outside.x, outside.y) : outside.x + outside.y;
}

// The reached cells' box, from the relaxation on: every stopping cell lies in it.
ivec4 reach;
ivec2 reachSize() { return reach.zw - reach.xy + 1; }

// The prefix counts run along rows, or along columns on hex-x: a cell's (along, across) in the
// reached box, and the box's size so.
ivec2 lineCoordinates(ivec2 c) { return kColumnsStaggered ? c.yx : c; }
ivec2 lineSize() { return lineCoordinates(reachSize()); }

// Stopping cells in line r of the reached box (0-based) before its cell k along (0..length): the
// counts of the cell before, read without a branch.
uint originsBefore(int r, int k) {
  ivec2 at = lineCoordinates(ivec2(max(k - 1, 0), r));
  uint count = (cells[indexOf(reach.xy + at)] & kAttackMask) >> kAttackShift;
  return k == 0 ? 0u : count;
}

// Stopping cells in line r of the reached box from its cell first to last along, clipped to it.
uint originsIn(int r, int first, int last) {
  int lo = clamp(first, 0, lineSize().x);
  int hi = clamp(last + 1, 0, lineSize().x);
  return hi > lo ? originsBefore(r, hi) - originsBefore(r, lo) : 0u;
}

// With a minimum range or a set of ranges: some stopping cell lies attackMin[i]..attackMax[i]
// steps from c for some range i, c not being reached (so no stopping cell itself), by the row
// counts. Only the reached box's rows can hold one; within them every invocation runs every row,
// without an early exit.
bool attackableFromHexCounts(ivec2 c);
bool attackableFromRowCounts(ivec2 c) {
  if (kHexGrid) return attackableFromHexCounts(c);
  ivec2 p = c - reach.xy;
  bool found = false;
  bool ranToEnd = true;
  // Range by range, only the rows it reaches: a set's near ranges add few rows.
  for (int i = 0; i < attackSpans; ++i) {
    int reachRows = attackMax[i];
    int last = min(reachRows, reachSize().y - 1 - p.y);
    int dy = max(-reachRows, -p.y);
    for (; dy <= last; ++dy) {
      int r = p.y + dy;
      int far = reachRows - abs(dy);
      int near = max(0, attackMin[i] - abs(dy));
      // Columns near..far away on both sides; one window when the gap is only c itself.
      bool gap = near > 1 || (near == 1 && dy != 0);
      for (int side = 0; side < (gap ? 2 : 1); ++side) {
        int from = side == 0 ? p.x - far : p.x + near;
        int to = side == 0 && gap ? p.x - near : p.x + far;
        found = found || originsIn(r, from, to) > 0u;
      }
    }
    ranToEnd = ranToEnd && dy > last;
  }
  cut = cut || !ranToEnd;
  return found;
}

// The same on a hex board, line by line across the stagger (attack.frag's inHexRange): on the
// line t across, the cells within radius R of c are one run, dq in max(-R, -R - t) ..
// min(R, R - t) shifted by lineShift(parity, t); the near lines hold two runs, the ball of
// radius max less that of radius min - 1.
bool attackableFromHexCounts(ivec2 c) {
  ivec2 p = lineCoordinates(c - reach.xy);
  int parity = cellParity(c);
  bool found = false;
  bool ranToEnd = true;
  for (int i = 0; i < attackSpans; ++i) {
    int hi = attackMax[i];
    int inner = attackMin[i] - 1;
    int last = min(hi, lineSize().y - 1 - p.y);
    int t = max(-hi, -p.y);
    for (; t <= last; ++t) {
      int shifted = p.x + lineShift(parity, t);
      int from = shifted + max(-hi, -hi - t);
      int to = shifted + min(hi, hi - t);
      bool gap = abs(t) <= inner;
      int innerFrom = shifted + max(-inner, -inner - t);
      int innerTo = shifted + min(inner, inner - t);
      for (int side = 0; side < (gap ? 2 : 1); ++side) {
        int a = side == 0 ? from : innerTo + 1;
        int b = side == 0 && gap ? innerFrom - 1 : to;
        found = found || originsIn(p.y + t, a, b) > 0u;
      }
    }
    ranToEnd = ranToEnd && t > last;
  }
  cut = cut || !ranToEnd;
  return found;
}

uint attackField(uint value) { return (value & kAttackMask) >> kAttackShift; }

void main() {
  loadQuery();
  attackFar = attackSpans > 0 ? attackMax[attackSpans - 1] : 0;
#ifdef EMPTY_KERNEL
  // The bench's compute floor: what one dispatch and its readback cost with no work at all. It
  // reports the window grown by the attack range, the most a real solve reads back.
  if (gl_LocalInvocationIndex == 0u) {
    mostSteps = 0u;
    rounds = 0u;
    touched = ivec4(max(window.xy - attackFar, ivec2(0)), min(window.xy + window.zw - 1 + attackFar, mapSize - 1));
    cutShort = 0u;
    everyCellRounds = 0u;
  }
#else
  // (Not an early return above: GLSL forbids barrier() after a return statement, and NVIDIA's
  // compiler refuses the whole program for it.)
  int lid = int(gl_LocalInvocationIndex);
  int stride = kInvocations;
  pitch = window.z + 2;

  // Start: nothing reached but the unit, which is the whole first frontier. Consecutive
  // invocations take consecutive cells, here and below, so no SIMD lane idles.
  int padded = pitch * (window.w + 2);
  int i = lid;
  for (; i < padded; i += stride) {
    ivec2 c = window.xy - 1 + boxCell(i, pitch);
    uint value = kUnreached;  // the border: impassable
    if (inWindow(c)) {
      uint rule = ruleAt(c);
      value |= uint(ruleEntryCost(rule)) << kEntryShift | (ruleMayStop(rule) ? 0u : kNoStopBit) |
               (ruleContinues(rule) ? 0u : kHaltBit);
    }
    if (c == unit) value = (value & ~kKey) | kNoParent;  // cost 0, 0 steps
    cells[i] = value;
  }
  cut = cut || i < padded;
  if (lid == 0) {
    startAnswer();
    frontier[0] = uint(indexOf(unit));
    listed[0] = moveRange > 0 ? 1u : 0u;
    listed[1] = 0u;
    listed[2] = 0u;
    stepsSeen = 0u;
    reachedBox = int[4](unit.x, unit.y, unit.x, unit.y);
  }
  seen = ivec4(unit, unit);
  memoryBarrierShared();
  memoryBarrier();
  barrier();

  // 1. Frontier rounds until one lists nothing.
  int round = 0;
  uint overflows = 0u;
  bool settled = false;
  for (;; ++round) {
    int count = int(listed[round % 3]);
    bool everyCell = count > listCapacity;
    overflows += everyCell ? 1u : 0u;
    int items = everyCell ? window.z * window.w : count;
    int list = (round & 1) * listCapacity;
    int k = lid;
    for (; k < items; k += stride) {
      int at = everyCell ? indexOf(window.xy + boxCell(k, window.z)) : int(frontier[list + k]);
      relaxFrom(at, round);
    }
    cut = cut || k < items;
    memoryBarrierShared();
    memoryBarrier();
    barrier();
    uint listedNow = listed[(round + 1) % 3];
    if (lid == 0) listed[round % 3] = 0u;  // all read it before the barrier; round + 2 appends to it
    if (listedNow == 0u) {
      settled = true;
      break;
    }
  }
  cut = cut || !settled;
  atomicMin(reachedBox[0], seen.x);
  atomicMin(reachedBox[1], seen.y);
  atomicMax(reachedBox[2], seen.z);
  atomicMax(reachedBox[3], seen.w);
  memoryBarrierShared();
  barrier();
  reach = ivec4(reachedBox[0], reachedBox[1], reachedBox[2], reachedBox[3]);

  // 2. Along each row of the reached box: without a minimum range, the distance to the nearest
  // stopping cell (reached, no ally standing there) in the row, from the left then from the
  // right; with one, prefix counts of stopping cells. The most steps on the way.
  // (The nearest-cell sweeps measure Manhattan distances: a hex board always counts.)
  bool nearest = !kHexGrid && attackSpans <= 1 && attackMin[0] <= 1;
  uint mySteps = 0u;
  int row = lid;
  for (; row < lineSize().y; row += stride) {
    for (int pass = 0; pass < (nearest ? 2 : 1); ++pass) {  // left to right, then back
      uint sum = 0u;
      uint run = kFar;
      int t = 0;
      for (; t < lineSize().x; ++t) {
        int along = pass == 0 ? t : lineSize().x - 1 - t;
        int at = indexOf(reach.xy + lineCoordinates(ivec2(along, row)));
        uint value = cells[at];
        uint key = value & kKey;
        bool reached = key != kUnreached;
        bool stopping = reached && (value & kNoStopBit) == 0u;
        sum += stopping ? 1u : 0u;
        run = stopping ? 0u : min(run + 1u, kFar);
        // The entry costs give way to the attack test's field.
        uint field = pass == 0 ? (nearest ? run : sum) : min(run, attackField(value));
        cells[at] = (value & (kKey | kNoStopBit)) | field << kAttackShift;
        mySteps = reached ? max(mySteps, (key >> kStepsShift) & 0xFFu) : mySteps;
      }
      cut = cut || t < lineSize().x;
    }
  }
  cut = cut || row < lineSize().y;
  atomicMax(stepsSeen, mySteps);
  memoryBarrierShared();
  memoryBarrier();
  barrier();
  // Without a minimum range, down and up each column: the distance to the nearest stopping cell
  // anywhere (L1 distances separate into rows and columns).
  int column = lid;
  for (; column < (nearest ? reachSize().x : 0); column += stride) {
    for (int pass = 0; pass < 2; ++pass) {  // down, then up
      uint run = kFar;
      int t = 0;
      for (; t < reachSize().y; ++t) {
        int at = indexOf(reach.xy + ivec2(column, pass == 0 ? t : reachSize().y - 1 - t));
        uint value = cells[at];
        run = min(run + 1u, attackField(value));
        cells[at] = (value & ~kAttackMask) | run << kAttackShift;
      }
      cut = cut || t < reachSize().y;
    }
  }
  cut = cut || column < (nearest ? reachSize().x : 0);
  memoryBarrierShared();
  memoryBarrier();
  barrier();

  // 3. The final bytes of every cell the last solve or this one may have changed: the box of the
  // reached cells grown by the attack range, and what the last solve wrote.
  ivec4 attackBox = ivec4(max(reach.xy - attackFar, ivec2(0)),
                          min(reach.zw + attackFar, mapSize - 1));
#ifdef BATCH
  ivec4 clearBox = attackBox;  // a batch's windows start empty
#else
  ivec4 clearBox = lastTouched.x > lastTouched.z
                       ? attackBox
                       : ivec4(min(attackBox.xy, lastTouched.xy), max(attackBox.zw, lastTouched.zw));
#endif
  int clearWidth = clearBox.z - clearBox.x + 1;
  int clearCells = clearWidth * (clearBox.w - clearBox.y + 1);
  for (i = lid; i < clearCells; i += stride) {
    ivec2 c = clearBox.xy + boxCell(i, clearWidth);
    // The reached box's cell nearest c: c itself when inside. A cell outside is as far from
    // every stopping cell as that one, plus the steps between them.
    ivec2 inside = clamp(c, reach.xy, reach.zw);
    uint value = cells[indexOf(inside)];
    ivec2 away = abs(c - inside);
    uint key = c == inside ? value & kKey : kUnreached;
    // A reached cell is never attackable: the row counts' test runs for the others only.
    bool attackable = nearest ? int(attackField(value)) + away.x + away.y <= attackFar
                              : key == kUnreached && steps(c, reach) <= attackFar &&
                                    attackableFromRowCounts(c);
    int grey = greyAt(c);
    ivec4 bytes = key != kUnreached
                      ? ivec4(grey, 255, int(key >> kCostShift), parentByte(int(key & 7u)))
                      : ivec4(grey, attackFar > 0 && attackable ? 128 : 0, 0, 255);
    storeState(c, bytes);
  }
  cut = cut || i < clearCells;
  if (cut) markCutShort();
  if (lid == 0) finishAnswer(stepsSeen, uint(round + 1), overflows, attackBox);
#endif  // EMPTY_KERNEL
}
