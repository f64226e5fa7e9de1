// The range on the board each frame, blended over the baked terrain: what the state texture
// says (SPEC §4) as translucent blue on reached cells and red on attackable ones, with a gentle
// pulse, or one channel of it alone. Reads the state texture directly: no CPU copy of the grid.
// Drawn only over the cells the solve can touch, and kept lean: llvmpipe runs both sides of
// every branch for every pixel, so the optional layers (labels.frag, cursor.frag) are
// separate draws.
#include "state.glsl"
#include "board_geometry.glsl"

layout(location = 0) out vec4 colour;

uniform sampler2D state;    // RGBA8, texel row 0 = the map's top row

uniform ivec2 boardOrigin;  // top-left pixel of the board, y down
uniform int cellSize;       // pixels
uniform int gridLayout;     // board_geometry.glsl's layout: 0 square, 1..4 the hex layouts
uniform ivec2 mapSize;      // cells
uniform float viewportHeight;

uniform bool showRange;     // the state texture holds the selected unit's range
uniform bool showMove;
uniform bool showAttack;
uniform bool gridLines;
uniform int channel;        // 0 off, 1..4 = R, G, B, A alone
uniform float channelScale; // multiplies the channel (B is scaled to the move range)
uniform float pulse;        // 0..1, the overlay's breathing
uniform vec4 moveColour;    // rgb used
uniform vec4 attackColour;  // rgb used

void main() {
  ivec2 local = ivec2(floor(vec2(gl_FragCoord.x, viewportHeight - gl_FragCoord.y))) - boardOrigin;
  ivec2 cell = boardCell(gridLayout, local, cellSize);
  // A hex board's quad reaches past its outer hexagons: nothing is drawn there.
  bool onMap = all(greaterThanEqual(cell, ivec2(0))) && all(lessThan(cell, mapSize));
  if (gridLayout != 0 && !onMap) discard;
  cell = clamp(cell, ivec2(0), mapSize - 1);
  ivec2 inCell = local - cellBox(gridLayout, cell, cellSize);  // pixels from the box's top-left

  vec4 s = texelFetch(state, cell, 0);
  // Reached (G >= 192) in the move colour, attackable (64..191) in the attack colour. Each cell
  // gets a solid rim in its colour, so the range reads even over terrain of the same hue (blue
  // on water), and attack cells are hatched, so move and attack never differ by colour alone.
  bool reached = showRange && showMove && isReached(s);
  bool attackable = showRange && showAttack && isAttackable(s);
  float edge;
  if (gridLayout == 0) {
    edge = float(min(min(inCell.x, inCell.y), min(cellSize - 1 - inCell.x, cellSize - 1 - inCell.y)));
  } else {
    // A hexagon's rim runs along the edges where the neighbour across is drawn differently (or
    // is off the map), so a range reads as one outlined area rather than a honeycomb. Measured
    // from the pixel's middle, less half a pixel, to match the square rim's whole-pixel steps.
    edge = 1e3;
    vec2 f = vec2(inCell) + 0.5;
    for (int k = 0; k < 6; ++k) {
      ivec2 n = neighbourCell(gridLayout, cell, k);
      bool inside = all(greaterThanEqual(n, ivec2(0))) && all(lessThan(n, mapSize));
      vec4 t = texelFetch(state, clamp(n, ivec2(0), mapSize - 1), 0);
      bool same = inside && (showRange && showMove && isReached(t)) == reached &&
                  (showRange && showAttack && isAttackable(t)) == attackable;
      if (!same) edge = min(edge, edgeDistance(gridLayout, f, float(cellSize), k) - 0.5);
    }
  }
  vec3 overlay = reached ? moveColour.rgb : attackColour.rgb;
  float rim = 1.0 - smoothstep(1.0, 2.5, edge);
  // Diagonal stripes a whole number of pixels wide, cut half a pixel away from any pixel, so
  // that no GPU's rounding of the division moves a stripe (WebGL's SwiftShader and llvmpipe must
  // draw the same board). Counted from the cell's middle, which is always on the lighter stripe.
  float stripe = float(max(3, cellSize / 6));
  float along = float(inCell.x + inCell.y - 2 * (cellSize / 2)) + 0.5;
  float hatch = attackable ? mod(floor(along / stripe), 2.0) : 0.0;
  float fill = reached ? 0.42 + 0.08 * pulse : (attackable ? 0.38 + 0.25 * hatch + 0.06 * pulse : 0.0);
  vec3 tint = mix(overlay, overlay * 0.55, rim);
  vec4 c = vec4(tint, fill > 0.0 ? mix(fill, 0.9, rim) : 0.0);

  // One channel of the state texture alone, as opaque grey (the blog's pictures), keeping the
  // grid lines the terrain has baked in. In the B view (travel cost) reached cells run from dark
  // grey (cost 0: the unit) to white (the Movement Range); unreached cells are black.
  float value = channel == 1 ? s.r : (channel == 2 ? s.g : (channel == 3 ? s.b : s.a));
  float shade = min(1.0, value * channelScale);
  if (channel == 3) shade = isReached(s) ? 0.22 + 0.78 * shade : 0.0;
  bool line = gridLines && (gridLayout == 0 ? (inCell.x == 0 || inCell.y == 0)
                                            : hexLine(gridLayout, vec2(inCell) + 0.5, float(cellSize)));
  vec3 grey = vec3(shade) * (line ? 0.78 : 1.0);
  c = channel != 0 ? vec4(grey, 1.0) : c;
  colour = c;
}
