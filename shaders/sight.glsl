// Line of sight (SPEC §11.8), the same integer arithmetic as tactics/solver/sight.h, so every
// backend agrees bit for bit: t is in sight of s when no sight-blocking cell other than s and t
// is crossed by the segment between their centres, a cell c crossed exactly when
// 2 * |DY * (cx - sx) - DX * (cy - sy)| < |DX| + |DY|. Square boards only.
//
// The blockers come as a summed-area table: texel (x, y) of the (width + 1) x (height + 1)
// texture counts the blocking cells above and left of the cell corner (x, y), so a box's blockers
// are four fetches and a segment with none in its bounding box needs no walk.
uniform usampler2D sightSums;

// The blocking cells of the box lo..hi (inclusive), clipped to the map.
int blockersIn(ivec2 lo, ivec2 hi) {
  ivec2 size = textureSize(sightSums, 0) - 1;
  lo = max(lo, ivec2(0));
  hi = min(hi, size - 1);
  if (lo.x > hi.x || lo.y > hi.y) return 0;
  uint a = texelFetch(sightSums, hi + 1, 0).r;
  uint b = texelFetch(sightSums, ivec2(lo.x, hi.y + 1), 0).r;
  uint c = texelFetch(sightSums, ivec2(hi.x + 1, lo.y), 0).r;
  uint d = texelFetch(sightSums, lo, 0).r;
  return int(a - b - c + d);
}

bool blocksSight(ivec2 cell) { return blockersIn(cell, cell) != 0; }

// floor(a / b) for b > 0, with integer division only on non-negative numbers.
int floorDiv(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

bool inSight(ivec2 s, ivec2 t) {
  ivec2 lo = min(s, t);
  ivec2 hi = max(s, t);
  int ends = (blocksSight(s) ? 1 : 0) + (blocksSight(t) ? 1 : 0);
  if (blockersIn(lo, hi) == ends) return true;  // nothing between them: no walk
  int dx = t.x - s.x;
  int dy = t.y - s.y;
  bool alongX = abs(dx) >= abs(dy);
  int major = alongX ? dx : dy;  // the longer axis, one cell a step
  int minor = alongX ? dy : dx;
  int steps = abs(major);
  int sgn = major > 0 ? 1 : -1;
  int bound = abs(dx) + abs(dy);
  // Only s lies on its own column (row) of the walk and only t on theirs.
  for (int j = 1; j < steps; ++j) {
    // The line's offset at step j lies in [k, k + 1): the two cells there are the candidates.
    int k = floorDiv(minor * j, steps);
    for (int n = 0; n < 2; ++n) {
      int offset = k + n;
      if (2 * abs(minor * j - steps * offset) >= bound) continue;
      ivec2 c = alongX ? ivec2(s.x + sgn * j, s.y + offset) : ivec2(s.x + offset, s.y + sgn * j);
      if (blocksSight(c)) return false;
    }
  }
  return true;
}
