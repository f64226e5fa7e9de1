// The base colour of a named terrain beyond the fifth (SPEC §11.1), which has no drawing of its
// own: hues spread by the golden ratio from a sandy start, so terrains next to each other in the
// list look different. view/palette.h's namedTerrainColour is the same for the panel's swatches.
vec3 namedTerrainColour(int terrain) {
  float h = fract(float(terrain - 5) * 0.618034 + 0.11);
  vec3 k = clamp(abs(fract(h + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
  return mix(vec3(1.0), k, 0.5) * 0.8;
}
