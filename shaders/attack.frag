#version 330 core
// Attack range (SPEC §3): an unreached cell is attackable when some stopping cell lies at a
// Manhattan distance min..max from it. Row by row, the cells at that distance form one or two
// column windows, and the row prefix counts say in O(1) whether a window holds a stopping cell.
// The minimum range applies per origin, so a 2-2 bow does not threaten the cells next to it.
#include "state.glsl"

uniform sampler2D state;
uniform usampler2D originPrefix;  // per row: stopping cells from originBox.x up to this column
uniform ivec4 originBox;          // x0, y0, x1, y1 (inclusive): where stopping cells can be
uniform int attackMin;
uniform int attackMax;
out vec4 nextState;

uint originsUpTo(int column, int row) {
  if (column < originBox.x) return 0u;
  return texelFetch(originPrefix, ivec2(min(column, originBox.z), row), 0).r;
}

bool anyOriginBetween(int row, int first, int last) {
  first = max(first, originBox.x);
  last = min(last, originBox.z);
  return first <= last && originsUpTo(last, row) > originsUpTo(first - 1, row);
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  vec4 self = texelFetch(state, cell, 0);
  ivec4 bytes = bytesOf(self);
  nextState = storedBytes(bytes);
  if (isReached(self)) return;

  int firstRow = max(cell.y - attackMax, originBox.y);
  int lastRow = min(cell.y + attackMax, originBox.w);
  for (int row = firstRow; row <= lastRow; ++row) {
    int dy = abs(row - cell.y);
    int far = attackMax - dy;
    int near = max(0, attackMin - dy);
    if (anyOriginBetween(row, cell.x - far, cell.x - near) ||
        anyOriginBetween(row, cell.x + near, cell.x + far)) {
      bytes.g = 128;
      nextState = storedBytes(bytes);
      return;
    }
  }
}
