#include "batch_atlas.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <string>

#include "atlas_shelves.h"
#include "batch_shaders.h"
#include "gpu/gl/change_tests.h"
#include "gpu/gl/gl_api.h"
#include "gpu/gl/program.h"
#include "gpu/gl/render_target.h"
#include "solver_checks.h"
#include "solver_shaders.h"
#include "tactics/solver/move_rules.h"

namespace tactics::gpu {

namespace {

// Texture units, fixed for every pass.
constexpr int kQueryUnit = 0;   // R32I query parameters (batch_atlas.vert)
constexpr int kRulesUnit = 1;   // R8UI rules atlas
constexpr int kStateUnit = 2;   // a state atlas being read (state0 in the last passes)
constexpr int kStateUnit2 = 3;  // the other (state1)
constexpr int kCountUnit = 4;   // R32UI origin counts being read

// One row per query: unit x, y, move, attack ranges; atlas shift x, y; move window x0, y0, x1,
// y1; states box x0, y0, x1, y1; then the ranges, merged and sorted, min and max each.
constexpr int kQueryColumns = 14 + 2 * AttackRange::kMaxSpans;
// A change test every this many relaxation passes (as the danger zone's).
constexpr int kPassesPerCheck = 4;

// reach values of batch_atlas.vert.
constexpr int kMoveWindow = -1;
constexpr int kStatesBox = -2;

// One query's place: where its windows are on the map and in the atlas.
struct Window {
  std::size_t index = 0;  // in the caller's queries
  CellBox move;           // the cells within its move
  CellBox states;         // the move window grown by the attack range: its answer's cells
  int atlasX = 0;         // the states box's first texel in the atlas
  int atlasY = 0;
};

struct Batch {
  std::vector<Window> windows;  // largest move first
  int width = 0;
  int height = 0;
};

Expected<RenderTarget> makeTarget(int width, int height, GLenum internalFormat, GLenum format,
                                  GLenum type, const char* name) {
  return makeRenderTarget(width, height, internalFormat, format, type, name);
}

}  // namespace

struct BatchAtlas::Impl {
  CostMap map;
  int maxTextureSize = 0;
  std::size_t budgetBytes = 0;
  int atlasWidth = 0;
  int atlasHeight = 0;

  Program init, relax, changed, origins, rowPrefix, attack;
  TextureHandle queryTexture;
  TextureHandle rulesAtlas;
  std::array<RenderTarget, 2> state;
  std::array<RenderTarget, 2> counts;
  RenderTarget answer;
  TextureHandle changedDepth;
  VertexArrayHandle emptyVertexArray;
  ChangeTests changeTests;
  RuleWindow rules;
  std::vector<std::uint8_t> ruleBytes;  // the rules atlas, built on the CPU, uploaded at once
  std::vector<std::uint8_t> readBack;
  long long shaded = 0;

  Expected<bool> ensureAtlas(int width, int height);
  std::vector<Batch> plan(const std::vector<RangeQuery>& queries) const;
  void upload(const std::vector<RangeQuery>& queries, const Batch& batch);
  // One instanced draw of the first `instances` windows, each the box `reach` names.
  void drawWindows(const Program& program, GLuint framebuffer, const Batch& batch, int instances,
                   int reach);
  int relaxPasses(const std::vector<RangeQuery>& queries, const Batch& batch);
  void attackPasses(const Batch& batch, int passesRun);
  void readAnswers(const std::vector<RangeQuery>& queries, const Batch& batch, RangeResult& result,
                   const BatchRangeSolver::Take& take);
};

Expected<bool> BatchAtlas::Impl::ensureAtlas(int width, int height) {
  if (width <= atlasWidth && height <= atlasHeight) return true;
  width = std::max(width, atlasWidth);
  height = std::max(height, atlasHeight);
  const char* stateNames[2] = {"batch state ping", "batch state pong"};
  const char* countNames[2] = {"batch origins ping", "batch origins pong"};
  for (std::size_t i = 0; i < 2; ++i) {
    auto s = makeTarget(width, height, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, stateNames[i]);
    if (!s) return Error{s.error()};
    state[i] = std::move(*s);
    auto c = makeTarget(width, height, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, countNames[i]);
    if (!c) return Error{c.error()};
    counts[i] = std::move(*c);
  }
  auto a = makeTarget(width, height, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, "batch answers");
  if (!a) return Error{a.error()};
  answer = std::move(*a);
  rulesAtlas = makeCellTexture(width, height, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, nullptr,
                               "batch rules");
  changedDepth = makeCellTexture(width, height, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT,
                                 GL_UNSIGNED_SHORT, nullptr, "batch changed cells (depth)");
  // Relaxation marks the cells it changed in depth; the change test draws into counts[0].
  for (const RenderTarget* target : {&state[0], &state[1], &counts[0]}) {
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, changedDepth.get(),
                           0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      return Error{"a batch framebuffer with the change marks attached is incomplete (status " +
                   std::to_string(status) + ")"};
    }
  }
  atlasWidth = width;
  atlasHeight = height;
  return true;
}

std::vector<Batch> BatchAtlas::Impl::plan(const std::vector<RangeQuery>& queries) const {
  std::vector<Window> windows;
  windows.reserve(queries.size());
  long long area = 0;
  int widest = 1;
  int tallest = 1;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const RangeQuery& q = queries[i];
    const CellBox move = CellBox::around(q.unit, q.moveRange).clippedTo(map.width(), map.height());
    const CellBox states =
        move.grownBy(q.attack.maxDistance()).clippedTo(map.width(), map.height());
    windows.push_back({i, move, states, 0, 0});
    area += states.area();
    widest = std::max(widest, states.width());
    tallest = std::max(tallest, states.height());
  }
  // Largest move first: relaxation pass k then draws a prefix of the instances.
  std::stable_sort(windows.begin(), windows.end(), [&](const Window& a, const Window& b) {
    return queries[a.index].moveRange > queries[b.index].moveRange;
  });
  const int width =
      shelfAtlasWidth(area, widest, tallest, budgetBytes, kBytesPerTexel, maxTextureSize);
  const int rows = shelfRowLimit(width, budgetBytes, kBytesPerTexel, maxTextureSize);
  std::vector<ShelfItem> items;
  for (const Window& w : windows) items.push_back({w.states.width(), w.states.height()});
  std::vector<Batch> batches;
  for (const ShelfBatch& shelf : packShelves(items, width, rows, maxTextureSize)) {
    Batch& batch = batches.emplace_back();
    for (const ShelfPlace& place : shelf.places) {
      Window w = windows[place.item];
      w.atlasX = place.x;
      w.atlasY = place.y;
      batch.windows.push_back(w);
    }
    batch.width = shelf.width;
    batch.height = shelf.height;
  }
  return batches;
}

void BatchAtlas::Impl::upload(const std::vector<RangeQuery>& queries, const Batch& batch) {
  std::vector<GLint> rows;
  rows.reserve(batch.windows.size() * kQueryColumns);
  ruleBytes.assign(static_cast<std::size_t>(batch.width) * static_cast<std::size_t>(batch.height),
                   0);
  std::vector<AttackSpan> spans;
  for (const Window& w : batch.windows) {
    const RangeQuery& q = queries[w.index];
    spans.clear();
    if (!q.attack.none()) q.attack.merged(spans);
    const int shiftX = w.atlasX - w.states.x0;
    const int shiftY = w.atlasY - w.states.y0;
    rows.insert(rows.end(), {q.unit.x, q.unit.y, q.moveRange, static_cast<GLint>(spans.size()),
                             shiftX, shiftY, w.move.x0, w.move.y0, w.move.x1, w.move.y1,
                             w.states.x0, w.states.y0, w.states.x1, w.states.y1});
    for (int i = 0; i < AttackRange::kMaxSpans; ++i) {
      const bool used = i < static_cast<int>(spans.size());
      rows.push_back(used ? spans[static_cast<std::size_t>(i)].min : 0);
      rows.push_back(used ? spans[static_cast<std::size_t>(i)].max : 0);
    }
    // The rules seam's bytes of the move window; the rest of the states box stays 0 (no entry).
    MoveRules(map, q).bake(w.move, rules);
    const auto& bytes = rules.bytes();
    for (int y = 0; y < w.move.height(); ++y) {
      const auto from = static_cast<std::size_t>(y) * static_cast<std::size_t>(w.move.width());
      const auto to =
          static_cast<std::size_t>(w.move.y0 + y + shiftY) * static_cast<std::size_t>(batch.width) +
          static_cast<std::size_t>(w.move.x0 + shiftX);
      std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(from), w.move.width(),
                  ruleBytes.begin() + static_cast<std::ptrdiff_t>(to));
    }
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, queryTexture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32I, kQueryColumns, static_cast<GLsizei>(batch.windows.size()),
               0, GL_RED_INTEGER, GL_INT, rows.data());
  glBindTexture(GL_TEXTURE_2D, rulesAtlas.get());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, batch.width, batch.height, GL_RED_INTEGER,
                  GL_UNSIGNED_BYTE, ruleBytes.data());
}

void BatchAtlas::Impl::drawWindows(const Program& program, GLuint framebuffer, const Batch& batch,
                                   int instances, int reach) {
  program.use();
  program.set("reach", reach);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, instances);
  for (int i = 0; i < instances; ++i) {
    const Window& w = batch.windows[static_cast<std::size_t>(i)];
    if (reach == kStatesBox) {
      shaded += w.states.area();
    } else if (reach == kMoveWindow) {
      shaded += w.move.area();
    } else {
      const long long side = 2LL * reach + 1;
      shaded += std::min(side * side, w.move.area());
    }
  }
}

int BatchAtlas::Impl::relaxPasses(const std::vector<RangeQuery>& queries, const Batch& batch) {
  const auto moveOf = [&](int i) {
    return queries[batch.windows[static_cast<std::size_t>(i)].index].moveRange;
  };
  const int maxMove = moveOf(0);
  // As the danger zone's (danger_solver.cpp): a change test every kPassesPerCheck passes, the
  // passes after a quiet one skipped by the GPU where conditional rendering exists, and every 8
  // passes a look at the test drawn 4 passes before, to stop submitting.
  // Where answers come only in a later frame (WebGL2), every pass runs and none is tested.
  const bool testChanges = sameFrameQueries();
  changeTests.start();
  bindTexture(kStateUnit2, 0);  // no pass here reads it; never one being drawn into
  glEnable(GL_DEPTH_TEST);
  int active = static_cast<int>(batch.windows.size());
  int pass = 1;
  for (; pass <= maxMove; ++pass) {
    while (active > 0 && moveOf(active - 1) < pass) --active;
    const bool checked = testChanges && pass % kPassesPerCheck == 0 && pass < maxMove;
    const int check = pass / kPassesPerCheck;
    if (testChanges) changeTests.beginIfChanged((pass - 1) / kPassesPerCheck);
    // Pass k reads the atlas pass k - 1 wrote: state[(k - 1) & 1], writes state[k & 1].
    relax.use();
    relax.set("pass", pass);
    bindTexture(kStateUnit, state[static_cast<std::size_t>((pass - 1) & 1)].texture.get());
    glDepthFunc(GL_ALWAYS);
    glDepthMask(GL_TRUE);
    drawWindows(relax, state[static_cast<std::size_t>(pass & 1)].framebuffer.get(), batch, active,
                pass);
    if (checked) {
      glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
      glDepthFunc(GL_GREATER);
      glDepthMask(GL_FALSE);
      changeTests.begin(check);
      drawWindows(changed, counts[0].framebuffer.get(), batch, active, pass);
      changeTests.end();
      glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    }
    changeTests.endIfChanged();
    if (checked && lookBackTest(pass) != 0 &&
        !changeTests.changed(lookBackTest(pass) / kPassesPerCheck)) {
      ++pass;
      break;
    }
  }
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  return pass - 1;
}

void BatchAtlas::Impl::attackPasses(const Batch& batch, int passesRun) {
  const int instances = static_cast<int>(batch.windows.size());
  bindTexture(kStateUnit, state[0].texture.get());
  bindTexture(kStateUnit2, state[1].texture.get());
  origins.use();
  origins.set("passesRun", passesRun);
  drawWindows(origins, counts[0].framebuffer.get(), batch, instances, kMoveWindow);
  int widest = 1;
  // Along rows, or along columns on hex-x (batch_row_prefix.frag).
  const bool alongColumns = map.layout() == GridLayout::HexXOdd ||
                            map.layout() == GridLayout::HexXEven;
  for (const Window& w : batch.windows) {
    widest = std::max(widest, alongColumns ? w.move.height() : w.move.width());
  }
  int result = 0;
  for (int stride = 1; stride < widest; stride *= 16) {
    rowPrefix.use();
    rowPrefix.set("stride", stride);
    bindTexture(kCountUnit, counts[static_cast<std::size_t>(result)].texture.get());
    drawWindows(rowPrefix, counts[static_cast<std::size_t>(1 - result)].framebuffer.get(), batch,
                instances, kMoveWindow);
    result = 1 - result;
  }
  bindTexture(kCountUnit, counts[static_cast<std::size_t>(result)].texture.get());
  attack.use();
  attack.set("passesRun", passesRun);
  drawWindows(attack, answer.framebuffer.get(), batch, instances, kStatesBox);
}

void BatchAtlas::Impl::readAnswers(const std::vector<RangeQuery>& queries, const Batch& batch,
                                   RangeResult& result, const BatchRangeSolver::Take& take) {
  // The one wait of the batch: every answer at once.
  readBack.resize(static_cast<std::size_t>(batch.width) * static_cast<std::size_t>(batch.height) *
                  4);
  glBindFramebuffer(GL_FRAMEBUFFER, answer.framebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, batch.width, batch.height, GL_RGBA, GL_UNSIGNED_BYTE, readBack.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::size_t rowBytes = static_cast<std::size_t>(batch.width) * 4;
  for (const Window& w : batch.windows) {
    const RangeQuery& q = queries[w.index];
    const std::uint8_t* first = readBack.data() + static_cast<std::size_t>(w.atlasY) * rowBytes +
                                static_cast<std::size_t>(w.atlasX) * 4;
    clearForRefill(result, map.width(), map.height(), map.layout());
    decodeStateBox(w.states, first, rowBytes, result);
    // R holds the pass that last lowered each reached cell's cost: its steps.
    int mostSteps = 0;
    for (int y = 0; y < w.states.height(); ++y) {
      const std::uint8_t* texel = first + static_cast<std::size_t>(y) * rowBytes;
      for (int x = 0; x < w.states.width(); ++x, texel += 4) {
        if (texel[1] >= 192) mostSteps = std::max<int>(mostSteps, texel[0]);
      }
    }
    result.passes = q.moveRange == 0 ? 0 : std::min(q.moveRange, mostSteps + 1);
    take(w.index, result);
  }
}

BatchAtlas::BatchAtlas(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BatchAtlas::BatchAtlas(BatchAtlas&&) noexcept = default;
BatchAtlas& BatchAtlas::operator=(BatchAtlas&&) noexcept = default;
BatchAtlas::~BatchAtlas() = default;

Expected<BatchAtlas> BatchAtlas::create(const CostMap& map, std::size_t budgetBytes) {
  auto impl = std::make_unique<Impl>();
  impl->map = map;
  impl->budgetBytes = budgetBytes;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &impl->maxTextureSize);
  const auto windowed = [&](std::string_view name, std::string_view source) {
    return Program::build("batch_atlas.vert", batch_shaders::kBatchAtlasVert, name, source,
                          map.layout());
  };
  std::array<std::pair<Program*, Expected<Program>>, 6> passes = {{
      {&impl->init, windowed("batch_init.frag", batch_shaders::kBatchInitFrag)},
      {&impl->relax, windowed("batch_relax.frag", batch_shaders::kBatchRelaxFrag)},
      {&impl->changed, windowed("changed.frag", shaders::kChangedFrag)},
      {&impl->origins, windowed("batch_origins.frag", batch_shaders::kBatchOriginsFrag)},
      {&impl->rowPrefix, windowed("batch_row_prefix.frag", batch_shaders::kBatchRowPrefixFrag)},
      {&impl->attack, windowed("batch_attack.frag", batch_shaders::kBatchAttackFrag)},
  }};
  for (auto& [program, built] : passes) {
    if (!built) return Error{built.error()};
    *program = std::move(*built);
    // Every sampler keeps its unit; uniforms a pass does not use are ignored.
    program->use();
    program->set("queries", kQueryUnit);
    program->set("rules", kRulesUnit);
    program->set("state", kStateUnit);
    program->set("state0", kStateUnit);
    program->set("state1", kStateUnit2);
    program->set("counts", kCountUnit);
    program->set("originPrefix", kCountUnit);
  }
  glUseProgram(0);
  impl->queryTexture = makeTexture();
  glBindTexture(GL_TEXTURE_2D, impl->queryTexture.get());
  setNearestClamped(GL_TEXTURE_2D);
  label(GL_TEXTURE, impl->queryTexture.get(), "batch queries");
  impl->emptyVertexArray = makeVertexArray();
  impl->changeTests = ChangeTests(ChangeTests::conditionalRenderingHere());
  return BatchAtlas(std::move(impl));
}

std::optional<std::string> BatchAtlas::solve(const std::vector<RangeQuery>& queries,
                                             RangeResult& result, BatchStats& stats,
                                             const BatchRangeSolver::Take& take) {
  Impl& s = *impl_;
  if (queries.empty()) return std::nullopt;
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(s.emptyVertexArray.get());
  s.shaded = 0;
  for (const Batch& batch : s.plan(queries)) {
    if (auto made = s.ensureAtlas(batch.width, batch.height); !made) {
      glBindVertexArray(0);
      return "cannot make the batch atlas: " + made.error();
    }
    s.upload(queries, batch);
    bindTexture(kQueryUnit, s.queryTexture.get());
    bindTexture(kRulesUnit, s.rulesAtlas.get());
    for (const Program* p : {&s.init, &s.relax, &s.changed, &s.origins, &s.rowPrefix, &s.attack}) {
      p->use();
      p->set("targetSize", s.atlasWidth, s.atlasHeight);
    }
    glViewport(0, 0, s.atlasWidth, s.atlasHeight);
    const int instances = static_cast<int>(batch.windows.size());
    for (const RenderTarget& t : s.state) {
      s.drawWindows(s.init, t.framebuffer.get(), batch, instances, kStatesBox);
    }
    const int passesRun = s.relaxPasses(queries, batch);
    s.attackPasses(batch, passesRun);
    s.readAnswers(queries, batch, result, take);
    ++stats.submissions;
  }
  stats.cellsShaded += s.shaded;
  for (int unit : {kQueryUnit, kRulesUnit, kStateUnit, kStateUnit2, kCountUnit})
    bindTexture(unit, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  return std::nullopt;
}

}  // namespace tactics::gpu
