#include "app/app.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "app/rules/sight_view.h"
#include "app/rules/unit_labels.h"
#include "app/session/watch_animation.h"
#include "app/ui/busy_overlay.h"
#include "app/ui/dialogs.h"
#include "app/ui/panel.h"
#include "app/view/minimap.h"
#include "app/view/render/gl_state.h"

namespace tactics::app {

namespace {

constexpr double kScriptedFrameSeconds = 1.0 / 60.0;
constexpr double kSoakFrameSeconds = 0.25;  // --soak: game time per frame

}  // namespace

App::App(DemoStartup startup, std::ostream& out, std::ostream& err)
    : s_(std::move(startup), out, err) {
  // --hover in a live window pins the hovered cell; a scripted run points at it instead.
  if (!s_.harness.scripted()) s_.input.pin(s_.options.hover);
  // The Open... field's recent files, remembered across runs (not by scripted runs).
  if (!s_.harness.scripted() && !s_.harness.soaking()) {
    const char* home = std::getenv("HOME");
    s_.ui.recent = RecentFiles::load(
        recentFilesStore(std::getenv("XDG_CONFIG_HOME"), home != nullptr ? home : "/"));
  }
  loadSettings();
}

void App::loadSettings() {
  if (s_.harness.scripted() || s_.harness.soaking()) return;
  settingsPath_ = settingsPath(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
  if (!settingsPath_) return;
  auto loaded = app::loadSettings(*settingsPath_);
  if (!loaded) {
    // A broken file is not worth refusing to start over: the defaults, and it is rewritten.
    s_.err << "note: " << loaded.error() << "; using the defaults\n";
    return;
  }
  saved_ = *loaded;
  s_.ui.panelWidth = saved_.panelWidth;
  lastPanelWidth_ = saved_.panelWidth;
  s_.ui.autoEndTurn = saved_.autoEndTurn;
}

void App::saveSettingsIfChanged() {
  if (!settingsPath_) return;
  const int width = s_.ui.panelWidth;
  const bool settled = width == lastPanelWidth_;  // not mid-drag
  lastPanelWidth_ = width;
  SavedSettings next = saved_;
  if (settled) next.panelWidth = width;
  next.autoEndTurn = s_.ui.autoEndTurn;
  if (next == saved_) return;
  if (auto problem = saveSettings(*settingsPath_, next)) {
    s_.err << "note: " << *problem << '\n';
    settingsPath_.reset();  // said once
    return;
  }
  saved_ = next;
}

void App::logPanelWidgets() {
  if (!s_.harness.logsLayout() || panelWidgets() == loggedWidgets_) return;
  loggedWidgets_ = panelWidgets();
  for (const PanelWidget& w : loggedWidgets_) {
    s_.out << "widget " << w.name << ' ' << w.x << ' ' << w.y << ' ' << w.width << ' ' << w.height
           << '\n';
  }
  s_.out << std::flush;
}

// TACTICS_LOG_LAYOUT: the selected unit and its Movement Range when either changes, so that a
// test driving the panel sees what a click on a field did: "selected Lord move 5".
void App::logSelection() {
  if (!s_.harness.logsLayout()) return;
  const Unit* unit = s_.scene.selectedUnit();
  const std::string line =
      unit ? "selected " + unit->name + " move " + std::to_string(unit->moveRange) : "selected none";
  if (line == loggedSelection_) return;
  loggedSelection_ = line;
  s_.out << line << std::endl;
}

// The panel's renderer, the board's renderer and the solvers for the map.
std::optional<std::string> App::init(const Surface& surface) {
  s_.surface = surface;
  s_.imgui = std::make_unique<ImGuiRenderer>(surface.contentScale, s_.options.gl);
  auto renderer = BoardRenderer::create();
  if (!renderer) return renderer.error();
  s_.renderer = std::move(*renderer);
  if (auto problem = board_.useMap(s_.scene)) return problem;
  if (s_.options.backend == Backend::Compute && !s_.solves->range().hasCompute()) {
    return "--backend compute needs OpenGL 4.3 (compute shaders); this window has " +
           glVersionText();
  }
  s_.ui.backend = s_.options.backend;
  board_.resetView();
  startThreats();
  if (s_.options.endTurn) playWholeComputerTurn();
  return std::nullopt;
}

// Dear ImGui's example loop: (the platform polled) new frame, build the UI, update, render.
FrameResult App::frame(const Input& input, double dt) {
  const FrameClock::time_point start = FrameClock::now();
  s_.surface = input.surface;
  const double seconds = gameSeconds(dt);
  s_.imgui->beginFrame();
  s_.busy.beginFrame();
  noticeMessages();
  buildUi();
  logPanelWidgets();
  saveSettingsIfChanged();
  update(input, seconds);
  logSelection();
  drawBusy();
  render();
  s_.imgui->render();
  FrameResult result{nextFrame(input.any), std::nullopt, std::exchange(s_.ui.edit.written, {}),
                     board_.newTitle(), s_.ui.edit.unsaved()};
  if (auto code = endFrame(start)) {
    result.next = NextFrame::now();
    result.exitCode = code;
  }
  if (quit_) result.exitCode = 0;
  return result;
}

void App::shutdown() {
  s_.solves.reset();
  s_.renderer.reset();
  s_.imgui.reset();
}

// Seconds of game time since the last frame: real time, or a fixed step in scripted runs so
// that screenshots do not depend on the machine's speed (a play script's long one: harness.h).
double App::gameSeconds(double dt) {
  const double seconds = s_.harness.soaking()         ? kSoakFrameSeconds
                         : s_.harness.playingScript() ? kPlayScriptFrameSeconds
                         : s_.harness.scripted()      ? kScriptedFrameSeconds
                                                      : dt;
  s_.time += seconds;
  return seconds;
}

// The messages the panel shows, new since the last frame, as toasts over the board too: why a
// board did not open, the level editor's refusals and notes. A live window logs them.
void App::noticeMessages() {
  Toasts& toasts = s_.ui.toasts;
  toasts.advance(s_.time);
  const auto notice = [&](MessageSource source, const std::string& text, ToastKind kind) {
    if (!toasts.notice(source, text, kind, s_.time)) return;
    if (s_.harness.scripted() || s_.harness.soaking()) return;
    s_.out << "toast " << (kind == ToastKind::Error ? "error" : "note") << ": " << text
           << std::endl;
  };
  notice(MessageSource::OpenBoard, s_.ui.mapProblem, ToastKind::Error);
  notice(MessageSource::LevelEditor, s_.ui.edit.message, editMessageKind(s_.ui.edit.message));
}

// The panel, and over the board the menu after a move, the End turn question and the banner.
void App::buildUi() {
  drawPanel({s_.scene, s_.ui, s_.solves->range().report(), s_.solves->range().result(), s_.boards,
             s_.solves->threats().dangerCounts(), &s_.solves->noPath()});
  const BoardLayout& layout = s_.view.layout();
  const PixelRect& area = layout.area;
  const float scaleX = layout.scaleX > 0 ? layout.scaleX : 1.0F;
  const float scaleY = layout.scaleY > 0 ? layout.scaleY : 1.0F;
  const float centreX = (static_cast<float>(area.x) + static_cast<float>(area.width) / 2) / scaleX;
  MenuAnchor menu;
  menu.cell = static_cast<float>(layout.cell) / scaleX;
  menu.boardX0 = static_cast<float>(area.x) / scaleX;
  menu.boardY0 = static_cast<float>(area.y) / scaleY;
  menu.boardX1 = static_cast<float>(area.x + area.width) / scaleX;
  menu.boardY1 = static_cast<float>(area.y + area.height) / scaleY;
  if (s_.scene.pending) {
    const BoardPoint at = tokenCentre(s_.scene.pending->unit);
    const auto [unitX, unitY] = layout.pointPixels(at.x, at.y);
    menu.unitX = static_cast<float>(unitX) / scaleX;
    menu.unitY = static_cast<float>(unitY) / scaleY;
    for (std::size_t i = 0; i < s_.scene.units.size(); ++i) {
      if (!shows(i)) continue;
      const BoardPoint token = tokenCentre(i);
      const auto [tokenX, tokenY] = layout.pointPixels(token.x, token.y);
      menu.tokens.push_back({static_cast<float>(tokenX) / scaleX, static_cast<float>(tokenY) / scaleY});
    }
  }
  drawTurnPrompts(s_.scene, s_.ui, centreX, menu.boardY0, menu);
  if (s_.ui.view.sightLines) drawSightLinesOver(scaleX, scaleY);
  drawUnitLabels(scaleX, scaleY);
  // Edit mode's border, banner and brush (ui/edit_panel.cpp).
  const std::optional<Minimap> minimap = placeMinimap(layout, s_.surface.contentScale);
  const int bannerX1 = minimap ? minimap->rect.x : area.x + area.width;
  drawEditOverlay(s_.ui.edit, s_.scene,
                  {static_cast<float>(area.x) / scaleX, static_cast<float>(area.y) / scaleY,
                   static_cast<float>(area.x + area.width) / scaleX,
                   static_cast<float>(area.y + area.height) / scaleY,
                   static_cast<float>(bannerX1) / scaleX,
                   static_cast<float>(layout.x0) / scaleX, static_cast<float>(layout.y0) / scaleY,
                   static_cast<float>(layout.cell) / scaleX});
  if (const auto flash = s_.phases.flash()) {
    const auto screen = [&](Cell c, bool y) {
      const auto [px, py] = layout.pointPixels(c.x + 0.5, c.y + 0.5);
      return y ? static_cast<float>(py) / scaleY : static_cast<float>(px) / scaleX;
    };
    drawAttackFlash(screen(flash->from, false), screen(flash->from, true), screen(flash->to, false),
                    screen(flash->to, true), menu.cell, flash->alpha);
  }
  drawBattle(scaleX, scaleY, menu);
  drawMinimap();
  drawToasts(s_.ui.toasts.shown(), s_.time, menu.boardX0, menu.boardY0, menu.boardX1, menu.boardY1);
  const float centreY = (static_cast<float>(area.y) + static_cast<float>(area.height) / 2) / scaleY;
  if (const auto banner = s_.phases.banner(s_.scene.phase)) {
    drawPhaseBanner(banner->text.c_str(), banner->alpha, centreX, centreY,
                    menu.boardX1 - menu.boardX0);
  }
  if (s_.ui.ambushLeft > 0) {
    const std::string text = "Ambush! " + s_.ui.ambushText;
    drawPhaseBanner(text.c_str(), static_cast<float>(std::min(1.0, s_.ui.ambushLeft / 0.5)),
                    centreX, centreY, menu.boardX1 - menu.boardX0);
  }
}

// SPEC §11.8's sight lines (rules/sight_view.h) from the hovered cell when the selected unit can
// stop there, else from the unit's own cell: clear ones faint, hidden ones red up to the wall
// that hides them, in the UI's units.
void App::drawSightLinesOver(float scaleX, float scaleY) {
  const RangeResult* range = s_.solves->range().result();
  const Unit* unit = s_.scene.selectedUnit();
  if (range == nullptr || unit == nullptr) return;
  const bool hoverStops = s_.scene.hovered && s_.scene.map.contains(*s_.scene.hovered) &&
                          canStopAt(s_.scene, *range, *s_.scene.hovered);
  const Cell from = hoverStops ? *s_.scene.hovered : unit->cell;
  const BoardLayout& layout = s_.view.layout();
  const auto centre = [&](Cell c) {
    const auto [px, py] = layout.pointPixels(c.x + 0.5, c.y + 0.5);
    return SightLinePoint{static_cast<float>(px) / scaleX, static_cast<float>(py) / scaleY};
  };
  std::vector<SightLineMark> marks;
  for (const SightLine& line : sightLinesFrom(s_.scene, from)) {
    marks.push_back({centre(from), centre(line.blocker.value_or(line.to)), centre(line.to),
                     line.blocker.has_value()});
  }
  const PixelRect& area = layout.area;
  drawSightLines(marks, static_cast<float>(layout.cell) / scaleX,
                 static_cast<float>(area.x) / scaleX, static_cast<float>(area.y) / scaleY,
                 static_cast<float>(area.x + area.width) / scaleX,
                 static_cast<float>(area.y + area.height) / scaleY);
}

// Each token's label (rules/unit_labels.h), centred on the token as it is drawn, in the UI's
// units (the board's pixels over `scaleX`, `scaleY`).
void App::drawUnitLabels(float scaleX, float scaleY) {
  const BoardLayout& layout = s_.view.layout();
  const PixelRect& area = layout.area;
  const std::vector<std::string> labels = s_.ui.labels.labels(s_.scene.units, s_.ui.edit.enabled);
  std::vector<TokenLabel> tokens;
  tokens.reserve(labels.size());
  // The minimap covers the tokens under it (render() draws it over them); their labels too.
  const std::optional<Minimap> minimap = placeMinimap(layout, s_.surface.contentScale);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const BoardPoint centre = tokenCentre(i);
    if (!shows(i) || (minimap && minimap->covers(layout, centre))) continue;
    const auto [px, py] = layout.pointPixels(centre.x, centre.y);
    tokens.push_back({static_cast<float>(px) / scaleX, static_cast<float>(py) / scaleY, labels[i],
                      s_.scene.units[i].name});
  }
  drawTokenLabels(tokens, static_cast<float>(layout.cell) / scaleX,
                  static_cast<float>(area.x) / scaleX, static_cast<float>(area.y) / scaleY,
                  static_cast<float>(area.x + area.width) / scaleX,
                  static_cast<float>(area.y + area.height) / scaleY,
                  showsNames(layout.cell, s_.surface.contentScale));
  // On a board that fights (SPEC §14), each fighter's hp in its token's corner, from cells wide
  // enough that it leaves the token's label readable (the panel and the forecast say it too);
  // while the danger zone is shown, the enemies' at any size (how strong is what threatens me?).
  if (!sceneFights(s_.scene)) return;
  const bool wide = static_cast<float>(layout.cell) / scaleX >= kHpTagCells;
  const bool danger = s_.ui.threats.dangerZone;
  if (!wide && !danger) return;
  std::vector<HpTag> hp;
  for (std::size_t i = 0; i < s_.scene.units.size(); ++i) {
    const BoardPoint centre = tokenCentre(i);
    const Unit& unit = s_.scene.units[i];
    if (unit.hp <= 0 || !shows(i) || (minimap && minimap->covers(layout, centre))) continue;
    if (!wide && unit.team != Team::Enemy) continue;
    const auto [px, py] = layout.pointPixels(centre.x, centre.y);
    hp.push_back({static_cast<float>(px) / scaleX, static_cast<float>(py) / scaleY, unit.hp, unit.team});
  }
  drawHpTags(hp, static_cast<float>(layout.cell) / scaleX, static_cast<float>(area.x) / scaleX,
             static_cast<float>(area.y) / scaleY, static_cast<float>(area.x + area.width) / scaleX,
             static_cast<float>(area.y + area.height) / scaleY);
}

// SPEC §14 over the board: the forecast of the picked target (with its buttons), or of the
// hovered foe from the arrow's end; the fight under way; Victory or Defeat.
void App::drawBattle(float scaleX, float scaleY, const MenuAnchor& menu) {
  const BoardLayout& layout = s_.view.layout();
  const auto centre = [&](Cell c) {
    const auto [px, py] = layout.pointPixels(c.x + 0.5, c.y + 0.5);
    return ScreenPoint{static_cast<float>(px) / scaleX, static_cast<float>(py) / scaleY};
  };
  // Beside the target's token, on the side with room.
  const auto beside = [&](Cell target, PlannedAttack attack, std::string title) {
    const ScreenPoint at = centre(target);
    ForecastView view{std::move(attack), at.x + menu.cell * 0.7F, at.y, 0.0F, std::move(title)};
    if (at.x > (menu.boardX0 + menu.boardX1) / 2) {
      view.x = at.x - menu.cell * 0.7F;
      view.pivotX = 1.0F;
    }
    return view;
  };
  if (const auto picked = pickedAttack(s_.scene)) {
    ForecastView view = beside(s_.scene.units[picked->target].cell, *picked, "");
    view.buttons = &s_.ui;
    view.targets = s_.scene.attackPick->targets.size();
    drawForecastWindow("##forecast", s_.scene, view);
  } else if (const auto hovered = hoveredAttack()) {
    drawForecastWindow("##hover forecast", s_.scene,
                       beside(s_.scene.units[hovered->target].cell, *hovered,
                              "From " + toString(hovered->from)));
  } else if (auto danger = dangerHover()) {
    const ScreenPoint at = centre(danger->cell);
    danger->x = at.x + menu.cell * 0.7F;
    danger->y = at.y;
    if (at.x > (menu.boardX0 + menu.boardX1) / 2) {
      danger->x = at.x - menu.cell * 0.7F;
      danger->pivotX = 1.0F;
    }
    drawDangerHover(s_.scene, *danger);
  }
  const FightShow* player = s_.playerFight ? &*s_.playerFight : nullptr;
  for (const FightShow* show : {player, s_.phases.fightShown()}) {
    if (show == nullptr || show->over()) continue;
    drawFight(*show, {centre(show->fight().from), centre(show->fight().at), menu.cell});
  }
  const float centreX = (menu.boardX0 + menu.boardX1) / 2;
  const float centreY = (menu.boardY0 + menu.boardY1) / 2;
  // The banner waits for the fight that ended the game.
  const FightShow* computer = s_.phases.fightShown();
  if ((player == nullptr || player->over()) && (computer == nullptr || computer->over())) {
    drawOutcome(s_.scene, s_.ui, centreX, centreY);
  }
}

// The forecast of the foe under the pointer while a unit of the player's is selected: from the
// arrow's end, the cell the unit would attack it from (SPEC §14).
std::optional<PlannedAttack> App::hoveredAttack() const {
  const Scene& scene = s_.scene;
  const RangeResult* range = s_.solves->range().result();
  if (!scene.selectedCanMove() || !scene.hovered || range == nullptr || !sceneFights(scene)) {
    return std::nullopt;
  }
  const auto foe = seenUnitAt(scene.units, *scene.hovered);
  if (!foe || friends(scene.units[*foe].team, scene.units[*scene.selected].team)) return std::nullopt;
  const std::vector<Cell> path = previewPath(scene, range);
  if (path.empty()) return std::nullopt;
  auto forecast = tactics::forecast(combatBoardFrom(scene, *scene.selected, path.back()),
                                    *scene.selected, path.back(), *foe);
  if (!forecast) return std::nullopt;
  return PlannedAttack{*scene.selected, *foe, path.back(), std::move(*forecast)};
}

// While the danger zone is shown on the player's phase, the enemies that threaten the hovered
// cell and what each would do to the unit standing there (rules/danger_threats.h), on a board
// that fights; nothing while a walk, the menu after a move or a pick is under way.
std::optional<DangerHoverView> App::dangerHover() const {
  const Scene& scene = s_.scene;
  const Grid<std::uint8_t>* counts = s_.solves->threats().dangerCounts();
  if (!s_.ui.threats.dangerZone || counts == nullptr || !scene.hovered || s_.ui.edit.enabled ||
      !sceneFights(scene) || scene.phase != Phase::Player || scene.walk || scene.pending ||
      scene.attackPick || scene.outcome != Outcome::Playing) {
    return std::nullopt;
  }
  const Cell cell = *scene.hovered;
  if (!counts->contains(cell) || (*counts)[cell] == 0) return std::nullopt;
  DangerHoverView view;
  view.cell = cell;
  view.defender = dangerDefender(scene, cell);
  const auto* threats = s_.solves->threats().threatsAt(scene, cell, view.defender);
  if (threats == nullptr || threats->empty()) return std::nullopt;
  view.threats = *threats;
  return view;
}

void App::update(const Input& platformInput, double seconds) {
  board_.applyEditRequests();
  // Before the layout, which depends on the map's size.
  quit_ = board_.settleLeaving(platformInput.closeRequested);
  s_.scene.autoEndTurn = s_.ui.autoEndTurn;  // the panel's option, for whichever board is open
  board_.placeBoard();
  handleInput(platformInput);
  board_.applyTurnRequests();
  animateWatch(s_.ui.watch, s_.solves->range().report().fullPasses, seconds);
  board_.finishSkip();
  board_.playTurns(seconds);
  board_.syncRangeWhenShown();
  s_.solves->syncThreats(s_.scene, s_.ui.threats, s_.input.shiftHeld());
  s_.ui.jobs = s_.solves->threats().jobs();
}

// The platform's input, or a driver's (harness/) in its place.
void App::handleInput(const Input& platformInput) {
  // Moving on its own: a walk, the computer's phases (until the game is over), a fight being
  // shown, a board opening.
  const FightShow* computerFight = s_.phases.fightShown();
  const bool fighting = (s_.playerFight && !s_.playerFight->over()) ||
                        (computerFight != nullptr && !computerFight->over());
  const bool busy = s_.scene.walk || fighting || s_.ui.loadMap.has_value() ||
                    (s_.scene.phase != Phase::Player && s_.scene.outcome == Outcome::Playing);
  const HarnessView view{s_.view.layout(), s_.boards, [this] { return board_.syncRange(); }};
  const std::optional<Input> driven = s_.harness.input(platformInput, view, s_.scene, s_.ui, busy);
  Input input = driven ? *driven : platformInput;
  // Esc closes the dialog on top; while one is open the keys are its own, not the board's.
  closeDialogOnEscape(input.keys, s_.ui);
  // A driver's input is not where the real mouse is: the panel has no say over it. The keys are
  // the board's unless the user clicked into a text field.
  InputFocus focus;
  if (!driven) focus = {!s_.imgui->wantsMouse(), !s_.imgui->typing() && !dialogOpen(s_.ui)};
  if (!driven && !s_.imgui->wantsMouse()) useMinimap(input);
  s_.input.handle(input, focus, board_);
}

// Hidden enemies (SPEC §11.5) are not drawn for the player; the level editor shows them.
bool App::shows(std::size_t unit) const {
  return knownTo(Team::Player, s_.scene.units[unit]) || s_.ui.edit.enabled;
}

// Where unit i's token is drawn, in cells: its cell's centre, or along its walk.
BoardPoint App::tokenCentre(std::size_t i) const {
  if (s_.scene.walk && s_.scene.walk->unit == i) return s_.scene.walk->animation.position();
  const Cell cell = s_.scene.units[i].cell;
  return {cell.x + 0.5, cell.y + 0.5};
}

void App::render() {
  const PixelSize framebuffer = s_.view.framebuffer();
  if (framebuffer.width <= 0 || framebuffer.height <= 0) return;  // minimised
  BoardFrame frame;
  frame.layout = s_.view.layout();
  frame.framebuffer = framebuffer;
  frame.time = s_.time;
  frame.view = s_.ui.view;
  frame.hover = s_.scene.hovered;
  s_.solves->fillFrame(frame, s_.scene, s_.ui.threats);
  if (auto minimap = placeMinimap(frame.layout, s_.surface.contentScale)) {
    frame.minimap = minimap->rect;
  }
  // The shield is drawn blank: its label, up to 3 characters, goes over it with the panel
  // (buildUi), as the token shader draws one glyph.
  for (std::size_t i = 0; i < s_.scene.units.size(); ++i) {
    const Unit& unit = s_.scene.units[i];
    if (!shows(i)) continue;
    frame.units.push_back({tokenCentre(i), unit.team, ' ', s_.scene.selected == i,
                           s_.scene.hasMoved(i) && unit.team == Team::Player});
  }
  s_.renderer->draw(frame);
}

// The harness's end of the frame, then the frame's work for the panel: the GPU's included, not
// the wait for the next frame.
std::optional<int> App::endFrame(FrameClock::time_point start) {
  const FrameEnd end{start, s_.view.layout(), s_.view.framebuffer(), s_.solves->range().report(),
                     s_.ui.loadMap.has_value()};
  if (auto code = s_.harness.endFrame(end, s_.scene, s_.ui)) return code;
  finishGpuWork();
  const std::chrono::duration<double, std::milli> work = FrameClock::now() - start;
  s_.ui.frameTimes.add(work.count());
  return std::nullopt;
}

// "Working..." at the top of the board when this frame comes before slow work, or a computer
// phase's steps are slow (session/busy_sign.h). Logged once per sign for a test to wait on.
void App::drawBusy() {
  const bool showing = s_.busy.showing();
  if (showing && !busyLogged_) s_.out << "busy" << std::endl;
  busyLogged_ = showing;
  if (!showing) return;
  const BoardLayout& layout = s_.view.layout();
  const float scaleX = layout.scaleX > 0 ? layout.scaleX : 1.0F;
  const float scaleY = layout.scaleY > 0 ? layout.scaleY : 1.0F;
  const PixelRect& area = layout.area;
  drawBusySign((static_cast<float>(area.x) + static_cast<float>(area.width) / 2) / scaleX,
               static_cast<float>(area.y) / scaleY, s_.time);
}

NextFrame App::nextFrame(bool hadInput) {
  if (s_.busy.showing()) return NextFrame::now();  // the slow work comes on the next frame
  return pacer_.next(frameMotion(s_.scene, s_.ui,
                                 s_.harness.scripted() || s_.harness.soaking(), hadInput));
}

// --end-turn: the player's phase ends at once and the enemies and allies make every move
// before the first frame, each solved on the GPU like in play; the moves are logged.
void App::playWholeComputerTurn() {
  const std::optional<std::size_t> selected = s_.scene.selected;
  s_.scene.selected.reset();
  if (requestEndTurn(s_.scene) == EndTurn::NeedsConfirmation) answerEndTurn(s_.scene, true);
  const auto solve = [this](const Scene& scene, std::size_t unit) {
    return s_.solves->solveUnit(scene, unit, s_.ui.backend);
  };
  board_.log(runAiPhases(s_.scene, solve, board_.phaseField()));
  s_.phases.shown(s_.scene.phase);
  s_.scene.selected = selected;
}

// The --show and --mark options, once the solvers exist.
void App::startThreats() {
  s_.ui.threats.dangerZone = s_.options.showDanger;
  s_.ui.threats.heatMap = s_.options.showHeatMap;
  s_.ui.threats.longPaths = s_.options.showLongPaths;
  s_.ui.view.travelCosts = s_.options.showCosts;
  s_.ui.view.parentGlyphs = s_.options.showParents;
  s_.ui.view.sightLines = s_.options.showSightLines;
  s_.scene.ignoreUnits = s_.options.ignoreUnits;
  for (Cell cell : s_.options.marks) toggleMark(s_.ui.threats, s_.scene.units, cell);
}

}  // namespace tactics::app
