// A unit token: a round shield in its team colour with a rim, a soft shadow and its initial.
in vec2 uv;
flat in vec4 instanceData;  // team (0 player, 1 enemy, 2 ally), glyph, 1 selected or 2 done, pulse 0..1
layout(location = 0) out vec4 colour;

uniform sampler2D font;  // pixel font atlas, row 0 = top, linear filtering
uniform vec2 fontSize;   // atlas size in texels
uniform float cellPixels;

const vec3 kTeamColour[3] = vec3[3](vec3(0.18, 0.40, 0.95), vec3(0.90, 0.18, 0.16), vec3(0.16, 0.66, 0.28));

float letter(int glyph, vec2 q) {  // q: 0..1 across the letter box
  if (q.x < 0.0 || q.y < 0.0 || q.x > 1.0 || q.y > 1.0) return 0.0;
  vec2 texel = vec2(float(glyph * 7 + 1) + q.x * 5.0, 1.0 + q.y * 7.0);
  return smoothstep(0.3, 0.7, texture(font, texel / fontSize).r);
}

void main() {
  int teamIndex = int(instanceData.x + 0.5);
  int glyph = int(instanceData.y + 0.5);
  bool selected = instanceData.z > 0.5 && instanceData.z < 1.5;
  bool done = instanceData.z > 1.5;  // moved this turn: greyed, as in the handheld games
  vec2 p = uv - vec2(0.5, 0.47);
  float aa = 1.5 / cellPixels;
  const float radius = 0.40;

  // Shadow, below and right.
  float shadow = 1.0 - smoothstep(radius - 0.02, radius + 0.06, length((uv - vec2(0.53, 0.55)) * vec2(1.0, 1.25)));
  vec4 c = vec4(0.0, 0.0, 0.0, 0.35 * shadow);

  float r = length(p);
  vec3 team = kTeamColour[teamIndex];
  if (done) team = vec3(dot(team, vec3(0.3, 0.5, 0.2))) * 0.75;
  vec3 body = mix(team * 1.35, team * 0.65, clamp(p.y / radius * 0.5 + 0.5 + p.x * 0.4, 0.0, 1.0));
  body = min(body, vec3(1.0));
  float rim = smoothstep(radius - 0.07 - aa, radius - 0.07 + aa, r);
  body = mix(body, mix(team, vec3(1.0), 0.55), rim);

  // The initial, white with a dark drop shadow.
  vec2 box = (p + vec2(0.17, 0.23)) / vec2(0.34, 0.46);
  float ink = letter(glyph, box);
  float inkShadow = letter(glyph, box - vec2(0.06, 0.045));
  body = mix(body, team * 0.3, inkShadow * 0.8);
  body = mix(body, vec3(1.0), ink);

  float disc = 1.0 - smoothstep(radius - aa, radius + aa, r);
  float outline = 1.0 - smoothstep(radius + 0.025 - aa, radius + 0.025 + aa, r);
  vec3 outlineColour = selected ? mix(vec3(1.0, 0.85, 0.3), vec3(1.0), instanceData.w) : vec3(0.08, 0.07, 0.1);
  c = mix(c, vec4(outlineColour, 1.0), outline);
  c = mix(c, vec4(body, 1.0), disc);
  if (selected) {
    float halo = smoothstep(0.05, 0.0, abs(r - radius - 0.07)) * (0.5 + 0.5 * instanceData.w);
    c = mix(c, vec4(1.0, 0.9, 0.45, 1.0), halo * (1.0 - disc) * (1.0 - outline * 0.5));
  }
  colour = c;
}
