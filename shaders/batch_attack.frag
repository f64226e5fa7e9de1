// A batch's answers (SPEC §3, §4, §11.4, as attack.frag), over each query's states box: a
// reached cell gets its canonical bytes, an unreached one is attackable when some stopping cell
// lies min..max from it for a range of the query's set (its move window's row prefix counts say
// so per row), else it keeps what it holds. R keeps the steps (batch.glsl). On a hex board the
// lines and runs of attack.frag: rows, or columns on hex-x.
#include "state.glsl"
#include "batch.glsl"
#include "topology.glsl"

uniform sampler2D state0;
uniform sampler2D state1;
uniform usampler2D originPrefix;
uniform int passesRun;
layout(location = 0) out vec4 answer;

// A cell's (along, across): the prefix counts run along rows, or along columns on hex-x.
ivec2 lineCoordinates(ivec2 cell) { return kColumnsStaggered ? cell.yx : cell; }

// Whether cells first..last along map line `row` hold a stopping cell (none outside the window).
bool anyOriginInRow(int row, int first, int last) {
  ivec4 box = kColumnsStaggered ? moveWindow.yxwz : moveWindow;
  bool inWindow = row >= box.y && row <= box.w;
  row = clamp(row, box.y, box.w);
  first = max(first, box.x);
  last = min(last, box.z);
  uint upToLast =
      texelFetch(originPrefix, atlasTexel(lineCoordinates(ivec2(max(last, box.x), row))), 0).r;
  int before = clamp(first - 1, box.x, box.z);
  uint beforeFirst = texelFetch(originPrefix, atlasTexel(lineCoordinates(ivec2(before, row))), 0).r;
  return inWindow && first <= last && upToLast > (first > box.x ? beforeFirst : 0u);
}

// attack.frag's hexRun and inHexRange: the hex ball's run on the line t across, and whether a
// stopping cell lies lo..hi hex steps from `cell` (in line coordinates, of `parity`).
ivec2 hexRun(int along, int parity, int t, int radius) {
  int shifted = along + lineShift(parity, t);
  return ivec2(shifted + max(-radius, -radius - t), shifted + min(radius, radius - t));
}
bool inHexRange(ivec2 cell, int parity, int lo, int hi) {
  for (int t = -hi; t <= hi; ++t) {
    ivec2 outer = hexRun(cell.x, parity, t, hi);
    if (abs(t) >= lo) {
      if (anyOriginInRow(cell.y + t, outer.x, outer.y)) return true;
    } else {
      ivec2 inner = hexRun(cell.x, parity, t, lo - 1);
      if (anyOriginInRow(cell.y + t, outer.x, inner.x - 1) ||
          anyOriginInRow(cell.y + t, inner.y + 1, outer.y)) {
        return true;
      }
    }
  }
  return false;
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
  int parity = cellParity(cell);
  for (int i = 0; i < unitMove.w; ++i) {
    ivec2 span = attackSpan(i);
    bool hit = kHexGrid ? inHexRange(lineCoordinates(cell), parity, span.x, span.y)
                        : inRange(cell, span.x, span.y);
    if (hit) {
      answer = storedBytes(ivec4(byteOf(self.r), 128, byteOf(self.b), byteOf(self.a)));
      return;
    }
  }
}
