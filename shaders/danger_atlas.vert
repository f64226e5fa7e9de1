// One quad per instance, instance i being enemy i of the batch: its atlas window, or only the
// cells within `reach` steps of it (a box: relaxation pass k can change nothing farther), or,
// for the count pass, its window grown by its attack range on the map. The enemy's parameters
// come from an R32I texture, one row per instance, and go to the fragments as flat values.
uniform isampler2D enemies;  // see kEnemyColumns in danger_solver.cpp
uniform int reach;           // >= 0: the cells within this many steps; < 0: the whole window
uniform bool onMap;          // the count pass: the window grown by the attack max, in map cells
uniform ivec2 mapSize;
uniform ivec2 targetSize;    // the viewport, in texels: the atlas, or the map
uniform int passesRun;       // relaxation passes run so far in this batch

flat out ivec4 window;
flat out ivec2 atlasShift;
flat out ivec4 enemy;
flat out ivec2 attack;  // the number of ranges, the farthest distance
flat out ivec4 attackSpans0;
flat out ivec4 attackSpans1;
flat out ivec4 attackSpans2;
flat out ivec4 attackSpans3;

int column(int c) { return texelFetch(enemies, ivec2(c, gl_InstanceID), 0).r; }

void main() {
  ivec2 cell = ivec2(column(0), column(1));
  int move = column(2);
  attack = ivec2(column(3), column(4));
  attackSpans0 = ivec4(column(11), column(12), column(13), column(14));
  attackSpans1 = ivec4(column(15), column(16), column(17), column(18));
  attackSpans2 = ivec4(column(19), column(20), column(21), column(22));
  attackSpans3 = ivec4(column(23), column(24), column(25), column(26));
  window = ivec4(column(7), column(8), column(9), column(10));
  atlasShift = ivec2(column(5), column(6)) - window.xy;
  // Pass k writes travel texture k % 2; an enemy is not drawn after its last pass (its move).
  enemy = ivec4(cell, move, min(move, passesRun) & 1);

  ivec4 box = window;
  if (onMap) {
    box = ivec4(max(window.xy - attack.y, ivec2(0)), min(window.zw + attack.y, mapSize - 1));
  } else {
    if (reach >= 0) box = ivec4(max(box.xy, cell - reach), min(box.zw, cell + reach));
    box += atlasShift.xyxy;
  }
  // Corners on texel edges: every texel centre is half a texel inside or outside.
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
  vec2 position = mix(vec2(box.xy), vec2(box.zw + 1), corner);
  gl_Position = vec4(position / vec2(targetSize) * 2.0 - 1.0, 0.0, 1.0);
}
