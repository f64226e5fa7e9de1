#include "tactics/gpu/compute_field_solver.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "field_shaders.h"
#include "board_inputs.h"
#include "tactics/solver/move_rules.h"
#include "gpu/gl/gl_handle.h"
#include "gpu/gl/program.h"
#include "gpu/gl/render_target.h"
#include "gpu/gl/state_guard.h"
#include "solver_checks.h"

namespace tactics::gpu {

namespace {

constexpr int kTile = 8;  // field.comp's workgroup: 8x8 cells

BufferHandle makeStorage(std::size_t bytes) {
  BufferHandle buffer = makeBuffer();
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return buffer;
}

}  // namespace

struct ComputeFieldSolver::Impl {
  int width = 0;
  int height = 0;
  int tilesX = 0;
  int tilesY = 0;
  CostMap map;  // what the rules are baked from
  Program program;
  TextureHandle rulesTexture;     // R8UI, the rules seam's bytes for the field's class
  TextureHandle sourceTexture;    // R8UI, kFieldSourceBit where a source stands
  RuleWindow rules;
  BufferHandle costs;             // one uint per cell
  BufferHandle entries;           // one uint per cell: the entry cost, 0 never entered
  BufferHandle tileChanged;       // two halves of one uint per tile
  BufferHandle answer;            // changedTiles[8], activeTiles

  void uploadQuery(const FieldQuery& query) {
    bakeFieldRules(map, query, rules);
    uploadRules(rulesTexture.get(), rules);
    const std::vector<std::uint8_t> bits = fieldSourceBits(query, width, height);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, sourceTexture.get());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                    bits.data());
  }
};

ComputeFieldSolver::ComputeFieldSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ComputeFieldSolver::ComputeFieldSolver(ComputeFieldSolver&&) noexcept = default;
ComputeFieldSolver& ComputeFieldSolver::operator=(ComputeFieldSolver&&) noexcept = default;
ComputeFieldSolver::~ComputeFieldSolver() = default;

Expected<ComputeFieldSolver> ComputeFieldSolver::create(const CostMap& map) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (auto compute = checkComputeBackend(); !compute) return Error{compute.error()};
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};
  auto impl = std::make_unique<Impl>();
  impl->width = map.width();
  impl->height = map.height();
  impl->tilesX = (map.width() + kTile - 1) / kTile;
  impl->tilesY = (map.height() + kTile - 1) / kTile;
  auto program = Program::buildCompute("field.comp", field_shaders::kFieldComp);
  if (!program) return Error{program.error()};
  impl->program = std::move(*program);

  impl->map = map;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  impl->rulesTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                       GL_UNSIGNED_BYTE, nullptr, "field rules (compute)");
  impl->sourceTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                        GL_UNSIGNED_BYTE, nullptr, "field sources (compute)");
  const auto cells = static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
  impl->costs = makeStorage(cells * sizeof(GLuint));
  impl->entries = makeStorage(cells * sizeof(GLuint));
  impl->tileChanged =
      makeStorage(2 * static_cast<std::size_t>(impl->tilesX * impl->tilesY) * sizeof(GLuint));
  impl->answer = makeStorage(9 * sizeof(GLuint));
  return ComputeFieldSolver(std::move(impl));
}

FieldStats ComputeFieldSolver::solve(const FieldQuery& query, int passLimit) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  s.uploadQuery(query);
  const auto tiles = static_cast<GLuint>(s.tilesX);
  const auto rows = static_cast<GLuint>(s.tilesY);
  s.program.use();
  s.program.set("rules", 0);
  s.program.set("sources", 1);
  s.program.set("mapSize", s.width, s.height);
  bindTexture(0, s.rulesTexture.get());
  bindTexture(1, s.sourceTexture.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, s.costs.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, s.entries.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, s.tileChanged.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, s.answer.get());
  const std::array<GLuint, 9> zeros{};
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, s.answer.get());
  glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof zeros, zeros.data());

  // Sources at 0, entry costs, the tiles holding a source marked changed.
  s.program.set("phase", 0);
  s.program.set("readHalf", 0);
  glDispatchCompute(tiles, rows, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

  // Sweeps in batches; after each batch, the first sweep that changed no tile ends the solve
  // (every later one would change nothing either).
  FieldStats stats;
  s.program.set("phase", 1);
  int sweeps = 0;
  std::array<GLuint, 9> answer{};
  while (sweeps < passLimit) {
    const int batch = std::min(kSweepsPerCheck, passLimit - sweeps);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, kSweepsPerCheck * sizeof(GLuint), zeros.data());
    for (int i = 0; i < batch; ++i) {
      s.program.set("readHalf", (sweeps + i) % 2);
      s.program.set("slot", i);
      glDispatchCompute(tiles, rows, 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof answer, answer.data());
    const auto quiet = std::find(answer.begin(), answer.begin() + batch, 0u);
    if (quiet != answer.begin() + batch) {
      stats.passes = sweeps + static_cast<int>(quiet - answer.begin()) + 1;
      stats.converged = true;
      break;
    }
    sweeps += batch;
    stats.passes = sweeps;
  }
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  stats.cellsShaded = (static_cast<long long>(answer[8]) + s.tilesX * s.tilesY) * kTile * kTile;
  glUseProgram(0);
  return stats;
}

DistanceField ComputeFieldSolver::readField() const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  const Impl& s = *impl_;
  std::vector<GLuint> costs(static_cast<std::size_t>(s.width * s.height));
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, s.costs.get());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0,
                     static_cast<GLsizeiptr>(costs.size() * sizeof(GLuint)), costs.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return fieldFromCosts(costs, s.width, s.height);
}

}  // namespace tactics::gpu
