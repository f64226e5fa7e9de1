// Line of sight for a word of targets a fragment (SPEC §11.8, sight.glsl): bit i of word (w, y)
// is set when a stopping cell at a distance in the attack set sees cell (32w + i, y). The attack
// pass then reads one bit a cell instead of walking segments.
#include "sight.glsl"

uniform usampler2D originWords;    // origin_words.frag's words
uniform ivec4 originWordBox;       // the words it wrote (w0, y0, w1, y1); the rest hold no origin
uniform usampler2D blockerWords;   // word (w, y): bit i set when cell (32w + i, y) blocks sight
uniform int reach;                 // the attack's farthest distance, at most kSightWordReach
layout(location = 0) out uint seen;

// Words w - 1..w + 1 of row y, none outside `box` (where the texture holds nothing meant).
uvec3 wordsAround(usampler2D words, ivec4 box, ivec2 word) {
  uvec3 around = uvec3(0u);
  if (word.y < box.y || word.y > box.w) return around;
  for (int i = 0; i < 3; ++i) {
    int w = word.x - 1 + i;
    uint bits = texelFetch(words, ivec2(clamp(w, box.x, box.z), word.y), 0).r;
    around[i] = w >= box.x && w <= box.z ? bits : 0u;
  }
  return around;
}

void main() {
  ivec2 word = ivec2(gl_FragCoord.xy);
  ivec4 mapWords = ivec4(ivec2(0), textureSize(blockerWords, 0) - 1);
  uvec3 origins[kSightWindowRows];
  uvec3 blockers[kSightWindowRows];
  for (int r = 0; r <= 2 * reach; ++r) {
    ivec2 row = ivec2(word.x, word.y - reach + r);
    origins[r] = wordsAround(originWords, originWordBox, row);
    blockers[r] = wordsAround(blockerWords, mapWords, row);
  }
  seen = seenInWord(origins, blockers, reach);
}
