#include "tactics/gpu/compute_range_solver.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "board_inputs.h"
#include "tactics/solver/move_rules.h"
#include "gpu/gl/program.h"
#include "gpu/gl/render_target.h"
#include "gpu/gl/state_guard.h"
#include "solver_checks.h"
#include "state_readback.h"
#include "solver_shaders.h"

namespace tactics::gpu {

namespace {

constexpr int kSharedCells = 67 * 67;  // range.comp's: a window with its border of one cell
// A last solve that wrote more cells than this is reset from the CPU (one upload) rather than by
// the next dispatch, which would otherwise sweep it all with one workgroup.
constexpr long long kDispatchResetCells = 128 * 128;
constexpr int kShortLists = 4;  // Lists::Short

// A CPU rasterizer (llvmpipe and its kin) runs a workgroup on one thread, 8 invocations to a SIMD
// vector, and switches between the vectors at every barrier.
bool cpuRasterizer() {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (renderer == nullptr) return false;
  for (const char* name : {"llvmpipe", "softpipe", "SwiftShader"}) {
    if (std::strstr(renderer, name) != nullptr) return true;
  }
  return false;
}

// range.comp with the window in shared memory or in storage buffers, run by a workgroup of
// `invocations` (8 or 64), for a board of `layout`.
Expected<Program> buildRangeProgram(bool windowInShared, int invocations, bool empty,
                                    int sharedListCapacity, GridLayout layout) {
  std::string source(shaders::kRangeComp);
  std::string defines = "#define INVOCATIONS " + std::to_string(invocations) +
                        "\n#define SHARED_LIST_CAPACITY " + std::to_string(sharedListCapacity) +
                        "\n";
  if (windowInShared) defines += "#define WINDOW_IN_SHARED\n";
  if (empty) defines += "#define EMPTY_KERNEL\n";
  source.insert(source.find('\n') + 1, defines);
  const std::string name = std::string(windowInShared ? "range.comp (shared window, " : "range.comp (") +
                           std::to_string(invocations) + " invocations)";
  return Program::buildCompute(name, source, layout);
}

// The answer the dispatch leaves in its storage buffer (std430: an ivec4 aligns to 16 bytes).
struct DispatchAnswer {
  int mostSteps = 0;
  int rounds = 0;
  CellBox touched;
  bool cutShort = false;
  int everyCellRounds = 0;
};

constexpr int kAnswerWords = 10;
// Where the state's texels start in the read-back buffer, after the answer's words.
constexpr GLintptr kTexelsOffset = 64;

DispatchAnswer answerFrom(const std::uint8_t* bytes) {
  std::array<GLint, kAnswerWords> words{};
  std::memcpy(words.data(), bytes, sizeof words);
  return {words[0], words[1], CellBox{words[4], words[5], words[6], words[7]}, words[8] != 0,
          words[9]};
}

// The texels of `box` out of those of `within` (which holds it), row by row from its top row.
std::vector<std::uint8_t> texelsOf(const CellBox& box, const CellBox& within,
                                   const std::vector<std::uint8_t>& texels) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(box.area()) * 4);
  const auto rowBytes = static_cast<std::size_t>(box.width()) * 4;
  for (int y = box.y0; y <= box.y1; ++y) {
    const std::size_t from =
        (static_cast<std::size_t>(y - within.y0) * static_cast<std::size_t>(within.width()) +
         static_cast<std::size_t>(box.x0 - within.x0)) *
        4;
    std::memcpy(out.data() + static_cast<std::size_t>(y - box.y0) * rowBytes, texels.data() + from,
                rowBytes);
  }
  return out;
}

}  // namespace

struct ComputeRangeSolver::Impl {
  int width = 0;
  int height = 0;
  CostMap map;  // the CPU copy: what the rules are baked from, the reset state's greys

  Program sharedWindow;   // windows up to kSharedCells cells with their border
  Program bufferWindow;   // larger windows
  // How create() was asked to build them: a map of another layout rebuilds them so.
  bool narrow = false;
  bool emptyKernel = false;
  TextureHandle mapTexture;
  TextureHandle rulesTexture;  // R8UI, the rules seam's bytes for the query's window
  RuleWindow rules;
  TextureHandle stateTexture;  // RGBA8, written with imageStore
  FramebufferHandle stateFramebuffer;  // for reading it back
  BufferHandle answer;         // mostSteps, rounds, touched box, cut short
  // What the CPU reads of a solve, in one call: the answer's words, then the texels of every
  // cell the solve could touch (its window grown by the attack range).
  BufferHandle readback;
  std::size_t readbackCapacity = 0;
  CellBox fetchedBox;                 // the cells whose texels `fetched` holds
  std::vector<std::uint8_t> fetched;  // their texels, row by row from the box's top row
  BufferHandle windowCells;    // the buffer-window variant's cells, border included
  BufferHandle frontierLists;  // and its two frontier lists, as many cells each
  std::size_t windowCapacity = 0;  // cells the window buffers hold

  bool shortLists = false;  // Lists::Short
  CellBox dirty;  // cells the last solve wrote: its reached cells' box grown by the attack range
  int lastPasses = 0;
  // Cells whose reset state the CPU rewrites before the next dispatch: painted since the last
  // solve, or written by a solve too large for the dispatch to clear.
  CellBox repainted;

  // Queries the dispatch could not finish (llvmpipe cuts loops short past 65,535 iterations an
  // invocation) are answered by the fragment passes, made the first time one is needed.
  std::optional<RangeSolver> fragmentPasses;
  bool answeredByFragmentPasses = false;
  int everyCellRounds = 0;  // of the last dispatch

  void resetRepainted();
  // Both programs, for the layout of `map`.
  std::optional<std::string> buildPrograms();
  SolveStats answerWithFragmentPasses(const RangeQuery& query, CellBox window, int attackMax);
  void reserveWindowBuffers(std::size_t cells);
  // Waits for the dispatch once: copies the answer and the box's texels into the read-back
  // buffer on the GPU, then reads it. Returns the answer; the texels go to `fetched`.
  DispatchAnswer fetch(const CellBox& box);
};

DispatchAnswer ComputeRangeSolver::Impl::fetch(const CellBox& box) {
  const auto texelBytes = static_cast<std::size_t>(box.area()) * 4;
  const std::size_t bytes = static_cast<std::size_t>(kTexelsOffset) + texelBytes;
  glBindBuffer(GL_COPY_WRITE_BUFFER, readback.get());
  if (bytes > readbackCapacity) {
    readbackCapacity = bytes;
    glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
  }
  glBindBuffer(GL_COPY_READ_BUFFER, answer.get());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0,
                      kAnswerWords * sizeof(GLint));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, readback.get());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, stateFramebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(box.x0, box.y0, box.width(), box.height(), GL_RGBA, GL_UNSIGNED_BYTE,
               reinterpret_cast<void*>(kTexelsOffset));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  std::vector<std::uint8_t> all(bytes);
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), all.data());
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  fetchedBox = box;
  fetched.assign(all.begin() + kTexelsOffset, all.end());
  return answerFrom(all.data());
}

void ComputeRangeSolver::Impl::resetRepainted() {
  if (repainted.empty()) return;
  // The reset state with the new greys; the dispatch then rewrites what it and the last touched.
  std::vector<std::uint8_t> reset(static_cast<std::size_t>(repainted.area()) * 4, 0);
  std::size_t i = 0;
  for (int y = repainted.y0; y <= repainted.y1; ++y) {
    for (int x = repainted.x0; x <= repainted.x1; ++x, i += 4) {
      reset[i] = map.grey({x, y});
      reset[i + 3] = state_bytes::kNoParent;
    }
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, stateTexture.get());
  glTexSubImage2D(GL_TEXTURE_2D, 0, repainted.x0, repainted.y0, repainted.width(),
                  repainted.height(), GL_RGBA, GL_UNSIGNED_BYTE, reset.data());
  repainted = CellBox{};
}

void ComputeRangeSolver::Impl::reserveWindowBuffers(std::size_t cells) {
  if (cells <= windowCapacity) return;
  windowCapacity = cells;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, windowCells.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(cells * 4), nullptr, GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, frontierLists.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(2 * cells * 4), nullptr,
               GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

ComputeRangeSolver::ComputeRangeSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ComputeRangeSolver::ComputeRangeSolver(ComputeRangeSolver&&) noexcept = default;
ComputeRangeSolver& ComputeRangeSolver::operator=(ComputeRangeSolver&&) noexcept = default;
ComputeRangeSolver::~ComputeRangeSolver() = default;

Expected<ComputeRangeSolver> ComputeRangeSolver::create(const CostMap& map, Workgroup workgroup,
                                                        Kernel kernel, Lists lists) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (auto compute = checkComputeBackend(); !compute) return Error{compute.error()};
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};
  auto impl = std::make_unique<Impl>();
  impl->width = map.width();
  impl->height = map.height();
  impl->map = map;
  impl->shortLists = lists == Lists::Short;
  // Shared windows: one SIMD vector on a CPU rasterizer (no switching at barriers), 64
  // invocations on a GPU. Storage-buffer windows are large: 64 everywhere.
  impl->narrow = workgroup == Workgroup::Narrow ||
                 (workgroup == Workgroup::ForRenderer && cpuRasterizer());
  impl->emptyKernel = kernel == Kernel::Empty;
  if (auto problem = impl->buildPrograms()) return Error{*problem};

  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  // Both read as integer images (an image load is cheaper than a texel fetch on llvmpipe).
  impl->mapTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                     GL_UNSIGNED_BYTE, map.greyValues().data(),
                                     "map grey (compute)");
  const std::vector<std::uint8_t> noRules(map.greyValues().size(), 0);
  impl->rulesTexture = makeCellTexture(map.width(), map.height(), GL_R8UI, GL_RED_INTEGER,
                                          GL_UNSIGNED_BYTE, noRules.data(),
                                          "move rules (compute)");
  // The reset state everywhere: each solve then rewrites only the cells it or the last touched
  // (dirty starts empty).
  std::vector<std::uint8_t> reset(map.greyValues().size() * 4);
  for (std::size_t i = 0; i < map.greyValues().size(); ++i) {
    reset[i * 4] = map.greyValues()[i];
    reset[i * 4 + 3] = state_bytes::kNoParent;
  }
  impl->stateTexture = makeCellTexture(map.width(), map.height(), GL_RGBA8, GL_RGBA,
                                       GL_UNSIGNED_BYTE, reset.data(), "state (compute)");
  auto stateFramebuffer = makeFramebufferFor(impl->stateTexture.get(), "state (compute)");
  if (!stateFramebuffer) return Error{stateFramebuffer.error()};
  impl->stateFramebuffer = std::move(*stateFramebuffer);

  impl->answer = makeBuffer();
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, impl->answer.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, 12 * sizeof(GLint), nullptr, GL_DYNAMIC_READ);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  impl->readback = makeBuffer();
  impl->windowCells = makeBuffer();
  impl->frontierLists = makeBuffer();
  return ComputeRangeSolver(std::move(impl));
}

std::optional<std::string> ComputeRangeSolver::Impl::buildPrograms() {
  for (const bool shared : {true, false}) {
    auto built = buildRangeProgram(shared, shared && narrow ? 8 : 64, emptyKernel,
                                   shortLists ? kShortLists : 1024, map.layout());
    if (!built) return built.error();
    (shared ? sharedWindow : bufferWindow) = std::move(*built);
  }
  return std::nullopt;
}

SolveStats ComputeRangeSolver::solve(const RangeQuery& query) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  const CellBox window = CellBox::around(query.unit, query.moveRange).clippedTo(s.width, s.height);
  const int attackMax = query.attack.maxDistance();
  // The rules seam's bytes for the window the dispatch relaxes.
  const MoveRules moveRules(s.map, query);
  moveRules.bake(window, s.rules);
  uploadRules(s.rulesTexture.get(), s.rules);
  if (s.dirty.area() > kDispatchResetCells) {
    s.repainted = s.repainted.unitedWith(s.dirty);
    s.dirty = CellBox{};
  }
  s.resetRepainted();

  // The window with its border of one cell.
  const auto cells = static_cast<std::size_t>(window.width() + 2) *
                     static_cast<std::size_t>(window.height() + 2);
  const bool shared = cells <= static_cast<std::size_t>(kSharedCells);
  const Program& program = shared ? s.sharedWindow : s.bufferWindow;
  if (!shared) s.reserveWindowBuffers(cells);

  program.use();
  program.set("moveRange", query.moveRange);
  setAttackSpans(program, query.attack);
  program.set("unit", query.unit.x, query.unit.y);
  program.set("window", window.x0, window.y0, window.width(), window.height());
  program.set("lastTouched", s.dirty.x0, s.dirty.y0, s.dirty.x1, s.dirty.y1);
  program.set("mapSize", s.width, s.height);
  if (!shared) program.set("listCapacity", s.shortLists ? kShortLists : static_cast<int>(cells));
  glBindImageTexture(0, s.stateTexture.get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glBindImageTexture(1, s.mapTexture.get(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
  glBindImageTexture(2, s.rulesTexture.get(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, s.answer.get());
  if (!shared) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, s.windowCells.get());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, s.frontierLists.get());
  }
  glDispatchCompute(1, 1, 1);
  // The state is read as a texture, a framebuffer or by glReadPixels next; the answer by the CPU.
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT |
                  GL_BUFFER_UPDATE_BARRIER_BIT);

  const DispatchAnswer answer = s.fetch(window.grownBy(attackMax).clippedTo(s.width, s.height));
  std::array<GLint, 3> groupSize{};  // the invocations that ran
  glGetProgramiv(program.id(), GL_COMPUTE_WORK_GROUP_SIZE, groupSize.data());
  glUseProgram(0);
  if (answer.cutShort) return s.answerWithFragmentPasses(query, window, attackMax);

  s.answeredByFragmentPasses = false;
  s.everyCellRounds = answer.everyCellRounds;
  s.dirty = answer.touched;
  s.lastPasses = query.moveRange == 0 ? 0 : std::min(query.moveRange, answer.mostSteps + 1);
  return {s.lastPasses, true, answer.rounds,
          static_cast<long long>(groupSize[0]) * groupSize[1] * groupSize[2]};
}

SolveStats ComputeRangeSolver::Impl::answerWithFragmentPasses(const RangeQuery& query,
                                                              CellBox window, int attackMax) {
  // The dispatch may have written anywhere in its window grown by the attack range and in what
  // the last solve wrote: the next dispatch starts from the reset state there.
  repainted = repainted.unitedWith(dirty).unitedWith(window.grownBy(attackMax).clippedTo(width, height));
  dirty = CellBox{};
  if (!fragmentPasses) {
    auto made = RangeSolver::create(map);
    // create() checked that the map fits, and 4.3 contexts build the 3.3 passes.
    if (!made) return {};
    fragmentPasses = std::move(*made);
  }
  answeredByFragmentPasses = true;
  const SolveStats stats = fragmentPasses->solve(query);
  lastPasses = stats.passes;
  return stats;
}

void ComputeRangeSolver::updateMap(const CostMap& map, CellBox box) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  if (map.width() != s.width || map.height() != s.height) return;
  if (map.layout() != s.map.layout()) {
    // Another grid: the programs are built for the layout, and the last solve's parents mean
    // nothing on the new one. Rebuild them, and reset every cell before the next dispatch.
    s.map = map;
    if (auto problem = s.buildPrograms()) {
      std::fprintf(stderr, "error: rebuilding range.comp for a %s board: %s\n",
                   layoutName(map.layout()), problem->c_str());
    }
    box = CellBox{0, 0, s.width - 1, s.height - 1};
    s.dirty = CellBox{};
    s.lastPasses = 0;
  }
  const CellBox cells = box.clippedTo(s.width, s.height);
  if (cells.empty()) return;
  s.map = map;
  uploadGreyIntegers(s.mapTexture.get(), map, cells);
  s.repainted = s.repainted.unitedWith(cells);
  if (s.fragmentPasses) s.fragmentPasses->updateMap(map, box);
}

bool ComputeRangeSolver::answeredByFragmentPasses() const { return impl_->answeredByFragmentPasses; }
int ComputeRangeSolver::everyCellRounds() const { return impl_->everyCellRounds; }

std::uint32_t ComputeRangeSolver::stateTexture() const {
  return impl_->answeredByFragmentPasses ? impl_->fragmentPasses->stateTexture()
                                         : impl_->stateTexture.get();
}

CellBox ComputeRangeSolver::touchedBox() const {
  return impl_->answeredByFragmentPasses ? impl_->fragmentPasses->touchedBox() : impl_->dirty;
}
int ComputeRangeSolver::width() const { return impl_->width; }
int ComputeRangeSolver::height() const { return impl_->height; }

std::vector<std::uint8_t> ComputeRangeSolver::readState() const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  const Impl& s = *impl_;
  if (s.answeredByFragmentPasses) return s.fragmentPasses->readState();
  std::vector<std::uint8_t> rgba = resetState(s.map.greyValues());
  const std::vector<std::uint8_t> inside = texelsOf(s.dirty, s.fetchedBox, s.fetched);
  pasteBox(s.dirty, inside, s.width, rgba);
  return rgba;
}

RangeResult ComputeRangeSolver::readResult() const {
  RangeResult result(impl_->width, impl_->height, impl_->map.layout());
  result.written = CellBox{};  // fresh: every cell holds its defaults
  readResult(result);
  return result;
}

void ComputeRangeSolver::readResult(RangeResult& result) const {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  const Impl& s = *impl_;
  if (s.answeredByFragmentPasses) return s.fragmentPasses->readResult(result);
  // Decoded from the texels the solve already read back: no second wait.
  clearForRefill(result, s.width, s.height, s.map.layout());
  decodeStateBox(s.dirty, texelsOf(s.dirty, s.fetchedBox, s.fetched), result);
  result.passes = s.lastPasses;
}

}  // namespace tactics::gpu
