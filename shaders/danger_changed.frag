#version 330 core
// Convergence test for all enemies: under an occlusion query with colour writes off, a fragment
// survives only where the last pass changed some enemy's cell.
flat in int layer;
uniform usampler2DArray before;
uniform usampler2DArray after;

void main() {
  ivec3 texel = ivec3(ivec2(gl_FragCoord.xy), layer);
  if (texelFetch(before, texel, 0).r == texelFetch(after, texel, 0).r) discard;
}
