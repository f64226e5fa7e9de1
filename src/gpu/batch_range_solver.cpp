#include "tactics/gpu/batch_range_solver.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>

#include "batch_atlas.h"
#include "gpu/gl/program.h"
#include "gpu/gl/state_guard.h"
#include "solver_checks.h"
#include "solver_shaders.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/move_rules.h"

namespace tactics::gpu {

namespace {

// range.comp's shared window: 67 x 67 cells with the border (move 32).
constexpr int kSharedSide = 67;
constexpr int kQueryWords = 8;            // ivec4s per query (range.comp, BATCH)
constexpr std::size_t kAnswerBytes = 32;  // QueryAnswer: four uints and an ivec4 (std430)
// The state words one submission reads back at most (64 MiB); more queries go in another.
constexpr std::size_t kWordsPerSubmission = std::size_t{16} << 20;
constexpr std::size_t kGroupsPerSubmission = 65535;  // GL's least GL_MAX_COMPUTE_WORK_GROUP_COUNT

// Where one query's bytes go in a submission.
struct Placed {
  std::size_t index = 0;  // in the caller's queries
  CellBox window;         // the cells within its move
  CellBox states;         // the window grown by its attack range: the words it writes
  std::size_t rulesAt = 0;
  std::size_t statesAt = 0;
};

CellBox windowOf(const RangeQuery& q, int width, int height) {
  return CellBox::around(q.unit, q.moveRange).clippedTo(width, height);
}

bool fitsShared(const CellBox& window) {
  return window.width() + 2 <= kSharedSide && window.height() + 2 <= kSharedSide;
}

// A CPU rasterizer runs a workgroup on one thread, 8 invocations to a SIMD vector.
bool cpuRasterizer() {
  return isSoftwareRenderer(rendererName());
}

std::size_t alignUp(std::size_t n, std::size_t to) {
  return (n + to - 1) / to * to;
}

}  // namespace

struct BatchRangeSolver::Impl {
  Method method = Method::Compute;
  CostMap map;
  int width = 0;
  int height = 0;
  RangeResult result;  // refilled for every answer handed out
  RuleWindow rules;

  // Compute.
  Program program;
  BufferHandle queryBuffer;
  BufferHandle ruleBuffer;
  BufferHandle resultBuffer;  // the answers, then the state words: read back in one call
  std::size_t resultCapacity = 0;
  std::size_t storageAlignment = 256;
  std::optional<ComputeRangeSolver> single;  // a query the batch cannot take
  std::vector<GLint> queryWords;
  std::vector<std::uint8_t> ruleBytes;
  std::vector<std::uint8_t> readBack;

  int invocations = 64;  // of a workgroup
  // Fragment.
  std::optional<BatchAtlas> atlas;

  void answerSingly(const RangeQuery& query, std::size_t index, const Take& take,
                    BatchStats& stats);
  void submitCompute(const std::vector<RangeQuery>& queries, const std::vector<Placed>& placed,
                     const Take& take, BatchStats& stats);
  std::size_t packQueries(const std::vector<RangeQuery>& queries,
                          const std::vector<Placed>& placed);
  std::size_t dispatchAndReadBack(std::size_t queryCount, std::size_t stateWords);
  void takeAnswers(const std::vector<RangeQuery>& queries, const std::vector<Placed>& placed,
                   std::size_t statesOffset, const Take& take, BatchStats& stats);
  BatchStats solveCompute(const std::vector<RangeQuery>& queries, const Take& take);
};

void BatchRangeSolver::Impl::answerSingly(const RangeQuery& query, std::size_t index,
                                          const Take& take, BatchStats& stats) {
  ++stats.oneByOne;
  if (!single) {
    auto made = ComputeRangeSolver::create(map);
    // create() of the batch checked OpenGL 4.3 and the map's size: this cannot fail.
    if (!made) return;
    single.emplace(std::move(*made));
  }
  stats.cellsShaded += single->solve(query).cellsShaded;
  single->readResult(result);
  take(index, result);
}

// The queries' parameters, as range.comp's loadQuery() reads them, into queryWords and their
// rule bytes into ruleBytes; the state words the submission writes.
std::size_t BatchRangeSolver::Impl::packQueries(const std::vector<RangeQuery>& queries,
                                                const std::vector<Placed>& placed) {
  queryWords.assign(placed.size() * kQueryWords * 4, 0);
  std::size_t totalRules = 0;
  std::size_t totalWords = 0;
  for (const Placed& p : placed) {
    totalRules = std::max(totalRules, p.rulesAt + static_cast<std::size_t>(p.window.area()));
    totalWords = std::max(totalWords, p.statesAt + static_cast<std::size_t>(p.states.area()));
  }
  ruleBytes.assign(alignUp(std::max<std::size_t>(totalRules, 4), 4), 0);
  std::vector<AttackSpan> spans;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const Placed& p = placed[i];
    const RangeQuery& q = queries[p.index];
    spans.clear();
    if (!q.attack.none()) q.attack.merged(spans);
    GLint* w = queryWords.data() + i * kQueryWords * 4;
    const std::array<GLint, 16> head = {q.unit.x,
                                        q.unit.y,
                                        q.moveRange,
                                        static_cast<GLint>(spans.size()),
                                        p.window.x0,
                                        p.window.y0,
                                        p.window.width(),
                                        p.window.height(),
                                        static_cast<GLint>(p.rulesAt),
                                        static_cast<GLint>(p.statesAt),
                                        0,
                                        0,
                                        p.states.x0,
                                        p.states.y0,
                                        p.states.x1,
                                        p.states.y1};
    std::copy(head.begin(), head.end(), w);
    for (std::size_t s = 0; s < spans.size(); ++s) {
      w[16 + s] = spans[s].min;
      w[24 + s] = spans[s].max;
    }
    MoveRules(map, q).bake(p.window, rules);
    std::memcpy(ruleBytes.data() + p.rulesAt, rules.bytes().data(), rules.bytes().size());
  }
  return totalWords;
}

// Uploads the packed queries, dispatches a workgroup per query and reads the answers and the
// state words back into readBack in the one wait of the submission; where the states start.
std::size_t BatchRangeSolver::Impl::dispatchAndReadBack(std::size_t queryCount,
                                                        std::size_t stateWords) {
  const std::size_t statesOffset = alignUp(queryCount * kAnswerBytes, storageAlignment);
  const std::size_t resultBytes = statesOffset + std::max<std::size_t>(stateWords, 1) * 4;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, queryBuffer.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(queryWords.size() * sizeof(GLint)),
               queryWords.data(), GL_STREAM_DRAW);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, ruleBuffer.get());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(ruleBytes.size()),
               ruleBytes.data(), GL_STREAM_DRAW);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, resultBuffer.get());
  if (resultBytes > resultCapacity) {
    resultCapacity = resultBytes;
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(resultBytes), nullptr,
                 GL_STREAM_READ);
  }
  program.use();
  program.set("mapSize", width, height);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, queryBuffer.get());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, ruleBuffer.get());
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, resultBuffer.get(), 0,
                    static_cast<GLsizeiptr>(queryCount * kAnswerBytes));
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 6, resultBuffer.get(),
                    static_cast<GLintptr>(statesOffset),
                    static_cast<GLsizeiptr>(resultBytes - statesOffset));
  glDispatchCompute(static_cast<GLuint>(queryCount), 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  readBack.resize(resultBytes);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, resultBuffer.get());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(resultBytes),
                     readBack.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return statesOffset;
}

// Each query's answer from readBack to `take`; one whose loop was cut short, one by one.
void BatchRangeSolver::Impl::takeAnswers(const std::vector<RangeQuery>& queries,
                                         const std::vector<Placed>& placed,
                                         std::size_t statesOffset, const Take& take,
                                         BatchStats& stats) {
  std::array<GLint, 4> head{};
  CellBox touched;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const Placed& p = placed[i];
    const RangeQuery& q = queries[p.index];
    const std::uint8_t* answer = readBack.data() + i * kAnswerBytes;
    std::memcpy(head.data(), answer, sizeof head);  // mostSteps, rounds, cutShort, everyCell
    if (head[2] != 0) {  // a loop was cut short (llvmpipe): this query, one by one
      answerSingly(q, p.index, take, stats);
      continue;
    }
    std::memcpy(&touched, answer + 16, sizeof touched);
    stats.cellsShaded += invocations;
    clearForRefill(result, width, height, map.layout());
    const std::size_t rowBytes = static_cast<std::size_t>(p.states.width()) * 4;
    const std::uint8_t* first = readBack.data() + statesOffset + p.statesAt * 4 +
                                static_cast<std::size_t>(touched.y0 - p.states.y0) * rowBytes +
                                static_cast<std::size_t>(touched.x0 - p.states.x0) * 4;
    decodeStateBox(touched, first, rowBytes, result);
    result.passes = q.moveRange == 0 ? 0 : std::min(q.moveRange, head[0] + 1);
    take(p.index, result);
  }
}

void BatchRangeSolver::Impl::submitCompute(const std::vector<RangeQuery>& queries,
                                           const std::vector<Placed>& placed, const Take& take,
                                           BatchStats& stats) {
  const std::size_t stateWords = packQueries(queries, placed);
  const std::size_t statesOffset = dispatchAndReadBack(placed.size(), stateWords);
  ++stats.submissions;
  takeAnswers(queries, placed, statesOffset, take, stats);
}

BatchStats BatchRangeSolver::Impl::solveCompute(const std::vector<RangeQuery>& queries,
                                                const Take& take) {
  BatchStats stats;
  stats.queries = static_cast<int>(queries.size());
  std::vector<Placed> placed;
  std::size_t k = 0;
  while (k < queries.size()) {
    const CellBox window = windowOf(queries[k], width, height);
    if (!fitsShared(window)) {
      answerSingly(queries[k], k, take, stats);
      ++k;
      continue;
    }
    // A run of queries that fit, up to the submission's budget.
    placed.clear();
    std::size_t rulesAt = 0;
    std::size_t statesAt = 0;
    for (; k < queries.size() && placed.size() < kGroupsPerSubmission; ++k) {
      const RangeQuery& q = queries[k];
      const CellBox w = windowOf(q, width, height);
      if (!fitsShared(w)) break;
      const CellBox states = w.grownBy(q.attack.maxDistance()).clippedTo(width, height);
      if (!placed.empty() &&
          statesAt + static_cast<std::size_t>(states.area()) > kWordsPerSubmission) {
        break;
      }
      placed.push_back({k, w, states, rulesAt, statesAt});
      rulesAt += static_cast<std::size_t>(w.area());
      statesAt += static_cast<std::size_t>(states.area());
    }
    submitCompute(queries, placed, take, stats);
  }
  return stats;
}

BatchRangeSolver::BatchRangeSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BatchRangeSolver::BatchRangeSolver(BatchRangeSolver&&) noexcept = default;
BatchRangeSolver& BatchRangeSolver::operator=(BatchRangeSolver&&) noexcept = default;
BatchRangeSolver::~BatchRangeSolver() = default;

Expected<BatchRangeSolver> BatchRangeSolver::create(const CostMap& map, Method method,
                                                    std::size_t atlasBudgetBytes) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  if (auto fits = checkMapFits(map); !fits) return Error{fits.error()};
  auto impl = std::make_unique<Impl>();
  impl->method = method;
  impl->map = map;
  impl->width = map.width();
  impl->height = map.height();
  impl->result = RangeResult(map.width(), map.height(), map.layout());
  if (method == Method::Fragment) {
    auto atlas = BatchAtlas::create(map, atlasBudgetBytes);
    if (!atlas) return Error{atlas.error()};
    impl->atlas.emplace(std::move(*atlas));
    return BatchRangeSolver(std::move(impl));
  }
  if (auto compute = checkComputeBackend(); !compute) return Error{compute.error()};
  std::string source(shaders::kRangeComp);
  const int invocations = cpuRasterizer() ? 8 : 64;
  source.insert(source.find('\n') + 1, "#define INVOCATIONS " + std::to_string(invocations) +
                                           "\n#define SHARED_LIST_CAPACITY 1024\n"
                                           "#define WINDOW_IN_SHARED\n#define BATCH\n");
  auto program = Program::buildCompute(
      "range.comp (batch, " + std::to_string(invocations) + " invocations)", source,
      map.layout());
  if (!program) return Error{program.error()};
  impl->program = std::move(*program);
  impl->invocations = invocations;
  GLint alignment = 256;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  impl->storageAlignment = static_cast<std::size_t>(std::max(alignment, 4));
  impl->queryBuffer = makeBuffer();
  impl->ruleBuffer = makeBuffer();
  impl->resultBuffer = makeBuffer();
  return BatchRangeSolver(std::move(impl));
}

BatchRangeSolver::Method BatchRangeSolver::method() const {
  return impl_->method;
}

Expected<BatchStats> BatchRangeSolver::solve(const std::vector<RangeQuery>& queries,
                                             const Take& take) {
  const GlStateGuard callerState;  // see gpu/gl/state_guard.h
  Impl& s = *impl_;
  if (s.method == Method::Compute) return s.solveCompute(queries, take);
  BatchStats stats;
  stats.queries = static_cast<int>(queries.size());
  if (auto problem = s.atlas->solve(queries, s.result, stats, take)) return Error{*problem};
  return stats;
}

}  // namespace tactics::gpu
