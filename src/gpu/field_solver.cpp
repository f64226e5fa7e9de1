#include "gpu/field_solver.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "field_shaders.h"
#include "gpu/program.h"
#include "solver_shaders.h"

namespace tactics::gpu {

namespace {

constexpr GLuint kUnreached = 0xFFFFFFFFu;
constexpr std::uint8_t kSourceBit = 1;
constexpr std::uint8_t kBlockerBit = 2;

// A texture the passes render into, with its framebuffer.
struct FieldTarget {
  TextureHandle texture;
  FramebufferHandle framebuffer;
};

// A map-sized texture read exactly with texelFetch: nearest, clamped.
TextureHandle makeMapTexture(int width, int height, GLenum internalFormat, GLenum format,
                             GLenum type, const void* pixels, const char* name) {
  TextureHandle texture = makeTexture();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internalFormat), width, height, 0, format,
               type, pixels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  label(GL_TEXTURE, texture.get(), name);
  return texture;
}

Expected<FieldTarget> makeTarget(int width, int height, GLenum internalFormat, GLenum format,
                                 GLenum type, const char* name) {
  FieldTarget target{makeMapTexture(width, height, internalFormat, format, type, nullptr, name),
                     makeFramebuffer()};
  glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                         target.texture.get(), 0);
  label(GL_FRAMEBUFFER, target.framebuffer.get(), name);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    return Error{std::string("framebuffer ") + name + " is incomplete (status " +
                 std::to_string(status) + ")"};
  }
  return target;
}

void bindTexture(int unit, GLuint texture) {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_2D, texture);
}

}  // namespace

struct FieldSolver::Impl {
  int width = 0;
  int height = 0;

  Program init, relax, changed;
  TextureHandle terrainTexture;    // R8UI terrain classes, never modified
  TextureHandle occupantTexture;   // R8UI source and blocker bits, rewritten by every solve
  std::array<FieldTarget, 2> field;  // ping-pong R32UI fields
  FieldTarget changeTarget;        // R8, drawn into (colour writes off) by the convergence test
  VertexArrayHandle emptyVertexArray;
  QueryHandle changeQuery;
  int current = 0;                 // index of the field holding the latest result
  mutable long long shaded = 0;    // fragments drawn by the current solve

  void drawInto(const FieldTarget& target) const {
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    shaded += static_cast<long long>(width) * height;
  }
  [[nodiscard]] const FieldTarget& latest() const {
    return field[static_cast<std::size_t>(current)];
  }

  void uploadOccupants(const FieldQuery& query) const;
  // True when the last relaxation pass (previous field -> latest) changed some cell.
  [[nodiscard]] bool lastPassChanged() const;
};

void FieldSolver::Impl::uploadOccupants(const FieldQuery& query) const {
  std::vector<std::uint8_t> bits(static_cast<std::size_t>(width * height), 0);
  const auto at = [&](Cell c) -> std::uint8_t& {
    return bits[static_cast<std::size_t>(c.y * width + c.x)];
  };
  for (Cell c : query.sources) at(c) |= kSourceBit;
  for (Cell c : query.blockers) at(c) |= kBlockerBit;
  glBindTexture(GL_TEXTURE_2D, occupantTexture.get());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                  bits.data());
}

bool FieldSolver::Impl::lastPassChanged() const {
  changed.use();
  bindTexture(0, field[static_cast<std::size_t>(1 - current)].texture.get());
  bindTexture(1, latest().texture.get());
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, changeQuery.get());
  drawInto(changeTarget);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  GLuint anyChange = GL_TRUE;
  glGetQueryObjectuiv(changeQuery.get(), GL_QUERY_RESULT, &anyChange);
  return anyChange != GL_FALSE;
}

FieldSolver::FieldSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FieldSolver::FieldSolver(FieldSolver&&) noexcept = default;
FieldSolver& FieldSolver::operator=(FieldSolver&&) noexcept = default;
FieldSolver::~FieldSolver() = default;

Expected<FieldSolver> FieldSolver::create(const CostMap& map) {
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (map.width() > maxSize || map.height() > maxSize) {
    return Error{"the map is " + map.sizeText() + " but this OpenGL allows textures up to " +
                 std::to_string(maxSize) + " texels wide"};
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
                                source.second);
    if (!built) return Error{built.error()};
    *program = std::move(*built);
  }

  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  std::vector<std::uint8_t> terrain;
  terrain.reserve(map.greyValues().size());
  for (std::uint8_t grey : map.greyValues()) {
    terrain.push_back(static_cast<std::uint8_t>(terrainClass(grey)));
  }
  impl->terrainTexture = makeMapTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                        GL_UNSIGNED_BYTE, terrain.data(), "field terrain");
  impl->occupantTexture = makeMapTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                         GL_UNSIGNED_BYTE, nullptr, "field occupants");

  const char* fieldNames[2] = {"field ping", "field pong"};
  for (std::size_t i = 0; i < 2; ++i) {
    auto target = makeTarget(map.width(), map.height(), GL_R32UI, GL_RED_INTEGER,
                             GL_UNSIGNED_INT, fieldNames[i]);
    if (!target) return Error{target.error()};
    impl->field[i] = std::move(*target);
  }
  auto changeTarget =
      makeTarget(map.width(), map.height(), GL_R8, GL_RED, GL_UNSIGNED_BYTE, "field changes");
  if (!changeTarget) return Error{changeTarget.error()};
  impl->changeTarget = std::move(*changeTarget);
  impl->emptyVertexArray = makeVertexArray();
  impl->changeQuery = makeQuery();
  return FieldSolver(std::move(impl));
}

FieldStats FieldSolver::solve(const FieldQuery& query, int passLimit) {
  Impl& s = *impl_;
  glViewport(0, 0, s.width, s.height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(s.emptyVertexArray.get());

  // Sources at 0, everything else unreached.
  s.shaded = 0;
  s.uploadOccupants(query);
  s.init.use();
  s.init.set("occupants", 0);
  bindTexture(0, s.occupantTexture.get());
  s.drawInto(s.latest());

  std::array<int, kTerrainClasses> costs{};
  for (int t = 0; t < kTerrainClasses; ++t) {
    costs[static_cast<std::size_t>(t)] = query.movement.passable(t) ? query.movement.cost(t) : 0;
  }
  s.relax.use();
  s.relax.set("field", 0);
  s.relax.set("terrain", 1);
  s.relax.set("occupants", 2);
  s.relax.setArray("terrainCost", costs.data(), kTerrainClasses);
  s.relax.set("mapSize", s.width, s.height);
  s.changed.use();
  s.changed.set("before", 0);
  s.changed.set("after", 1);

  // Relax in batches; after each, ask whether its last pass changed anything. A pass that
  // changes nothing leaves a fixed point, so every later pass would change nothing either.
  FieldStats stats;
  while (stats.passes < passLimit) {
    const int batch = std::min(kPassesPerCheck, passLimit - stats.passes);
    s.relax.use();
    bindTexture(1, s.terrainTexture.get());
    bindTexture(2, s.occupantTexture.get());
    for (int i = 0; i < batch; ++i) {
      bindTexture(0, s.latest().texture.get());
      s.current = 1 - s.current;
      s.drawInto(s.latest());
    }
    stats.passes += batch;
    if (!s.lastPassChanged()) {
      stats.converged = true;
      break;
    }
  }

  stats.cellsShaded = s.shaded;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  return stats;
}

GLuint FieldSolver::fieldTexture() const { return impl_->latest().texture.get(); }
int FieldSolver::width() const { return impl_->width; }
int FieldSolver::height() const { return impl_->height; }

DistanceField FieldSolver::readField() const {
  const Impl& s = *impl_;
  std::vector<GLuint> costs(static_cast<std::size_t>(s.width * s.height));
  glBindFramebuffer(GL_FRAMEBUFFER, s.latest().framebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, s.width, s.height, GL_RED_INTEGER, GL_UNSIGNED_INT, costs.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  DistanceField field(s.width, s.height, kFieldUnreachable);
  for (std::size_t i = 0; i < costs.size(); ++i) {
    if (costs[i] != kUnreached) field.cells()[i] = static_cast<FieldCost>(costs[i]);
  }
  return field;
}

}  // namespace tactics::gpu
