// Convergence test for all enemies: under an occlusion query with colour writes off, a fragment
// survives only where the last pass changed some enemy's cell.
uniform usampler2D before;
uniform usampler2D after;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  if (texelFetch(before, texel, 0).r == texelFetch(after, texel, 0).r) discard;
}
