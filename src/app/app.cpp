#include "app/app.h"

#include <algorithm>
#include <utility>

#include "app/session/watch_animation.h"
#include "app/ui/panel.h"
#include "app/view/gl_state.h"

namespace tactics::app {

namespace {

constexpr double kScriptedFrameSeconds = 1.0 / 60.0;
constexpr double kSoakFrameSeconds = 0.25;  // --soak: game time per frame

}  // namespace

App::App(DemoStartup startup, std::ostream& out, std::ostream& err)
    : options_(std::move(startup.options)),
      scene_(std::move(startup.scene)),
      boards_(std::move(startup.boards)),
      out_(out),
      harness_(options_, std::move(startup.defaultScenario), out, err) {
  // --hover in a live window pins the hovered cell; a scripted run points at it instead.
  if (!harness_.scripted()) input_.pin(options_.hover);
}

// The panel's renderer, the board's renderer and the solvers for the map.
std::optional<std::string> App::init(const Surface& surface) {
  surface_ = surface;
  imgui_ = std::make_unique<ImGuiRenderer>(surface.contentScale);
  auto renderer = BoardRenderer::create();
  if (!renderer) return renderer.error();
  renderer_ = std::move(*renderer);
  if (auto problem = useMap(scene_)) return problem;
  if (options_.backend == RangeBackend::Compute && !solves_->range().hasCompute()) {
    return "--backend compute needs OpenGL 4.3 (compute shaders); this window has " +
           glVersionText();
  }
  ui_.backend = options_.backend;
  resetView();
  startThreats();
  if (options_.endTurn) playWholeComputerTurn();
  return std::nullopt;
}

// Dear ImGui's example loop: (the platform polled) new frame, build the UI, update, render.
FrameResult App::frame(const Input& input, double dt) {
  const FrameClock::time_point start = FrameClock::now();
  surface_ = input.surface;
  const double seconds = gameSeconds(dt);
  imgui_->beginFrame();
  buildUi();
  update(input, seconds);
  render();
  imgui_->render();
  if (auto code = endFrame(start)) return {NextFrame::now(), code};
  return {nextFrame(input.any), std::nullopt};
}

void App::shutdown() {
  solves_.reset();
  renderer_.reset();
  imgui_.reset();
}

// Seconds of game time since the last frame: real time, or a fixed step in scripted runs so
// that screenshots do not depend on the machine's speed.
double App::gameSeconds(double dt) {
  const double seconds = harness_.soaking()    ? kSoakFrameSeconds
                         : harness_.scripted() ? kScriptedFrameSeconds
                                               : dt;
  time_ += seconds;
  return seconds;
}

// The panel, and over the board the menu after a move, the End turn question and the banner.
void App::buildUi() {
  drawPanel({scene_, ui_, solves_->range().report(), solves_->range().result(), boards_,
             solves_->threats().dangerCounts()});
  const BoardLayout& layout = view_.layout();
  const PixelRect& area = layout.area;
  const float scaleX = layout.scaleX > 0 ? layout.scaleX : 1.0F;
  const float scaleY = layout.scaleY > 0 ? layout.scaleY : 1.0F;
  const float centreX = (static_cast<float>(area.x) + static_cast<float>(area.width) / 2) / scaleX;
  drawTurnPrompts(scene_, ui_, centreX, static_cast<float>(area.y) / scaleY);
  if (const auto banner = phases_.banner(scene_.phase)) {
    drawPhaseBanner(banner->text.c_str(), banner->alpha, centreX,
                    (static_cast<float>(area.y) + static_cast<float>(area.height) / 2) / scaleY);
  }
}

void App::update(const Input& platformInput, double seconds) {
  openRequestedBoard();  // before the layout, which depends on the map's size
  applyEditRequests();
  placeBoard();
  handleInput(platformInput);
  applyTurnRequests();
  animateWatch(ui_.watch, solves_->range().report().fullPasses, seconds);
  log(advanceWalk(scene_, seconds));
  log(phases_.advance(scene_, seconds, [this] { return syncRange(); }, solves_->teamField()));
  syncRange();
  solves_->syncThreats(scene_, ui_.threats, input_.shiftHeld());
}

// The platform's input, or a driver's (harness/) in its place.
void App::handleInput(const Input& platformInput) {
  const bool busy = scene_.walk || scene_.phase != Phase::Player || ui_.loadMap.has_value();
  const HarnessView view{view_.layout(), boards_, [this] { return syncRange(); }};
  const std::optional<Input> driven = harness_.input(platformInput, view, scene_, ui_, busy);
  // A driver's input is not where the real mouse is: the panel has no say over it.
  InputFocus focus;
  if (!driven) focus = {!imgui_->wantsMouse(), !imgui_->wantsKeyboard()};
  input_.handle(driven ? *driven : platformInput, focus, *this);
}

void App::render() {
  const PixelSize framebuffer = view_.framebuffer();
  if (framebuffer.width <= 0 || framebuffer.height <= 0) return;  // minimised
  BoardFrame frame;
  frame.layout = view_.layout();
  frame.framebuffer = framebuffer;
  frame.time = time_;
  frame.view = ui_.view;
  frame.hover = scene_.hovered;
  solves_->fillFrame(frame, scene_, ui_.threats);
  for (std::size_t i = 0; i < scene_.units.size(); ++i) {
    const Unit& unit = scene_.units[i];
    UnitToken token{{unit.cell.x + 0.5, unit.cell.y + 0.5}, unit.team, unit.initial(),
                    scene_.selected == i, scene_.hasMoved(i) && unit.team == Team::Player};
    if (scene_.walk && scene_.walk->unit == i) token.centre = scene_.walk->animation.position();
    frame.units.push_back(token);
  }
  renderer_->draw(frame);
}

// The harness's end of the frame, then the frame's work for the panel: the GPU's included, not
// the wait for the next frame.
std::optional<int> App::endFrame(FrameClock::time_point start) {
  const FrameEnd end{start, view_.layout(), view_.framebuffer(), solves_->range().report(),
                     ui_.loadMap.has_value()};
  if (auto code = harness_.endFrame(end, scene_, ui_)) return code;
  finishGpuWork();
  const std::chrono::duration<double, std::milli> work = FrameClock::now() - start;
  ui_.frameTimes.add(work.count());
  return std::nullopt;
}

NextFrame App::nextFrame(bool hadInput) {
  FrameMotion motion;
  motion.scripted = harness_.scripted() || harness_.soaking();
  motion.animating = scene_.walk || (ui_.watch.enabled && ui_.watch.animate) ||
                     scene_.phase != Phase::Player;
  motion.pulsing = scene_.selected.has_value();
  motion.hadInput = hadInput;
  return pacer_.next(motion);
}

}  // namespace tactics::app
