#include "app/session/computer_phases.h"

#include <algorithm>
#include <utility>

namespace tactics::app {

namespace {

// Fades in and out over the first and last sixth of its time.
float fade(double left, double total) {
  const double t = left / total;  // 1 -> 0
  return static_cast<float>(std::clamp(std::min(1.0 - t, t) * 6.0, 0.0, 1.0));
}

const char* sideName(Phase phase) { return phase == Phase::Ally ? "Ally" : "Enemy"; }

}  // namespace

double ComputerPhases::factor() const {
  return hurry_ ? static_cast<double>(PhaseSpeed::Quadruple) : static_cast<double>(speed_);
}

std::vector<ComputerMove> ComputerPhases::advance(Scene& scene, double seconds,
                                                  const SolveSelected& solve,
                                                  const SolveField& field,
                                                  const PhaseCamera& camera) {
  std::vector<ComputerMove> done;
  double t = std::max(0.0, seconds) * factor();
  notice(scene.phase);
  bannerLeft_ = std::max(0.0, bannerLeft_ - t);
  quietLeft_ = std::max(0.0, quietLeft_ - t);
  // Enough steps for any frame; each step either uses up the time or moves to another step.
  if (fight_) fight_->advance(t);
  for (int guard = 0; guard < 1000; ++guard) {
    notice(scene.phase);
    // A game won or lost (SPEC §14) stops where it is; the fight that ended it plays on.
    if (scene.phase == Phase::Player || scene.outcome != Outcome::Playing) return done;
    if (step_ == Step::Idle) {  // a computer phase met mid-way: go on with it
      step_ = Step::Pause;
      stepLeft_ = 0;
    }
    if (step_ == Step::Walk) {
      if (walkOn(scene, t, done)) continue;
      return done;
    }
    const double used = std::min(t, stepLeft_);
    t -= used;
    stepLeft_ -= used;
    if (stepLeft_ > 0) return done;
    endStep(scene, solve, field, camera, done);
  }
  return done;
}

bool ComputerPhases::walkOn(Scene& scene, double& t, std::vector<ComputerMove>& done) {
  if (!scene.walk) {  // nothing to walk: go on
    step_ = Step::Pause;
    stepLeft_ = kAiPauseSeconds;
    return true;
  }
  // A walk longer than kMaxWalkSeconds goes faster.
  const WalkAnimation& walk = scene.walk->animation;
  const double scale = std::max(1.0, walk.duration() / kMaxWalkSeconds);
  const double left = std::max(0.0, walk.duration() - walk.elapsed()) / scale;
  const double used = std::min(t, left);
  t -= used;
  if (auto move = advanceWalk(scene, used >= left ? left * scale + 1e-9 : used * scale)) {
    arrive(scene, std::move(*move), done);
    return true;
  }
  return false;
}

void ComputerPhases::endStep(Scene& scene, const SolveSelected& solve, const SolveField& field,
                             const PhaseCamera& camera, std::vector<ComputerMove>& done) {
  switch (step_) {
    case Step::Banner:
    case Step::Pause:
    case Step::Quiet: next(scene, solve, field, camera); break;
    case Step::Pan:
      step_ = Step::Look;
      stepLeft_ = kLookSeconds;
      break;
    case Step::Look:
      if (stayed_) {
        arrive(scene, std::move(*std::exchange(stayed_, std::nullopt)), done);
      } else {
        scene.walk = std::exchange(plannedWalk_, std::nullopt);
        step_ = Step::Walk;
      }
      break;
    case Step::Attack:
      attack_.reset();
      fight_.reset();
      step_ = Step::Pause;
      stepLeft_ = kAiPauseSeconds;
      break;
    case Step::Idle:
    case Step::Walk: break;
  }
}

// A new phase: its banner, then its first mover.
void ComputerPhases::notice(Phase phase) {
  if (phase == shownPhase_) return;
  shownPhase_ = phase;
  phaseMoves_.clear();
  // Nothing of an earlier phase (or of a board opened meanwhile) carries over.
  stayed_.reset();
  plannedWalk_.reset();
  attack_.reset();
  fight_.reset();
  if (phase == Phase::Player) {
    step_ = Step::Idle;
    return;
  }
  bannerLeft_ = kBannerSeconds;
  step_ = Step::Banner;
  stepLeft_ = kFirstMoveSeconds;
}

// After the banner, a pause or the quiet banner: the next mover, or the next phase.
void ComputerPhases::next(Scene& scene, const SolveSelected& solve, const SolveField& field,
                          const PhaseCamera& camera) {
  if (computerPhaseOver(scene)) {
    if (step_ != Step::Quiet && !phaseMoves_.empty() && quietPhase(phaseMoves_, scene.phase)) {
      step_ = Step::Quiet;
      quietPhase_ = scene.phase;
      quietLeft_ = stepLeft_ = kBannerSeconds;
      return;
    }
    step_ = Step::Pause;
    stepLeft_ = 0;
    nextAiMover(scene);  // on to the next phase; its banner comes first
    return;
  }
  const auto unit = nextAiMover(scene);
  if (!unit) return;
  beginMover(scene, *unit, solve, field, camera);
}

void ComputerPhases::beginMover(Scene& scene, std::size_t unit, const SolveSelected& solve,
                                const SolveField& field, const PhaseCamera& camera) {
  mover_ = unit;
  scene.selected = unit;
  // A unit whose range cannot be solved (its class was edited so that it cannot enter the
  // cell it stands on) stays where it is, and the phase goes on.
  const RangeResult unsolvable(scene.map.width(), scene.map.height());
  const RangeResult* range = solve();
  stayed_ = startAiMove(scene, unit, range ? *range : unsolvable, field);
  // The walk waits while the camera pans and the range is shown.
  plannedWalk_ = std::exchange(scene.walk, std::nullopt);
  // A hidden enemy (SPEC §11.5) moves unseen: no selection, range or camera gives it away, and
  // it goes at once (its token is not drawn); only an attack reveals it.
  if (!knownTo(Team::Player, scene.units[unit])) {
    scene.selected.reset();
    step_ = Step::Look;
    stepLeft_ = 0;
    return;
  }
  const Cell from = scene.units[unit].cell;
  const Cell to = plannedWalk_ ? plannedWalk_->animation.path().back() : from;
  if (camera.onScreen && camera.glideToShow && (!camera.onScreen(from) || !camera.onScreen(to))) {
    camera.glideToShow(from, to, kPanSeconds / factor());
    step_ = Step::Pan;
    stepLeft_ = kPanSeconds;
    return;
  }
  step_ = Step::Look;
  stepLeft_ = kLookSeconds;
}

void ComputerPhases::arrive(Scene& scene, MoveEvent move, std::vector<ComputerMove>& done) {
  ComputerMove turn = endComputerMove(scene, mover_, std::move(move));
  attack_ = turn.attack;
  if (turn.fight) fight_.emplace(*turn.fight);
  phaseMoves_.push_back(turn);
  done.push_back(std::move(turn));
  step_ = attack_ ? Step::Attack : Step::Pause;
  stepLeft_ = fight_ ? fight_->duration() : attack_ ? kAttackSeconds : kAiPauseSeconds;
}

std::vector<ComputerMove> ComputerPhases::skip(Scene& scene, const SolveUnit& solve,
                                               const SolveField& field) {
  std::vector<ComputerMove> done;
  if (scene.phase == Phase::Player) return done;
  // The mover under way first: it ends where it was going.
  if (plannedWalk_) scene.walk = std::exchange(plannedWalk_, std::nullopt);
  if (stayed_) {
    arrive(scene, std::move(*std::exchange(stayed_, std::nullopt)), done);
  } else if (scene.walk) {
    if (auto move = advanceWalk(scene, scene.walk->animation.duration() + 1.0)) {
      arrive(scene, std::move(*move), done);
    }
  }
  for (ComputerMove& move : runAiPhases(scene, solve, field)) done.push_back(std::move(move));
  step_ = Step::Idle;
  shownPhase_ = scene.phase;
  bannerLeft_ = quietLeft_ = 0;
  attack_.reset();
  fight_.reset();
  phaseMoves_.clear();
  return done;
}

std::string ComputerPhases::quietText() const {
  return std::string(sideName(quietPhase_)) + " phase: nothing moves, no target in reach";
}

std::optional<PhaseBanner> ComputerPhases::banner(Phase phase) const {
  if (quietLeft_ > 0) return PhaseBanner{quietText(), fade(quietLeft_, kBannerSeconds)};
  if (bannerLeft_ <= 0 || phase == Phase::Player) return std::nullopt;
  return PhaseBanner{std::string(sideName(phase)) + " phase", fade(bannerLeft_, kBannerSeconds)};
}

std::optional<AttackFlash> ComputerPhases::flash() const {
  if (step_ != Step::Attack || !attack_ || fight_) return std::nullopt;
  return AttackFlash{attack_->from, attack_->at, fade(stepLeft_, kAttackSeconds)};
}

}  // namespace tactics::app
