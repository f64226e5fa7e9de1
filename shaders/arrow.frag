// One piece of the path arrow per cell (see src/app/path_arrow.h): the body joins the sides the
// path comes in and goes out through, corners turn on a quarter circle, and the head points
// the way the unit walks. Drawn as a distance field, so it is smooth at any cell size. On a hex
// board a side is one of the six edges: the body runs from the centre to the middles of the
// edges it passes through, and the head points away from the edge it came in by.
in vec2 uv;
#include "board_geometry.glsl"
flat in vec4 instanceData;  // shape (0 tail, 1 straight, 2 corner, 3 head), from side, to side
layout(location = 0) out vec4 colour;

uniform float cellPixels;
uniform int gridLayout;  // board_geometry.glsl's layout

const float kBody = 0.15;     // half width of the body, in cells
const float kOutline = 0.06;  // dark outline around it
const float kTurn = 0.25;     // radius of the corners' centre line

// Twice the way from the centre to the middle of side d (square: up, down, left, right as unit
// steps, y down), so that side(d) * 0.5 is on the cell's edge.
vec2 side(int d) { return 2.0 * edgeMiddleOffset(gridLayout, d); }

float segment(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a;
  vec2 ba = b - a;
  return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}

// Signed distance to the triangle a, b, c.
float triangle(vec2 p, vec2 a, vec2 b, vec2 c) {
  vec2 e0 = b - a, e1 = c - b, e2 = a - c;
  vec2 v0 = p - a, v1 = p - b, v2 = p - c;
  vec2 pq0 = v0 - e0 * clamp(dot(v0, e0) / dot(e0, e0), 0.0, 1.0);
  vec2 pq1 = v1 - e1 * clamp(dot(v1, e1) / dot(e1, e1), 0.0, 1.0);
  vec2 pq2 = v2 - e2 * clamp(dot(v2, e2) / dot(e2, e2), 0.0, 1.0);
  float s = sign(e0.x * e2.y - e0.y * e2.x);
  vec2 d = min(min(vec2(dot(pq0, pq0), s * (v0.x * e0.y - v0.y * e0.x)),
                   vec2(dot(pq1, pq1), s * (v1.x * e1.y - v1.y * e1.x))),
               vec2(dot(pq2, pq2), s * (v2.x * e2.y - v2.y * e2.x)));
  return -sqrt(d.x) * sign(d.y);
}

void main() {
  int shape = int(instanceData.x + 0.5);
  vec2 from = side(int(instanceData.y + 0.5));
  vec2 to = side(int(instanceData.z + 0.5));
  vec2 p = uv - 0.5;

  float d;  // signed distance to the arrow's fill, in cells
  float along = 0.0;  // for the highlight: which side of the centre line
  if (shape == 0) {
    d = segment(p, vec2(0.0), to * 0.5) - kBody;
  } else if (gridLayout != 0 && shape != 3) {
    // Straight on or turning by a sixth or a third: in to the centre and out again, the
    // distance field rounding the bend.
    d = min(segment(p, from * 0.5, vec2(0.0)), segment(p, vec2(0.0), to * 0.5)) - kBody;
  } else if (shape == 1) {
    d = segment(p, from * 0.5, to * 0.5) - kBody;
  } else if (shape == 2) {
    // Straight in from both sides, turning on a quarter circle of radius kTurn that stays
    // close enough to the centre for the body to cover it.
    vec2 k = (from + to) * kTurn;
    vec2 q = p - k;
    float arc = (dot(q, from) <= 0.0 && dot(q, to) <= 0.0) ? abs(length(q) - kTurn) : 1e3;
    d = min(arc, min(segment(p, from * 0.5, from * kTurn), segment(p, to * 0.5, to * kTurn))) - kBody;
  } else {
    // The way on, as a unit step (a hex side's is longer or shorter than a square's).
    if (gridLayout != 0) to = normalize(to);
    vec2 tip = to * 0.40;
    vec2 across = vec2(-to.y, to.x);
    float body = segment(p, from * 0.5, to * -0.05) - kBody;
    float head = triangle(p, tip, -to * 0.12 + across * 0.34, -to * 0.12 - across * 0.34);
    d = min(body, head);
  }
  along = d;

  float aa = 1.0 / cellPixels;
  float outer = 1.0 - smoothstep(kOutline - aa, kOutline + aa, d);
  float inner = 1.0 - smoothstep(-aa, aa, d);
  vec3 fill = mix(vec3(1.0, 0.93, 0.62), vec3(0.98, 0.66, 0.16), smoothstep(-0.14, 0.0, along));
  vec3 c = mix(vec3(0.30, 0.13, 0.02), fill, inner);
  colour = vec4(c, outer);
}
