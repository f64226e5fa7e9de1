#pragma once
// The enemy and ally phases as the player watches them, Fire Emblem style: a banner announces
// each phase; then, one unit after another, the camera glides to the mover when it or its
// destination is off screen, the mover is shown for a moment with its range, walks to the cell
// the rules choose (rules/turns.h), and shows its attack when a target is in reach. A phase in
// which nothing moved and nothing was in reach says so in a banner. The whole of it runs at 1x,
// 2x or 4x (a key held: 4x), or skips to its end. The solves and the camera are the caller's
// (the GPU and the board view in the demo). No GL: the clock is the caller's too.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/rules/turns.h"

namespace tactics::app {

// Seconds at 1x.
inline constexpr double kBannerSeconds = 1.2;   // "Enemy phase" on screen
inline constexpr double kFirstMoveSeconds = 0.9;  // the first mover, as the banner fades
inline constexpr double kAiPauseSeconds = 0.1;  // between two computer units
inline constexpr double kPanSeconds = 0.25;     // the camera's glide to an off-screen mover
inline constexpr double kLookSeconds = 0.2;     // the mover's range, before it walks
inline constexpr double kMaxWalkSeconds = 0.6;  // a longer walk goes faster
inline constexpr double kAttackSeconds = 0.4;   // the attack's flash

// The phase banner this frame: its text and how opaque it is (0..1).
struct PhaseBanner {
  std::string text;
  float alpha = 0;
};

// The attack being shown: an arrow from the attacker's cell to the target's, fading out.
struct AttackFlash {
  Cell from;
  Cell to;
  float alpha = 0;
};

// The range of the unit the scene has selected, solved now; null when it cannot be solved.
using SolveSelected = std::function<const RangeResult*()>;

// The view as the phases see it: whether a cell is on screen, and a glide of the camera over
// `seconds` (wall time) that shows the mover's cell and its destination.
struct PhaseCamera {
  std::function<bool(Cell)> onScreen;
  std::function<void(Cell mover, Cell destination, double seconds)> glideToShow;
};

// How fast the computer's phases play: the panel's 1x/2x/4x.
enum class PhaseSpeed { Normal = 1, Double = 2, Quadruple = 4 };

class ComputerPhases {
 public:
  // Advances by `seconds` of game time (times the speed). Returns the computer units' turns
  // completed meanwhile, in order: the move (when it arrived, or at once when it stayed) with
  // the attack it showed.
  std::vector<ComputerMove> advance(Scene& scene, double seconds, const SolveSelected& solve,
                                    const SolveField& field, const PhaseCamera& camera = {});

  // Plays the rest of the computer's phases at once (the walk under way ends where it goes);
  // returns their turns like advance().
  std::vector<ComputerMove> skip(Scene& scene, const SolveUnit& solve, const SolveField& field);

  // The phase was played to its end off screen (--end-turn): no banner for it.
  void shown(Phase phase) { shownPhase_ = phase; }

  void setSpeed(PhaseSpeed speed) { speed_ = speed; }
  [[nodiscard]] PhaseSpeed speed() const { return speed_; }
  // A key held: 4x whatever the panel says.
  void setHurry(bool held) { hurry_ = held; }
  // The factor game time runs at now.
  [[nodiscard]] double factor() const;

  [[nodiscard]] std::optional<PhaseBanner> banner(Phase phase) const;
  [[nodiscard]] std::optional<AttackFlash> flash() const;
  // The fight being shown after a computer unit's move (SPEC §14), if any.
  [[nodiscard]] const FightShow* fightShown() const { return fight_ ? &*fight_ : nullptr; }

 private:
  enum class Step { Idle, Banner, Pause, Pan, Look, Walk, Attack, Quiet };

  void notice(Phase phase);
  void next(Scene& scene, const SolveSelected& solve, const SolveField& field,
            const PhaseCamera& camera);
  void beginMover(Scene& scene, std::size_t unit, const SolveSelected& solve,
                  const SolveField& field, const PhaseCamera& camera);
  void arrive(Scene& scene, MoveEvent move, std::vector<ComputerMove>& done);
  // advance()'s steps: the walk under way, given `t` seconds (true: it ended, or there was
  // none, and the next step goes on); a timed step whose time is up, ended.
  bool walkOn(Scene& scene, double& t, std::vector<ComputerMove>& done);
  void endStep(Scene& scene, const SolveSelected& solve, const SolveField& field,
               const PhaseCamera& camera, std::vector<ComputerMove>& done);
  [[nodiscard]] std::string quietText() const;

  PhaseSpeed speed_ = PhaseSpeed::Normal;
  bool hurry_ = false;
  Phase shownPhase_ = Phase::Player;
  double bannerLeft_ = 0;  // seconds the phase banner stays
  Step step_ = Step::Idle;
  double stepLeft_ = 0;    // seconds left in this step
  std::size_t mover_ = 0;
  std::optional<MoveEvent> stayed_;      // the mover's move when it does not walk
  std::optional<Walk> plannedWalk_;      // the mover's walk, held while the camera pans
  std::optional<AttackEvent> attack_;    // the attack being shown
  std::optional<FightShow> fight_;       // the fight being shown, on a board that fights
  std::vector<ComputerMove> phaseMoves_;  // this phase's turns, to tell a quiet phase
  Phase quietPhase_ = Phase::Enemy;
  double quietLeft_ = 0;   // seconds the "nothing happens" banner stays
};

}  // namespace tactics::app
