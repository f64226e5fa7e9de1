// The count, drawn on the map: instance i writes 1/255 on every cell enemy i threatens (some
// stopping cell at a distance min..max for a range min..max of its attack set, reached cells
// included) and additive blending sums the
// enemies per cell in an R8 texture: one step of the byte per enemy, saturating at 255. Row by row the cells at that distance form one or two column windows; the
// row prefix counts in the enemy's atlas window say in O(1) whether one holds a stopping cell.
#include "danger.glsl"

uniform usampler2D originPrefix;  // the atlas
layout(location = 0) out float threatened;

uint originsUpTo(int column, int row) {
  if (column < window.x) return 0u;
  return texelFetch(originPrefix, atlasTexel(ivec2(min(column, window.z), row)), 0).r;
}

bool anyOriginBetween(int row, int first, int last) {
  first = max(first, window.x);
  last = min(last, window.z);
  return first <= last && originsUpTo(last, row) > originsUpTo(first - 1, row);
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  int firstRow = max(cell.y - attack.y, window.y);
  int lastRow = min(cell.y + attack.y, window.w);
  for (int row = firstRow; row <= lastRow; ++row) {
    int dy = abs(row - cell.y);
    for (int i = 0; i < attack.x; ++i) {
      ivec2 range = attackSpan(i);  // a range nearer than this row has far < 0: no window
      int far = range.y - dy;
      int near = max(0, range.x - dy);
      if (anyOriginBetween(row, cell.x - far, cell.x - near) ||
          anyOriginBetween(row, cell.x + near, cell.x + far)) {
        threatened = 1.0 / 255.0;
        return;
      }
    }
  }
  discard;
}
