// Convergence test for the distance field: drawn under an occlusion query with colour writes
// off, a fragment survives only where the last relaxation pass changed its cell.
uniform usampler2D before;
uniform usampler2D after;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  if (texelFetch(before, cell, 0).r == texelFetch(after, cell, 0).r) discard;
}
