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
// Batches of sweeps the GPU holds while the CPU reads the counters of the oldest: the CPU never
// waits for the batch it just submitted, so the GPU always has sweeps to run.
constexpr int kBatchesInFlight = 3;

BufferHandle makeStorage(std::size_t bytes) {
  BufferHandle buffer = makeBuffer();
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return buffer;
}

// The counters of the batches of sweeps in flight, one buffer per batch (changedTiles[8],
// activeTiles). After submitting batch n the CPU reads the counters of batch n - 2
// (kBatchesInFlight - 1 back): the first sweep that changed no tile ends the solve (every later
// one would change nothing either, and the sweeps already submitted after it only keep the
// field as it is).
class SweepBatches {
 public:
  explicit SweepBatches(const std::array<BufferHandle, kBatchesInFlight>& answers)
      : answers_(answers) {}

  // The buffer the next batch counts into, its counters cleared.
  GLuint startBatch() {
    const GLuint answer = answers_[sweeps_.size() % kBatchesInFlight].get();
    const std::array<GLuint, 9> zeros{};
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, answer);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof zeros, zeros.data());
    return answer;
  }
  void endBatch(int sweeps) { sweeps_.push_back(sweeps); }
  [[nodiscard]] int unread() const { return static_cast<int>(sweeps_.size()) - read_; }
  [[nodiscard]] long long activeTiles() const { return activeTiles_; }

  // Reads the oldest unread batch's counters into `stats`: converged (and final) when one of
  // its sweeps was quiet.
  void readOldest(FieldStats& stats) {
    std::array<GLuint, 9> answer{};
    glBindBuffer(GL_SHADER_STORAGE_BUFFER,
                 answers_[static_cast<std::size_t>(read_ % kBatchesInFlight)].get());
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof answer, answer.data());
    const int sweeps = sweeps_[static_cast<std::size_t>(read_)];
    const int first = read_ * ComputeFieldSolver::kSweepsPerCheck;
    ++read_;
    activeTiles_ += answer[8];
    const auto quiet = std::find(answer.begin(), answer.begin() + sweeps, 0u);
    if (quiet == answer.begin() + sweeps) {
      stats.passes = first + sweeps;
      return;
    }
    stats.passes = first + static_cast<int>(quiet - answer.begin()) + 1;
    stats.converged = true;
  }

 private:
  const std::array<BufferHandle, kBatchesInFlight>& answers_;
  std::vector<int> sweeps_;  // sweeps of each batch submitted
  int read_ = 0;             // batches whose counters the CPU has read
  long long activeTiles_ = 0;
};

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
  // changedTiles[8], activeTiles: one buffer per batch of sweeps in flight, so that reading a
  // batch's counters waits for that batch only, not for the ones submitted after it.
  std::array<BufferHandle, kBatchesInFlight> answers;

  void uploadQuery(const FieldQuery& query) {
    bakeFieldRules(map, query, rules);
    uploadRules(rulesTexture.get(), rules);
    const std::vector<std::uint8_t> bits = fieldSourceBits(query, width, height);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, sourceTexture.get());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                    bits.data());
  }
  // solve()'s steps: the inputs bound and the sources seeded, then the sweeps.
  void bindAndSeed();
  FieldStats sweepUntilQuiet(int passLimit);
};

void ComputeFieldSolver::Impl::bindAndSeed() {
  program.use();
  program.set("rules", 0);
  program.set("sources", 1);
  program.set("mapSize", width, height);
  bindTexture(0, rulesTexture.get());
  bindTexture(1, sourceTexture.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, costs.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, entries.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, tileChanged.get());
  // Sources at 0, entry costs, the tiles holding a source marked changed.
  program.set("phase", 0);
  program.set("readHalf", 0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, answers[0].get());
  glDispatchCompute(static_cast<GLuint>(tilesX), static_cast<GLuint>(tilesY), 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

// Sweeps in batches, each counting into a buffer of its own, until one sweep is quiet or
// passLimit sweeps have run.
FieldStats ComputeFieldSolver::Impl::sweepUntilQuiet(int passLimit) {
  FieldStats stats;
  program.set("phase", 1);
  SweepBatches batches(answers);
  int submitted = 0;
  while (submitted < passLimit && !stats.converged) {
    const int batch = std::min(kSweepsPerCheck, passLimit - submitted);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, batches.startBatch());
    for (int i = 0; i < batch; ++i) {
      program.set("readHalf", (submitted + i) % 2);
      program.set("slot", i);
      glDispatchCompute(static_cast<GLuint>(tilesX), static_cast<GLuint>(tilesY), 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    submitted += batch;
    batches.endBatch(batch);
    if (batches.unread() >= kBatchesInFlight) batches.readOldest(stats);
  }
  // The batches still unread, oldest first, until one was quiet.
  while (!stats.converged && batches.unread() > 0) batches.readOldest(stats);
  stats.cellsShaded = (batches.activeTiles() + tilesX * tilesY) * kTile * kTile;
  return stats;
}

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
  auto program = Program::buildCompute("field.comp", field_shaders::kFieldComp, map.layout());
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
  for (BufferHandle& answer : impl->answers) answer = makeStorage(9 * sizeof(GLuint));
  return ComputeFieldSolver(std::move(impl));
}

FieldStats ComputeFieldSolver::solve(const FieldQuery& query, int passLimit) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  s.uploadQuery(query);
  s.bindAndSeed();
  const FieldStats stats = s.sweepUntilQuiet(passLimit);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
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
