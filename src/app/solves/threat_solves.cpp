#include "app/solves/threat_solves.h"

#include <array>
#include <chrono>
#include <utility>

namespace tactics::app {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

void ThreatSolves::update(const Scene& scene, const ThreatSettings& settings, bool wantField) {
  updateDanger(scene, settings);
  updateMarked(scene, settings);
  updateField(scene, wantField);
}

void ThreatSolves::updateDanger(const Scene& scene, const ThreatSettings& settings) {
  // The danger zone: one batched solve of every enemy when a unit moved or changed.
  if (!settings.dangerZone) {
    dangerMemory_.forget();
    hasDanger_ = false;
    forgetReaches();
  } else if (dangerMemory_.needsSolve(threatKey(scene.units, scene.rules))) {
    forgetReaches();
    const Clock::time_point start = Clock::now();
    auto answer = solvers_->danger(scene.units, scene.rules, gpu::DangerLayer::Zone);
    hasDanger_ = static_cast<bool>(answer);
    if (hasDanger_) {
      // Auto's choice (the CPU on a software renderer): the counts go up as the GPU's would be.
      countsOnCpu_[0] = answer->backend == Backend::Cpu || answer->backend == Backend::Compute;
      if (countsOnCpu_[0]) uploadCounts(gpu::DangerLayer::Zone, answer->counts);
      counts_ = std::move(answer->counts);
      jobs_.danger = {answer->backend, msSince(start)};
    }
  }
}

void ThreatSolves::updateMarked(const Scene& scene, const ThreatSettings& settings) {
  // The marked enemies: the same solve, in a layer of its own, on the board where only they
  // can attack.
  if (settings.marked.empty()) {
    markedMemory_.forget();
    hasMarked_ = false;
  } else {
    const std::vector<Unit> board = markedBoard(scene.units, settings.marked);
    if (markedMemory_.needsSolve(threatKey(board, scene.rules))) {
      auto answer = solvers_->danger(board, scene.rules, gpu::DangerLayer::Marked);
      hasMarked_ = static_cast<bool>(answer);
      countsOnCpu_[1] = hasMarked_ && answer->backend != Backend::Gpu;
      if (countsOnCpu_[1]) uploadCounts(gpu::DangerLayer::Marked, answer->counts);
    }
  }
}

void ThreatSolves::updateField(const Scene& scene, bool wantField) {
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
    const Clock::time_point start = Clock::now();
    auto answer = solvers_->field(fieldQueryFrom(scene.units, *unit));
    if (!answer) {
      fieldUnit_.reset();
      return;
    }
    field_ = std::move(answer->field);
    fieldUnit_ = unit;
    // Auto's choice (a CPU field on a software renderer): its answer goes up as a texture for
    // the heat map to draw, like the GPU's.
    fieldOnCpu_ = answer->backend == Backend::Cpu;
    if (fieldOnCpu_) uploadField();
    jobs_.unitField = {answer->backend, msSince(start)};
  }
}

void ThreatSolves::mapEdited() {
  fieldOnCpu_ = false;
  countsOnCpu_ = {false, false};
  dangerMemory_.forget();
  markedMemory_.forget();
  fieldMemory_.forget();
  fieldUnit_.reset();
  hasDanger_ = false;
  hasMarked_ = false;
  forgetReaches();
}

const std::vector<EnemyReach>* ThreatSolves::enemyReaches(const Scene& scene) const {
  if (!hasDanger_) return nullptr;
  if (!reaches_) reaches_ = app::enemyReaches(scene);
  return &*reaches_;
}

const std::vector<CellThreat>* ThreatSolves::threatsAt(const Scene& scene, Cell cell,
                                                       std::optional<std::size_t> defender) const {
  const std::vector<EnemyReach>* reaches = enemyReaches(scene);
  if (reaches == nullptr) return nullptr;
  std::vector<std::array<int, 4>> stats;
  stats.reserve(scene.units.size());
  for (const Unit& u : scene.units) stats.push_back({u.hp, u.str, u.def, u.spd});
  if (!hover_ || hover_->cell != cell || hover_->defender != defender || hover_->stats != stats ||
      !(hover_->defence == scene.defence)) {
    hover_ = HoverThreats{cell, defender, std::move(stats), scene.defence,
                          threatsOn(scene, *reaches, cell, defender)};
  }
  return &hover_->threats;
}

DistanceField ThreatSolves::teamField(const CostMap& map, const std::vector<Unit>& units,
                                      Team team, const MovementClass& movement) {
  const FieldQuery query = fieldQueryFor(units, team, movement);
  const Clock::time_point start = Clock::now();
  auto answer = solvers_->field(query);
  if (!answer) {  // the GPU solver could not be made: the reference answers
    DistanceField field = solveFieldReference(map, query);
    jobs_.phaseField = {Backend::Cpu, msSince(start)};
    return field;
  }
  jobs_.phaseField = {answer->backend, msSince(start)};
  if (answer->backend != Backend::Cpu) {
    fieldMemory_.forget();  // the selected unit's field texture was overwritten
    fieldUnit_.reset();
  }
  return std::move(answer->field);
}

std::uint32_t ThreatSolves::layerTexture(gpu::DangerLayer layer) const {
  const auto i = static_cast<std::size_t>(layer == gpu::DangerLayer::Zone ? 0 : 1);
  if (countsOnCpu_[i]) return cpuCountTextures_[i].get();
  return solvers_->dangerTexture(layer).value_or(0);
}

// Counts as the GPU's danger layer holds them: R8, count / 255, row 0 the top row.
void ThreatSolves::uploadCounts(gpu::DangerLayer layer, const Grid<std::uint8_t>& counts) {
  gpu::TextureHandle& texture =
      cpuCountTextures_[static_cast<std::size_t>(layer == gpu::DangerLayer::Zone ? 0 : 1)];
  if (!texture) texture = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, counts.width(), counts.height(), 0, GL_RED,
               GL_UNSIGNED_BYTE, counts.cells().data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // GL's default, which the rest of the frame expects
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

std::uint32_t ThreatSolves::fieldTexture() const {
  if (fieldOnCpu_) return cpuFieldTexture_.get();
  return solvers_->fieldTexture().value_or(0);
}

// The CPU's field as the GPU's field texture holds it: R32UI, unreached 0xFFFFFFFF (the int32
// -1 of kFieldUnreachable), row 0 the top row.
void ThreatSolves::uploadField() {
  if (!cpuFieldTexture_) cpuFieldTexture_ = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, cpuFieldTexture_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32UI, field_.width(), field_.height(), 0, GL_RED_INTEGER,
               GL_UNSIGNED_INT, field_.cells().data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace tactics::app
