#include "app/demo_app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <vector>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/demo_startup.h"
#include "app/move_range.h"
#include "app/rules/cursor.h"
#include "app/rules/long_path.h"
#include "app/rules/scene.h"
#include "app/rules/threats.h"
#include "app/rules/turns.h"
#include "app/soak_driver.h"
#include "app/soak_run.h"
#include "app/terrain_painting.h"
#include "app/threat_solves.h"
#include "app/ui/asset_paths.h"
#include "app/ui/demo_options.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/panel.h"
#include "app/ui/ui_settings.h"
#include "app/ui/window.h"
#include "app/view/board_renderer.h"
#include "app/view/camera.h"
#include "app/view/screenshot.h"
#include "cmdline/command_line.h"

namespace tactics::app {

namespace {

constexpr int kCollapsedPanelWidth = 0;       // a collapsed panel floats over the board's corner
constexpr int kMargin = 12;
constexpr double kScriptedFrameSeconds = 1.0 / 60.0;
constexpr double kAnimatedFrameSeconds = 1.0 / 60.0;  // the cap while something moves
constexpr double kPulseFrameSeconds = 1.0 / 30.0;     // a breathing overlay needs no more
constexpr double kIdleWakeSeconds = 1.0;              // idle: wake this often at most
constexpr int kFramesAfterInput = 3;                  // ImGui settles within a few frames
constexpr double kSoakFrameSeconds = 0.25;           // --soak: game time per frame
constexpr double kBannerSeconds = 1.2;                // "Enemy phase" on screen
constexpr double kAiPauseSeconds = 0.35;              // between two computer moves

// Where the board sits: the camera the user moves, and the layout it gives this frame.
struct View {
  Camera camera;
  bool userCamera = false;    // zoomed, panned or fitted by the user: keep it (clamped)
  std::optional<Cell> focus;  // what the default view centres on when cells must be zoomed
  BoardLayout layout;
  PixelSize framebuffer;
};

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

class Demo {
 public:
  Demo(Window window, DemoStartup startup, std::ostream& out)
      : window_(std::move(window)),
        options_(std::move(startup.options)),
        scene_(std::move(startup.scene)),
        boards_(std::move(startup.boards)),
        defaultScenario_(std::move(startup.defaultScenario)),
        out_(out) {
    if (options_.soak) soak_.emplace(options_.seed, *options_.soak, residentBytes);
  }

  // Init: the panel, the board renderer and the solver for the map.
  std::optional<std::string> init() {
    imgui_ = std::make_unique<ImGuiLayer>(window_.handle(), window_.contentScale());
    auto renderer = BoardRenderer::create();
    if (!renderer) return renderer.error();
    renderer_ = std::move(*renderer);
    if (auto problem = useMap(scene_)) return problem;
    if (options_.backend == RangeBackend::Compute && !range_->hasCompute()) {
      return "--backend compute needs OpenGL 4.3 (compute shaders); this window has " +
             std::string(reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    }
    ui_.backend = options_.backend;
    resetView();
    startThreats();
    if (options_.endTurn) playWholeComputerTurn();
    return std::nullopt;
  }

  // The frame loop: wait for something to do, then poll, build the panel, update, draw, swap.
  // Returns the exit code.
  int run(std::ostream& err) {
    for (int frame = 1; !window_.shouldClose(); ++frame) {
      waitForWork();
      const double workStart = window_.time();
      const double seconds = tick();
      imgui_->beginFrame();
      drawPanel({scene_, ui_, range_->report(), range_->result(), boards_,
                 threats_->dangerCounts()});
      drawBoardPrompts();
      update(seconds);
      draw();
      imgui_->render();
      if (options_.benchFrames) {
        glFinish();
        benchTimes_.push_back((window_.time() - workStart) * 1000.0);
      }
      if (options_.frameLimit() && frame >= *options_.frameLimit()) return finish(err);
      if (soak_) {
        if (auto code = afterSoakFrame()) return *code;
      }
      glFinish();  // the frame's work includes the GPU's, not the wait for the next one
      ui_.frameTimes.add((window_.time() - workStart) * 1000.0);
      window_.swapBuffers();
    }
    return kExitOk;
  }

 private:
  // Idle: sleep until an event arrives. Animating: at most one frame per 1/60 s (swap interval
  // has no effect under Xvfb and on some drivers, so the loop keeps the cap itself).
  void waitForWork() {
    if (scripted() || soak_) return pollEvents();
    if (const auto period = framePeriod()) {
      const double wait = lastFrame_ + *period - window_.time();
      if (wait > 0) waitEvents(wait);
      pollEvents();
      return;
    }
    if (framesToSettle_ > 0) {
      --framesToSettle_;
      pollEvents();
      return;
    }
    waitEvents(kIdleWakeSeconds);
  }

  // How often the screen changes by itself: every 1/60 s for a walk or the watched wavefront,
  // 1/30 s for the pulse of a selected unit's range; never when nothing moves.
  [[nodiscard]] std::optional<double> framePeriod() const {
    if (scene_.walk || (ui_.watch.enabled && ui_.watch.animate) || scene_.phase != Phase::Player) {
      return kAnimatedFrameSeconds;
    }
    if (scene_.selected) return kPulseFrameSeconds;
    return std::nullopt;
  }

  [[nodiscard]] int panelWidth() const {
    const float scale = window_.contentScale();
    return static_cast<int>(static_cast<float>(ui_.panelCollapsed ? kCollapsedPanelWidth
                                                                  : kPanelWidth) * scale);
  }

  // Seconds of game time since the last frame: real time, or a fixed step in scripted runs
  // so that screenshots do not depend on the machine's speed.
  double tick() {
    const double now = window_.time();
    const double seconds = soak_       ? kSoakFrameSeconds
                           : scripted() ? kScriptedFrameSeconds
                                        : (lastFrame_ > 0 ? now - lastFrame_ : 0.0);
    lastFrame_ = now;
    time_ += seconds;
    return seconds;
  }

  // Screenshots and --bench-frames: no frame cap, a fixed game-time step, no mouse.
  [[nodiscard]] bool scripted() const {
    return options_.screenshotPath.has_value() || options_.benchFrames.has_value();
  }

  // --bench-frames: every kBenchHoverFrames frames the hovered cell steps to the next cell of a
  // loop around the selected unit, so the arrow is redrawn along a new route.
  void benchHover() {
    constexpr int kBenchHoverFrames = 4;
    const Unit* unit = scene_.selectedUnit();
    if (!unit) return;
    const Cell offsets[] = {{1, 0}, {2, 0}, {2, 1}, {1, 2}, {0, 2}, {-1, 1}, {-2, 0}, {-1, -1},
                            {0, -2}, {1, -1}};
    const Cell o = offsets[static_cast<std::size_t>(benchFrame_++ / kBenchHoverFrames) % 10];
    const Cell cell{unit->cell.x + o.x, unit->cell.y + o.y};
    if (scene_.map.contains(cell)) pointed_ = cell;
  }

  void update(double seconds) {
    applyMapRequest();  // before the layout, which depends on the map's size
    applyEditRequests();
    placeBoard();
    handleInput();
    applyTurnRequests();
    animateWatch(seconds);
    animateWalk(seconds);
    playComputerPhases(seconds);
    syncRange();
    syncThreats();
  }

  // The panel's buttons: End turn (and its question), Wait and Back.
  void applyTurnRequests() {
    TurnRequests requests = std::exchange(ui_.requests, TurnRequests{});
    if (requests.endTurn) requestEndTurn(scene_);
    if (requests.endTurnAnswer) answerEndTurn(scene_, *requests.endTurnAnswer);
    if (requests.wait) waitUnit(scene_);
    if (requests.back) logBack(backUnit(scene_));
  }

  // --end-turn: the player's phase ends at once and the enemies and allies make every move
  // before the first frame, each solved on the GPU like in play; the moves are logged.
  void playWholeComputerTurn() {
    const std::optional<std::size_t> selected = scene_.selected;
    scene_.selected.reset();
    if (requestEndTurn(scene_) == EndTurn::NeedsConfirmation) answerEndTurn(scene_, true);
    const auto solve = [this](const Scene& scene, std::size_t unit) {
      range_->update(scene.map, queryFor(scene.units, unit), gpu::RangeSolver::kAllPasses,
                     ui_.backend);
      return range_->result() ? *range_->result() : RangeResult(scene.map.width(), scene.map.height());
    };
    for (const MoveEvent& move : runAiPhases(scene_, solve, gpuField())) {
      out_ << formatMove(move) << std::endl;
    }
    shownPhase_ = scene_.phase;
    scene_.selected = selected;
  }

  // --soak: the next action, once nothing is moving on its own (a walk, a computer phase).
  Input soakInput() {
    window_.takeInput();  // the real window's events are not the soak's
    const bool busy = scene_.walk || scene_.phase != Phase::Player || ui_.loadMap;
    if (!soak_->readyToAct(busy)) return Input{};
    syncRange();
    std::string what;
    Input input =
        soak_->driver().act({scene_, view_.layout, range_->result(), boards_}, scene_, ui_, what);
    soak_->acted();
    if (std::getenv("TACTICS_SOAK_LOG") != nullptr) {
      std::cerr << "action " << soak_->actions() << ' ' << what << " board "
                << scene_.map.sizeText() << std::endl;
    }
    return input;
  }

  // After every soak frame: what the frame showed goes to the referee (soak_run.h), which may
  // ask for the default scenario to measure memory on. Returns the exit code when it is over.
  std::optional<int> afterSoakFrame() {
    SoakFrame frame;
    for (GLenum error = glGetError(); error != GL_NO_ERROR; error = glGetError()) ++frame.glErrors;
    frame.solves = range_->report().solves;
    frame.equalsCpu = range_->report().equalsCpu;
    frame.boardLoading = ui_.loadMap.has_value();
    const SoakStep step = soak_->afterFrame(frame, scene_, out_);
    if (step.openDefaultScenario) ui_.loadMap = defaultScenario_;
    return step.exitCode;
  }

  // The computer's units follow distance fields solved on the GPU.
  SolveField gpuField() {
    return [this](const Scene& scene, Team team, const MovementClass& movement) {
      return threats_->teamField(scene.units, team, movement);
    };
  }

  void logBack(const std::optional<MoveEvent>& back) {
    if (back) out_ << formatBack(*back) << std::endl;
  }

  // The enemy and ally phases: one unit after another, each solved on the GPU, shown for a
  // moment with its range, then walking to the cell the rules choose. A banner announces each
  // phase.
  void playComputerPhases(double seconds) {
    if (scene_.phase != shownPhase_) {
      shownPhase_ = scene_.phase;
      bannerLeft_ = kBannerSeconds;
    }
    bannerLeft_ = std::max(0.0, bannerLeft_ - seconds);
    if (scene_.phase == Phase::Player || scene_.walk || bannerLeft_ > kBannerSeconds / 2) return;
    aiPause_ += seconds;
    if (aiPause_ < kAiPauseSeconds) return;
    aiPause_ = 0;
    const auto mover = nextAiMover(scene_);
    if (!mover) return;
    scene_.selected = *mover;
    syncRange();
    // A unit whose range cannot be solved (its class was edited so that it cannot enter the
    // cell it stands on) stays where it is, and the phase goes on.
    const RangeResult unsolvable(scene_.map.width(), scene_.map.height());
    const RangeResult* range = range_->result() ? range_->result() : &unsolvable;
    if (auto stayed = startAiMove(scene_, *mover, *range, gpuField())) {
      out_ << formatMove(*stayed) << std::endl;
    }
  }

  // The area beside the panel, and the camera in it: the default view until the user moves
  // it, then theirs, kept on screen as the window changes.
  [[nodiscard]] PixelRect area() const {
    const float scale = window_.contentScale();
    const LayoutInputs inputs{window_.size(), view_.framebuffer,
                              {scene_.map.width(), scene_.map.height()}, panelWidth(),
                              static_cast<int>(static_cast<float>(kMargin) * scale)};
    return boardArea(inputs);
  }

  void placeBoard() {
    view_.framebuffer = window_.framebufferSize();
    const PixelRect where = area();
    const PixelSize map{scene_.map.width(), scene_.map.height()};
    if (!view_.userCamera) {
      view_.camera = defaultCamera(where, map, view_.focus, window_.contentScale());
    } else {
      view_.camera = clampCamera(view_.camera, where, map);
    }
    const PixelSize window = window_.size();
    const float scaleX = window.width > 0 ? static_cast<float>(view_.framebuffer.width) /
                                                static_cast<float>(window.width)
                                          : 1.0F;
    const float scaleY = window.height > 0 ? static_cast<float>(view_.framebuffer.height) /
                                                 static_cast<float>(window.height)
                                           : 1.0F;
    const BoardLayout layout = layoutFor(view_.camera, where, map, scaleX, scaleY);
    if (layout == view_.layout) return;
    view_.layout = layout;
    if (!scripted()) printBoard();  // lets a test driving the mouse find the cells
  }

  // A new map or scenario: the default view, centred on the selection or the player's units.
  void resetView() {
    view_.userCamera = false;
    view_.focus = scene_.selectedUnit() ? std::optional<Cell>(scene_.selectedUnit()->cell)
                                        : playerCentre(scene_);
    if (options_.cell) {
      // --cell: this cell size, centred on the player's units whatever is selected, so that
      // scripted screenshots with and without a selection line up.
      view_.framebuffer = window_.framebufferSize();
      const PixelRect where = area();
      const Cell centre = playerCentre(scene_).value_or(
          Cell{scene_.map.width() / 2, scene_.map.height() / 2});
      view_.camera = centredCamera(where, {scene_.map.width(), scene_.map.height()}, centre,
                                   *options_.cell);
      view_.userCamera = true;
    }
  }

  void printBoard() {
    out_ << "board " << view_.layout.x0 << ' ' << view_.layout.y0 << ' ' << view_.layout.cell
         << std::endl;
  }

  // The panel or a dropped file asked for another board: a scenario, a map or a Tiled map.
  void applyMapRequest() {
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

  // A solver and a terrain for `scene`'s map; on failure the current ones stay.
  std::optional<std::string> useMap(const Scene& scene) {
    auto range = MoveRange::create(scene.map);
    if (!range) return range.error();
    auto threats = ThreatSolves::create(scene.map);
    if (!threats) return threats.error();
    range_ = std::move(*range);
    ui_.computeAvailable = range_->hasCompute();
    threats_ = std::move(*threats);
    pruneMarks(ui_.threats, scene.units);
    renderer_->setMap(scene.map);
    painting_.mapOpened(*renderer_, scene.mapPath, ui_.edit);
    return std::nullopt;
  }

  // Terrain painting: the panel's undo, redo and save, and a new blank map (terrain_painting.h).
  void applyEditRequests() {
    auto blank = painting_.handleRequests(scene_, ui_.edit, *renderer_, *range_);
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

  void handleInput() {
    Input input = soak_ ? soakInput() : window_.takeInput();
    if (input.any) framesToSettle_ = kFramesAfterInput;
    if (options_.hover) pointed_ = options_.hover;  // --hover pins the hovered cell
    if (options_.benchFrames && !options_.hover) benchHover();
    if (scripted()) return;
    for (std::string& path : input.dropped) ui_.loadMap = std::move(path);  // the last one wins
    // The soak's input is not where the real mouse is: the panel has no say over it.
    const bool boardHasMouse = soak_ || !imgui_->wantsMouse();
    if (boardHasMouse) moveCamera(input);
    painting_.handleMouse(input, view_.layout, boardHasMouse, scene_, ui_.edit, *renderer_,
                          *range_);
    if (input.cursorMoved) keyboardCursor_ = false;
    if (!options_.hover && !keyboardCursor_ && input.cursorInside && boardHasMouse) {
      pointed_ = view_.layout.cellAtCursor(input.cursorX, input.cursorY);
    }
    shiftHeld_ = input.shiftHeld;
    for (const MouseClick& click : input.clicks) {
      if (!boardHasMouse) continue;
      if (click.button == MouseButton::Left && (click.shift || click.control)) {
        // Shift/Ctrl+click on an enemy marks it; elsewhere it is an ordinary click.
        const auto cell = view_.layout.cellAtCursor(click.x, click.y);
        if (cell && toggleMark(ui_.threats, scene_.units, *cell)) continue;
      }
      if (click.button == MouseButton::Right) {
        cancel(scene_);
        continue;
      }
      if (const auto cell = view_.layout.cellAtCursor(click.x, click.y)) {
        syncRange();  // the click acts on the range of what is selected now
        hoverCell(scene_, cell, range_->result());
        leftClick(scene_, *cell, range_->result());
      }
    }
    if (!soak_ && imgui_->wantsKeyboard()) return;
    painting_.handleKeys(input, scene_, ui_.edit, *renderer_, *range_);
    for (std::size_t i = 0; i < input.keys.size(); ++i) {
      const int mods = i < input.keyModifiers.size() ? input.keyModifiers[i] : 0;
      if ((mods & GLFW_MOD_CONTROL) == 0) pressed(input.keys[i]);  // Ctrl+Z is undo, not Z
    }
  }

  // The keyboard: an FE-style cursor (the camera follows it), End turn, fit the map.
  void pressed(int key) {
    if (key == GLFW_KEY_F || key == GLFW_KEY_HOME) return fitView();
    threatKey(key);  // V, M, G
    if (key == GLFW_KEY_E) {
      requestEndTurn(scene_);
      return;
    }
    const auto cursorKey = cursorKeyFor(key);
    if (!cursorKey) return;
    syncRange();
    logBack(pressKey(scene_, *cursorKey, range_->result()));
    // The keyboard moved the hovered cell: the mouse has it back only when it moves.
    pointed_ = scene_.hovered;
    keyboardCursor_ = true;
    if (scene_.hovered) {
      view_.camera = keepInView(view_.camera, view_.layout.area,
                                {scene_.map.width(), scene_.map.height()}, *scene_.hovered);
      view_.userCamera = true;
      placeBoard();
    }
  }

  static std::optional<CursorKey> cursorKeyFor(int key) {
    switch (key) {
      case GLFW_KEY_UP: case GLFW_KEY_W: return CursorKey::Up;
      case GLFW_KEY_DOWN: case GLFW_KEY_S: return CursorKey::Down;
      case GLFW_KEY_LEFT: case GLFW_KEY_A: return CursorKey::Left;
      case GLFW_KEY_RIGHT: case GLFW_KEY_D: return CursorKey::Right;
      case GLFW_KEY_Z: case GLFW_KEY_ENTER: case GLFW_KEY_KP_ENTER: return CursorKey::Confirm;
      case GLFW_KEY_X: case GLFW_KEY_ESCAPE: return CursorKey::Cancel;
      case GLFW_KEY_TAB: return CursorKey::NextUnit;
      default: return std::nullopt;
    }
  }

  // Wheel zoom about the cursor and drag panning, in framebuffer pixels.
  void moveCamera(const Input& input) {
    const BoardLayout& layout = view_.layout;
    const PixelSize map{scene_.map.width(), scene_.map.height()};
    const float scale = window_.contentScale();
    if (input.scroll != 0) {
      view_.camera = zoomAt(view_.camera, layout.area, map, input.cursorX * layout.scaleX,
                            input.cursorY * layout.scaleY, input.scroll, scale);
      view_.userCamera = true;
    }
    if (input.panX != 0 || input.panY != 0) {
      view_.camera = panBy(view_.camera, layout.area, map,
                           static_cast<int>(std::lround(input.panX * layout.scaleX)),
                           static_cast<int>(std::lround(input.panY * layout.scaleY)));
      view_.userCamera = true;
    }
    placeBoard();
  }

  void fitView() {
    view_.camera = fitCamera(view_.layout.area, {scene_.map.width(), scene_.map.height()});
    view_.userCamera = true;
    placeBoard();
  }

  // Watch the algorithm: grow the pass limit one pass at a time, then start over.
  void animateWatch(double seconds) {
    WatchSettings& watch = ui_.watch;
    if (!watch.enabled || !watch.animate) {
      watch.sinceLastPass = 0;
      return;
    }
    const int most = range_->report().fullPasses;  // where the whole solve stops
    const double interval = 1.0 / std::max(0.1, static_cast<double>(watch.passesPerSecond));
    watch.sinceLastPass += seconds;
    if (watch.sinceLastPass < (watch.passes >= most ? 4 * interval : interval)) return;
    watch.sinceLastPass = 0;
    watch.passes = watch.passes >= most ? 0 : watch.passes + 1;
  }

  void animateWalk(double seconds) {
    if (auto move = advanceWalk(scene_, seconds)) out_ << formatMove(*move) << std::endl;
  }

  // Solves only when the question changed; MoveRange compares it with the last one.
  void syncRange() {
    std::optional<RangeQuery> query;
    if (scene_.selected && !scene_.walk) query = queryFor(scene_.units, *scene_.selected);
    const int passLimit =
        ui_.watch.enabled ? ui_.watch.passes : gpu::RangeSolver::kAllPasses;
    if (range_->update(scene_.map, query, passLimit, ui_.backend)) resetRoute(scene_);
    // The route follows the cursor once the range it runs on is known (SPEC §8).
    hoverCell(scene_, pointed_, range_->result());
  }

  // The --show and --mark options, once the solvers exist.
  void startThreats() {
    ui_.threats.dangerZone = options_.showDanger;
    ui_.threats.heatMap = options_.showHeatMap;
    ui_.threats.longPaths = options_.showLongPaths;
    ui_.view.travelCosts = options_.showCosts;
    ui_.view.parentGlyphs = options_.showParents;
    for (Cell cell : options_.marks) toggleMark(ui_.threats, scene_.units, cell);
  }

  // V: the danger zone; M: mark the enemy under the cursor; G: paths beyond one turn.
  void threatKey(int key) {
    if (key == GLFW_KEY_V) ui_.threats.dangerZone = !ui_.threats.dangerZone;
    if (key == GLFW_KEY_G) ui_.threats.longPaths = !ui_.threats.longPaths;
    if (key == GLFW_KEY_M && scene_.hovered) toggleMark(ui_.threats, scene_.units, *scene_.hovered);
  }

  // The danger and field solves when their question changed, and the long path to the hovered
  // cell (Shift held or G on).
  void syncThreats() {
    pruneMarks(ui_.threats, scene_.units);
    const bool wanted = ui_.threats.longPaths || shiftHeld_;
    threats_->update(scene_, ui_.threats, wanted || ui_.threats.heatMap);
    longPath_.reset();
    const DistanceField* field = threats_->selectedField();
    if (wanted && field && scene_.hovered) {
      longPath_ = longPathTo(scene_, *field, range_->result(), *scene_.hovered);
    }
  }

  // The danger zone, the marked threat, the heat map and the long path for this frame.
  void fillThreats(BoardFrame& frame) const {
    ThreatLayers& layers = frame.threats;
    if (threats_->dangerCounts()) layers.dangerCounts = threats_->dangerTexture();
    if (threats_->hasMarked()) layers.markedCounts = threats_->markedTexture();
    const Unit* unit = scene_.selectedUnit();
    if (ui_.threats.heatMap && unit && threats_->selectedField()) {
      layers.field = threats_->fieldTexture();
      layers.fieldBand = std::max(1, unit->moveRange);
    }
    if (!longPath_) return;
    frame.arrow = arrowPieces(longPath_->path);
    const auto& ends = longPath_->turns.ends;
    for (std::size_t turn = 0; turn < ends.size(); ++turn) {
      layers.turnMarks.push_back({longPath_->path[ends[turn]], static_cast<int>(turn) + 1});
    }
  }

  void draw() {
    if (view_.framebuffer.width <= 0 || view_.framebuffer.height <= 0) return;  // minimised
    const RangeResult* range = range_->result();
    BoardFrame frame;
    frame.layout = view_.layout;
    frame.framebuffer = view_.framebuffer;
    frame.time = time_;
    frame.stateTexture = range_->stateTexture();
    frame.showRange = range != nullptr;
    if (const Unit* unit = scene_.selectedUnit()) {
      frame.rangeTeam = unit->team;
      frame.moveRange = unit->moveRange;
      // The overlay is drawn only where the solve can have written.
      const gpu::CellBox touched = range_->touchedBox();
      frame.rangeFirst = {touched.x0, touched.y0};
      frame.rangeLast = {touched.x1, touched.y1};
    }
    frame.view = ui_.view;
    frame.hover = scene_.hovered;
    frame.arrow = arrowPieces(previewPath(scene_, range));
    for (std::size_t i = 0; i < scene_.units.size(); ++i) {
      const Unit& unit = scene_.units[i];
      UnitToken token{{unit.cell.x + 0.5, unit.cell.y + 0.5}, unit.team, unit.initial(),
                      scene_.selected == i, scene_.hasMoved(i) && unit.team == Team::Player};
      if (scene_.walk && scene_.walk->unit == i) token.centre = scene_.walk->animation.position();
      frame.units.push_back(token);
    }
    fillThreats(frame);
    renderer_->draw(frame);
  }

  // ImGui over the board: the menu after a move, the End turn question, the phase banner.
  void drawBoardPrompts() {
    const PixelRect& area = view_.layout.area;
    const float scaleX = view_.layout.scaleX > 0 ? view_.layout.scaleX : 1.0F;
    const float scaleY = view_.layout.scaleY > 0 ? view_.layout.scaleY : 1.0F;
    const float centreX = (static_cast<float>(area.x) + static_cast<float>(area.width) / 2) / scaleX;
    drawTurnPrompts(scene_, ui_, centreX, static_cast<float>(area.y) / scaleY);
    if (bannerLeft_ > 0 && scene_.phase != Phase::Player) {
      const double t = bannerLeft_ / kBannerSeconds;  // 1 -> 0
      const auto alpha = static_cast<float>(std::min(1.0, std::min(1.0 - t, t) * 6.0));
      const std::string text = std::string(scene_.phase == Phase::Enemy ? "Enemy" : "Ally") + " phase";
      drawPhaseBanner(text.c_str(), alpha, centreX,
                      (static_cast<float>(area.y) + static_cast<float>(area.height) / 2) / scaleY);
    }
  }

  // The last frame of a scripted run: save the screenshot, report the board.
  int finish(std::ostream& err) {
    if (options_.benchFrames) printBenchFrames();
    if (options_.screenshotPath) {
      if (auto problem = saveScreenshot(view_.framebuffer, *options_.screenshotPath)) {
        err << errorLine(*problem);
        return kExitBadInput;
      }
      printBoard();
    }
    return kExitOk;
  }

  // --bench-frames' report: the frames' work (update, draw, the GPU's part) in ms.
  void printBenchFrames() const {
    std::vector<double> sorted = benchTimes_;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    const double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    const auto rank = static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(n)));
    const double p90 = sorted[std::min(n - 1, rank == 0 ? 0 : rank - 1)];
    char text[160];
    std::snprintf(text, sizeof text, "frames %zu\nwindow %dx%d\nmedian_ms %.3f\np90_ms %.3f\nsolves %d\n",
                  n, options_.window.width, options_.window.height, median, p90,
                  range_->report().solves);
    out_ << text << std::flush;
  }

  // Destroyed in reverse order: the GL objects first, then the ImGui layer, then the window
  // and its context.
  Window window_;
  std::unique_ptr<ImGuiLayer> imgui_;
  std::optional<BoardRenderer> renderer_;
  std::optional<MoveRange> range_;
  TerrainPainting painting_;
  // --soak: the random player and its referee.
  std::optional<SoakRun> soak_;
  std::optional<ThreatSolves> threats_;
  std::optional<LongPath> longPath_;  // to the hovered cell, beyond one turn
  bool shiftHeld_ = false;

  DemoOptions options_;
  Scene scene_;
  View view_;
  Ui ui_;
  std::vector<std::string> boards_;
  std::string defaultScenario_;
  double time_ = 0;       // game time: pulses and walks
  double lastFrame_ = 0;  // real time of the last frame
  int framesToSettle_ = kFramesAfterInput;
  int benchFrame_ = 0;               // --bench-frames: frames hovered so far
  std::vector<double> benchTimes_;   // --bench-frames: each frame's work in ms
  std::optional<Cell> pointed_;  // the cell under the mouse (or --hover, or the keys)
  bool keyboardCursor_ = false;  // the keys moved the cursor last; the mouse takes it back
  Phase shownPhase_ = Phase::Player;
  double bannerLeft_ = 0;        // seconds the phase banner stays
  double aiPause_ = 0;           // seconds since the last computer move
  std::ostream& out_;
};

}  // namespace

int runDemo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto startup = prepareDemo(args);
  if (!startup) {
    err << errorLine(startup.error());
    return kExitBadInput;
  }
  if (startup->options.help) {
    out << kDemoUsage;
    return kExitOk;
  }
  const PixelSize size = startup->options.window;
  auto window = Window::open(size, "tactics-grid — " + mapName(startup->scene.mapPath));
  if (!window) {
    err << errorLine(window.error());
    return kExitNoOpenGl;
  }
  Demo demo(std::move(*window), std::move(*startup), out);
  if (auto problem = demo.init()) {
    err << errorLine(*problem);
    return kExitNoOpenGl;
  }
  return demo.run(err);
}

}  // namespace tactics::app
