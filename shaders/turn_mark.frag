// Where a multi-turn path's turns end: a white ring with the turn's number in it.
in vec2 uv;
flat in vec4 instanceData;  // number of digits, glyph of the first, of the second, 0
layout(location = 0) out vec4 colour;

uniform sampler2D font;  // pixel font atlas, row 0 = top, linear filtering
uniform vec2 fontSize;
uniform float cellPixels;

float letter(int glyph, vec2 q) {
  if (q.x < 0.0 || q.y < 0.0 || q.x > 1.0 || q.y > 1.0) return 0.0;
  vec2 texel = vec2(float(glyph * 7 + 1) + q.x * 5.0, 1.0 + q.y * 7.0);
  return smoothstep(0.3, 0.7, texture(font, texel / fontSize).r);
}

void main() {
  vec2 p = uv - vec2(0.5);
  float r = length(p);
  float aa = 1.5 / cellPixels;
  float disc = 1.0 - smoothstep(0.30 - aa, 0.30 + aa, r);
  float ring = 1.0 - smoothstep(0.035 - aa, 0.035 + aa, abs(r - 0.33));
  int digits = int(instanceData.x + 0.5);
  vec2 size = vec2(0.17, 0.34);
  float left = -0.5 * size.x * float(digits) - 0.02 * float(digits - 1);
  float ink = 0.0;
  for (int i = 0; i < 2; ++i) {
    if (i >= digits) break;
    int glyph = int((i == 0 ? instanceData.y : instanceData.z) + 0.5);
    vec2 box = (p - vec2(left + float(i) * (size.x + 0.04), -0.5 * size.y)) / size;
    ink = max(ink, letter(glyph, box));
  }
  vec4 c = vec4(0.10, 0.08, 0.14, 0.85 * disc);
  c = mix(c, vec4(1.0), ring);
  c = mix(c, vec4(1.0, 1.0, 1.0, 1.0), ink * disc);
  colour = c;
}
