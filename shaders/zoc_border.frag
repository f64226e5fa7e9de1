// A zone of control cell (SPEC §11.2) of the selected unit: a thin border just inside the cell
// in the colour of the mover's foes, with a dark line inside it so it reads on any terrain and
// over any range colour. The rest of the cell is left as it is.
in vec2 uv;
#include "board_geometry.glsl"
layout(location = 0) out vec4 colour;

uniform float cellPixels;
uniform int gridLayout;  // board_geometry.glsl's layout: the band follows a hexagon's edges
uniform vec4 borderColour;  // rgb used

void main() {
  // Pixels from the cell's nearest edge.
  vec2 p = uv * cellPixels;
  float edge = insideDistance(gridLayout, p, cellPixels);
  // A one-pixel gap (the grid line), then the band, about a tenth of the cell (2..5 pixels).
  float width = clamp(floor(cellPixels / 10.0), 2.0, 5.0);
  float band = step(1.0, edge) * step(edge, 1.0 + width);
  float inner = step(1.0 + width, edge) * step(edge, 2.0 + width);
  colour = band > 0.5 ? vec4(borderColour.rgb, 1.0) : vec4(0.05, 0.04, 0.08, 0.7 * inner);
}
