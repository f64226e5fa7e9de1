#include "app/solves/solves.h"

#include <algorithm>

#include "app/rules/roster.h"
#include "app/rules/zone_of_control.h"
#include "app/view/palette.h"

namespace tactics::app {

Expected<Solves> Solves::create(const CostMap& map) {
  // The fragment passes for ranges (the panel may switch to compute) and the danger zone, whose
  // textures the board draws with no copy.
  // Auto: ranges and the danger zone on the fragment passes, fields where Auto's choice puts
  // them (the CPU on a software renderer, where a maze's hundreds of passes would freeze the
  // game for minutes; SPEC §10). The panel names each job's backend.
  auto solvers = gpu::Solvers::create(map, Backend::Auto);
  if (!solvers) return Error{solvers.error()};
  return Solves(std::make_unique<gpu::Solvers>(std::move(*solvers)));
}

void Solves::mapEdited(const CostMap& map, CellBox box) {
  solvers_->updateMap(map, box);
  range_.mapEdited();
  threats_.mapEdited();
}

namespace {

std::optional<RangeQuery> rangeQuery(const Scene& scene) {
  if (scene.selected && !scene.walk) return selectionQuery(scene);
  return std::nullopt;
}

int passLimitOf(const Ui& ui) {
  return ui.watch.enabled ? ui.watch.passes : gpu::RangeSolver::kAllPasses;
}

}  // namespace

bool Solves::rangeWanted(const Scene& scene, const Ui& ui) const {
  return range_.wouldSolve(scene.map, rangeQuery(scene), passLimitOf(ui), ui.backend);
}

void Solves::syncRange(Scene& scene, const Ui& ui, std::optional<Cell> pointed) {
  const std::optional<RangeQuery> query = rangeQuery(scene);
  const int passLimit = passLimitOf(ui);
  const bool solved = range_.update(scene.map, query, passLimit, ui.backend);
  if (solved) resetRoute(scene);
  // The zone of control cells that halt the selection, from the rules seam, once per solve.
  if (solved || !query) {
    haltingCells_ = query ? haltingCells(scene.map, *query, range_.result()) : std::vector<Cell>{};
  }
  // The route follows the cursor once the range it runs on is known (SPEC §8).
  hoverCell(scene, pointed, range_.result());
}

void Solves::syncThreats(const Scene& scene, ThreatSettings& threats, bool shiftHeld) {
  pruneMarks(threats, scene.units);
  const bool wanted = threats.longPaths || shiftHeld;
  threats_.update(scene, threats, wanted || threats.heatMap);
  longPath_.reset();
  const DistanceField* field = threats_.selectedField();
  if (wanted && field && scene.hovered) {
    longPath_ = longPathTo(scene, *field, range_.result(), *scene.hovered);
  }
  if (!wanted || !field || !scene.hovered || !scene.selected ||
      !scene.map.contains(*scene.hovered)) {
    noPathAsked_.reset();
    noPath_.clear();
    return;
  }
  NoPathQuestion question{*scene.hovered, *scene.selected,
                          (*field)[*scene.hovered] != kFieldUnreachable, scene.units};
  if (noPathAsked_ && *noPathAsked_ == question) return;
  const std::optional<NoPath> why = explainNoPath(scene, *field, *scene.hovered);
  noPath_ = why ? describe(*why, scene) : std::string();
  noPathAsked_ = std::move(question);
}

RangeResult Solves::solveUnit(const Scene& scene, std::size_t unit, Backend backend) {
  range_.update(scene.map, sceneQuery(scene, unit), gpu::RangeSolver::kAllPasses, backend);
  return range_.result() ? *range_.result() : RangeResult(scene.map.width(), scene.map.height());
}

SolveField Solves::teamField() {
  return [this](const Scene& scene, Team team, const MovementClass& movement) {
    return threats_.teamField(scene.map, scene.units, team, movement);
  };
}

void Solves::fillFrame(BoardFrame& frame, const Scene& scene,
                       const ThreatSettings& threats) const {
  const RangeResult* range = range_.result();
  frame.stateTexture = range_.stateTexture();
  frame.showRange = range != nullptr;
  const Unit* unit = scene.selectedUnit();
  if (unit) {
    frame.rangeTeam = unit->team;
    frame.rangeMuted = scene.selectedHasActed();
    frame.moveRange = unit->moveRange;
    // The overlay is drawn only where the solve can have written.
    const gpu::CellBox touched = range_.touchedBox();
    frame.rangeFirst = {touched.x0, touched.y0};
    frame.rangeLast = {touched.x1, touched.y1};
    if (range) frame.zoc = {haltingCells_, zocBorderColour(unit->team)};
  }
  frame.arrow = arrowPieces(previewPath(scene, range), scene.map.layout());
  ThreatLayers& layers = frame.threats;
  if (threats_.dangerCounts()) layers.dangerCounts = threats_.dangerTexture();
  if (threats_.hasMarked()) layers.markedCounts = threats_.markedTexture();
  if (threats.heatMap && unit && threats_.selectedField()) {
    layers.field = threats_.fieldTexture();
    layers.fieldBand = std::max(1, unit->moveRange);
  }
  if (!longPath_) return;
  frame.arrow = arrowPieces(longPath_->path, scene.map.layout());
  const auto& ends = longPath_->turns.ends;
  for (std::size_t turn = 0; turn < ends.size(); ++turn) {
    layers.turnMarks.push_back({longPath_->path[ends[turn]], static_cast<int>(turn) + 1});
  }
}

}  // namespace tactics::app
