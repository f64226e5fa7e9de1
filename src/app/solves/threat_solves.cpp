#include "app/solves/threat_solves.h"

namespace tactics::app {

void ThreatSolves::update(const Scene& scene, const ThreatSettings& settings, bool wantField) {
  // The danger zone: one batched solve of every enemy when a unit moved or changed.
  if (!settings.dangerZone) {
    dangerMemory_.forget();
    hasDanger_ = false;
  } else if (dangerMemory_.needsSolve(threatKey(scene.units, scene.rules))) {
    auto answer = solvers_->danger(scene.units, scene.rules, gpu::DangerLayer::Zone);
    hasDanger_ = static_cast<bool>(answer);
    if (hasDanger_) counts_ = std::move(answer->counts);
  }

  // The marked enemies: the same solve, in a layer of its own, on the board where only they
  // can attack.
  if (settings.marked.empty()) {
    markedMemory_.forget();
    hasMarked_ = false;
  } else {
    const std::vector<Unit> board = markedBoard(scene.units, settings.marked);
    if (markedMemory_.needsSolve(threatKey(board, scene.rules))) {
      hasMarked_ = static_cast<bool>(solvers_->danger(board, scene.rules, gpu::DangerLayer::Marked));
    }
  }

  // The selected unit's field, for paths beyond one turn and the heat map, only while one of
  // them is on. The key is the board with the selected unit first, so another selection solves
  // again.
  const std::optional<std::size_t> unit = scene.walk ? std::nullopt : scene.selected;
  if (!unit || !wantField) {
    fieldMemory_.forget();
    fieldUnit_.reset();
    return;
  }
  std::vector<Unit> keyed = scene.units;
  std::swap(keyed.front(), keyed[*unit]);
  if (fieldMemory_.needsSolve(threatKey(keyed, scene.rules)) || fieldUnit_ != unit) {
    auto answer = solvers_->field(fieldQueryFrom(scene.units, *unit));
    if (!answer) {
      fieldUnit_.reset();
      return;
    }
    field_ = std::move(answer->field);
    fieldUnit_ = unit;
  }
}

void ThreatSolves::mapEdited() {
  dangerMemory_.forget();
  markedMemory_.forget();
  fieldMemory_.forget();
  fieldUnit_.reset();
  hasDanger_ = false;
  hasMarked_ = false;
}

DistanceField ThreatSolves::teamField(const CostMap& map, const std::vector<Unit>& units,
                                      Team team, const MovementClass& movement) {
  const FieldQuery query = fieldQueryFor(units, team, movement);
  auto answer = solvers_->field(query);
  fieldMemory_.forget();  // the selected unit's field texture was overwritten
  fieldUnit_.reset();
  return answer ? std::move(answer->field) : solveFieldReference(map, query);
}

}  // namespace tactics::app
