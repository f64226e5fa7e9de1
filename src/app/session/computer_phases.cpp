#include "app/session/computer_phases.h"

#include <algorithm>

namespace tactics::app {

std::optional<MoveEvent> ComputerPhases::advance(Scene& scene, double seconds,
                                                 const SolveSelected& solve,
                                                 const SolveField& field) {
  if (scene.phase != shownPhase_) {
    shownPhase_ = scene.phase;
    bannerLeft_ = kBannerSeconds;
  }
  bannerLeft_ = std::max(0.0, bannerLeft_ - seconds);
  if (scene.phase == Phase::Player || scene.walk || bannerLeft_ > kBannerSeconds / 2) {
    return std::nullopt;
  }
  aiPause_ += seconds;
  if (aiPause_ < kAiPauseSeconds) return std::nullopt;
  aiPause_ = 0;
  const auto mover = nextAiMover(scene);
  if (!mover) return std::nullopt;
  scene.selected = *mover;
  // A unit whose range cannot be solved (its class was edited so that it cannot enter the
  // cell it stands on) stays where it is, and the phase goes on.
  const RangeResult unsolvable(scene.map.width(), scene.map.height());
  const RangeResult* range = solve();
  return startAiMove(scene, *mover, range ? *range : unsolvable, field);
}

std::optional<PhaseBanner> ComputerPhases::banner(Phase phase) const {
  if (bannerLeft_ <= 0 || phase == Phase::Player) return std::nullopt;
  const double t = bannerLeft_ / kBannerSeconds;  // 1 -> 0
  const auto alpha = static_cast<float>(std::min(1.0, std::min(1.0 - t, t) * 6.0));
  return PhaseBanner{std::string(phase == Phase::Enemy ? "Enemy" : "Ally") + " phase", alpha};
}

}  // namespace tactics::app
