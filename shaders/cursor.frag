// The hover cursor on one cell: bright corner brackets that glow gently.
in vec2 uv;
layout(location = 0) out vec4 colour;

uniform float cellPixels;
uniform float glow;  // 0..1

void main() {
  vec2 inCell = uv * cellPixels;
  float thickness = max(2.0, floor(cellPixels / 14.0));
  float arm = cellPixels * 0.32;
  vec2 fromCorner = min(inCell, vec2(cellPixels) - inCell);
  bool bracket = (fromCorner.x < thickness && fromCorner.y < arm) ||
                 (fromCorner.y < thickness && fromCorner.x < arm);
  colour = bracket ? vec4(1.0, 0.93, 0.55, 0.75 + 0.25 * glow) : vec4(1.0, 1.0, 1.0, 0.12);
}
