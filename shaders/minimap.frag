// The minimap's terrain: the whole map, one flat colour per terrain, scaled into the
// inset (view/minimap.h). The units' dots and the view's rectangle are drawn over it. A hex
// board's inset is the board scaled down: its hexagons, found as board_geometry.glsl finds them.
in vec2 uv;
#include "terrain_colour.glsl"
#include "board_geometry.glsl"
flat in vec4 instanceData;

layout(location = 0) out vec4 colour;

uniform usampler2D map;  // R8UI terrain class per cell, texel row 0 = the map's top row
uniform ivec2 mapSize;   // cells
uniform int gridLayout;  // board_geometry.glsl's layout

void main() {
  ivec2 cell = clamp(ivec2(floor(uv * vec2(mapSize))), ivec2(0), mapSize - 1);
  if (gridLayout != 0) {
    // The board as if its cells were 64 pixels wide (a multiple of 4: whole corners).
    const int kCell = 64;
    bool rows = !gridTurned(gridLayout);
    vec2 span = rows ? vec2(float(mapSize.x * kCell + kCell / 2), float(3 * kCell * (mapSize.y - 1) / 4 + kCell))
                     : vec2(float(3 * kCell * (mapSize.x - 1) / 4 + kCell), float(mapSize.y * kCell + kCell / 2));
    cell = boardCell(gridLayout, ivec2(floor(uv * span)), kCell);
    if (any(lessThan(cell, ivec2(0))) || any(greaterThanEqual(cell, mapSize))) {
      colour = vec4(0.10, 0.11, 0.14, 1.0);
      return;
    }
  }
  int terrain = int(texelFetch(map, cell, 0).r);
  vec3 c;
  switch (terrain) {
    case 0: c = vec3(0.42, 0.64, 0.28); break;  // plains
    case 1: c = vec3(0.16, 0.40, 0.18); break;  // forest
    case 2: c = vec3(0.70, 0.60, 0.36); break;  // hills
    case 3: c = vec3(0.52, 0.47, 0.44); break;  // mountains
    case 4: c = vec3(0.22, 0.30, 0.52); break;  // wall or deep water
    default: c = namedTerrainColour(terrain); break;
  }
  colour = vec4(c, 1.0);
}
