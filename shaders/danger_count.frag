#version 330 core
// The count: instance i writes 1.0 on every cell enemy i threatens (some stopping cell at a
// distance min..max, reached cells included) and additive blending sums the enemies per cell.
// Row by row the cells at that distance form one or two column windows; the row prefix counts
// say in O(1) whether a window holds a stopping cell.
#include "danger.glsl"

uniform usampler2DArray originPrefix;
flat in int enemyLayer;
out float threatened;

uint originsUpTo(int column, int row) {
  if (column < 0) return 0u;
  return texelFetch(originPrefix, ivec3(min(column, mapSize.x - 1), row, enemyLayer), 0).r;
}

bool anyOriginBetween(int row, int first, int last) {
  first = max(first, 0);
  last = min(last, mapSize.x - 1);
  return first <= last && originsUpTo(last, row) > originsUpTo(first - 1, row);
}

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  int attackMin = enemyValue(enemyLayer, kEnemyAttackMin);
  int attackMax = enemyValue(enemyLayer, kEnemyAttackMax);
  if (attackMax == 0) discard;  // cannot attack: threatens nothing
  int firstRow = max(cell.y - attackMax, 0);
  int lastRow = min(cell.y + attackMax, mapSize.y - 1);
  for (int row = firstRow; row <= lastRow; ++row) {
    int dy = abs(row - cell.y);
    int far = attackMax - dy;
    int near = max(0, attackMin - dy);
    if (anyOriginBetween(row, cell.x - far, cell.x - near) ||
        anyOriginBetween(row, cell.x + near, cell.x + far)) {
      threatened = 1.0;
      return;
    }
  }
  discard;
}
