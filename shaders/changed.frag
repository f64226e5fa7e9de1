#version 330 core
// Convergence test: drawn under an occlusion query with colour writes off, a fragment survives
// only where the last relaxation pass changed its cell. No survivors: the solve is final.
uniform sampler2D before;
uniform sampler2D after;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  if (texelFetch(before, cell, 0) == texelFetch(after, cell, 0)) discard;
}
