#include "tactics/gpu/field_solver.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "board_inputs.h"
#include "field_shaders.h"
#include "gpu/gl/change_tests.h"
#include "gpu/gl/gl_api.h"
#include "gpu/gl/program.h"
#include "gpu/gl/render_target.h"
#include "gpu/gl/state_guard.h"
#include "solver_checks.h"
#include "solver_shaders.h"
#include "tactics/solver/move_rules.h"

namespace tactics::gpu {

struct FieldSolver::Impl {
  int width = 0;
  int height = 0;

  CostMap map;  // what the rules are baked from
  Program init, relax, changed;
  TextureHandle rulesTexture;      // R8UI, the rules seam's bytes for the field's class
  TextureHandle sourceTexture;     // R8UI, kFieldSourceBit where a source stands
  RuleWindow rules;
  std::array<RenderTarget, 2> field;  // ping-pong R32UI fields
  RenderTarget changeTarget;        // R8, drawn into (colour writes off) by the convergence test
  VertexArrayHandle emptyVertexArray;
  ChangeTests changeTests;         // one occlusion query per batch of passes, read late
  int current = 0;                 // index of the field holding the latest result
  mutable long long shaded = 0;    // fragments drawn by the current solve

  void drawInto(const RenderTarget& target) const {
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    shaded += static_cast<long long>(width) * height;
  }
  [[nodiscard]] const RenderTarget& latest() const {
    return field[static_cast<std::size_t>(current)];
  }

  void uploadQuery(const FieldQuery& query);
  // Draws change test `test`: did the last relaxation pass (previous field -> latest) change
  // some cell?
  void testLastPass(int test);
  // solve()'s steps: the sources drawn at 0, then relaxation in batches until a pass is quiet.
  void seed(const FieldQuery& query);
  FieldStats relaxUntilQuiet(int passLimit);
};

void FieldSolver::Impl::uploadQuery(const FieldQuery& query) {
  bakeFieldRules(map, query, rules);
  uploadRules(rulesTexture.get(), rules);
  const std::vector<std::uint8_t> bits = fieldSourceBits(query, width, height);
  glBindTexture(GL_TEXTURE_2D, sourceTexture.get());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                  bits.data());
}

void FieldSolver::Impl::testLastPass(int test) {
  changed.use();
  bindTexture(0, field[static_cast<std::size_t>(1 - current)].texture.get());
  bindTexture(1, latest().texture.get());
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  changeTests.begin(test);
  drawInto(changeTarget);
  changeTests.end();
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

FieldSolver::FieldSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FieldSolver::FieldSolver(FieldSolver&&) noexcept = default;
FieldSolver& FieldSolver::operator=(FieldSolver&&) noexcept = default;
FieldSolver::~FieldSolver() = default;

Expected<FieldSolver> FieldSolver::create(const CostMap& map) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};
  if (!sameFrameQueries()) {
    return Error{"the fragment field stops when a pass changes nothing, which it learns from an "
                 "occlusion query that WebGL2 answers only in a later frame; use the cpu backend"};
  }

  auto impl = std::make_unique<Impl>();
  impl->width = map.width();
  impl->height = map.height();

  const std::array<std::pair<Program*, std::pair<std::string_view, std::string_view>>, 3> passes = {{
      {&impl->init, {"field_init.frag", field_shaders::kFieldInitFrag}},
      {&impl->relax, {"field_relax.frag", field_shaders::kFieldRelaxFrag}},
      {&impl->changed, {"field_changed.frag", field_shaders::kFieldChangedFrag}},
  }};
  for (const auto& [program, source] : passes) {
    auto built = Program::build("fullscreen.vert", shaders::kFullscreenVert, source.first,
                                source.second, map.layout());
    if (!built) return Error{built.error()};
    *program = std::move(*built);
  }

  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  impl->map = map;
  impl->rulesTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                       GL_UNSIGNED_BYTE, nullptr, "field rules");
  impl->sourceTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                        GL_UNSIGNED_BYTE, nullptr, "field sources");

  const char* fieldNames[2] = {"field ping", "field pong"};
  for (std::size_t i = 0; i < 2; ++i) {
    auto target = makeRenderTarget(map.width(), map.height(), GL_R32UI, GL_RED_INTEGER,
                                   GL_UNSIGNED_INT, fieldNames[i]);
    if (!target) return Error{target.error()};
    impl->field[i] = std::move(*target);
  }
  auto changeTarget =
      makeRenderTarget(map.width(), map.height(), GL_R8, GL_RED, GL_UNSIGNED_BYTE, "field changes");
  if (!changeTarget) return Error{changeTarget.error()};
  impl->changeTarget = std::move(*changeTarget);
  impl->emptyVertexArray = makeVertexArray();
  impl->changeTests = ChangeTests(ChangeTests::conditionalRenderingHere());
  return FieldSolver(std::move(impl));
}

void FieldSolver::Impl::seed(const FieldQuery& query) {
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(emptyVertexArray.get());

  // Sources at 0, everything else unreached.
  shaded = 0;
  uploadQuery(query);
  init.use();
  init.set("sources", 0);
  bindTexture(0, sourceTexture.get());
  drawInto(latest());

  relax.use();
  relax.set("field", 0);
  relax.set("rules", 1);
  relax.set("mapSize", width, height);
  changed.use();
  changed.set("before", 0);
  changed.set("after", 1);
}

// Relax in batches, each with a change test after its last pass. A pass that changes nothing
// leaves a fixed point, so every later pass would change nothing either. With conditional
// rendering each batch runs only if the test before it saw a change, so the GPU stops by
// itself; after each batch the CPU reads the test of the batch before (two before without
// conditional rendering, where the passes after a quiet test still run), so the GPU always
// has a batch queued while the CPU waits: one read per batch of passes, never per pass. The
// first quiet test is then found by bisection (gpu/gl/change_tests.h).
FieldStats FieldSolver::Impl::relaxUntilQuiet(int passLimit) {
  FieldStats stats;
  changeTests.start();
  int test = 0;
  int submitted = 0;
  while (submitted < passLimit) {
    const int batch = std::min(kPassesPerCheck, passLimit - submitted);
    changeTests.beginIfChanged(test);
    relax.use();
    bindTexture(1, rulesTexture.get());
    for (int i = 0; i < batch; ++i) {
      bindTexture(0, latest().texture.get());
      current = 1 - current;
      drawInto(latest());
    }
    submitted += batch;
    testLastPass(++test);
    changeTests.endIfChanged();
    const int lookBack = changeTests.conditional() ? test - 1 : test - 2;
    if (lookBack >= 1 && !changeTests.changed(lookBack)) break;
  }
  const int firstQuiet = changeTests.firstQuiet(test);
  stats.converged = firstQuiet != 0;
  stats.passes = firstQuiet != 0 ? std::min(firstQuiet * kPassesPerCheck, submitted) : submitted;
  // Passes the GPU skipped shaded nothing.
  if (changeTests.conditional() && firstQuiet != 0) {
    shaded = std::min(shaded, static_cast<long long>(firstQuiet * (kPassesPerCheck + 1) + 1) *
                                  width * height);
  }
  stats.cellsShaded = shaded;
  return stats;
}

FieldStats FieldSolver::solve(const FieldQuery& query, int passLimit) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  s.seed(query);
  const FieldStats stats = s.relaxUntilQuiet(passLimit);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  return stats;
}

std::uint32_t FieldSolver::fieldTexture() const { return impl_->latest().texture.get(); }
int FieldSolver::width() const { return impl_->width; }
int FieldSolver::height() const { return impl_->height; }

DistanceField FieldSolver::readField() const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  const Impl& s = *impl_;
  // RGBA_INTEGER, the one read-back of an unsigned integer target OpenGL ES 3.0 guarantees, in
  // bands of rows, so the three unused channels never cost more than a band's memory.
  constexpr int kRowsPerRead = 64;
  const auto width = static_cast<std::size_t>(s.width);
  std::vector<GLuint> costs(width * static_cast<std::size_t>(s.height));
  std::vector<GLuint> rgba(width * static_cast<std::size_t>(std::min(kRowsPerRead, s.height)) * 4);
  glBindFramebuffer(GL_FRAMEBUFFER, s.latest().framebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  for (int y = 0; y < s.height; y += kRowsPerRead) {
    const int rows = std::min(kRowsPerRead, s.height - y);
    glReadPixels(0, y, s.width, rows, GL_RGBA_INTEGER, GL_UNSIGNED_INT, rgba.data());
    const std::size_t first = static_cast<std::size_t>(y) * width;
    for (std::size_t i = 0; i < width * static_cast<std::size_t>(rows); ++i) {
      costs[first + i] = rgba[i * 4];
    }
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return fieldFromCosts(costs, s.width, s.height);
}

}  // namespace tactics::gpu
