// Attack range (SPEC §3, §11.4, §13): an unreached cell is attackable when some stopping cell
// lies at a grid distance min..max from it (Manhattan, or the hex distance), for any range
// min..max of the unit's attack set. Row by row, the cells at that distance form one or two
// column windows, and the row prefix counts say in O(1) whether a window holds a stopping cell.
// The minimum range applies per origin, so a 2-2 bow does not threaten the cells next to it.
//
// On a hex board the same holds line by line: on hex-y every cell of a row shares its parity, so
// the cells at axial offset (dq, t) from the cell lie dq + lineShift(parity, t) columns along
// row y + t, and for a fixed t the hex ball's dq form one run, as on a square board. hex-x is
// hex-y with rows and columns exchanged (its q runs along columns and its r across, and the
// distance is symmetric in q and r), so there the prefix counts run along columns
// (row_prefix.frag) and this pass works in (row, column) order: one path for both.
//
// Written for software rasterizers: the loops run over row offsets, so their bounds, and whether
// a row's cells form one window (rows at least the minimum away) or two, are the same for every
// fragment; coordinates are clamped instead of tested, so no fetch sits behind a branch.
//
// Line of sight (SPEC §11.8, square boards, `sightOn`): a cell the windows find in range is
// attackable only when one of the stopping cells in range sees it. A cell with no blocker within
// the attack's reach but itself needs no more; else the stopping cells in range are tried from the
// nearest out (a single-cell window of the prefix counts says whether a cell is one) until one
// sees it. Attacks reaching at most kSightWordReach have it decided a word of cells at a time
// beforehand (sight_seen.frag): a cell reads its bit.
#include "sight.glsl"
#include "state.glsl"
#include "topology.glsl"

uniform sampler2D state;
uniform usampler2D originPrefix;  // per line: stopping cells from the box's first cell up to this one
uniform ivec4 originBox;          // x0, y0, x1, y1 (inclusive): where stopping cells can be
// The attack set (SPEC §11.4): attackSpans ranges, merged and sorted, attackMin[i]..attackMax[i].
const int kMaxAttackSpans = 8;
uniform int attackSpans;
uniform int attackMin[kMaxAttackSpans];
uniform int attackMax[kMaxAttackSpans];
uniform bool sightOn;
uniform bool sightByWords;       // sightOn, and seenWords holds the answer
uniform usampler2D seenWords;    // sight_seen.frag's words
layout(location = 0) out vec4 nextState;

// A cell's (along, across): the prefix counts run along rows, or along columns on hex-x.
ivec2 lineCoordinates(ivec2 cell) { return kColumnsStaggered ? cell.yx : cell; }

// Whether cells first..last along line `row` hold a stopping cell (none outside the origin box).
bool anyOriginInRow(int row, int first, int last) {
  ivec4 box = kColumnsStaggered ? originBox.yxwz : originBox;
  bool inBox = row >= box.y && row <= box.w;
  row = clamp(row, box.y, box.w);
  first = max(first, box.x);
  last = min(last, box.z);
  uint upToLast = texelFetch(originPrefix, lineCoordinates(ivec2(max(last, box.x), row)), 0).r;
  int before = clamp(first - 1, box.x, box.z);
  uint beforeFirst = texelFetch(originPrefix, lineCoordinates(ivec2(before, row)), 0).r;
  return inBox && first <= last && upToLast > (first > box.x ? beforeFirst : 0u);
}

// The hex ball's run on the line `t` across from a cell at `along` of `parity`: the cells within
// `radius` (axial dq in max(-radius, -radius - t) .. min(radius, radius - t)), as first, last.
ivec2 hexRun(int along, int parity, int t, int radius) {
  int shifted = along + lineShift(parity, t);
  return ivec2(shifted + max(-radius, -radius - t), shifted + min(radius, radius - t));
}

// Whether a stopping cell lies lo..hi hex steps from `cell` (in line coordinates, of `parity`),
// which is not one itself. Lines at least the minimum across: one run of the ball of radius hi;
// nearer lines: that run less the ball of radius lo - 1, a run on each side. Whether a line is
// near is the same for every fragment.
bool inHexRange(ivec2 cell, int parity, int lo, int hi) {
  for (int t = -hi; t <= hi; ++t) {
    ivec2 outer = hexRun(cell.x, parity, t, hi);
    if (abs(t) >= lo) {
      if (anyOriginInRow(cell.y + t, outer.x, outer.y)) return true;
    } else {
      ivec2 inner = hexRun(cell.x, parity, t, lo - 1);
      if (anyOriginInRow(cell.y + t, outer.x, inner.x - 1) ||
          anyOriginInRow(cell.y + t, inner.y + 1, outer.y)) {
        return true;
      }
    }
  }
  return false;
}

// Whether a stopping cell lies lo..hi away from `cell`, which is not one itself.
bool inRange(ivec2 cell, int lo, int hi) {
  // Rows at least the minimum away: one window centred on the cell's column. Nearer rows: the
  // cells min..max away lie in one window on each side.
  for (int dy = lo; dy <= hi; ++dy) {
    int far = hi - dy;
    if (anyOriginInRow(cell.y - dy, cell.x - far, cell.x + far) ||
        anyOriginInRow(cell.y + dy, cell.x - far, cell.x + far)) {
      return true;
    }
  }
  // With minimum 1, the cell's own row is one window too: the only cell it adds is this one,
  // which is not reached, so not a stopping cell.
  if (lo == 1) return anyOriginInRow(cell.y, cell.x - hi, cell.x + hi);
  for (int dy = 1 - lo; dy < lo; ++dy) {
    int far = hi - abs(dy);
    int near = lo - abs(dy);
    if (anyOriginInRow(cell.y + dy, cell.x - far, cell.x - near) ||
        anyOriginInRow(cell.y + dy, cell.x + near, cell.x + far)) {
      return true;
    }
  }
  return false;
}

// Whether a stopping cell lo..hi away sees `cell` (square boards; sight.glsl).
bool seenFromRange(ivec2 cell, int lo, int hi) {
  if (blockersIn(cell - hi, cell + hi) == (blocksSight(cell) ? 1 : 0)) return true;
  for (int d = lo; d <= hi; ++d) {
    for (int dy = -d; dy <= d; ++dy) {
      int far = d - abs(dy);
      for (int side = 0; side < 2; ++side) {
        ivec2 s = cell + ivec2(side == 0 ? -far : far, dy);
        if (anyOriginInRow(s.y, s.x, s.x) && inSight(s, cell)) return true;
        if (far == 0) break;
      }
    }
  }
  return false;
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  nextState = storedNormalized(self);
  // A reached cell gets its canonical G (relaxing may have left a halted cell's marker).
  if (self.g >= kReachedMinNormalized) {
    nextState = storedBytes(ivec4(byteOf(self.r), 255, byteOf(self.b), byteOf(self.a)));
    return;
  }
  if (sightByWords) {
    // Seen means seen from a stopping cell at a distance in the set: in range too.
    uint word = texelFetch(seenWords, ivec2(cell.x >> 5, cell.y), 0).r;
    if (((word >> uint(cell.x & 31)) & 1u) != 0u) {
      nextState = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
    }
    return;
  }
  // Each range of the set per origin: the hole of "1,3" stays a hole.
  int parity = cellParity(cell);
  for (int i = 0; i < attackSpans; ++i) {
    bool hit = kHexGrid ? inHexRange(lineCoordinates(cell), parity, attackMin[i], attackMax[i])
                        : inRange(cell, attackMin[i], attackMax[i]);
    if (hit && sightOn && !kHexGrid) hit = seenFromRange(cell, attackMin[i], attackMax[i]);
    if (hit) {
      nextState = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
      return;
    }
  }
}
