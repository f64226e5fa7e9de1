#pragma once
// The solves behind the danger zone and the field views (issues 7 and 10), on the window's
// solvers (gpu::Solvers): the batched danger solve of every enemy, the same on just the marked
// enemies (its own layer), and the selected unit's single-source distance field (paths beyond one
// turn, the heat map). Each runs only when its question changed (threats.h), never every frame.

#include <array>
#include <cstdint>
#include <optional>

#include "app/rules/danger_threats.h"
#include "app/rules/scene.h"
#include "app/rules/threats.h"
#include "app/solves/solve_report.h"
#include "gpu/gl/gl_handle.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

class ThreatSolves {
 public:
  // The threats on `solvers` (the window's one set, which must outlive this).
  explicit ThreatSolves(gpu::Solvers& solvers) : solvers_(&solvers) {}

  // Brings the solves up to date with the scene and the settings.
  // wantField: the selected unit's field is needed (heat map, long paths, Shift held).
  void update(const Scene& scene, const ThreatSettings& settings, bool wantField);
  // The map was painted: every solve runs again when next wanted.
  void mapEdited();

  // The danger counts texture (R8, count / 255) and their copy for the panel, when the danger
  // zone is on; the marked enemies' counts when some are marked. 0: none to draw.
  [[nodiscard]] std::uint32_t dangerTexture() const { return layerTexture(gpu::DangerLayer::Zone); }
  [[nodiscard]] std::uint32_t markedTexture() const {
    return layerTexture(gpu::DangerLayer::Marked);
  }
  [[nodiscard]] const Grid<std::uint8_t>* dangerCounts() const {
    return hasDanger_ ? &counts_ : nullptr;
  }
  [[nodiscard]] bool hasMarked() const { return hasMarked_; }
  // Each enemy's reach for the danger zone's hover (rules/danger_threats.h), on the board of the
  // last danger solve: made on the CPU the first time it is asked after each solve. None while
  // the danger zone is off.
  [[nodiscard]] const std::vector<EnemyReach>* enemyReaches(const Scene& scene) const;
  // threatsOn(scene, enemyReaches(scene), cell, defender): the hover asks every frame, so the
  // answer is kept until the cell, the defender, the reaches (the units' moves and the board's
  // rules), a unit's hp or stats (a fight changes them where no unit moves) or the terrain
  // defence change. None while the danger zone is off.
  [[nodiscard]] const std::vector<CellThreat>* threatsAt(const Scene& scene, Cell cell,
                                                         std::optional<std::size_t> defender) const;

  // The selected unit's single-source field (fieldQueryFrom), its texture (R32UI; 0 when the
  // field was not solved on the GPU) and the unit it was solved for.
  [[nodiscard]] const DistanceField* selectedField() const {
    return fieldUnit_ ? &field_ : nullptr;
  }
  [[nodiscard]] std::uint32_t fieldTexture() const;
  // The backend and time of each job's last solve.
  [[nodiscard]] const JobReports& jobs() const { return jobs_; }

  // A team's field for the AI phases (SPEC §10): fieldQueryFor(units, team, class), on the
  // solvers, or on the CPU reference should they fail.
  DistanceField teamField(const CostMap& map, const std::vector<Unit>& units, Team team,
                          const MovementClass& movement);

 private:
  // update's steps: the danger zone, the marked enemies' layer, the selected unit's field.
  void updateDanger(const Scene& scene, const ThreatSettings& settings);
  void updateMarked(const Scene& scene, const ThreatSettings& settings);
  void updateField(const Scene& scene, bool wantField);
  void uploadField();
  // A danger layer's counts texture: the GPU's, or the CPU's counts uploaded when auto ran the
  // layer there.
  [[nodiscard]] std::uint32_t layerTexture(gpu::DangerLayer layer) const;
  void uploadCounts(gpu::DangerLayer layer, const Grid<std::uint8_t>& counts);

  gpu::Solvers* solvers_;
  SolveMemory dangerMemory_, markedMemory_, fieldMemory_;
  bool hasDanger_ = false;
  bool hasMarked_ = false;
  Grid<std::uint8_t> counts_;
  mutable std::optional<std::vector<EnemyReach>> reaches_;  // enemyReaches(), made when asked
  // threatsAt()'s last answer, for the reaches_ of the time.
  struct HoverThreats {
    Cell cell;
    std::optional<std::size_t> defender;
    std::vector<std::array<int, 4>> stats;  // each unit's hp, str, def and spd
    TerrainDefence defence;
    std::vector<CellThreat> threats;
  };
  mutable std::optional<HoverThreats> hover_;
  void forgetReaches() {
    reaches_.reset();
    hover_.reset();
  }
  std::optional<std::size_t> fieldUnit_;
  DistanceField field_;
  // A field solved on the CPU, uploaded for the heat map (R32UI, as the GPU's field texture).
  gpu::TextureHandle cpuFieldTexture_;
  bool fieldOnCpu_ = false;
  // Danger counts solved on the CPU, uploaded as the GPU's (R8, count / 255), per layer.
  std::array<gpu::TextureHandle, 2> cpuCountTextures_;
  std::array<bool, 2> countsOnCpu_ = {false, false};
  JobReports jobs_;
};

}  // namespace tactics::app
