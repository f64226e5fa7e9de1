#pragma once
// The range colours, in one place for the board and the panel's legend. Chosen to stay apart on
// every terrain and for the common colour-vision deficiencies (after Okabe and Ito's palette):
// each side's move and attack differ in hue and in lightness, and attack cells are also
// hatched, so they never depend on colour alone. No GL.

#include <array>

#include "tactics/solver/units.h"

namespace tactics::app {

struct Rgb {
  float r = 0;
  float g = 0;
  float b = 0;
};

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

// The danger zone (SPEC §7): crimson, darker and browner than the player's red attack and far
// from the enemies' purple and yellow; it gets stronger with the count rather than changing hue.
inline Rgb dangerColour() { return {0.62F, 0.05F, 0.16F}; }
// Marked enemies' threat: a bright rose rim with stripes, drawn over the danger zone.
inline Rgb markedThreatColour() { return {1.00F, 0.35F, 0.62F}; }

}  // namespace tactics::app
