// One doubling step of a prefix sum along each row (offset 1, 2, 4, ...): afterwards every texel
// holds the number of stopping cells from the box's first column up to its own.
uniform usampler2D counts;
uniform int offset;
uniform int firstColumn;
layout(location = 0) out uint prefix;

void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy);
  uint sum = texelFetch(counts, cell, 0).r;
  if (cell.x - offset >= firstColumn) sum += texelFetch(counts, cell - ivec2(offset, 0), 0).r;
  prefix = sum;
}
