// The terrain, painted into a texture whenever the map or the camera changes (only the part on
// screen): every terrain class has its own colour and a simple procedural texture. Class 4 is
// impassable to every movement class; it reads as water where it forms wide areas and as stone
// wall where it is a thin line. A named terrain beyond the fifth (SPEC §11.1) is ground in a
// colour of its own. Grid lines are baked in too.
in vec2 uv;
#include "state.glsl"
#include "terrain_colour.glsl"
#include "board_geometry.glsl"

layout(location = 0) out vec4 colour;

uniform usampler2D map;    // R8UI terrain index per cell, texel row 0 = the map's top row
uniform ivec2 mapSize;     // cells
uniform float cellPixels;  // cell side in pixels, for smooth edges
uniform vec2 cellOrigin;   // the map position (in cells) of the quad's top-left corner
uniform vec2 cellsAcross;  // how many cells the quad spans
uniform bool gridLines;    // subtle lines between the cells
uniform int gridLayout;    // board_geometry.glsl's layout: 0 square, 1..4 the hex layouts

// A hash of the coordinates rounded to 1/256 (the PCG hash of Jarzynski and Olano): integer
// arithmetic on inputs a rounding error cannot change, so every GPU and WebGL draws the same
// art. fract(sin(...)) with its large arguments came out differently on each driver (llvmpipe and
// the browser's SwiftShader disagreed on a third of the board's pixels).
uint pcg(uint v) {
  uint state = v * 747796405u + 2891336453u;
  uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}
float hash(vec2 p) {
  uvec2 q = uvec2(ivec2(floor(p * 256.0 + 0.5)));
  return float(pcg(q.x ^ pcg(q.y)) >> 8u) / 16777216.0;
}
vec2 hash2(vec2 p) { return vec2(hash(p), hash(p + 17.31)); }

float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1, 0)), u.x), mix(hash(i + vec2(0, 1)), hash(i + vec2(1, 1)), u.x), u.y);
}

int terrainAt(ivec2 c) {
  c = clamp(c, ivec2(0), mapSize - 1);
  return int(texelFetch(map, c, 0).r);
}

// 1 inside, 0 outside, smooth over about one pixel; d is a signed distance in cells.
float fill(float d) {
  float aa = 1.0 / cellPixels;
  return 1.0 - smoothstep(-aa, aa, d);
}

vec3 grass(vec2 p, vec2 f, vec2 cell, vec3 base) {
  vec3 c = base * (0.92 + 0.16 * noise(p * 3.0));
  // A few tufts: short darker strokes, never over the cell's middle point, where the overlays'
  // colour reads truest.
  for (int i = 0; i < 3; ++i) {
    vec2 at = 0.15 + 0.7 * hash2(cell + float(i) * 7.7);
    if (abs(at.x - 0.475) < 0.075 && abs(at.y - 0.5) < 0.08) at.y += at.y < 0.5 ? -0.1 : 0.1;
    vec2 d = abs(f - at);
    float tuft = step(d.x, 0.025) * step(d.y, 0.06) + step(abs(f.x - at.x - 0.05), 0.02) * step(d.y, 0.04);
    c = mix(c, base * 0.72, clamp(tuft, 0.0, 1.0) * fill(-1.0));
  }
  return c;
}

vec3 forest(vec2 p, vec2 f, vec2 cell) {
  vec3 c = grass(p, f, cell, vec3(0.32, 0.55, 0.24));
  vec2 centres[3] = vec2[3](vec2(0.30, 0.34), vec2(0.70, 0.40), vec2(0.48, 0.72));
  for (int i = 0; i < 3; ++i) {
    vec2 at = centres[i] + 0.08 * (hash2(cell + float(i)) - 0.5);
    float r = 0.20 + 0.04 * hash(cell * 3.1 + float(i));
    float shadow = length(f - at - vec2(0.04, 0.05)) - r;
    c = mix(c, c * 0.55, 0.7 * fill(shadow));
    float crown = length(f - at) - r;
    vec3 leaves = mix(vec3(0.10, 0.36, 0.14), vec3(0.26, 0.58, 0.22), clamp(0.5 - dot(f - at, vec2(0.7, 0.7)) / r, 0.0, 1.0));
    leaves *= 0.9 + 0.2 * noise(p * 9.0);
    c = mix(c, leaves, fill(crown));
    c = mix(c, vec3(0.06, 0.22, 0.08), fill(abs(crown) - 0.012));
  }
  return c;
}

vec3 hill(vec2 p, vec2 f, vec2 cell) {
  vec3 c = grass(p, f, cell, vec3(0.55, 0.66, 0.30));
  // A rounded mound, lit from the upper left.
  vec2 q = (f - vec2(0.5, 0.78)) / vec2(0.42, 0.52);
  float mound = length(q) - 1.0;
  vec3 earth = mix(vec3(0.62, 0.52, 0.30), vec3(0.80, 0.70, 0.44), clamp(0.6 - q.x * 0.6 - q.y * 0.2, 0.0, 1.0));
  earth *= 0.93 + 0.14 * noise(p * 6.0);
  float inside = fill(mound * 0.42) * step(f.y, 0.78 + 0.001);
  c = mix(c, earth, inside);
  c = mix(c, vec3(0.40, 0.32, 0.16), fill(abs(mound * 0.42) - 0.012) * step(f.y, 0.78));
  return c;
}

vec3 mountain(vec2 p, vec2 f, vec2 cell) {
  vec3 c = vec3(0.58, 0.52, 0.42) * (0.9 + 0.2 * noise(p * 4.0));
  // One peak: two faces, a snow cap and a dark outline.
  vec2 top = vec2(0.5 + 0.06 * (hash(cell) - 0.5), 0.12);
  float halfBase = 0.46;
  float dy = (f.y - top.y) / (0.92 - top.y);
  float side = abs(f.x - top.x) - halfBase * dy;
  float inside = fill(side * 0.7) * step(top.y, f.y) * step(f.y, 0.92);
  vec3 rock = f.x < top.x ? vec3(0.62, 0.58, 0.54) : vec3(0.42, 0.38, 0.36);
  rock *= 0.9 + 0.2 * noise(p * 8.0);
  float snow = step(f.y, top.y + 0.22 + 0.04 * sin(f.x * 40.0));
  rock = mix(rock, vec3(0.95, 0.96, 1.0), snow);
  c = mix(c, rock, inside);
  c = mix(c, vec3(0.22, 0.19, 0.17), fill(abs(side * 0.7) - 0.012) * step(top.y, f.y) * step(f.y, 0.92));
  return c;
}

vec3 water(vec2 p, vec2 f, ivec2 cell) {
  vec3 c = vec3(0.20, 0.42, 0.76) * (0.9 + 0.15 * noise(p * 2.0));
  float wave = sin((p.x * 2.0 + sin(p.y * 3.0) * 0.6) * 6.2831) * 0.5 + 0.5;
  float crest = smoothstep(0.85, 0.97, wave) * step(0.5, fract(p.y * 3.0 + noise(p * 2.0)));
  c = mix(c, vec3(0.55, 0.75, 0.95), crest * 0.8);
  // Foam along the shores: the sides (squares) or edges (hexagons) with land across.
  float shore = 1.0;
  for (int k = 0; k < neighbourCount(gridLayout); ++k) {
    if (terrainAt(neighbourCell(gridLayout, cell, k)) != 4) {
      shore = min(shore, edgeDistance(gridLayout, f, 1.0, k));
    }
  }
  c = mix(c, vec3(0.85, 0.92, 0.98), fill(shore - 0.07) * 0.8);
  return c;
}

vec3 wall(vec2 f, ivec2 cell) {
  // Stone blocks in offset rows, with mortar lines and a lit top edge.
  float rows = 3.0;
  float row = floor(f.y * rows);
  float x = f.x * 2.0 + (mod(row + float(cell.y * 3), 2.0) * 0.5);
  vec2 brick = vec2(fract(x), fract(f.y * rows));
  float shade = 0.85 + 0.2 * hash(vec2(floor(x) + float(cell.x) * 2.0, row + float(cell.y) * 3.0));
  vec3 c = vec3(0.60, 0.57, 0.53) * shade;
  c = mix(c, c * 1.2, step(brick.y, 0.18));
  float mortar = min(min(brick.x, 1.0 - brick.x) * 0.5, min(brick.y, 1.0 - brick.y) / rows);
  c = mix(c, vec3(0.30, 0.28, 0.26), fill(mortar - 0.015));
  return c;
}

// True when the w x h block with its top-left at o is all class 4 and inside the map.
bool impassableBlock(ivec2 o, int w, int h) {
  if (o.x < 0 || o.y < 0 || o.x + w > mapSize.x || o.y + h > mapSize.y) return false;
  for (int dy = 0; dy < h; ++dy) {
    for (int dx = 0; dx < w; ++dx) {
      if (terrainAt(o + ivec2(dx, dy)) != 4) return false;
    }
  }
  return true;
}

bool isWater(ivec2 c) {
  // Part of a 3x2 or 2x3 block of class 4: rivers and seas. Thinner lines and the 2x2 towers
  // of a fortress are stone.
  for (int dy = -2; dy <= 0; ++dy) {
    for (int dx = -2; dx <= 0; ++dx) {
      if ((dx > -2 && impassableBlock(c + ivec2(dx, dy), 2, 3)) ||
          (dy > -2 && impassableBlock(c + ivec2(dx, dy), 3, 2))) {
        return true;
      }
    }
  }
  return false;
}

void main() {
  vec2 p = cellOrigin + uv * cellsAcross;  // position in cells, y down
  ivec2 cell = min(ivec2(floor(p)), mapSize - 1);
  vec2 f = p - vec2(cell);
  if (gridLayout != 0) {
    // The hexagon under the pixel (board_geometry.glsl), and where in its box the pixel lies.
    int size = int(cellPixels + 0.5);
    cell = boardCell(gridLayout, ivec2(floor(p * cellPixels)), size);
    if (any(lessThan(cell, ivec2(0))) || any(greaterThanEqual(cell, mapSize))) {
      // Between the outer hexagons and the board's rectangle: the window's background.
      colour = vec4(0.10, 0.11, 0.14, 1.0);
      return;
    }
    f = (p * cellPixels - vec2(cellBox(gridLayout, cell, size))) / cellPixels;
  }
  vec2 seed = vec2(cell);
  vec3 c;
  switch (terrainAt(cell)) {
    case 0: c = grass(p, f, seed, vec3(0.47, 0.72, 0.32)); break;
    case 1: c = forest(p, f, seed); break;
    case 2: c = hill(p, f, seed); break;
    case 3: c = mountain(p, f, seed); break;
    case 4: c = isWater(cell) ? water(p, f, cell) : wall(f, cell); break;
    default: c = grass(p, f, seed, namedTerrainColour(terrainAt(cell))); break;
  }
  // Grid lines on the first pixel row and column of every cell.
  vec2 inCell = floor(f * cellPixels + 0.001);
  bool line = gridLayout == 0 ? (inCell.x == 0.0 || inCell.y == 0.0)
                              : hexLine(gridLayout, f * cellPixels, cellPixels);
  if (gridLines && line) c *= 0.78;
  colour = vec4(c, 1.0);
}
