// The App's board: opening boards and their solvers, the view, the turn requests, and the
// actions the input asks of the board (ui/board_input.h).
#include <algorithm>
#include <utility>

#include "app/app.h"
#include "app/rules/cursor.h"
#include "app/rules/threats.h"
#include "app/ui/panel.h"

namespace tactics::app {

namespace {

constexpr int kCollapsedPanelWidth = 0;  // a collapsed panel floats over the board's corner

// The middle of the player's units, or of the map when there are none.
std::optional<Cell> playerCentre(const Scene& scene) {
  long sumX = 0;
  long sumY = 0;
  long count = 0;
  for (const Unit& unit : scene.units) {
    if (unit.team != Team::Player) continue;
    sumX += unit.cell.x;
    sumY += unit.cell.y;
    ++count;
  }
  if (count == 0) return std::nullopt;
  return Cell{static_cast<int>(sumX / count), static_cast<int>(sumY / count)};
}

}  // namespace

// Solvers and a terrain for `scene`'s map; on failure the current ones stay.
std::optional<std::string> App::useMap(const Scene& scene) {
  auto solves = Solves::create(scene.map);
  if (!solves) return solves.error();
  solves_ = std::move(*solves);
  ui_.computeAvailable = solves_->range().hasCompute();
  pruneMarks(ui_.threats, scene.units);
  renderer_->setMap(scene.map);
  painting_.mapOpened(*renderer_, scene.mapPath, ui_.edit);
  return std::nullopt;
}

// The panel or a dropped file asked for another board: a scenario, a map or a Tiled map.
void App::openRequestedBoard() {
  if (!ui_.loadMap) return;
  const std::string path = *std::exchange(ui_.loadMap, std::nullopt);
  auto opened = openBoard(path);
  if (!opened) {
    ui_.mapProblem = opened.error();  // the current board stays
    return;
  }
  // Everything for the new board is made before anything of the old one is let go.
  Scene scene = std::move(*opened);
  if (auto problem = useMap(scene)) {
    ui_.mapProblem = *problem;
    return;
  }
  ui_.mapProblem.clear();
  ui_.edits = UnitEditMemory{};
  scene_ = std::move(scene);
  if (std::find(boards_.begin(), boards_.end(), path) == boards_.end()) boards_.push_back(path);
  resetView();
}

// Terrain painting: the panel's undo, redo and save, and a new blank map (terrain_painting.h).
void App::applyEditRequests() {
  auto blank = painting_.handleRequests(scene_, ui_.edit, *renderer_, solves_->range());
  if (!blank) return;
  const std::string name = "untitled " + blank->sizeText();
  Scene scene = makeScene(std::move(*blank), name);
  if (auto problem = useMap(scene)) {
    ui_.edit.message = *problem;
    return;
  }
  scene_ = std::move(scene);
  resetView();
}

// A new map or scenario: the default view, centred on the selection or the player's units.
void App::resetView() {
  const Unit* selected = scene_.selectedUnit();
  const std::optional<Cell> focus =
      selected ? std::optional<Cell>(selected->cell) : playerCentre(scene_);
  const Cell centre =
      playerCentre(scene_).value_or(Cell{scene_.map.width() / 2, scene_.map.height() / 2});
  view_.reset(viewScreen(), mapSize(), focus, options_.cell, centre);
}

void App::placeBoard() {
  if (!view_.place(viewScreen(), mapSize()) || harness_.scripted()) return;
  // Lets a test driving the mouse find the cells.
  const BoardLayout& layout = view_.layout();
  out_ << "board " << layout.x0 << ' ' << layout.y0 << ' ' << layout.cell << std::endl;
}

ViewScreen App::viewScreen() const {
  const float scale = surface_.contentScale;
  const int panel = ui_.panelCollapsed ? kCollapsedPanelWidth : kPanelWidth;
  return {surface_.window, surface_.framebuffer, scale,
          static_cast<int>(static_cast<float>(panel) * scale)};
}

// The panel's buttons: End turn (and its question), Wait and Back.
void App::applyTurnRequests() {
  const TurnRequests requests = std::exchange(ui_.requests, TurnRequests{});
  if (requests.endTurn) requestEndTurn(scene_);
  if (requests.endTurnAnswer) answerEndTurn(scene_, *requests.endTurnAnswer);
  if (requests.wait) waitUnit(scene_);
  if (requests.back) {
    if (const auto back = backUnit(scene_)) out_ << formatBack(*back) << std::endl;
  }
}

// --end-turn: the player's phase ends at once and the enemies and allies make every move
// before the first frame, each solved on the GPU like in play; the moves are logged.
void App::playWholeComputerTurn() {
  const std::optional<std::size_t> selected = scene_.selected;
  scene_.selected.reset();
  if (requestEndTurn(scene_) == EndTurn::NeedsConfirmation) answerEndTurn(scene_, true);
  const auto solve = [this](const Scene& scene, std::size_t unit) {
    return solves_->solveUnit(scene, unit, ui_.backend);
  };
  for (const MoveEvent& move : runAiPhases(scene_, solve, solves_->teamField())) log(move);
  phases_.shown(scene_.phase);
  scene_.selected = selected;
}

// The --show and --mark options, once the solvers exist.
void App::startThreats() {
  ui_.threats.dangerZone = options_.showDanger;
  ui_.threats.heatMap = options_.showHeatMap;
  ui_.threats.longPaths = options_.showLongPaths;
  ui_.view.travelCosts = options_.showCosts;
  ui_.view.parentGlyphs = options_.showParents;
  for (Cell cell : options_.marks) toggleMark(ui_.threats, scene_.units, cell);
}

// Solves only when the question changed; the route follows the pointer.
const RangeResult* App::syncRange() {
  solves_->syncRange(scene_, ui_, input_.pointed());
  return solves_->range().result();
}

void App::log(const std::optional<MoveEvent>& move) {
  if (move) out_ << formatMove(*move) << std::endl;
}

std::optional<Cell> App::cellAt(double x, double y) const {
  return view_.layout().cellAtCursor(x, y);
}

void App::open(std::string path) { ui_.loadMap = std::move(path); }

// Wheel zoom about the cursor and drag panning.
void App::moveCamera(const Input& input) {
  if (input.scroll != 0) {
    view_.zoom(mapSize(), input.cursorX, input.cursorY, input.scroll, surface_.contentScale);
  }
  if (input.panX != 0 || input.panY != 0) view_.pan(mapSize(), input.panX, input.panY);
  placeBoard();
}

void App::paint(Input& input, bool boardHasMouse) {
  painting_.handleMouse(input, view_.layout(), boardHasMouse, scene_, ui_.edit, *renderer_,
                        solves_->range());
}

bool App::mark(Cell cell) { return toggleMark(ui_.threats, scene_.units, cell); }

void App::cancel() { app::cancel(scene_); }

// The click acts on the range of what is selected now.
void App::click(Cell cell) {
  const RangeResult* range = syncRange();
  hoverCell(scene_, cell, range);
  leftClick(scene_, cell, range);
}

void App::edit(EditAction action) {
  painting_.handleKey(action, scene_, ui_.edit, *renderer_, solves_->range());
}

// The keyboard: an FE-style cursor (the camera follows it), the threat views, End turn, fit.
std::optional<std::optional<Cell>> App::key(BoardKey key) {
  switch (key.action) {
    case BoardAction::FitView:
      view_.fit(mapSize());
      placeBoard();
      return std::nullopt;
    case BoardAction::ToggleDanger:
      ui_.threats.dangerZone = !ui_.threats.dangerZone;
      return std::nullopt;
    case BoardAction::ToggleLongPaths:
      ui_.threats.longPaths = !ui_.threats.longPaths;
      return std::nullopt;
    case BoardAction::MarkHovered:
      if (scene_.hovered) toggleMark(ui_.threats, scene_.units, *scene_.hovered);
      return std::nullopt;
    case BoardAction::EndTurn:
      requestEndTurn(scene_);
      return std::nullopt;
    case BoardAction::None:
      return std::nullopt;
    case BoardAction::Cursor:
      break;
  }
  const RangeResult* range = syncRange();
  if (const auto back = pressKey(scene_, key.cursor, range)) {
    out_ << formatBack(*back) << std::endl;
  }
  if (scene_.hovered) {
    view_.show(mapSize(), *scene_.hovered);
    placeBoard();
  }
  return std::optional<std::optional<Cell>>(scene_.hovered);
}

}  // namespace tactics::app
