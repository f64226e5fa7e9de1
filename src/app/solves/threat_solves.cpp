#include "app/solves/threat_solves.h"

namespace tactics::app {

Expected<ThreatSolves> ThreatSolves::create(const CostMap& map) {
  auto danger = gpu::DangerSolver::create(map);
  if (!danger) return Error{danger.error()};
  auto marked = gpu::DangerSolver::create(map);
  if (!marked) return Error{marked.error()};
  auto field = gpu::FieldSolver::create(map);
  if (!field) return Error{field.error()};
  return ThreatSolves(std::move(*danger), std::move(*marked), std::move(*field));
}

void ThreatSolves::update(const Scene& scene, const ThreatSettings& settings, bool wantField) {
  // The danger zone: one batched solve of every enemy when a unit moved or changed.
  if (!settings.dangerZone) {
    dangerMemory_.forget();
    hasDanger_ = false;
  } else if (dangerMemory_.needsSolve(threatKey(scene.units))) {
    hasDanger_ = static_cast<bool>(danger_.solve(scene.units));
    if (hasDanger_) counts_ = danger_.readCounts();
  }

  // The marked enemies: the same solver on the board where only they can attack.
  if (settings.marked.empty()) {
    markedMemory_.forget();
    hasMarked_ = false;
  } else {
    const std::vector<Unit> board = markedBoard(scene.units, settings.marked);
    if (markedMemory_.needsSolve(threatKey(board))) {
      hasMarked_ = static_cast<bool>(marked_.solve(board));
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
  if (fieldMemory_.needsSolve(threatKey(keyed)) || fieldUnit_ != unit) {
    fieldSolver_.solve(fieldQueryFrom(scene.units, *unit));
    field_ = fieldSolver_.readField();
    fieldUnit_ = unit;
  }
}

DistanceField ThreatSolves::teamField(const std::vector<Unit>& units, Team team,
                                      const MovementClass& movement) {
  fieldSolver_.solve(fieldQueryFor(units, team, movement));
  DistanceField field = fieldSolver_.readField();
  fieldMemory_.forget();  // the selected unit's field texture was overwritten
  fieldUnit_.reset();
  return field;
}

}  // namespace tactics::app
