// The cells within `reach` steps of the unit, as a diamond drawn as a 4-vertex triangle strip:
// relaxation pass k can change no cell outside it, so nothing outside it is shaded. Corners lie
// half a cell beyond the last cell in each direction, so every cell centre is at least half a
// cell (in steps) inside or outside an edge: no rounding decides which cells are drawn.
uniform ivec2 unit;
uniform int reach;
uniform ivec4 viewportBox;  // x0, y0, width, height of the viewport, in cells

const vec2 kCorner[4] = vec2[4](vec2(0.0, -1.0), vec2(1.0, 0.0), vec2(-1.0, 0.0), vec2(0.0, 1.0));

void main() {
  vec2 position = vec2(unit) + 0.5 + kCorner[gl_VertexID] * (float(reach) + 0.5);
  gl_Position = vec4((position - vec2(viewportBox.xy)) / vec2(viewportBox.zw) * 2.0 - 1.0, 0.0, 1.0);
}
