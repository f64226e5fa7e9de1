// Shared by the danger-zone fragment passes (SPEC §7). Every enemy owns a window of the atlas:
// the cells it can reach (its cell +- its move, clipped to the map), at atlas texel
// cell + atlasShift. travel: R16UI, 0 = not reached, else the travel cost + 1, with
// kTravelHalted set on a reached cell travel does not continue through. The rules atlas holds,
// at the same texels, the rules seam's byte of each cell for that enemy (rules.glsl).
// danger_atlas.vert hands each fragment its enemy's parameters as flat values.

flat in ivec4 window;      // the enemy's reach box on the map: x0, y0, x1, y1 (inclusive)
flat in ivec2 atlasShift;  // atlas texel = map cell + atlasShift
flat in ivec4 enemy;       // x, y, move, which travel texture holds its final costs (0 or 1)
flat in ivec2 attack;      // the attack set's number of ranges (SPEC §11.4) and its farthest distance
flat in ivec4 attackSpans0;  // the ranges, merged and sorted: min, max of range 0, then of range 1
flat in ivec4 attackSpans1;  // ranges 2 and 3
flat in ivec4 attackSpans2;  // ranges 4 and 5
flat in ivec4 attackSpans3;  // ranges 6 and 7

const uint kTravelHalted = 0x8000u;
const uint kTravelCostMask = 0x7FFFu;

ivec2 enemyCell() { return enemy.xy; }
ivec2 atlasTexel(ivec2 cell) { return cell + atlasShift; }
// Range i (0..7) of the attack set: min, max. Four vectors, not an array of inputs, so that no
// input is indexed by a variable.
ivec2 attackSpan(int i) {
  ivec4 two = i < 2 ? attackSpans0 : i < 4 ? attackSpans1 : i < 6 ? attackSpans2 : attackSpans3;
  return (i & 1) == 0 ? two.xy : two.zw;
}
bool insideWindow(ivec2 cell) {
  return all(greaterThanEqual(cell, window.xy)) && all(lessThanEqual(cell, window.zw));
}
