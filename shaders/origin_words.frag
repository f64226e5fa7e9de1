// Packs the stopping cells for line of sight (sight_seen.frag): bit i of word (w, y) is set when
// cell (32w + i, y) of the origin box is one. Reads the origins pass's 1s and 0s.
uniform usampler2D origins;
uniform ivec4 originBox;  // x0, y0, x1, y1 (inclusive)
layout(location = 0) out uint word;

void main() {
  ivec2 at = ivec2(gl_FragCoord.xy);
  uint bits = 0u;
  for (int i = 0; i < 32; ++i) {
    int x = at.x * 32 + i;
    bool inBox = x >= originBox.x && x <= originBox.z;
    uint origin = texelFetch(origins, ivec2(clamp(x, originBox.x, originBox.z), at.y), 0).r;
    if (inBox && origin != 0u) bits |= 1u << uint(i);
  }
  word = bits;
}
