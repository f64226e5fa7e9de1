#include "tactics/gpu/danger_solver.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "atlas_shelves.h"
#include "board_inputs.h"
#include "danger_shaders.h"
#include "gpu/gl/change_tests.h"
#include "gpu/gl/gl_api.h"
#include "gpu/gl/program.h"
#include "gpu/gl/render_target.h"
#include "gpu/gl/state_guard.h"
#include "solver_checks.h"
#include "tactics/solver/cell_box.h"
#include "tactics/solver/move_rules.h"

namespace tactics::gpu {

namespace {

// Texture units, fixed for every pass.
constexpr int kEnemyUnit = 0;     // R32I enemy parameters (read by danger_atlas.vert)
constexpr int kRulesUnit = 1;     // R8UI rules atlas: each enemy's rule bytes in its window
constexpr int kAtlasUnit = 3;     // an R16UI atlas being read
constexpr int kAtlasUnit2 = 4;    // a second one (the convergence test, the origins' other parity)

// One row per enemy: x, y, move, its attack set's number of ranges and farthest distance, the
// window's atlas corner (x, y), the window on the map (x0, y0, x1, y1), then the set's ranges,
// merged and sorted, min and max each (8 pairs, unused ones 0).
constexpr int kEnemyColumns = 11 + 2 * AttackRange::kMaxSpans;

// One enemy's place in a batch: its window (the cells it can reach) and where the window's
// first cell sits in the atlas.
struct Window {
  const Unit* enemy = nullptr;
  CellBox cells;
  int atlasX = 0;
  int atlasY = 0;
};

// The enemies of one set of passes, sorted by move (largest first), so that relaxation pass k
// draws the first few instances only. width/height: the atlas texels their windows use.
struct Batch {
  std::vector<Window> windows;
  int width = 0;
  int height = 0;
};

// The cells of a window within `reach` steps of its enemy, as a box (danger_atlas.vert's quad).
CellBox cellsWithin(const Window& w, int reach) {
  const CellBox around = CellBox::around(w.enemy->cell, reach);
  return {std::max(around.x0, w.cells.x0), std::max(around.y0, w.cells.y0),
          std::min(around.x1, w.cells.x1), std::min(around.y1, w.cells.y1)};
}

// An R16UI atlas with its framebuffer.
Expected<RenderTarget> makeAtlas(int width, int height, const char* name) {
  TextureHandle texture = makeTexture();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, width, height, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT,
               nullptr);
  setNearestClamped(GL_TEXTURE_2D);
  label(GL_TEXTURE, texture.get(), name);
  auto framebuffer = makeFramebufferFor(texture.get(), name);
  if (!framebuffer) return Error{framebuffer.error()};
  return RenderTarget{std::move(texture), std::move(*framebuffer)};
}

}  // namespace

struct DangerSolver::Impl {
  int width = 0;
  int height = 0;
  int maxTextureSize = 0;
  std::size_t budgetBytes = 0;
  int atlasWidth = 0;  // the atlas textures' size: the largest any batch has needed
  int atlasHeight = 0;

  CostMap map;  // what each enemy's rules are baked from
  Program relax, changed, origins, rowPrefix, count;
  TextureHandle rulesAtlas;       // R8UI, the size of the atlases: each enemy's rules in its window
  RuleWindow rules;               // one enemy's, being uploaded
  TextureHandle enemyTexture;     // R32I, one row of kEnemyColumns per instance
  std::array<RenderTarget, 2> travel;  // ping-pong travel costs + 1
  std::array<RenderTarget, 2> prefix;  // ping-pong row prefix counts of stopping cells
  TextureHandle countTexture;     // R8 enemies per cell, count / 255, saturated
  FramebufferHandle countFramebuffer;
  VertexArrayHandle emptyVertexArray;
  ChangeTests changeTests;  // one occlusion query per change test, read late
  long long shaded = 0;  // fragments drawn by the current solve

  // One instanced draw: the first `instances` enemies' quads, each its window cut to the cells
  // within `reach` steps (reach < 0: the whole window).
  void drawWindows(const Program& program, GLuint framebuffer, const Batch& batch, int instances,
                   int reach) {
    program.set("reach", reach);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, instances);
    for (int i = 0; i < instances; ++i) {
      const Window& w = batch.windows[static_cast<std::size_t>(i)];
      shaded += reach < 0 ? w.cells.area() : cellsWithin(w, reach).area();
    }
  }

  Expected<bool> ensureAtlas(int atlasW, int atlasH);
  std::vector<Batch> planBatches(std::vector<const Unit*> attackers) const;
  void uploadRules(const std::vector<Unit>& units, BoardRules boardRules, const Batch& batch);
  void uploadEnemies(const Batch& batch);
  int relaxPasses(const Batch& batch, int& current);
  int stoppingCellPrefix(const Batch& batch, int passesRun);
  void addThreats(const Batch& batch, int prefixIndex);
  // create()'s programs, each sampler on its unit; solve()'s work for one batch of enemies.
  std::optional<std::string> buildPrograms(GridLayout layout);
  Expected<int> solveBatch(const std::vector<Unit>& units, BoardRules boardRules,
                           const Batch& batch);
};

Expected<bool> DangerSolver::Impl::ensureAtlas(int atlasW, int atlasH) {
  if (atlasW <= atlasWidth && atlasH <= atlasHeight) return true;
  atlasW = std::max(atlasW, atlasWidth);
  atlasH = std::max(atlasH, atlasHeight);
  const char* travelNames[2] = {"danger travel ping", "danger travel pong"};
  const char* prefixNames[2] = {"danger prefix ping", "danger prefix pong"};
  for (std::size_t i = 0; i < 2; ++i) {
    auto t = makeAtlas(atlasW, atlasH, travelNames[i]);
    if (!t) return Error{t.error()};
    travel[i] = std::move(*t);
    auto p = makeAtlas(atlasW, atlasH, prefixNames[i]);
    if (!p) return Error{p.error()};
    prefix[i] = std::move(*p);
  }
  rulesAtlas = makeCellTexture(atlasW, atlasH, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, nullptr,
                               "danger rules");
  atlasWidth = atlasW;
  atlasHeight = atlasH;
  return true;
}

std::vector<Batch> DangerSolver::Impl::planBatches(std::vector<const Unit*> attackers) const {
  // Largest move first: relaxation pass k then draws a prefix of the instances.
  std::stable_sort(attackers.begin(), attackers.end(),
                   [](const Unit* a, const Unit* b) { return a->moveRange > b->moveRange; });
  std::vector<Window> windows;
  long long area = 0;
  int widest = 1;
  int tallest = 1;
  for (const Unit* e : attackers) {
    const CellBox cells = CellBox::around(e->cell, e->moveRange).clippedTo(width, height);
    windows.push_back({e, cells, 0, 0});
    area += cells.area();
    widest = std::max(widest, cells.width());
    tallest = std::max(tallest, cells.height());
  }
  // About square when everything fits; no wider than the budget allows for the tallest window.
  const int atlasW =
      shelfAtlasWidth(area, widest, tallest, budgetBytes, kBytesPerAtlasTexel, maxTextureSize);
  const int rowLimit = shelfRowLimit(atlasW, budgetBytes, kBytesPerAtlasTexel, maxTextureSize);
  std::vector<ShelfItem> items;
  for (const Window& w : windows) items.push_back({w.cells.width(), w.cells.height()});
  std::vector<Batch> batches;
  for (const ShelfBatch& shelf : packShelves(items, atlasW, rowLimit, maxTextureSize)) {
    Batch& batch = batches.emplace_back();
    for (const ShelfPlace& place : shelf.places) {
      const Window& w = windows[place.item];
      batch.windows.push_back({w.enemy, w.cells, place.x, place.y});
    }
    batch.width = shelf.width;
    batch.height = shelf.height;
  }
  return batches;
}

void DangerSolver::Impl::uploadRules(const std::vector<Unit>& units, BoardRules boardRules,
                                     const Batch& batch) {
  // Each enemy sees the board its own way (its class, its own cell, its skills; players and
  // allies block and, with zone of control, halt it next to them; other enemies are crossed but
  // not stood on), as the player knows the board (hidden enemies absent): the rules seam bakes
  // its window.
  for (const Window& w : batch.windows) {
    const auto index = static_cast<std::size_t>(w.enemy - units.data());
    const RangeQuery query = queryFor(units, index, boardRules, View::Player);
    MoveRules(map, query).bake(w.cells, rules);
    gpu::uploadRulesAt(rulesAtlas.get(), rules, w.atlasX, w.atlasY);
  }
}

void DangerSolver::Impl::uploadEnemies(const Batch& batch) {
  std::vector<GLint> rows;
  for (const Window& w : batch.windows) {
    const Unit& e = *w.enemy;
    const std::vector<AttackSpan> spans = e.attack.merged();
    rows.insert(rows.end(), {e.cell.x, e.cell.y, e.moveRange, static_cast<GLint>(spans.size()),
                             e.attack.maxDistance()});
    rows.insert(rows.end(), {w.atlasX, w.atlasY, w.cells.x0, w.cells.y0, w.cells.x1, w.cells.y1});
    for (int i = 0; i < AttackRange::kMaxSpans; ++i) {
      const bool used = i < static_cast<int>(spans.size());
      rows.push_back(used ? spans[static_cast<std::size_t>(i)].min : 0);
      rows.push_back(used ? spans[static_cast<std::size_t>(i)].max : 0);
    }
  }
  glBindTexture(GL_TEXTURE_2D, enemyTexture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32I, kEnemyColumns, static_cast<GLsizei>(batch.windows.size()),
               0, GL_RED_INTEGER, GL_INT, rows.data());
}

int DangerSolver::Impl::relaxPasses(const Batch& batch, int& current) {
  const int maxMove = batch.windows.front().enemy->moveRange;
  const auto moveOf = [&](int i) {
    return batch.windows[static_cast<std::size_t>(i)].enemy->moveRange;
  };
  // A change test every kPassesPerCheck passes, never after the last (it could stop nothing),
  // each under a query of its own (gpu/gl/change_tests.h). With conditional rendering the passes
  // after a test run only if it saw a change: the GPU stops by itself, and which travel texture
  // holds an enemy's final costs does not depend on where (a skipped pass would have written
  // what it read). Every 8 passes the CPU reads the test drawn 4 passes before, to stop submitting.
  // Where answers come only in a later frame (WebGL2), every pass runs and none is tested.
  const bool testChanges = sameFrameQueries();
  changeTests.start();
  int active = static_cast<int>(batch.windows.size());
  int pass = 1;
  for (; pass <= maxMove; ++pass) {
    // Enemies whose move is below k are final: pass k leaves them out (and their costs stay in
    // the texture their last pass wrote).
    while (active > 0 && moveOf(active - 1) < pass) --active;
    const int next = 1 - current;
    const int check = pass / kPassesPerCheck;  // the tests drawn before this pass's
    const bool checked = testChanges && pass % kPassesPerCheck == 0 && pass < maxMove;
    if (testChanges) changeTests.beginIfChanged((pass - 1) / kPassesPerCheck);
    relax.use();
    bindTexture(kAtlasUnit, travel[static_cast<std::size_t>(current)].texture.get());
    drawWindows(relax, travel[static_cast<std::size_t>(next)].framebuffer.get(), batch, active,
                pass);
    current = next;
    // The test, drawn with colour writes off into a target that is not being read.
    if (checked) {
      changed.use();
      bindTexture(kAtlasUnit2, travel[static_cast<std::size_t>(next)].texture.get());
      glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
      changeTests.begin(check);
      drawWindows(changed, prefix[0].framebuffer.get(), batch, active, pass);
      changeTests.end();
      glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    }
    changeTests.endIfChanged();
    // Every 8 passes, a look at the test drawn 4 passes before (gpu/gl/change_tests.h).
    if (checked && lookBackTest(pass) != 0 &&
        !changeTests.changed(lookBackTest(pass) / kPassesPerCheck)) {
      ++pass;
      break;
    }
  }
  return pass - 1;
}

int DangerSolver::Impl::stoppingCellPrefix(const Batch& batch, int passesRun) {
  const int instances = static_cast<int>(batch.windows.size());
  origins.use();
  origins.set("passesRun", passesRun);
  bindTexture(kAtlasUnit, travel[0].texture.get());
  bindTexture(kAtlasUnit2, travel[1].texture.get());
  drawWindows(origins, prefix[0].framebuffer.get(), batch, instances, -1);
  int widest = 1;
  // Along rows, or along columns on hex-x (danger_row_prefix.frag).
  const bool alongColumns = map.layout() == GridLayout::HexXOdd ||
                            map.layout() == GridLayout::HexXEven;
  for (const Window& w : batch.windows) {
    widest = std::max(widest, alongColumns ? w.cells.height() : w.cells.width());
  }
  int result = 0;
  rowPrefix.use();
  for (int stride = 1; stride < widest; stride *= 16) {
    rowPrefix.set("stride", stride);
    bindTexture(kAtlasUnit, prefix[static_cast<std::size_t>(result)].texture.get());
    drawWindows(rowPrefix, prefix[static_cast<std::size_t>(1 - result)].framebuffer.get(), batch,
                instances, -1);
    result = 1 - result;
  }
  return result;
}

void DangerSolver::Impl::addThreats(const Batch& batch, int prefixIndex) {
  count.use();
  bindTexture(kAtlasUnit, prefix[static_cast<std::size_t>(prefixIndex)].texture.get());
  glViewport(0, 0, width, height);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE);
  glBindFramebuffer(GL_FRAMEBUFFER, countFramebuffer.get());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(batch.windows.size()));
  glDisable(GL_BLEND);
  for (const Window& w : batch.windows) {
    shaded += w.cells.grownBy(w.enemy->attack.maxDistance()).clippedTo(width, height).area();
  }
}

DangerSolver::DangerSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DangerSolver::DangerSolver(DangerSolver&&) noexcept = default;
DangerSolver& DangerSolver::operator=(DangerSolver&&) noexcept = default;
DangerSolver::~DangerSolver() = default;

std::optional<std::string> DangerSolver::Impl::buildPrograms(GridLayout layout) {
  // Every pass places its quads with danger_atlas.vert; each is built for the board's grid.
  const auto windowed = [layout](std::string_view name, std::string_view source) {
    return Program::build("danger_atlas.vert", shaders::kDangerAtlasVert, name, source, layout);
  };
  std::array<std::pair<Program*, Expected<Program>>, 5> passes = {{
      {&relax, windowed("danger_relax.frag", shaders::kDangerRelaxFrag)},
      {&changed, windowed("danger_changed.frag", shaders::kDangerChangedFrag)},
      {&origins, windowed("danger_origins.frag", shaders::kDangerOriginsFrag)},
      {&rowPrefix, windowed("danger_row_prefix.frag", shaders::kDangerRowPrefixFrag)},
      {&count, windowed("danger_count.frag", shaders::kDangerCountFrag)},
  }};
  for (auto& [program, built] : passes) {
    if (!built) return built.error();
    *program = std::move(*built);
    // Every sampler keeps its unit; uniforms a pass does not use are ignored.
    program->use();
    program->set("enemies", kEnemyUnit);
    program->set("rules", kRulesUnit);
    program->set("travelIn", kAtlasUnit);
    program->set("before", kAtlasUnit);
    program->set("after", kAtlasUnit2);
    program->set("travel0", kAtlasUnit);
    program->set("travel1", kAtlasUnit2);
    program->set("counts", kAtlasUnit);
    program->set("originPrefix", kAtlasUnit);
    program->set("mapSize", width, height);
    program->set("reach", -1);
    program->set("passesRun", 0);
  }
  count.use();
  count.set("onMap", 1);
  count.set("targetSize", width, height);
  glUseProgram(0);
  return std::nullopt;
}

Expected<DangerSolver> DangerSolver::create(const CostMap& map, std::size_t atlasBudgetBytes) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};
  auto impl = std::make_unique<Impl>();
  impl->width = map.width();
  impl->height = map.height();
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &impl->maxTextureSize);
  impl->budgetBytes = atlasBudgetBytes;
  if (auto problem = impl->buildPrograms(map.layout())) return Error{*problem};

  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  impl->map = map;
  impl->enemyTexture = makeTexture();
  glBindTexture(GL_TEXTURE_2D, impl->enemyTexture.get());
  setNearestClamped(GL_TEXTURE_2D);
  label(GL_TEXTURE, impl->enemyTexture.get(), "danger enemies");

  // R8: blendable in OpenGL ES 3.0 without extensions (R32F is not even renderable there).
  impl->countTexture = makeCellTexture(map.width(), map.height(), GL_R8, GL_RED,
                                       GL_UNSIGNED_BYTE, nullptr, "danger count");
  auto countFramebuffer = makeFramebufferFor(impl->countTexture.get(), "danger count");
  if (!countFramebuffer) return Error{countFramebuffer.error()};
  impl->countFramebuffer = std::move(*countFramebuffer);
  auto atlas = impl->ensureAtlas(1, 1);
  if (!atlas) return Error{atlas.error()};
  impl->emptyVertexArray = makeVertexArray();
  impl->changeTests = ChangeTests(ChangeTests::conditionalRenderingHere());
  return DangerSolver(std::move(impl));
}

// One batch: its atlas, enemies and rules uploaded, travel relaxed, threats counted; the
// relaxation passes it ran.
Expected<int> DangerSolver::Impl::solveBatch(const std::vector<Unit>& units, BoardRules boardRules,
                                             const Batch& batch) {
  if (auto made = ensureAtlas(batch.width, batch.height); !made) return Error{made.error()};
  uploadEnemies(batch);
  uploadRules(units, boardRules, batch);
  // Uploads bind to whichever unit is active, so the passes' units are bound after them.
  bindTexture(kEnemyUnit, enemyTexture.get());
  bindTexture(kRulesUnit, rulesAtlas.get());
  for (const Program* p : {&relax, &changed, &origins, &rowPrefix}) {
    p->use();
    p->set("targetSize", atlasWidth, atlasHeight);
  }

  // Nothing reached: the passes treat each enemy's own cell as reached at cost 0.
  const GLuint zero[4] = {0, 0, 0, 0};
  for (const RenderTarget& t : travel) {
    glBindFramebuffer(GL_FRAMEBUFFER, t.framebuffer.get());
    glClearBufferuiv(GL_COLOR, 0, zero);
  }
  glViewport(0, 0, atlasWidth, atlasHeight);
  int current = 0;
  const int passesRun = relaxPasses(batch, current);
  addThreats(batch, stoppingCellPrefix(batch, passesRun));
  return passesRun;
}

Expected<DangerStats> DangerSolver::solve(const std::vector<Unit>& units, BoardRules rules) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(s.emptyVertexArray.get());

  glViewport(0, 0, s.width, s.height);
  glBindFramebuffer(GL_FRAMEBUFFER, s.countFramebuffer.get());
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  // Enemies that can attack, in batches whose atlas fits the budget (one on any usual map).
  std::vector<const Unit*> attackers;
  for (const Unit& u : units) {
    // The player's view (SPEC §11.5): hidden enemies threaten nothing.
    if (u.team == Team::Enemy && !u.attack.none() && !u.hidden) attackers.push_back(&u);
  }
  DangerStats stats;
  stats.enemies = static_cast<int>(attackers.size());
  s.shaded = 0;
  const std::vector<Batch> batches = s.planBatches(attackers);
  const auto unbind = [] {
    bindTexture(kAtlasUnit2, 0);
    bindTexture(kAtlasUnit, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindVertexArray(0);
    glUseProgram(0);
  };
  for (const Batch& batch : batches) {
    const auto passesRun = s.solveBatch(units, rules, batch);
    if (!passesRun) {
      unbind();
      return Error{passesRun.error()};
    }
    stats.passes += *passesRun;
    ++stats.batches;
  }
  stats.cellsShaded = s.shaded;
  unbind();
  glViewport(0, 0, s.width, s.height);
  return stats;
}

std::uint32_t DangerSolver::countTexture() const { return impl_->countTexture.get(); }

Grid<std::uint8_t> DangerSolver::readCounts() const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  // RGBA bytes: the one read-back of a normalized target OpenGL ES 3.0 guarantees. R is the count.
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(impl_->width * impl_->height) * 4);
  glBindFramebuffer(GL_FRAMEBUFFER, impl_->countFramebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, impl_->width, impl_->height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  Grid<std::uint8_t> grid(impl_->width, impl_->height, 0);
  for (std::size_t i = 0; i < grid.cells().size(); ++i) grid.cells()[i] = rgba[i * 4];
  return grid;
}

}  // namespace tactics::gpu
