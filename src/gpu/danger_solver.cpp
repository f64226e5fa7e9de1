#include "gpu/danger_solver.h"

#include <algorithm>
#include <array>

#include "gpu/board_inputs.h"
#include "gpu/program.h"
#include "gpu/render_target.h"
#include "danger_shaders.h"

namespace tactics::gpu {

namespace {

// Texture units, fixed for every pass: samplers of different types never share one.
constexpr int kEnemyUnit = 0;      // R32I enemy parameters
constexpr int kTerrainUnit = 1;    // R8UI terrain classes
constexpr int kOccupantUnit = 2;   // R8UI occupants
constexpr int kLayersUnit = 3;     // an R16UI array being read
constexpr int kLayersUnit2 = 4;    // a second one (the convergence test)

constexpr int kEnemyColumns = 10;  // x, y, move, attack min, attack max, five costs

// An R16UI texture array, one layer per enemy, attached whole (layered) to a framebuffer.
Expected<RenderTarget> makeLayers(int width, int height, int layers, const char* name) {
  TextureHandle texture = makeTexture();
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.get());
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_R16UI, width, height, layers, 0, GL_RED_INTEGER,
               GL_UNSIGNED_SHORT, nullptr);
  setNearestClamped(GL_TEXTURE_2D_ARRAY);
  label(GL_TEXTURE, texture.get(), name);
  auto framebuffer = makeFramebufferFor(texture.get(), name);
  if (!framebuffer) return Error{framebuffer.error()};
  return RenderTarget{std::move(texture), std::move(*framebuffer)};
}

}  // namespace

struct DangerSolver::Impl {
  int width = 0;
  int height = 0;
  int maxLayers = 0;       // layers per batch: the memory budget and GL_MAX_ARRAY_TEXTURE_LAYERS
  int allocatedLayers = 0;

  Program init, relax, changed, origins, rowPrefix, count;
  TextureHandle terrainTexture;   // R8UI terrain class per cell
  TextureHandle occupantTexture;  // R8UI: 0 free, 1 an enemy (crossable), 2 player or ally
  TextureHandle enemyTexture;     // R32I, one row of kEnemyColumns per layer
  std::array<RenderTarget, 2> travel;  // ping-pong travel costs + 1
  std::array<RenderTarget, 2> prefix;  // ping-pong row prefix counts of stopping cells
  TextureHandle countTexture;     // R32F enemies per cell
  FramebufferHandle countFramebuffer;
  VertexArrayHandle emptyVertexArray;
  QueryHandle changeQuery;
  long long shaded = 0;  // fragments drawn by the current solve

  // One instanced draw of the viewport triangle: instance i is enemy i's layer.
  void drawLayers(GLuint framebuffer, int layers) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, layers);
    shaded += static_cast<long long>(width) * height * layers;
  }

  Expected<bool> ensureLayers(int layers);
  void uploadBoard(const std::vector<Unit>& units);
  void uploadEnemies(const std::vector<const Unit*>& batch);
  int relaxPasses(int layers, int maxMove, int& current);
  int stoppingCellPrefix(int layers, int current);
  void addThreats(int layers, int prefixIndex);
};

Expected<bool> DangerSolver::Impl::ensureLayers(int layers) {
  if (layers <= allocatedLayers) return true;
  const char* travelNames[2] = {"danger travel ping", "danger travel pong"};
  const char* prefixNames[2] = {"danger prefix ping", "danger prefix pong"};
  for (std::size_t i = 0; i < 2; ++i) {
    auto t = makeLayers(width, height, layers, travelNames[i]);
    if (!t) return Error{t.error()};
    travel[i] = std::move(*t);
    auto p = makeLayers(width, height, layers, prefixNames[i]);
    if (!p) return Error{p.error()};
    prefix[i] = std::move(*p);
  }
  allocatedLayers = layers;
  return true;
}

void DangerSolver::Impl::uploadBoard(const std::vector<Unit>& units) {
  // Every enemy sees the same board: players and allies block, enemies are crossed but not
  // stood on; each enemy's own cell is told apart in the shaders by its position.
  std::vector<std::uint8_t> occupants(static_cast<std::size_t>(width * height), 0);
  for (const Unit& u : units) {
    occupants[static_cast<std::size_t>(u.cell.y * width + u.cell.x)] =
        u.team == Team::Enemy ? 1 : 2;
  }
  glBindTexture(GL_TEXTURE_2D, occupantTexture.get());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                  occupants.data());
}

void DangerSolver::Impl::uploadEnemies(const std::vector<const Unit*>& batch) {
  std::vector<GLint> rows;
  for (const Unit* e : batch) {
    rows.insert(rows.end(), {e->cell.x, e->cell.y, e->moveRange, e->attack.min, e->attack.max});
    for (int t = 0; t < kTerrainClasses; ++t) {
      rows.push_back(e->movement.passable(t) ? e->movement.cost(t) : 0);
    }
  }
  glBindTexture(GL_TEXTURE_2D, enemyTexture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32I, kEnemyColumns, static_cast<GLsizei>(batch.size()), 0,
               GL_RED_INTEGER, GL_INT, rows.data());
}

int DangerSolver::Impl::relaxPasses(int layers, int maxMove, int& current) {
  for (int pass = 1; pass <= maxMove; ++pass) {
    const int next = 1 - current;
    relax.use();
    bindTexture(kLayersUnit, travel[static_cast<std::size_t>(current)].texture.get(),
                GL_TEXTURE_2D_ARRAY);
    drawLayers(travel[static_cast<std::size_t>(next)].framebuffer.get(), layers);
    current = next;
    // Reading a query result waits for the GPU: ask whether any layer changed only every
    // kPassesPerCheck passes, and never after the last pass (extra passes change nothing).
    if (pass % kPassesPerCheck != 0 || pass == maxMove) continue;
    changed.use();
    bindTexture(kLayersUnit2, travel[static_cast<std::size_t>(next)].texture.get(),
                GL_TEXTURE_2D_ARRAY);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glBeginQuery(GL_ANY_SAMPLES_PASSED, changeQuery.get());
    drawLayers(prefix[0].framebuffer.get(), layers);
    glEndQuery(GL_ANY_SAMPLES_PASSED);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GLuint anyChange = GL_TRUE;
    glGetQueryObjectuiv(changeQuery.get(), GL_QUERY_RESULT, &anyChange);
    if (anyChange == GL_FALSE) return pass;
  }
  return maxMove;
}

int DangerSolver::Impl::stoppingCellPrefix(int layers, int current) {
  origins.use();
  bindTexture(kLayersUnit, travel[static_cast<std::size_t>(current)].texture.get(),
              GL_TEXTURE_2D_ARRAY);
  drawLayers(prefix[0].framebuffer.get(), layers);
  int result = 0;
  rowPrefix.use();
  for (int offset = 1; offset < width; offset *= 2) {
    rowPrefix.set("offset", offset);
    bindTexture(kLayersUnit, prefix[static_cast<std::size_t>(result)].texture.get(),
                GL_TEXTURE_2D_ARRAY);
    drawLayers(prefix[static_cast<std::size_t>(1 - result)].framebuffer.get(), layers);
    result = 1 - result;
  }
  return result;
}

void DangerSolver::Impl::addThreats(int layers, int prefixIndex) {
  count.use();
  bindTexture(kLayersUnit, prefix[static_cast<std::size_t>(prefixIndex)].texture.get(),
              GL_TEXTURE_2D_ARRAY);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE);
  drawLayers(countFramebuffer.get(), layers);
  glDisable(GL_BLEND);
}

DangerSolver::DangerSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DangerSolver::DangerSolver(DangerSolver&&) noexcept = default;
DangerSolver& DangerSolver::operator=(DangerSolver&&) noexcept = default;
DangerSolver::~DangerSolver() = default;

Expected<DangerSolver> DangerSolver::create(const CostMap& map, std::size_t layerBudgetBytes) {
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};
  GLint maxLayers = 0;
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &maxLayers);
  auto impl = std::make_unique<Impl>();
  impl->width = map.width();
  impl->height = map.height();
  const std::size_t layerBytes = kBytesPerLayerCell * static_cast<std::size_t>(map.width()) *
                                 static_cast<std::size_t>(map.height());
  impl->maxLayers = static_cast<int>(std::clamp<std::size_t>(
      layerBudgetBytes / layerBytes, 1, static_cast<std::size_t>(std::max(maxLayers, 1))));

  // The layered passes: vertex, geometry (gl_Layer) and fragment; the count pass skips the
  // geometry stage, as it draws every instance into the one count texture.
  const auto layered = [](std::string_view name, std::string_view source) {
    return Program::build("danger_layers.vert", shaders::kDangerLayersVert, "danger_layers.geom",
                          shaders::kDangerLayersGeom, name, source);
  };
  std::array<std::pair<Program*, Expected<Program>>, 6> passes = {{
      {&impl->init, layered("danger_init.frag", shaders::kDangerInitFrag)},
      {&impl->relax, layered("danger_relax.frag", shaders::kDangerRelaxFrag)},
      {&impl->changed, layered("danger_changed.frag", shaders::kDangerChangedFrag)},
      {&impl->origins, layered("danger_origins.frag", shaders::kDangerOriginsFrag)},
      {&impl->rowPrefix, layered("danger_row_prefix.frag", shaders::kDangerRowPrefixFrag)},
      {&impl->count, Program::build("danger_layers.vert", shaders::kDangerLayersVert,
                                    "danger_count.frag", shaders::kDangerCountFrag)},
  }};
  for (auto& [program, built] : passes) {
    if (!built) return Error{built.error()};
    *program = std::move(*built);
    // Every sampler keeps its unit; uniforms a pass does not use are ignored.
    program->use();
    program->set("enemies", kEnemyUnit);
    program->set("terrain", kTerrainUnit);
    program->set("occupants", kOccupantUnit);
    program->set("travelIn", kLayersUnit);
    program->set("before", kLayersUnit);
    program->set("after", kLayersUnit2);
    program->set("counts", kLayersUnit);
    program->set("originPrefix", kLayersUnit);
    program->set("mapSize", map.width(), map.height());
  }
  glUseProgram(0);

  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  const std::vector<std::uint8_t> terrain = terrainClasses(map);
  impl->terrainTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                         GL_UNSIGNED_BYTE, terrain.data(), "danger terrain");
  impl->occupantTexture =
      makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                      std::vector<std::uint8_t>(terrain.size(), 0).data(), "danger occupants");
  impl->enemyTexture = makeTexture();
  glBindTexture(GL_TEXTURE_2D, impl->enemyTexture.get());
  setNearestClamped(GL_TEXTURE_2D);
  label(GL_TEXTURE, impl->enemyTexture.get(), "danger enemies");

  impl->countTexture = makeCellTexture(map.width(), map.height(), GL_R32F, GL_RED, GL_FLOAT,
                                       nullptr, "danger count");
  auto countFramebuffer = makeFramebufferFor(impl->countTexture.get(), "danger count");
  if (!countFramebuffer) return Error{countFramebuffer.error()};
  impl->countFramebuffer = std::move(*countFramebuffer);
  auto layers = impl->ensureLayers(1);
  if (!layers) return Error{layers.error()};
  impl->emptyVertexArray = makeVertexArray();
  impl->changeQuery = makeQuery();
  return DangerSolver(std::move(impl));
}

Expected<DangerStats> DangerSolver::solve(const std::vector<Unit>& units) {
  Impl& s = *impl_;
  glViewport(0, 0, s.width, s.height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(s.emptyVertexArray.get());

  glBindFramebuffer(GL_FRAMEBUFFER, s.countFramebuffer.get());
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  // Enemies that can attack, in batches that fit the layer budget (one batch on any usual map).
  std::vector<const Unit*> attackers;
  for (const Unit& u : units) {
    if (u.team == Team::Enemy && !u.attack.none()) attackers.push_back(&u);
  }
  DangerStats stats;
  stats.enemies = static_cast<int>(attackers.size());
  s.shaded = 0;
  if (!attackers.empty()) s.uploadBoard(units);
  for (std::size_t first = 0; first < attackers.size(); first += static_cast<std::size_t>(s.maxLayers)) {
    const std::vector<const Unit*> batch(
        attackers.begin() + static_cast<std::ptrdiff_t>(first),
        attackers.begin() + static_cast<std::ptrdiff_t>(
                                std::min(attackers.size(), first + static_cast<std::size_t>(s.maxLayers))));
    const int layers = static_cast<int>(batch.size());
    if (auto made = s.ensureLayers(layers); !made) {
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glBindVertexArray(0);
      glUseProgram(0);
      return Error{made.error()};
    }
    s.uploadEnemies(batch);
    // Uploads bind to whichever unit is active, so the passes' units are bound after them.
    bindTexture(kEnemyUnit, s.enemyTexture.get());
    bindTexture(kTerrainUnit, s.terrainTexture.get());
    bindTexture(kOccupantUnit, s.occupantTexture.get());

    int current = 0;
    s.init.use();
    s.drawLayers(s.travel[0].framebuffer.get(), layers);
    int maxMove = 0;
    for (const Unit* e : batch) maxMove = std::max(maxMove, e->moveRange);
    stats.passes += s.relaxPasses(layers, maxMove, current);
    s.addThreats(layers, s.stoppingCellPrefix(layers, current));
    ++stats.batches;
  }
  stats.cellsShaded = s.shaded;

  bindTexture(kLayersUnit2, 0, GL_TEXTURE_2D_ARRAY);
  bindTexture(kLayersUnit, 0, GL_TEXTURE_2D_ARRAY);
  glActiveTexture(GL_TEXTURE0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  return stats;
}

GLuint DangerSolver::countTexture() const { return impl_->countTexture.get(); }

Grid<std::uint8_t> DangerSolver::readCounts() const {
  std::vector<float> counts(static_cast<std::size_t>(impl_->width * impl_->height));
  glBindFramebuffer(GL_FRAMEBUFFER, impl_->countFramebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, impl_->width, impl_->height, GL_RED, GL_FLOAT, counts.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  Grid<std::uint8_t> grid(impl_->width, impl_->height, 0);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    grid.cells()[i] = static_cast<std::uint8_t>(std::clamp(counts[i] + 0.5f, 0.0f, 255.0f));
  }
  return grid;
}

}  // namespace tactics::gpu
