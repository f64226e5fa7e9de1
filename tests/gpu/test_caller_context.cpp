// The solvers on a context the caller draws with (issue 26, item 3): every job on the gpu and
// compute backends puts back each piece of GL state the caller had, answers right whatever that
// state was, and leaves the range's state texture holding its answer until the next range solve;
// gpu::loadGl loads the library's GL for a context it did not make. The [gpu] cases run on the
// ES 3.0 context too (label gpu-es).
#include <catch2/catch.hpp>

#include <EGL/egl.h>
#include <glad/gl.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gl_context.h"
#include "gpu/gl/gl_handle.h"
#include "gpu/gl/program.h"
#include "tactics/gpu/gl_loader.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

bool isEs() {
  return testing::testGlApi() == gpu::GlApi::Es;
}

// A 23x17 board (odd widths: a caller's 4- or 8-byte row alignment would shift every row of an
// upload or read-back that assumed packed rows) with a player, an ally and two enemies.
struct Board {
  CostMap map;
  std::vector<Unit> units;
};

Board makeBoard() {
  constexpr int kWidth = 23;
  constexpr int kHeight = 17;
  std::vector<std::uint8_t> grey(kWidth * kHeight, 0);
  for (std::size_t i = 0; i < grey.size(); ++i) {
    const std::size_t pattern = (i * 7 + i / kWidth * 3) % 11;
    grey[i] = pattern == 0 ? 127 : pattern == 1 ? 76 : pattern == 2 ? 255 : 0;
  }
  Board board{CostMap(kWidth, kHeight, grey), {}};
  const auto unit = [&](const char* name, Team team, Cell cell, int move, AttackRange attack) {
    Unit u;
    u.name = name;
    u.team = team;
    u.cell = cell;
    u.moveRange = move;
    u.attack = attack;
    board.map.setGrey(cell, 0);
    board.units.push_back(u);
  };
  unit("hero", Team::Player, {5, 8}, 6, AttackRange(1, 2));
  unit("friend", Team::Ally, {7, 8}, 3, AttackRange(1, 1));
  unit("raider", Team::Enemy, {15, 4}, 4, AttackRange(1, 1));
  unit("archer", Team::Enemy, {18, 12}, 5, AttackRange(2, 3));
  return board;
}

// Every piece of state the guard keeps, read back independently of it, by name.
using Snapshot = std::map<std::string, std::vector<double>>;

constexpr int kUnitsChecked = 8;  // the guarded units and a few beyond them

Snapshot snapshot(bool compute) {
  Snapshot s;
  const auto ints = [&](const std::string& what, GLenum name, int count = 1) {
    std::vector<GLint> values(static_cast<std::size_t>(count), -12345);
    glGetIntegerv(name, values.data());
    s[what] = std::vector<double>(values.begin(), values.end());
  };
  const auto floats = [&](const std::string& what, GLenum name, int count) {
    std::vector<GLfloat> values(static_cast<std::size_t>(count), -1.0f);
    glGetFloatv(name, values.data());
    s[what] = std::vector<double>(values.begin(), values.end());
  };
  const auto booleans = [&](const std::string& what, GLenum name, int count) {
    std::vector<GLboolean> values(static_cast<std::size_t>(count), 7);
    glGetBooleanv(name, values.data());
    s[what] = std::vector<double>(values.begin(), values.end());
  };
  const auto enabled = [&](const std::string& what, GLenum capability) {
    s[what + " enabled"] = {static_cast<double>(glIsEnabled(capability))};
  };
  ints("draw framebuffer", GL_DRAW_FRAMEBUFFER_BINDING);
  ints("read framebuffer", GL_READ_FRAMEBUFFER_BINDING);
  ints("viewport", GL_VIEWPORT, 4);
  ints("scissor box", GL_SCISSOR_BOX, 4);
  enabled("scissor test", GL_SCISSOR_TEST);
  enabled("blend", GL_BLEND);
  for (const auto& [what, name] :
       std::map<std::string, GLenum>{{"blend equation rgb", GL_BLEND_EQUATION_RGB},
                                     {"blend equation alpha", GL_BLEND_EQUATION_ALPHA},
                                     {"blend src rgb", GL_BLEND_SRC_RGB},
                                     {"blend src alpha", GL_BLEND_SRC_ALPHA},
                                     {"blend dst rgb", GL_BLEND_DST_RGB},
                                     {"blend dst alpha", GL_BLEND_DST_ALPHA}}) {
    ints(what, name);
  }
  enabled("depth test", GL_DEPTH_TEST);
  ints("depth func", GL_DEPTH_FUNC);
  booleans("depth mask", GL_DEPTH_WRITEMASK, 1);
  floats("depth range", GL_DEPTH_RANGE, 2);
  booleans("colour mask", GL_COLOR_WRITEMASK, 4);
  floats("clear colour", GL_COLOR_CLEAR_VALUE, 4);
  enabled("cull face", GL_CULL_FACE);
  ints("cull face mode", GL_CULL_FACE_MODE);
  enabled("polygon offset fill", GL_POLYGON_OFFSET_FILL);
  enabled("rasterizer discard", GL_RASTERIZER_DISCARD);
  if (!isEs()) {
    enabled("colour logic op", GL_COLOR_LOGIC_OP);
    ints("polygon mode", GL_POLYGON_MODE, 2);  // front and back, or one of them
  }
  ints("program", GL_CURRENT_PROGRAM);
  ints("vertex array", GL_VERTEX_ARRAY_BINDING);
  ints("array buffer", GL_ARRAY_BUFFER_BINDING);
  ints("pixel pack buffer", GL_PIXEL_PACK_BUFFER_BINDING);
  ints("pixel unpack buffer", GL_PIXEL_UNPACK_BUFFER_BINDING);
  ints("copy read buffer", GL_COPY_READ_BUFFER_BINDING);
  ints("copy write buffer", GL_COPY_WRITE_BUFFER_BINDING);
  for (const auto& [what, name] :
       std::map<std::string, GLenum>{{"pack alignment", GL_PACK_ALIGNMENT},
                                     {"pack row length", GL_PACK_ROW_LENGTH},
                                     {"pack skip rows", GL_PACK_SKIP_ROWS},
                                     {"unpack alignment", GL_UNPACK_ALIGNMENT},
                                     {"unpack row length", GL_UNPACK_ROW_LENGTH},
                                     {"unpack skip pixels", GL_UNPACK_SKIP_PIXELS}}) {
    ints(what, name);
  }
  GLint active = 0;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
  s["active texture"] = {static_cast<double>(active)};
  for (int unit = 0; unit < kUnitsChecked; ++unit) {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    ints("texture on unit " + std::to_string(unit), GL_TEXTURE_BINDING_2D);
    ints("sampler on unit " + std::to_string(unit), GL_SAMPLER_BINDING);
  }
  glActiveTexture(static_cast<GLenum>(active));
  if (!compute) return s;
  ints("storage buffer", GL_SHADER_STORAGE_BUFFER_BINDING);
  for (GLuint i = 0; i < 4; ++i) {
    GLint buffer = 0;
    GLint64 start = 0;
    GLint64 size = 0;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, i, &buffer);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, i, &start);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, i, &size);
    s["storage binding " + std::to_string(i)] = {
        static_cast<double>(buffer), static_cast<double>(start), static_cast<double>(size)};
  }
  for (GLuint i = 0; i < 3; ++i) {
    std::vector<double> image;
    const GLenum names[] = {GL_IMAGE_BINDING_NAME, GL_IMAGE_BINDING_LEVEL, GL_IMAGE_BINDING_LAYER,
                            GL_IMAGE_BINDING_ACCESS, GL_IMAGE_BINDING_FORMAT};
    for (GLenum name : names) {
      GLint value = -1;
      glGetIntegeri_v(name, i, &value);
      image.push_back(value);
    }
    s["image unit " + std::to_string(i)] = image;
  }
  return s;
}

struct Sampler {
  GLuint id = 0;
  Sampler() { glGenSamplers(1, &id); }
  ~Sampler() { glDeleteSamplers(1, &id); }
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;
};

gpu::TextureHandle smallTexture() {
  gpu::TextureHandle texture = gpu::makeTexture();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  return texture;
}

// What a game might have bound and set when it asks for a range: nothing at GL's defaults, and
// several settings that would spoil the passes if the solvers kept them (culling every face, a
// linear sampler on integer textures, row lengths and pixel buffers, a write mask...).
class CallerScene {
 public:
  CallerScene() {
    auto built =
        gpu::Program::build("caller.vert", "void main() { gl_Position = vec4(0.0); }",
                            "caller.frag", "out vec4 colour;\nvoid main() { colour = vec4(1.0); }");
    INFO((built ? "" : built.error()));
    REQUIRE(built);
    program_ = std::move(*built);
    for (auto& texture : textures_) texture = smallTexture();
    for (std::size_t i = 0; i < framebuffers_.size(); ++i) {
      framebuffers_[i] = gpu::makeFramebuffer();
      glBindFramebuffer(GL_FRAMEBUFFER, framebuffers_[i].get());
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                             textures_[i].get(), 0);
      REQUIRE(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
    }
    for (auto& buffer : buffers_) {
      buffer = gpu::makeBuffer();
      glBindBuffer(GL_ARRAY_BUFFER, buffer.get());
      glBufferData(GL_ARRAY_BUFFER, 4096, nullptr, GL_STATIC_DRAW);
    }
    vertexArray_ = gpu::makeVertexArray();
    glSamplerParameteri(linear_.id, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glSamplerParameteri(linear_.id, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  }

  void apply(bool compute) const {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffers_[0].get());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffers_[1].get());
    glViewport(3, 5, 17, 19);
    glScissor(1, 2, 3, 4);
    glEnable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE, GL_DST_COLOR, GL_ZERO);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_GEQUAL);
    glDepthMask(GL_FALSE);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glClearColor(0.25f, 0.5f, 0.75f, 0.125f);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_FRONT_AND_BACK);  // every triangle of a pass would be dropped
    glEnable(GL_POLYGON_OFFSET_FILL);
    if (isEs()) {
      glDepthRangef(0.25f, 0.75f);
    } else {
      glDepthRange(0.25, 0.75);
      glEnable(GL_COLOR_LOGIC_OP);
      glLogicOp(GL_XOR);
      glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    }
    program_.use();
    glBindVertexArray(vertexArray_.get());
    glBindBuffer(GL_ARRAY_BUFFER, buffers_[0].get());
    glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers_[1].get());
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffers_[2].get());
    glBindBuffer(GL_COPY_READ_BUFFER, buffers_[7].get());
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffers_[8].get());
    glPixelStorei(GL_PACK_ALIGNMENT, 8);
    glPixelStorei(GL_PACK_ROW_LENGTH, 5);
    glPixelStorei(GL_PACK_SKIP_ROWS, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
    for (int unit = 0; unit < kUnitsChecked; ++unit) {
      glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
      glBindTexture(GL_TEXTURE_2D, textures_[2 + static_cast<std::size_t>(unit)].get());
      glBindSampler(static_cast<GLuint>(unit), unit < 2 ? linear_.id : 0);
    }
    glActiveTexture(GL_TEXTURE2);
    if (!compute) return;
    GLint alignment = 0;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, buffers_[3].get(), alignment, 64);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers_[4].get());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, buffers_[5].get());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[6].get());
    glBindImageTexture(0, textures_[0].get(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    glBindImageTexture(2, textures_[1].get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8UI);
  }

  // Back to GL's defaults, so the next test starts from the state it expects.
  static void reset() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ZERO);
    glDisable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glDisable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glDisable(GL_POLYGON_OFFSET_FILL);
    if (isEs()) {
      glDepthRangef(0.0f, 1.0f);
    } else {
      glDepthRange(0.0, 1.0);
      glDisable(GL_COLOR_LOGIC_OP);
      glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    glUseProgram(0);
    glBindVertexArray(0);
    const GLenum buffers[] = {GL_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER,
                              GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER};
    for (GLenum target : buffers) glBindBuffer(target, 0);
    const GLenum pixelStore[] = {GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS, GL_UNPACK_ROW_LENGTH,
                                 GL_UNPACK_SKIP_PIXELS};
    for (GLenum name : pixelStore) glPixelStorei(name, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int unit = 0; unit < kUnitsChecked; ++unit) {
      glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
      glBindTexture(GL_TEXTURE_2D, 0);
      glBindSampler(static_cast<GLuint>(unit), 0);
    }
    glActiveTexture(GL_TEXTURE0);
    if (!gpu::supportsCompute()) return;
    for (GLuint i = 0; i < 4; ++i) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    for (GLuint i = 0; i < 3; ++i) {
      glBindImageTexture(i, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    }
  }

 private:
  gpu::Program program_;
  std::array<gpu::TextureHandle, 2 + kUnitsChecked> textures_;
  std::array<gpu::FramebufferHandle, 2> framebuffers_;
  std::array<gpu::BufferHandle, 9> buffers_;
  gpu::VertexArrayHandle vertexArray_;
  Sampler linear_;
};

void requireSameState(const Snapshot& before, const Snapshot& after, const std::string& job) {
  for (const auto& [what, values] : before) {
    INFO(job << ": " << what);
    CHECK(after.at(what) == values);
  }
}

gpu::Solvers makeSolvers(const CostMap& map, Backend backend) {
  auto solvers = gpu::Solvers::create(map, backend);
  INFO((solvers ? "" : solvers.error()));
  REQUIRE(solvers);
  return std::move(*solvers);
}

// Each job on `backend` under the caller's scene: the answers the references give, and after
// each, the caller's state exactly as it was.
void requireCallerStateKept(Backend backend) {
  const bool compute = backend == Backend::Compute;
  const Board board = makeBoard();
  CallerScene scene;
  gpu::Solvers solvers = makeSolvers(board.map, backend);
  scene.apply(compute);
  const Snapshot before = snapshot(compute);
  REQUIRE(glGetError() == GL_NO_ERROR);

  for (std::size_t mover = 0; mover < 2; ++mover) {
    const RangeQuery query = queryFor(board.units, mover);
    const auto range = solvers.range(query, gpu::StateBytes::Read);
    REQUIRE(range);
    CHECK(range->backend == backend);
    const RangeResult reference = solveReference(board.map, query);
    CHECK(range->result.travelCost.cells() == reference.travelCost.cells());
    CHECK(range->result.reach.cells() == reference.reach.cells());
    CHECK(range->state == encodeState(board.map, reference));
    requireSameState(before, snapshot(compute), "range");
  }
  const auto danger = solvers.danger(board.units);
  REQUIRE(danger);
  CHECK(danger->backend == backend);
  CHECK(danger->counts.cells() == dangerZone(board.map, board.units).cells());
  requireSameState(before, snapshot(compute), "danger");

  const FieldQuery fieldQuery = fieldQueryFor(board.units, Team::Enemy, MovementClass());
  const auto field = solvers.field(fieldQuery);
  REQUIRE(field);
  CHECK(field->backend == backend);
  CHECK(field->field.cells() == solveFieldReference(board.map, fieldQuery).cells());
  requireSameState(before, snapshot(compute), "field");

  // A painted cell goes to the range solvers' textures: an upload under the caller's pixel store.
  CostMap painted = board.map;
  painted.setGrey({11, 3}, 255);
  solvers.updateMap(painted, CellBox{11, 3, 11, 3});
  const RangeQuery query = queryFor(board.units, 0);
  const auto range = solvers.range(query);
  REQUIRE(range);
  CHECK(range->result.travelCost.cells() == solveReference(painted, query).travelCost.cells());
  requireSameState(before, snapshot(compute), "updateMap and range");
  CHECK(glGetError() == GL_NO_ERROR);
  CallerScene::reset();
}

// The texture's texels, SPEC §4 bytes row by row from texel row 0 (the map's top row), read
// through a framebuffer of the test's own.
std::vector<std::uint8_t> textureBytes(std::uint32_t texture, int width, int height) {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(width * height) * 4);
  const gpu::FramebufferHandle framebuffer = gpu::makeFramebuffer();
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer.get());
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bytes.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  return bytes;
}

// Drawing of the caller's own between solves: its framebuffer cleared, its program drawn with
// the state texture bound, its texture filled.
void callerDraws(std::uint32_t stateTexture) {
  CallerScene scene;
  scene.apply(false);
  glDisable(GL_CULL_FACE);
  glClear(GL_COLOR_BUFFER_BIT);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, stateTexture);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);
  CallerScene::reset();
}

// The range's state texture holds its answer through the caller's drawing and the other jobs on
// the same Solvers, until the next range solve, which leaves that answer in its own.
void requireStateTextureKept(Backend backend) {
  const Board board = makeBoard();
  const int width = board.map.width();
  const int height = board.map.height();
  gpu::Solvers solvers = makeSolvers(board.map, backend);
  const RangeQuery first = queryFor(board.units, 0);
  REQUIRE(solvers.range(first));
  const auto layer = solvers.rangeLayer();
  REQUIRE(layer);
  const std::vector<std::uint8_t> answer = encodeState(board.map, solveReference(board.map, first));
  CHECK(textureBytes(layer->texture, width, height) == answer);

  callerDraws(layer->texture);
  REQUIRE(solvers.danger(board.units));
  REQUIRE(solvers.field(fieldQueryFor(board.units, Team::Enemy, MovementClass())));
  callerDraws(layer->texture);
  REQUIRE(solvers.rangeLayer());
  CHECK(solvers.rangeLayer()->texture == layer->texture);
  CHECK(textureBytes(layer->texture, width, height) == answer);

  const RangeQuery second = queryFor(board.units, 3);
  REQUIRE(solvers.range(second));
  REQUIRE(solvers.rangeLayer());
  CHECK(textureBytes(solvers.rangeLayer()->texture, width, height) ==
        encodeState(board.map, solveReference(board.map, second)));
  CHECK(glGetError() == GL_NO_ERROR);
}

}  // namespace

TEST_CASE("caller's context: the gpu backend puts back every piece of the caller's GL state",
          "[gpu][caller]") {
  testing::requireContext();
  requireCallerStateKept(Backend::Gpu);
}

TEST_CASE("caller's context: the compute backend puts back every piece of the caller's GL state",
          "[gpu][caller][compute]") {
  if (!testing::computeRuns()) return;
  requireCallerStateKept(Backend::Compute);
}

TEST_CASE("caller's context: the gpu range's state texture holds the answer until the next range",
          "[gpu][caller]") {
  testing::requireContext();
  requireStateTextureKept(Backend::Gpu);
}

TEST_CASE(
    "caller's context: the compute range's state texture holds the answer until the next "
    "range, through a danger solve on compute",
    "[gpu][caller][compute]") {
  if (!testing::computeRuns()) return;
  requireStateTextureKept(Backend::Compute);
}

TEST_CASE("caller's context: loadGl loads the library's GL for a context it did not make",
          "[gpu][caller]") {
  testing::requireContext();
  const auto api = gpu::loadGl(eglGetProcAddress);
  INFO((api ? "" : api.error()));
  REQUIRE(api);
  CHECK(*api == testing::testGlApi());
  CHECK(gpu::hasCurrentContext());

  CHECK(gpu::loadGl(nullptr).error().find("needs a loader") != std::string::npos);
  const auto noFunctions = gpu::loadGl([](const char*) -> gpu::GlProc { return nullptr; });
  CHECK(noFunctions.error() == "the loader gives no glGetString");

  // With no context current there is nothing to load; the table is left as it was.
  EGLDisplay display = eglGetCurrentDisplay();
  EGLContext context = eglGetCurrentContext();
  REQUIRE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  const auto none = gpu::loadGl(eglGetProcAddress);
  REQUIRE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
  REQUIRE_FALSE(none);
  CHECK(none.error().rfind("no OpenGL context is current on this thread", 0) == 0);
  CHECK(gpu::hasCurrentContext());
}
