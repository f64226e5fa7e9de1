// make_tileset: draws the sample terrain tileset (assets/tilesets/terrain.png) in the look of
// shaders/terrain.frag, so a Tiled level can be drawn in art the project made itself; with
// --desert, the desert level's tileset (assets/tilesets/desert.png), whose sand, bridge and
// shallows are named terrains (SPEC §11.1); with --hex, the terrain tiles cut to the pointy-top
// hexagons of the hex sample level (SPEC §13, tools/make_hex_level.py).
// Usage: make_tileset OUT.png            (12 tiles of 32x32 px in 6 columns; ids as in terrain.tsx)
//        make_tileset --desert OUT.png   (10 tiles in 5 columns; ids as in desert.tsx)
//        make_tileset --hex OUT.png      (terrain.tsx's 12 tiles as hexagons; hex_terrain.tsx)
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "tactics/io/file_io.h"
#include "tactics/io/png.h"

namespace {

constexpr int kTile = 32;
constexpr int kColumns = 6;
constexpr int kRows = 2;

struct Colour {
  float r = 0, g = 0, b = 0, a = 1;
};
Colour operator*(Colour c, float k) { return {c.r * k, c.g * k, c.b * k, c.a}; }
Colour mix(Colour x, Colour y, float t) {
  return {x.r + (y.r - x.r) * t, x.g + (y.g - x.g) * t, x.b + (y.b - x.b) * t,
          x.a + (y.a - x.a) * t};
}

struct Vec {
  float x = 0, y = 0;
};
Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
Vec operator*(Vec a, float k) { return {a.x * k, a.y * k}; }
float length(Vec a) { return std::sqrt(a.x * a.x + a.y * a.y); }

float fract(float x) { return x - std::floor(x); }
float clamp01(float x) { return std::clamp(x, 0.0f, 1.0f); }
float smoothstep(float lo, float hi, float x) {
  const float t = clamp01((x - lo) / (hi - lo));
  return t * t * (3 - 2 * t);
}
float hash(Vec p) { return fract(std::sin(p.x * 127.1f + p.y * 311.7f) * 43758.5453f); }
Vec hash2(Vec p) { return {hash(p), hash(p + Vec{17.31f, 17.31f})}; }
float noise(Vec p) {
  const Vec i{std::floor(p.x), std::floor(p.y)};
  const Vec f = p - i;
  const Vec u{f.x * f.x * (3 - 2 * f.x), f.y * f.y * (3 - 2 * f.y)};
  const float top = hash(i) + (hash(i + Vec{1, 0}) - hash(i)) * u.x;
  const float bottom = hash(i + Vec{0, 1}) + (hash(i + Vec{1, 1}) - hash(i + Vec{0, 1})) * u.x;
  return top + (bottom - top) * u.y;
}
// 1 inside, 0 outside, smooth over about one pixel; d is a signed distance in tiles.
float fill(float d) {
  const float aa = 1.0f / kTile;
  return 1.0f - smoothstep(-aa, aa, d);
}

// One pixel of a tile: p in tiles across the whole image (for noise), f inside the tile 0..1.
using Painter = std::function<Colour(Vec p, Vec f, Vec seed)>;

Colour grass(Vec p, Vec f, Vec seed, Colour base) {
  Colour c = base * (0.92f + 0.16f * noise(p * 3.0f));
  for (int i = 0; i < 3; ++i) {
    const Vec at = Vec{0.15f, 0.15f} + hash2(seed + Vec{7.7f * float(i), 7.7f * float(i)}) * 0.7f;
    const Vec d{std::abs(f.x - at.x), std::abs(f.y - at.y)};
    const bool tuft = (d.x <= 0.025f && d.y <= 0.06f) ||
                      (std::abs(f.x - at.x - 0.05f) <= 0.02f && d.y <= 0.04f);
    if (tuft) c = base * 0.72f;
  }
  return c;
}

const Colour kPlains{0.47f, 0.72f, 0.32f};

Colour forest(Vec p, Vec f, Vec seed, int trees) {
  Colour c = grass(p, f, seed, {0.32f, 0.55f, 0.24f});
  const std::array<Vec, 4> centres = {Vec{0.30f, 0.34f}, Vec{0.70f, 0.40f}, Vec{0.48f, 0.72f},
                                      Vec{0.22f, 0.74f}};
  for (int i = 0; i < trees; ++i) {
    const Vec at = centres[static_cast<std::size_t>(i)] +
                   (hash2(seed + Vec{float(i), float(i)}) - Vec{0.5f, 0.5f}) * 0.08f;
    const float r = 0.20f + 0.04f * hash(seed * 3.1f + Vec{float(i), float(i)});
    c = mix(c, c * 0.55f, 0.7f * fill(length(f - at - Vec{0.04f, 0.05f}) - r));
    const float crown = length(f - at) - r;
    const float light = clamp01(0.5f - ((f.x - at.x) * 0.7f + (f.y - at.y) * 0.7f) / r);
    Colour leaves = mix({0.10f, 0.36f, 0.14f}, {0.26f, 0.58f, 0.22f}, light);
    leaves = leaves * (0.9f + 0.2f * noise(p * 9.0f));
    c = mix(c, leaves, fill(crown));
    c = mix(c, {0.06f, 0.22f, 0.08f}, fill(std::abs(crown) - 0.012f));
  }
  return c;
}

Colour hill(Vec p, Vec f, Vec seed) {
  Colour c = grass(p, f, seed, {0.55f, 0.66f, 0.30f});
  const Vec q{(f.x - 0.5f) / 0.42f, (f.y - 0.78f) / 0.52f};
  const float mound = length(q) - 1.0f;
  Colour earth = mix({0.62f, 0.52f, 0.30f}, {0.80f, 0.70f, 0.44f},
                     clamp01(0.6f - q.x * 0.6f - q.y * 0.2f));
  earth = earth * (0.93f + 0.14f * noise(p * 6.0f));
  const float above = f.y <= 0.78f ? 1.0f : 0.0f;
  c = mix(c, earth, fill(mound * 0.42f) * above);
  return mix(c, {0.40f, 0.32f, 0.16f}, fill(std::abs(mound * 0.42f) - 0.012f) * above);
}

Colour mountain(Vec p, Vec f, Vec seed) {
  Colour c = Colour{0.58f, 0.52f, 0.42f} * (0.9f + 0.2f * noise(p * 4.0f));
  const Vec top{0.5f + 0.06f * (hash(seed) - 0.5f), 0.12f};
  const float dy = (f.y - top.y) / (0.92f - top.y);
  const float side = std::abs(f.x - top.x) - 0.46f * dy;
  const float band = (f.y >= top.y && f.y <= 0.92f) ? 1.0f : 0.0f;
  Colour rock = f.x < top.x ? Colour{0.62f, 0.58f, 0.54f} : Colour{0.42f, 0.38f, 0.36f};
  rock = rock * (0.9f + 0.2f * noise(p * 8.0f));
  if (f.y <= top.y + 0.22f + 0.04f * std::sin(f.x * 40.0f)) rock = {0.95f, 0.96f, 1.0f};
  c = mix(c, rock, fill(side * 0.7f) * band);
  return mix(c, {0.22f, 0.19f, 0.17f}, fill(std::abs(side * 0.7f) - 0.012f) * band);
}

Colour wall(Vec f, Vec seed) {
  const float rows = 3.0f;
  const float row = std::floor(f.y * rows);
  const float x = f.x * 2.0f + std::fmod(row, 2.0f) * 0.5f;
  const Vec brick{fract(x), fract(f.y * rows)};
  const float shade = 0.85f + 0.2f * hash(Vec{std::floor(x) + seed.x * 2.0f, row + seed.y * 3.0f});
  Colour c = Colour{0.60f, 0.57f, 0.53f} * shade;
  if (brick.y < 0.18f) c = c * 1.2f;
  const float mortar = std::min(std::min(brick.x, 1 - brick.x) * 0.5f,
                                std::min(brick.y, 1 - brick.y) / rows);
  return mix(c, {0.30f, 0.28f, 0.26f}, fill(mortar - 0.015f));
}

Colour water(Vec p) {
  Colour c = Colour{0.20f, 0.42f, 0.76f} * (0.9f + 0.15f * noise(p * 2.0f));
  const float wave = std::sin((p.x * 2.0f + std::sin(p.y * 3.0f) * 0.6f) * 6.2831f) * 0.5f + 0.5f;
  const float crest = smoothstep(0.85f, 0.97f, wave) * (fract(p.y * 3.0f + noise(p * 2.0f)) >= 0.5f ? 1.0f : 0.0f);
  return mix(c, {0.55f, 0.75f, 0.95f}, crest * 0.8f);
}

Colour road(Vec p, Vec f, Vec seed) {
  Colour c = grass(p, f, seed, kPlains);
  // A packed-earth track across the tile, with ruts.
  const float track = std::abs(f.y - 0.5f) - 0.30f - 0.03f * std::sin(f.x * 12.0f + seed.x);
  Colour earth = Colour{0.72f, 0.60f, 0.40f} * (0.92f + 0.16f * noise(p * 7.0f));
  if (std::abs(std::abs(f.y - 0.5f) - 0.12f) < 0.02f) earth = earth * 0.85f;
  return mix(c, earth, fill(track));
}

Colour clear() { return {0, 0, 0, 0}; }

// Decoration tiles: transparent where the ground below should show.
Colour bridge(Vec p, Vec f) {
  if (f.y < 0.14f || f.y > 0.86f) return clear();
  const float plank = fract(f.x * 5.0f);
  Colour wood = Colour{0.55f, 0.38f, 0.20f} * (0.85f + 0.25f * noise(p * 2.0f));
  if (plank < 0.08f) wood = wood * 0.6f;
  if (f.y < 0.22f || f.y > 0.78f) wood = Colour{0.38f, 0.25f, 0.12f};  // rails
  return wood;
}

Colour flowers(Vec f, Vec seed) {
  Colour c = clear();
  for (int i = 0; i < 7; ++i) {
    const Vec at = Vec{0.12f, 0.12f} + hash2(seed + Vec{3.3f * float(i), 1.7f * float(i)}) * 0.76f;
    const float d = length(f - at);
    const Colour petal = i % 3 == 0   ? Colour{0.95f, 0.85f, 0.30f}
                         : i % 3 == 1 ? Colour{0.95f, 0.55f, 0.70f}
                                      : Colour{0.95f, 0.95f, 0.95f};
    if (d < 0.05f) c = petal;
    if (d < 0.018f) c = {0.85f, 0.55f, 0.15f};
  }
  return c;
}

Colour rubble(Vec p, Vec f, Vec seed) {
  Colour c = clear();
  for (int i = 0; i < 6; ++i) {
    const Vec at = Vec{0.18f, 0.2f} + hash2(seed + Vec{5.1f * float(i), 2.9f * float(i)}) * 0.64f;
    const float r = 0.10f + 0.06f * hash(seed + Vec{float(i), 0.5f});
    const float d = std::max(std::abs(f.x - at.x), std::abs(f.y - at.y) * 1.3f) - r;
    if (d < 0) {
      c = Colour{0.60f, 0.57f, 0.53f} * (0.8f + 0.3f * noise(p * 10.0f));
      if (f.y - at.y < -r * 0.4f) c = c * 1.15f;
    }
    if (std::abs(d) < 0.015f) c = {0.30f, 0.28f, 0.26f};
  }
  return c;
}

// The desert's ground: sand with wind ripples (dunes: bigger ones, with a lit crest).
Colour sand(Vec p, Vec f, Vec seed, bool dunes) {
  Colour c = Colour{0.86f, 0.76f, 0.52f} * (0.94f + 0.1f * noise(p * 4.0f));
  const float ripple = std::sin((f.y * (dunes ? 3.0f : 7.0f) + 0.25f * std::sin(f.x * 6.0f + seed.x)) * 6.2831f);
  if (ripple > 0.85f) c = c * 0.9f;
  if (dunes && ripple < -0.9f) c = c * 1.08f;
  return c;
}

Colour scrub(Vec p, Vec f, Vec seed) {
  return mix(sand(p, f, seed, false), grass(p, f, seed, {0.62f, 0.64f, 0.34f}), 0.7f);
}

Colour palms(Vec p, Vec f, Vec seed) {
  Colour c = scrub(p, f, seed);
  const std::array<Vec, 2> at = {Vec{0.32f, 0.40f}, Vec{0.68f, 0.62f}};
  for (const Vec a : at) {
    if (std::abs(f.x - a.x - 0.02f) < 0.025f && f.y > a.y && f.y < a.y + 0.3f) c = {0.45f, 0.32f, 0.18f};
    for (int leaf = 0; leaf < 5; ++leaf) {
      const float angle = float(leaf) * 1.2566f;
      const Vec tip = a + Vec{std::cos(angle) * 0.17f, std::sin(angle) * 0.09f - 0.02f};
      const Vec d = f - a;
      const Vec axis = tip - a;
      const float t = clamp01((d.x * axis.x + d.y * axis.y) / (axis.x * axis.x + axis.y * axis.y));
      if (length(d - axis * t) < 0.035f * (1.0f - t * 0.6f)) c = mix({0.16f, 0.46f, 0.16f}, {0.30f, 0.62f, 0.22f}, t);
    }
  }
  return c;
}

Colour shallows(Vec p, Vec f, Vec seed) {
  Colour c = mix(sand(p, f, seed, false), Colour{0.36f, 0.74f, 0.78f}, 0.62f);
  const float wave = std::sin((p.x * 2.0f + std::sin(p.y * 3.0f) * 0.6f) * 6.2831f) * 0.5f + 0.5f;
  return mix(c, {0.85f, 0.95f, 0.95f}, smoothstep(0.88f, 0.98f, wave) * 0.6f);
}

Colour bridgeOverWater(Vec p, Vec f) {
  const Colour deck = bridge(p, f);
  return deck.a > 0 ? deck : water(p);
}

Colour ruins(Vec p, Vec f, Vec seed) {
  const Colour stones = rubble(p, f, seed);
  return stones.a > 0 ? stones : sand(p, f, seed, false);
}

Colour mesa(Vec p, Vec f, Vec seed) {
  const Colour rock = mountain(p, f, seed);
  return mix(rock, Colour{0.78f, 0.46f, 0.30f} * (0.85f + 0.2f * noise(p * 5.0f)), 0.55f);
}

// The desert tiles in id order: desert.tsx gives each its terrain.
std::vector<Painter> desertPainters() {
  return {
      [](Vec p, Vec f, Vec s) { return sand(p, f, s, false); },  // 0 sand
      [](Vec p, Vec f, Vec s) { return sand(p, f, s, true); },   // 1 sand (dunes)
      [](Vec p, Vec f, Vec s) { return scrub(p, f, s); },        // 2 plains (scrub)
      [](Vec p, Vec f, Vec s) { return palms(p, f, s); },        // 3 forest (palms)
      [](Vec p, Vec f, Vec s) { return hill(p, f, s); },         // 4 hills
      [](Vec p, Vec f, Vec s) { return mesa(p, f, s); },         // 5 mountains (mesa)
      [](Vec p, Vec, Vec) { return water(p); },                  // 6 wall (deep water)
      [](Vec p, Vec f, Vec s) { return shallows(p, f, s); },     // 7 shallows
      [](Vec p, Vec f, Vec) { return bridgeOverWater(p, f); },   // 8 bridge
      [](Vec p, Vec f, Vec s) { return ruins(p, f, s); },        // 9 hills (ruins)
  };
}

// The tiles in id order: the .tsx gives each its terrain.
std::vector<Painter> tilePainters() {
  return {
      [](Vec p, Vec f, Vec s) { return grass(p, f, s, kPlains); },              // 0 plains
      [](Vec p, Vec f, Vec s) { return grass(p, f, s + Vec{9, 4}, kPlains * 1.04f); },  // 1 plains
      [](Vec p, Vec f, Vec s) { return forest(p, f, s, 3); },                   // 2 forest
      [](Vec p, Vec f, Vec s) { return hill(p, f, s); },                        // 3 hills
      [](Vec p, Vec f, Vec s) { return mountain(p, f, s); },                    // 4 mountains
      [](Vec, Vec f, Vec s) { return wall(f, s); },                             // 5 stone wall
      [](Vec p, Vec, Vec) { return water(p); },                                 // 6 water
      [](Vec p, Vec f, Vec s) { return road(p, f, s); },                        // 7 road
      [](Vec p, Vec f, Vec) { return bridge(p, f); },                           // 8 bridge
      [](Vec, Vec f, Vec s) { return flowers(f, s); },                          // 9 flowers
      [](Vec p, Vec f, Vec s) { return rubble(p, f, s); },                      // 10 rubble
      [](Vec p, Vec f, Vec s) { return forest(p, f, s + Vec{3, 8}, 4); },       // 11 thick forest
  };
}

std::uint8_t toByte(float v) { return static_cast<std::uint8_t>(std::lround(clamp01(v) * 255.0f)); }

}  // namespace

// The pointy-top hexagon a tile of a Tiled hexagonal map (staggeraxis y, hexsidelength half the
// tile) fills: corners (0.5,0) (1,0.25) (1,0.75) (0.5,1) (0,0.75) (0,0.25). Signed distance to
// its edge in tiles, negative inside.
float hexagon(Vec f) {
  const float dx = std::abs(f.x - 0.5f);
  const float dy = std::abs(f.y - 0.5f);
  return std::max(dx - 0.5f, (dy + 0.5f * dx - 0.5f) / std::sqrt(1.25f));
}

// A tile's colour cut to the hexagon, with a darker rim a pixel wide so the cells read apart.
Colour cutToHexagon(Colour c, Vec f) {
  const float d = hexagon(f);
  if (d > -1.2f / kTile) c = c * 0.72f;
  c.a *= fill(d);
  return c;
}

int main(int argc, char** argv) {
  const std::string mode = argc == 3 ? argv[1] : "";
  const bool desert = mode == "--desert";
  const bool hex = mode == "--hex";
  if (!(argc == 2 || desert || hex) || std::string(argv[argc - 1]).rfind("-", 0) == 0) {
    std::cerr << "usage: make_tileset OUT.png            (the 6x2 tile, 32 px terrain tileset)\n"
                 "       make_tileset --desert OUT.png   (the 5x2 tile desert tileset)\n"
                 "       make_tileset --hex OUT.png      (the terrain tiles as hexagons)\n";
    return 2;
  }
  const char* out = argv[argc - 1];
  const int columns = desert ? 5 : kColumns;
  const int width = columns * kTile;
  const int height = kRows * kTile;
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width * height * 4));
  const auto painters = desert ? desertPainters() : tilePainters();
  for (std::size_t id = 0; id < painters.size(); ++id) {
    const int column = static_cast<int>(id) % columns;
    const int row = static_cast<int>(id) / columns;
    const Vec seed{float(column) + 1.0f, float(row) + 1.0f};
    for (int y = 0; y < kTile; ++y) {
      for (int x = 0; x < kTile; ++x) {
        const Vec f{(float(x) + 0.5f) / kTile, (float(y) + 0.5f) / kTile};
        // Noise runs in tile units; neighbouring tiles of one kind do not need to match.
        Colour c = painters[id](f + seed * 4.0f, f, seed);
        if (hex) c = cutToHexagon(c, f);
        const std::size_t at =
            static_cast<std::size_t>(((row * kTile + y) * width + column * kTile + x) * 4);
        rgba[at + 0] = toByte(c.r);
        rgba[at + 1] = toByte(c.g);
        rgba[at + 2] = toByte(c.b);
        rgba[at + 3] = toByte(c.a);
      }
    }
  }
  const auto png = tactics::encodePng(width, height, 4, rgba);
  if (png.empty()) {
    std::cerr << "error: the PNG encoder failed\n";
    return 1;
  }
  if (auto problem = tactics::writeFileAtomically(out, png)) {
    std::cerr << "error: " << *problem << "\n";
    return 2;
  }
  std::cout << "wrote " << out << ": " << painters.size() << " tiles of " << kTile << "x"
            << kTile << " px in " << columns << " columns\n";
  return 0;
}
