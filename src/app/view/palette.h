#pragma once
// The range colours, in one place for the board and the panel's legend. Chosen to stay apart on
// every terrain and for the common colour-vision deficiencies (after Okabe and Ito's palette):
// each side's move and attack differ in hue and in lightness, and attack cells are also
// hatched, so they never depend on colour alone. No GL.

#include <array>

#include "app/rules/zone_of_control.h"
#include "tactics/solver/units.h"

namespace tactics::app {

struct Rgb {
  float r = 0;
  float g = 0;
  float b = 0;
};

// A terrain's colour in the panel (the painting palette, the legend, the brush): the five
// classes' ground colours, and for a named terrain beyond the fifth (SPEC §11.1) the colour
// shaders/terrain_colour.glsl gives it on the board: hues spread by the golden ratio.
Rgb terrainColour(int terrain);

struct RangeColours {
  Rgb move;
  Rgb attack;
};

inline RangeColours rangeColours(Team team) {
  switch (team) {
    // Enemies: reddish purple to move, yellow to attack.
    case Team::Enemy: return {{0.80F, 0.35F, 0.75F}, {1.00F, 0.86F, 0.10F}};
    // Allies: bluish green to move, orange to attack.
    case Team::Ally: return {{0.00F, 0.80F, 0.62F}, {1.00F, 0.55F, 0.00F}};
    // The player: Fire Emblem's blue and red.
    case Team::Player: break;
  }
  return {{0.10F, 0.45F, 1.00F}, {1.00F, 0.18F, 0.10F}};
}

// The unit tokens' colours (unit.frag draws the same ones): blue players, red enemies, green
// allies.
inline Rgb tokenColour(Team team) {
  switch (team) {
    case Team::Enemy: return {0.90F, 0.18F, 0.16F};
    case Team::Ally: return {0.16F, 0.66F, 0.28F};
    case Team::Player: break;
  }
  return {0.18F, 0.40F, 0.95F};
}

// Zone of control borders (SPEC §11.2) of a mover: the token colour of the side whose units
// halt it (red for players and allies, blue for enemies), so the border says whose zone it is.
inline Rgb zocBorderColour(Team mover) { return tokenColour(hostileTeam(mover)); }

// The danger zone (SPEC §7) in three steps of one hue, for 1, 2 and 3 or more threatening
// enemies: a light, a middle and a deep teal (CIELAB hue about 230 degrees), each blended over
// the terrain at its own opacity (even the lightest shows on the light crests of water). Teal is
// the one hue left free by the ranges' colours above (blue, purple, bluish green; red, yellow,
// orange) and by the grass, stone and water of the terrain; the steps get darker and more opaque
// with the count, so they read apart from each other and from every range colour on every
// terrain. tests/app/app_palette.cpp holds them to that by a stated measure (CIELAB distances
// of the blends over each terrain's colours).
struct DangerStep {
  Rgb colour;
  float alpha = 0;  // the opacity it is blended over the terrain with
};
inline constexpr int kDangerSteps = 3;
// The step a cell threatened by `count` enemies is drawn in (count >= 1; 3 and more share the
// last step).
inline DangerStep dangerStep(int count) {
  if (count >= 3) return {{0.04F, 0.26F, 0.32F}, 0.68F};
  if (count == 2) return {{0.09F, 0.44F, 0.53F}, 0.60F};
  return {{0.34F, 0.67F, 0.78F}, 0.55F};
}
// Cells at least this wide (pixels) print their danger count too.
inline constexpr int kDangerDigitsCell = 32;

// The range overlay's opacities (overlay.frag), for the tests that hold the danger steps apart
// from it: a reached cell's fill breathes between these; an attackable cell's hatching takes the
// lower pair on its light stripes and the higher on its dark ones.
inline constexpr float kMoveAlphaLow = 0.42F;
inline constexpr float kMoveAlphaHigh = 0.50F;
inline constexpr std::array<float, 4> kAttackAlphas = {0.38F, 0.44F, 0.63F, 0.69F};

// The base colours the procedural terrain (terrain.frag) paints each class with, and those of
// its large features (forest crowns, hill earth, mountain rock; stone walls and water are both
// class 4), for the tests that hold the overlays apart on every terrain.
struct TerrainSample {
  const char* name;
  Rgb colour;
};
inline constexpr std::array<TerrainSample, 9> kTerrainSamples = {{
    {"plains", {0.47F, 0.72F, 0.32F}},
    {"forest floor", {0.32F, 0.55F, 0.24F}},
    {"forest crowns", {0.18F, 0.47F, 0.18F}},
    {"hills", {0.55F, 0.66F, 0.30F}},
    {"hill earth", {0.71F, 0.61F, 0.37F}},
    {"mountains", {0.58F, 0.52F, 0.42F}},
    {"mountain rock", {0.42F, 0.38F, 0.36F}},
    {"water", {0.20F, 0.42F, 0.76F}},
    {"wall", {0.60F, 0.57F, 0.53F}},
}};
// Marked enemies' threat: a bright rose rim with stripes, drawn over the danger zone.
inline Rgb markedThreatColour() { return {1.00F, 0.35F, 0.62F}; }

}  // namespace tactics::app
