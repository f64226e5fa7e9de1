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

// A word of a row's targets at once, for attacks reaching at most kSightWordReach
// (sight_seen.frag). A segment's crossed cells depend only on the offset between its ends, so the
// CPU walks each offset of the attack set once (tactics::forEachCrossed) into sightOffsets (the
// table of gpu/board_inputs.h). Bit i of a word is column 32w + i of its row. For an offset, the
// targets with an origin there are the origins' word shifted by it, and the segments that are
// clear those that no crossed cell's blocker word, shifted the same way, marks.
const int kSightWordReach = 12;
const int kSightWindowRows = 2 * kSightWordReach + 1;
const int kSightTableBias = 32;
uniform usampler2D sightOffsets;  // 1024 entries a row
uniform int sightOffsetCount;

// Words w - 1, w and w + 1 of a row, as x, y, z: the bits `shift` columns along from word w's,
// -32 < shift < 32.
uint bitsAt(uvec3 words, int shift) {
  if (shift > 0) return (words.y >> uint(shift)) | (words.z << uint(32 - shift));
  if (shift < 0) return (words.y << uint(-shift)) | (words.x >> uint(32 + shift));
  return words.y;
}

uint sightTableEntry(int i) { return texelFetch(sightOffsets, ivec2(i & 1023, i >> 10), 0).r; }
// An entry's offset (or cell), relative to the target.
ivec2 sightTableCell(uint entry) {
  return ivec2(int(entry & 255u), int((entry >> 8) & 255u)) - kSightTableBias;
}

// Of the targets in word w, the ones some origin in the table's offsets sees. Row r of the
// windows holds words w - 1..w + 1 of the row r - reach below the targets' (above when negative).
uint seenInWord(uvec3 origins[kSightWindowRows], uvec3 blockers[kSightWindowRows], int reach) {
  uint seen = 0u;
  int at = 0;
  for (int k = 0; k < sightOffsetCount; ++k) {
    uint entry = sightTableEntry(at);
    ivec2 offset = sightTableCell(entry);
    int crossed = int(entry >> 16);
    uint from = bitsAt(origins[offset.y + reach], offset.x) & ~seen;
    if (from != 0u) {
      uint hidden = 0u;
      for (int c = 1; c <= crossed; ++c) {
        ivec2 cell = sightTableCell(sightTableEntry(at + c));
        hidden |= bitsAt(blockers[cell.y + reach], cell.x);
      }
      seen |= from & ~hidden;
    }
    at += 1 + crossed;
  }
  return seen;
}
