// The count, drawn on the map: instance i writes 1/255 on every cell enemy i threatens (some
// stopping cell at a distance min..max for a range min..max of its attack set, reached cells
// included) and additive blending sums the
// enemies per cell in an R8 texture: one step of the byte per enemy, saturating at 255. Row by row the cells at that distance form one or two column windows; the
// row prefix counts in the enemy's atlas window say in O(1) whether one holds a stopping cell.
// On a hex board the lines and runs of attack.frag: rows, or columns on hex-x.
#include "danger.glsl"
#include "topology.glsl"

uniform usampler2D originPrefix;  // the atlas
layout(location = 0) out float threatened;

// A cell's (along, across), and the window so: the prefix counts run along rows, or along
// columns on hex-x.
ivec2 lineCoordinates(ivec2 cell) { return kColumnsStaggered ? cell.yx : cell; }
ivec4 lineWindow() { return kColumnsStaggered ? window.yxwz : window; }

uint originsUpTo(int column, int row) {
  ivec4 w = lineWindow();
  if (column < w.x) return 0u;
  return texelFetch(originPrefix, atlasTexel(lineCoordinates(ivec2(min(column, w.z), row))), 0).r;
}

bool anyOriginBetween(int row, int first, int last) {
  ivec4 w = lineWindow();
  first = max(first, w.x);
  last = min(last, w.z);
  return first <= last && originsUpTo(last, row) > originsUpTo(first - 1, row);
}

// The hex ball's run on the line t across from a cell at `along` of `parity` (attack.frag).
ivec2 hexRun(int along, int parity, int t, int radius) {
  int shifted = along + lineShift(parity, t);
  return ivec2(shifted + max(-radius, -radius - t), shifted + min(radius, radius - t));
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  ivec2 p = lineCoordinates(cell);
  int parity = cellParity(cell);
  int firstRow = max(p.y - attack.y, lineWindow().y);
  int lastRow = min(p.y + attack.y, lineWindow().w);
  for (int row = firstRow; row <= lastRow; ++row) {
    int dy = abs(row - p.y);
    for (int i = 0; i < attack.x; ++i) {
      ivec2 range = attackSpan(i);  // a range nearer than this row has far < 0: no window
      bool hit;
      if (kHexGrid) {
        // The ball of radius max on this line, less that of radius min - 1 where it reaches.
        int t = row - p.y;
        ivec2 outer = hexRun(p.x, parity, t, range.y);
        ivec2 inner = hexRun(p.x, parity, t, range.x - 1);
        bool gap = dy <= range.x - 1;
        hit = dy <= range.y &&
              (anyOriginBetween(row, outer.x, gap ? inner.x - 1 : outer.y) ||
               (gap && anyOriginBetween(row, inner.y + 1, outer.y)));
      } else {
        int far = range.y - dy;
        int near = max(0, range.x - dy);
        hit = anyOriginBetween(row, cell.x - far, cell.x - near) ||
              anyOriginBetween(row, cell.x + near, cell.x + far);
      }
      if (hit) {
        threatened = 1.0 / 255.0;
        return;
      }
    }
  }
  discard;
}
