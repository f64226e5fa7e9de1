#pragma once
// The enemy and ally phases as the player watches them: a banner announces each phase, then one
// unit after another is shown for a moment with its range and walks to the cell the rules choose
// (rules/turns.h). The solves are the caller's (the GPU in the demo). No GL.

#include <functional>
#include <optional>
#include <string>

#include "app/rules/turns.h"

namespace tactics::app {

inline constexpr double kBannerSeconds = 1.2;   // "Enemy phase" on screen
inline constexpr double kAiPauseSeconds = 0.35;  // between two computer moves

// The phase banner this frame: its text and how opaque it is (0..1).
struct PhaseBanner {
  std::string text;
  float alpha = 0;
};

// The range of the unit the scene has selected, solved now; null when it cannot be solved.
using SolveSelected = std::function<const RangeResult*()>;

class ComputerPhases {
 public:
  // Advances by `seconds` of game time. Returns a unit's move when one stayed where it stood
  // (a unit that walks reports its move when it arrives: advanceWalk).
  std::optional<MoveEvent> advance(Scene& scene, double seconds, const SolveSelected& solve,
                                   const SolveField& field);

  // The phase was played to its end off screen (--end-turn): no banner for it.
  void shown(Phase phase) { shownPhase_ = phase; }

  [[nodiscard]] std::optional<PhaseBanner> banner(Phase phase) const;

 private:
  Phase shownPhase_ = Phase::Player;
  double bannerLeft_ = 0;  // seconds the phase banner stays
  double aiPause_ = 0;     // seconds since the last computer move
};

}  // namespace tactics::app
