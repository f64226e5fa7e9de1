// One quad per instance, instance i being query i of a batch (batch_range_solver.h): a box of
// its atlas window, chosen by `reach`. The query's parameters come from an R32I texture, one row
// per instance (kQueryColumns in batch_atlas.cpp), and go to the fragments as flat values.
uniform isampler2D queries;
uniform int reach;         // >= 0: its move window's cells within this many steps of the unit
                           // (a box: relaxation pass k changes nothing farther); -1: the move
                           // window; -2: the states box (the move window grown by the attack)
uniform ivec2 targetSize;  // the atlas, in texels

flat out ivec4 unitMove;      // unit x, y, move, attack ranges
flat out ivec2 atlasShift;    // atlas texel = map cell + atlasShift
flat out ivec4 moveWindow;    // x0, y0, x1, y1 on the map: the cells within the move
flat out ivec4 attackSpans0;  // the ranges, merged and sorted: min, max of range 0, of range 1
flat out ivec4 attackSpans1;  // ranges 2 and 3
flat out ivec4 attackSpans2;  // ranges 4 and 5
flat out ivec4 attackSpans3;  // ranges 6 and 7

int column(int c) { return texelFetch(queries, ivec2(c, gl_InstanceID), 0).r; }

void main() {
  unitMove = ivec4(column(0), column(1), column(2), column(3));
  atlasShift = ivec2(column(4), column(5));
  moveWindow = ivec4(column(6), column(7), column(8), column(9));
  ivec4 statesBox = ivec4(column(10), column(11), column(12), column(13));
  attackSpans0 = ivec4(column(14), column(15), column(16), column(17));
  attackSpans1 = ivec4(column(18), column(19), column(20), column(21));
  attackSpans2 = ivec4(column(22), column(23), column(24), column(25));
  attackSpans3 = ivec4(column(26), column(27), column(28), column(29));

  ivec4 box = reach == -2 ? statesBox : moveWindow;
  if (reach >= 0) {
    box = ivec4(max(box.xy, unitMove.xy - reach), min(box.zw, unitMove.xy + reach));
  }
  box += atlasShift.xyxy;
  // Corners on texel edges: every texel centre is half a texel inside or outside. z 0: depth
  // 0.5, what the change test compares the relaxation's marks with.
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
  vec2 position = mix(vec2(box.xy), vec2(box.zw + 1), corner);
  gl_Position = vec4(position / vec2(targetSize) * 2.0 - 1.0, 0.0, 1.0);
}
