#pragma once
// The GPU solves the demo asks for, together: the selected unit's range (move_range.h), the
// danger zone and the fields (threat_solves.h), and the long path to the hovered cell. Each
// solves only when its question changed; here they are brought up to date in one step and their
// layers handed to the board's frame.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/rules/long_path.h"
#include "app/rules/no_path.h"
#include "app/rules/scene.h"
#include "app/rules/turns.h"
#include "app/solves/move_range.h"
#include "app/solves/threat_solves.h"
#include "app/ui/ui_settings.h"
#include "app/view/render/board_renderer.h"

namespace tactics::app {

class Solves {
 public:
  // The window's one set of solvers for `map` (gpu::Solvers, on the window's context), and the
  // solves that run on it.
  static Expected<Solves> create(const CostMap& map);

  // The map was painted inside `box`: the solvers take the cells, every solve runs again.
  void mapEdited(const CostMap& map, CellBox box);

  // The selected unit's range for the watcher's pass limit and the backend, then the route to
  // `pointed` (the cell under the pointer) on it (SPEC §8).
  void syncRange(Scene& scene, const Ui& ui, std::optional<Cell> pointed);
  // Whether syncRange would run a solver now; and, when that solve is to wait a frame (the
  // busy sign, session/busy_sign.h), the old unit's range is not drawn meanwhile.
  [[nodiscard]] bool rangeWanted(const Scene& scene, const Ui& ui) const;
  void holdRange() { range_.forget(); }
  // The danger and field solves, and the long path to the hovered cell (Shift held or G on).
  void syncThreats(const Scene& scene, ThreatSettings& threats, bool shiftHeld);

  // A unit's range for the computer's turn played off screen, solved like in play.
  RangeResult solveUnit(const Scene& scene, std::size_t unit, Backend backend);
  // The computer's units follow distance fields solved on the GPU.
  SolveField teamField();

  // The range, the danger zone, the marked threat, the heat map and the long path for a frame.
  void fillFrame(BoardFrame& frame, const Scene& scene, const ThreatSettings& threats) const;

  MoveRange& range() { return range_; }
  [[nodiscard]] const MoveRange& range() const { return range_; }
  [[nodiscard]] const ThreatSolves& threats() const { return threats_; }
  // With paths beyond one turn wanted, why the hovered cell has none: "no path" or "blocked by
  // Fighter at 17,3"; empty when it has one or the question is not asked.
  [[nodiscard]] const std::string& noPath() const { return noPath_; }

 private:
  explicit Solves(std::unique_ptr<gpu::Solvers> solvers)
      : solvers_(std::move(solvers)), range_(*solvers_), threats_(*solvers_) {}

  // On the heap, so that the solves' pointers to it survive moving this.
  std::unique_ptr<gpu::Solvers> solvers_;
  MoveRange range_;
  ThreatSolves threats_;
  std::optional<LongPath> longPath_;  // to the hovered cell, beyond one turn
  std::vector<Cell> haltingCells_;    // the selection's zone of control cells (SPEC §11.2)
  // explainNoPath runs a field solve per blocker: only when what it was asked changes.
  struct NoPathQuestion {
    Cell target;
    std::size_t selected = 0;
    bool reached = false;
    std::vector<Unit> units;
    bool operator==(const NoPathQuestion& o) const {
      return target == o.target && selected == o.selected && reached == o.reached &&
             units.size() == o.units.size() &&
             std::equal(units.begin(), units.end(), o.units.begin(),
                        [](const Unit& a, const Unit& b) { return a.cell == b.cell && a.team == b.team && a.movement == b.movement;
                        });
    }
  };
  std::optional<NoPathQuestion> noPathAsked_;
  std::string noPath_;
};

}  // namespace tactics::app
