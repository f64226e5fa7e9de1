#pragma once
// The GPU solves behind the danger zone and the field views (issues 7 and 10): the batched
// danger solve of every enemy, the same solver on just the marked enemies, and the selected
// unit's single-source distance field (paths beyond one turn, the heat map). Each runs only when
// its question changed (threats.h), never every frame.

#include <cstdint>
#include <optional>

#include "app/rules/scene.h"
#include "app/rules/threats.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/expected.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/field_solver.h"

namespace tactics::app {

class ThreatSolves {
 public:
  static Expected<ThreatSolves> create(const CostMap& map);

  // Brings the solves up to date with the scene and the settings.
  // wantField: the selected unit's field is needed (heat map, long paths, Shift held).
  void update(const Scene& scene, const ThreatSettings& settings, bool wantField);

  // The danger counts (R32F) and their copy for the panel, when the danger zone is on.
  [[nodiscard]] std::uint32_t dangerTexture() const { return danger_.countTexture(); }
  [[nodiscard]] std::uint32_t markedTexture() const { return marked_.countTexture(); }
  [[nodiscard]] const Grid<std::uint8_t>* dangerCounts() const {
    return hasDanger_ ? &counts_ : nullptr;
  }
  [[nodiscard]] bool hasMarked() const { return hasMarked_; }

  // The selected unit's single-source field (fieldQueryFrom), its texture (R32UI) and the
  // unit it was solved for.
  [[nodiscard]] const DistanceField* selectedField() const {
    return fieldUnit_ ? &field_ : nullptr;
  }
  [[nodiscard]] std::uint32_t fieldTexture() const { return fieldSolver_.fieldTexture(); }

  // A team's field for the AI phases (SPEC §10), on the GPU: fieldQueryFor(units, team, class).
  DistanceField teamField(const std::vector<Unit>& units, Team team, const MovementClass& movement);

 private:
  ThreatSolves(gpu::DangerSolver danger, gpu::DangerSolver marked, gpu::FieldSolver field)
      : danger_(std::move(danger)), marked_(std::move(marked)), fieldSolver_(std::move(field)) {}

  gpu::DangerSolver danger_;
  gpu::DangerSolver marked_;
  gpu::FieldSolver fieldSolver_;
  SolveMemory dangerMemory_, markedMemory_, fieldMemory_;
  bool hasDanger_ = false;
  bool hasMarked_ = false;
  Grid<std::uint8_t> counts_;
  std::optional<std::size_t> fieldUnit_;
  DistanceField field_;
};

}  // namespace tactics::app
