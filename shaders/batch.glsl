// Shared by a batch's fragment passes (batch_range_solver.h): every query owns a window of the
// atlas, its states box (the cells within its move, grown by its attack range), at atlas texel
// cell + atlasShift. The state atlases hold SPEC §4's bytes but for R, which holds the
// relaxation pass that last lowered the cell's cost: its steps, whose most gives the query's
// passes (min(move, most steps + 1)) without a test per query and pass. Include state.glsl
// before it.

flat in ivec4 unitMove;      // unit x, y, move, attack ranges (batch_atlas.vert)
flat in ivec2 atlasShift;
flat in ivec4 moveWindow;
flat in ivec4 attackSpans0;
flat in ivec4 attackSpans1;
flat in ivec4 attackSpans2;
flat in ivec4 attackSpans3;

ivec2 unitCell() { return unitMove.xy; }
int moveRange() { return unitMove.z; }
ivec2 atlasTexel(ivec2 cell) { return cell + atlasShift; }
bool inMoveWindow(ivec2 cell) {
  return all(greaterThanEqual(cell, moveWindow.xy)) && all(lessThanEqual(cell, moveWindow.zw));
}
// Range i (0..7) of the attack set: min, max (no input indexed by a variable).
ivec2 attackSpan(int i) {
  ivec4 two = i < 2 ? attackSpans0 : i < 4 ? attackSpans1 : i < 6 ? attackSpans2 : attackSpans3;
  return (i & 1) == 0 ? two.xy : two.zw;
}
