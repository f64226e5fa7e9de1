// Attack range (SPEC §3, §11.4): an unreached cell is attackable when some stopping cell lies at
// a Manhattan distance min..max from it, for any range min..max of the unit's attack set. Row by row, the cells at that distance form one or two
// column windows, and the row prefix counts say in O(1) whether a window holds a stopping cell.
// The minimum range applies per origin, so a 2-2 bow does not threaten the cells next to it.
//
// Written for software rasterizers: the loops run over row offsets, so their bounds, and whether
// a row's cells form one window (rows at least the minimum away) or two, are the same for every
// fragment; coordinates are clamped instead of tested, so no fetch sits behind a branch.
#include "state.glsl"

uniform sampler2D state;
uniform usampler2D originPrefix;  // per row: stopping cells from originBox.x up to this column
uniform ivec4 originBox;          // x0, y0, x1, y1 (inclusive): where stopping cells can be
// The attack set (SPEC §11.4): attackSpans ranges, merged and sorted, attackMin[i]..attackMax[i].
const int kMaxAttackSpans = 8;
uniform int attackSpans;
uniform int attackMin[kMaxAttackSpans];
uniform int attackMax[kMaxAttackSpans];
layout(location = 0) out vec4 nextState;

// Whether columns first..last of `row` hold a stopping cell (none outside the origin box).
bool anyOriginInRow(int row, int first, int last) {
  bool inBox = row >= originBox.y && row <= originBox.w;
  row = clamp(row, originBox.y, originBox.w);
  first = max(first, originBox.x);
  last = min(last, originBox.z);
  uint upToLast = texelFetch(originPrefix, ivec2(max(last, originBox.x), row), 0).r;
  int before = clamp(first - 1, originBox.x, originBox.z);
  uint beforeFirst = texelFetch(originPrefix, ivec2(before, row), 0).r;
  return inBox && first <= last && upToLast > (first > originBox.x ? beforeFirst : 0u);
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

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  nextState = storedNormalized(self);
  // A reached cell gets its canonical G (relaxing may have left a halted cell's marker).
  if (self.g >= kReachedMinNormalized) {
    nextState = storedBytes(ivec4(byteOf(self.r), 255, byteOf(self.b), byteOf(self.a)));
    return;
  }
  // Each range of the set per origin: the hole of "1,3" stays a hole.
  for (int i = 0; i < attackSpans; ++i) {
    if (inRange(cell, attackMin[i], attackMax[i])) {
      nextState = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
      return;
    }
  }
}
