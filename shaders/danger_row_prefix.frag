#version 330 core
// One doubling step (offset 1, 2, 4, ...) of a prefix sum along every row of every layer:
// afterwards a texel holds the number of its enemy's stopping cells from column 0 to its own.
uniform usampler2DArray counts;
uniform int offset;
flat in int layer;
out uint prefix;

void main() {
  ivec3 texel = ivec3(ivec2(gl_FragCoord.xy), layer);
  uint sum = texelFetch(counts, texel, 0).r;
  if (texel.x - offset >= 0) sum += texelFetch(counts, texel - ivec3(offset, 0, 0), 0).r;
  prefix = sum;
}
