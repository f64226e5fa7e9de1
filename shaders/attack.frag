// Attack range (SPEC §3): an unreached cell is attackable when some stopping cell lies at a
// Manhattan distance min..max from it. Row by row, the cells at that distance form one or two
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
uniform int attackMin;
uniform int attackMax;
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

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  nextState = storedNormalized(self);
  // A reached cell gets its canonical G (relaxing may have left a halted cell's marker).
  if (self.g >= kReachedMinNormalized) {
    nextState = storedBytes(ivec4(byteOf(self.r), 255, byteOf(self.b), byteOf(self.a)));
    return;
  }

  // Rows at least the minimum away: one window centred on the cell's column. Nearer rows: the
  // cells min..max away lie in one window on each side.
  for (int dy = attackMin; dy <= attackMax; ++dy) {
    int far = attackMax - dy;
    if (anyOriginInRow(cell.y - dy, cell.x - far, cell.x + far) ||
        anyOriginInRow(cell.y + dy, cell.x - far, cell.x + far)) {
      nextState = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
      return;
    }
  }
  // With minimum 1, the cell's own row is one window too: the only cell it adds is this one,
  // which is not reached, so not a stopping cell.
  if (attackMin == 1) {
    if (anyOriginInRow(cell.y, cell.x - attackMax, cell.x + attackMax)) {
      nextState = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
    }
    return;
  }
  for (int dy = 1 - attackMin; dy < attackMin; ++dy) {
    int far = attackMax - abs(dy);
    int near = attackMin - abs(dy);
    if (anyOriginInRow(cell.y + dy, cell.x - far, cell.x - near) ||
        anyOriginInRow(cell.y + dy, cell.x + near, cell.x + far)) {
      nextState = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
      return;
    }
  }
}
