#include "app/board_control.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <cstdio>
#include <utility>

#include "app/rules/cursor.h"
#include "app/rules/threats.h"
#include "app/ui/asset_paths.h"
#include "app/ui/panel.h"

namespace tactics::app {

namespace {

constexpr int kCollapsedPanelWidth = 0;  // a collapsed panel floats over the board's corner

// Where the player's units stand, in scenario order.
std::vector<Cell> playerCells(const Scene& scene) {
  std::vector<Cell> cells;
  for (const Unit& unit : scene.units) {
    if (unit.team == Team::Player) cells.push_back(unit.cell);
  }
  return cells;
}

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

// Wall-clock seconds `work` takes.
template <class Work>
double secondsOf(Work work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::optional<std::string> BoardControl::useMap(const Scene& scene) {
  auto solves = Solves::create(scene.map);
  if (!solves) return solves.error();
  s_.solves = std::move(*solves);
  s_.ui.computeAvailable = s_.solves->range().hasCompute();
  pruneMarks(s_.ui.threats, scene.units);
  s_.renderer->setMap(scene.map);
  s_.busy.mapOpened(static_cast<std::int64_t>(scene.map.width()) * scene.map.height());
  s_.painting.mapOpened(*s_.renderer, scene.mapPath, scene.map.terrainNames(), s_.ui.edit);
  return std::nullopt;
}

bool BoardControl::settleLeaving(bool closeRequested) {
  LeaveGuard& guard = s_.ui.leave;
  // Scripted runs and the soak have no one to answer: they leave at once.
  const bool unsaved = s_.ui.edit.unsaved() && !s_.harness.scripted() && !s_.harness.soaking();
  std::vector<Leave> now;
  const auto take = [&now](std::optional<Leave> leave) {
    if (leave) now.push_back(std::move(*leave));
  };
  if (closeRequested) take(guard.request(Leave{true, {}}, unsaved));
  if (auto path = std::exchange(s_.ui.loadMap, std::nullopt)) {
    take(guard.request(Leave{false, std::move(*path)}, unsaved));
  }
  if (auto answer = std::exchange(s_.ui.leaveAnswer, std::nullopt)) {
    take(guard.answer(*answer));
    if (*answer == LeaveAnswer::Save) s_.ui.edit.openSave = SaveKind::Scenario;
  }
  if (guard.question() != nullptr && !asked_) {
    const Scene& scene = s_.scene;
    s_.out << "unsaved edits: asked before you "
           << guard.question()->describe(scene.scenarioPath.empty() ? scene.mapPath
                                                                    : scene.scenarioPath)
           << std::endl;  // what a test driving the window waits for
  }
  asked_ = guard.question() != nullptr;
  if (guard.waitingForSave()) {
    const bool stillSaving = s_.ui.edit.saveDialog.isOpen() || s_.ui.edit.openSave;
    if (savedThisFrame_ || !stillSaving) take(guard.saveFinished(savedThisFrame_));
  }
  for (const Leave& leave : now) {
    if (leave.close) return true;
    openBoardNow(leave.path);
  }
  return false;
}

std::optional<std::string> BoardControl::newTitle() {
  const Scene& scene = s_.scene;
  const std::string& saved = s_.ui.edit.savedAs;
  const std::string& file = !saved.empty()               ? saved
                            : !scene.scenarioPath.empty() ? scene.scenarioPath
                                                          : scene.mapPath;
  std::string title = windowTitle(file, s_.ui.edit.unsaved());
  if (title == title_) return std::nullopt;
  title_ = title;
  return title;
}

void BoardControl::openBoardNow(const std::string& path) {
  auto opened = openBoard(path);
  if (!opened) {
    s_.ui.mapProblem = opened.error();  // the current board stays
    s_.out << "cannot open " << path << ": " << opened.error() << std::endl;
    return;
  }
  // Everything for the new board is made before anything of the old one is let go.
  Scene scene = std::move(*opened);
  if (auto problem = useMap(scene)) {
    s_.ui.mapProblem = *problem;
    s_.out << "cannot open " << path << ": " << *problem << std::endl;
    return;
  }
  s_.ui.mapProblem.clear();
  s_.ui.edits = UnitEditMemory{};
  remember(path);
  s_.out << "opened " << path << std::endl;  // the log a test driving the window reads
  s_.scene = std::move(scene);
  if (std::find(s_.boards.begin(), s_.boards.end(), path) == s_.boards.end())
    s_.boards.push_back(path);
  resetView();
}

// Terrain painting: the panel's undo, redo and save, and a new blank map (terrain_painting.h).
void BoardControl::applyEditRequests() {
  // Back in play (T or the box), a hidden enemy the level editor selected is unknown again.
  if (!s_.ui.edit.enabled) dropUnseenSelection(s_.scene);
  s_.painting.trackUnitEdits(s_.scene, s_.ui.edit, s_.imgui->editingWidget());
  auto replacement = s_.painting.handleRequests(s_.scene, s_.ui.edit, *s_.renderer, *s_.solves);
  savedThisFrame_ = s_.ui.edit.saved.has_value();
  if (auto saved = std::exchange(s_.ui.edit.saved, std::nullopt)) {
    remember(*saved);
    s_.out << "saved " << *saved << std::endl;  // what a test driving the window waits for
  }
  if (!replacement) return;
  Scene scene = std::move(replacement->scene);
  const bool wasUnsaved = s_.ui.edit.unsaved();
  if (auto problem = useMap(scene)) {
    s_.ui.edit.message = *problem;
    return;
  }
  // New map is undoable: the board it replaces comes back with Undo, unsaved edits and all.
  Scene previous = std::exchange(s_.scene, std::move(scene));
  if (replacement->undoable) {
    s_.painting.rememberReplaced(std::move(previous), wasUnsaved, s_.ui.edit);
  } else {
    s_.ui.edit.terrainEdited = s_.ui.edit.unitsEdited = replacement->unsaved;
  }
  s_.ui.edits = UnitEditMemory{};
  resetView();
}

// The Open... field's recent files: a failure to remember is not worth more than stderr.
void BoardControl::remember(const std::string& path) {
  s_.ui.recent.add(path);
  if (auto problem = s_.ui.recent.save()) std::cerr << "note: recent files: " << *problem << '\n';
}

void BoardControl::resetView() {
  // The default view shows the selection, else the largest group of the player's units that
  // fits (on a huge map the middle of units far apart may be empty grass).
  const Unit* selected = s_.scene.selectedUnit();
  std::vector<Cell> focus = selected ? std::vector<Cell>{selected->cell} : playerCells(s_.scene);
  const Cell centre =
      playerCentre(s_.scene).value_or(Cell{s_.scene.map.width() / 2, s_.scene.map.height() / 2});
  s_.view.reset(viewScreen(), mapSize(), std::move(focus), s_.options.cell, centre);
}

void BoardControl::placeBoard() {
  if (!s_.view.place(viewScreen(), mapSize()) || !s_.harness.logsLayout()) return;
  // Lets a test driving the mouse find the cells (TACTICS_LOG_LAYOUT).
  const BoardLayout& layout = s_.view.layout();
  s_.out << "board " << layout.x0 << ' ' << layout.y0 << ' ' << layout.cell << std::endl;
}

ViewScreen BoardControl::viewScreen() const {
  const float scale = s_.surface.contentScale;
  const int panel = s_.ui.panelCollapsed ? kCollapsedPanelWidth : s_.ui.panelWidth;
  return {s_.surface.window, s_.surface.framebuffer, scale,
          static_cast<int>(static_cast<float>(panel) * scale)};
}

void BoardControl::applyTurnRequests() {
  const TurnRequests requests = std::exchange(s_.ui.requests, TurnRequests{});
  if (requests.endTurn) requestEndTurn(s_.scene);
  if (requests.endTurnAnswer) answerEndTurn(s_.scene, *requests.endTurnAnswer);
  if (requests.attack) openAttack(s_.scene);
  if (requests.cycleTarget != 0) cycleTarget(s_.scene, requests.cycleTarget);
  if (requests.confirmAttack) confirmAttack(s_.scene);
  if (requests.closeAttack) closeAttack(s_.scene);
  if (requests.wait) waitUnit(s_.scene);
  if (requests.back) logBack(backUnit(s_.scene));
  if (requests.startOver || requests.editBoard) {
    const std::string& current =
        s_.scene.scenarioPath.empty() ? s_.scene.mapPath : s_.scene.scenarioPath;
    if (!current.empty()) s_.ui.loadMap = current;
    if (requests.editBoard) s_.ui.edit.enabled = true;
  }
  if (requests.skipPhase) skipComputerPhases();
}

void BoardControl::playTurns(double seconds) {
  s_.ui.ambushLeft = std::max(0.0, s_.ui.ambushLeft - seconds);
  showFights(seconds);
  if (s_.scene.phase == Phase::Player) log(advanceWalk(s_.scene, seconds));
  s_.phases.setSpeed(static_cast<PhaseSpeed>(std::clamp(s_.ui.phaseSpeed, 1, 4)));
  s_.phases.setHurry(s_.input.hurryHeld());
  PhaseCamera camera;
  camera.onScreen = [this](Cell cell) { return s_.view.onScreen(cell); };
  camera.glideToShow = [this](Cell mover, Cell destination, double glide) {
    s_.view.glideToShow(mapSize(), mover, destination, glide);
  };
  const bool computerPhase = s_.scene.phase != Phase::Player;
  const double worked = secondsOf([&] {
    log(s_.phases.advance(s_.scene, seconds, [this] { return syncRange(); }, phaseField(),
                          camera));
  });
  if (computerPhase && !s_.harness.untimed()) s_.busy.phaseFrame(worked);
  bool moved = s_.view.glide(seconds);
  // A walk too long for the screen: the camera keeps the walker in view.
  if (s_.scene.phase != Phase::Player && s_.scene.walk &&
      knownTo(Team::Player, s_.scene.units[s_.scene.walk->unit])) {
    const BoardPoint at = s_.scene.walk->animation.position();
    const Cell cell{static_cast<int>(at.x), static_cast<int>(at.y)};
    if (!s_.view.onScreen(cell)) {
      s_.view.show(mapSize(), cell);
      moved = true;
    }
  }
  if (moved) placeBoard();
}

void BoardControl::skipComputerPhases() {
  skipWaiting_ = !s_.harness.untimed() && !s_.busy.ready(BusySign::Work::Phases);
  if (skipWaiting_) return;
  const auto solve = [this](const Scene& scene, std::size_t unit) {
    return s_.solves->solveUnit(scene, unit, s_.ui.backend);
  };
  log(s_.phases.skip(s_.scene, solve, phaseField()));
}

void BoardControl::finishSkip() {
  if (!skipWaiting_) return;
  skipWaiting_ = false;
  if (s_.scene.phase != Phase::Player) skipComputerPhases();
}

SolveField BoardControl::phaseField() {
  return [this, field = s_.solves->teamField()](const Scene& scene, Team team,
                                                 const MovementClass& movement) {
    DistanceField solved = field(scene, team, movement);
    const JobReport& ran = s_.solves->threats().jobs().phaseField;
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.2f", ran.ms);
    s_.out << "field " << teamName(team) << ' ' << movement.toString() << ' '
           << (ran.backend ? backendName(*ran.backend) : "cpu") << ' ' << ms << " ms" << std::endl;
    return solved;
  };
}

void BoardControl::log(const std::vector<ComputerMove>& turns) {
  for (const ComputerMove& turn : turns) {
    log(std::optional<MoveEvent>(turn));
    if (turn.fight) {
      s_.out << "fight " << formatFight(*turn.fight) << std::endl;
    } else if (turn.attack) {
      s_.out << formatAttack(*turn.attack) << std::endl;
    }
  }
}

void BoardControl::showFights(double seconds) {
  // The player's fights: logged, the last one shown.
  for (FightEvent& fight : std::exchange(s_.scene.fightsToShow, {})) {
    s_.out << "fight " << formatFight(fight) << std::endl;
    s_.playerFight.emplace(std::move(fight));
  }
  if (s_.playerFight) {
    s_.playerFight->advance(seconds);
    if (s_.playerFight->over()) s_.playerFight.reset();
  }
  // The end of the game, once (a test driving the window reads it).
  if (s_.scene.outcome != loggedOutcome_) {
    loggedOutcome_ = s_.scene.outcome;
    if (s_.scene.outcome != Outcome::Playing) {
      s_.out << "game " << (s_.scene.outcome == Outcome::Won ? "won" : "lost") << ": "
             << s_.scene.outcomeWhy << std::endl;
    }
  }
}

const RangeResult* BoardControl::syncRange() {
  s_.solves->syncRange(s_.scene, s_.ui, s_.input.pointed());
  return s_.solves->range().result();
}

void BoardControl::syncRangeWhenShown() {
  // The soak and a play script do not depend on how long a solve took (harness.h).
  if (!s_.harness.untimed() && s_.solves->rangeWanted(s_.scene, s_.ui)) {
    if (!s_.busy.ready(BusySign::Work::Solve)) {
      s_.solves->holdRange();
      return;
    }
    s_.busy.solved(secondsOf([this] { syncRange(); }));
    return;
  }
  syncRange();
}

void BoardControl::log(const std::optional<MoveEvent>& move) {
  if (!move) return;
  s_.out << formatMove(*move) << std::endl;
  if (move->ambush) {
    s_.out << formatAmbush(*move) << std::endl;
    s_.ui.ambushText = move->ambush->enemy + " was hidden at " + toString(move->ambush->at);
    s_.ui.ambushLeft = kAmbushSeconds;
  }
}

void BoardControl::logBack(const std::optional<MoveEvent>& back) {
  if (back) s_.out << formatBack(*back) << std::endl;
}

MapShape BoardControl::mapSize() const {
  return {s_.scene.map.width(), s_.scene.map.height(), s_.scene.map.layout()};
}

std::optional<Cell> BoardControl::cellAt(double x, double y) const {
  return s_.view.layout().cellAtCursor(x, y);
}

void BoardControl::open(std::string path) {
  s_.ui.loadMap = std::move(path);
}

// Wheel zoom about the cursor and drag panning.
void BoardControl::moveCamera(const Input& input) {
  if (input.scroll != 0) {
    s_.view.zoom(mapSize(), input.cursorX, input.cursorY, input.scroll, s_.surface.contentScale);
  }
  if (input.panX != 0 || input.panY != 0) s_.view.pan(mapSize(), input.panX, input.panY);
  placeBoard();
}

void BoardControl::paint(Input& input, bool boardHasMouse) {
  s_.painting.handleMouse(input, s_.view.layout(), boardHasMouse, s_.scene, s_.ui.edit,
                          *s_.renderer, *s_.solves);
  // Like the board line, for a test driving the window; scripted runs keep their output.
  const std::vector<std::string> lines = s_.painting.takeLog(s_.ui.edit);
  if (s_.harness.scripted() || s_.harness.soaking()) return;
  for (const std::string& line : lines) s_.out << line << std::endl;
}

bool BoardControl::mark(Cell cell) {
  return toggleMark(s_.ui.threats, s_.scene.units, cell);
}

void BoardControl::rightClick(std::optional<Cell> cell) {
  inspectOrCancel(s_.scene, cell);
}

// The click acts on the range of what is selected now.
void BoardControl::click(Cell cell) {
  const RangeResult* range = syncRange();
  hoverCell(s_.scene, cell, range);
  leftClick(s_.scene, cell, range);
}

void BoardControl::edit(EditAction action) {
  s_.painting.handleKey(action, s_.ui.edit);
}

// The keyboard: an FE-style cursor (the camera follows it), the threat views, End turn, fit.
KeyOutcome BoardControl::key(BoardKey key) {
  switch (key.action) {
    case BoardAction::FitView:
      s_.view.fit(mapSize());
      placeBoard();
      return {};
    case BoardAction::ToggleDanger:
      s_.ui.threats.dangerZone = !s_.ui.threats.dangerZone;
      return {};
    case BoardAction::ToggleLongPaths:
      s_.ui.threats.longPaths = !s_.ui.threats.longPaths;
      return {};
    case BoardAction::MarkHovered:
      if (s_.scene.hovered) toggleMark(s_.ui.threats, s_.scene.units, *s_.scene.hovered);
      return {};
    case BoardAction::EndTurn: requestEndTurn(s_.scene); return {};
    case BoardAction::None: return {};
    case BoardAction::Cursor: break;
  }
  if (skipsComputerPhase(s_.scene.phase != Phase::Player, key)) {
    skipComputerPhases();
    return {};
  }
  const RangeResult* range = syncRange();
  logBack(pressKey(s_.scene, key.cursor, range));
  const Unit* selected = s_.scene.selectedUnit();
  if (key.cursor == CursorKey::NextUnit && selected && s_.scene.hovered == selected->cell) {
    // Tab: the unit with its whole range in view when it fits, else centred on it.
    s_.view.showRange(mapSize(), selected->cell,
                      selected->moveRange + selected->attack.maxDistance());
    placeBoard();
  } else if (s_.scene.hovered) {
    s_.view.show(mapSize(), *s_.scene.hovered);
    placeBoard();
  }
  return {true, s_.scene.hovered};
}

}  // namespace tactics::app
