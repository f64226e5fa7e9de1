// A batch's answers (SPEC §3, §4, §11.4, as attack.frag), over each query's states box: a
// reached cell gets its canonical bytes, an unreached one is attackable when some stopping cell
// lies min..max from it for a range of the query's set (its move window's row prefix counts say
// so per row), else it keeps what it holds. R keeps the steps (batch.glsl).
#include "state.glsl"
#include "batch.glsl"

uniform sampler2D state0;
uniform sampler2D state1;
uniform usampler2D originPrefix;
uniform int passesRun;
layout(location = 0) out vec4 answer;

// Whether columns first..last of map row `row` hold a stopping cell (none outside the window).
bool anyOriginInRow(int row, int first, int last) {
  bool inWindow = row >= moveWindow.y && row <= moveWindow.w;
  row = clamp(row, moveWindow.y, moveWindow.w);
  first = max(first, moveWindow.x);
  last = min(last, moveWindow.z);
  uint upToLast =
      texelFetch(originPrefix, atlasTexel(ivec2(max(last, moveWindow.x), row)), 0).r;
  int before = clamp(first - 1, moveWindow.x, moveWindow.z);
  uint beforeFirst = texelFetch(originPrefix, atlasTexel(ivec2(before, row)), 0).r;
  return inWindow && first <= last && upToLast > (first > moveWindow.x ? beforeFirst : 0u);
}

// Whether a stopping cell lies lo..hi away from `cell`, which is not one itself.
bool inRange(ivec2 cell, int lo, int hi) {
  for (int dy = lo; dy <= hi; ++dy) {
    int far = hi - dy;
    if (anyOriginInRow(cell.y - dy, cell.x - far, cell.x + far) ||
        anyOriginInRow(cell.y + dy, cell.x - far, cell.x + far)) {
      return true;
    }
  }
  if (lo == 1) return anyOriginInRow(cell.y, cell.x - hi, cell.x + hi);
  for (int dy = 1 - lo; dy < lo; ++dy) {
    int far = hi - abs(dy);
    int near = lo - abs(dy);
    if (anyOriginInRow(cell.y + dy, cell.x - far, cell.x - near) ||
        anyOriginInRow(cell.y + dy, cell.x + near, cell.x + far)) {
      return true;
    }
  }
  return false;
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  ivec2 cell = texel - atlasShift;
  bool inOne = (min(moveRange(), passesRun) & 1) == 1;
  vec4 self = inOne ? texelFetch(state1, texel, 0) : texelFetch(state0, texel, 0);
  answer = storedNormalized(self);
  if (self.g >= kReachedMinNormalized) {
    answer = storedBytes(ivec4(byteOf(self.r), 255, byteOf(self.b), byteOf(self.a)));
    return;
  }
  for (int i = 0; i < unitMove.w; ++i) {
    ivec2 span = attackSpan(i);
    if (inRange(cell, span.x, span.y)) {
      answer = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
      return;
    }
  }
}
