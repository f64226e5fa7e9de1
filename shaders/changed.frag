#version 330 core
// Convergence test: drawn under an occlusion query with colour writes off, a fragment survives
// only where the last relaxation pass changed its cell. No survivors: the solve is final.
// A change always lowers the travel cost (B): a newly reached cell costs at least 1 where it
// held 0, a cheaper path costs less. So B alone tells, and only B is compared.
uniform sampler2D before;
uniform sampler2D after;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  if (texelFetch(before, cell, 0).b == texelFetch(after, cell, 0).b) discard;
}
