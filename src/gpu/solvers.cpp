#include "tactics/gpu/solvers.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <utility>

#include "gpu/gl/gl_api.h"
#include "gpu/gl/state_guard.h"
#include "tactics/gpu/auto_choice.h"
#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/board_batch.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::gpu {

namespace {

// bit_width: 1 -> 1, 2..3 -> 2, 4..7 -> 3, ...
int bitWidth(long long n) {
  int bits = 0;
  for (; n > 0; n >>= 1) ++bits;
  return bits;
}

// Size classes stay below this (the batch's is the largest: 20 * 16 + a side's bits).
constexpr int kClassesPerVariant = 1024;

bool anySight(const std::vector<RangeQuery>& queries) {
  return std::any_of(queries.begin(), queries.end(),
                     [](const RangeQuery& q) { return q.sight.on; });
}

// A choice measured on a square board without sight does not serve a hex board or one with
// sight (their shaders and CPU parts differ in cost): the layout and sight join the size class,
// and a square board without sight keeps the plain class (auto_choice.h).
int keyedClass(int sizeClass, GridLayout layout, bool sight) {
  const int variant = static_cast<int>(layout) * 2 + (sight ? 1 : 0);
  return sizeClass + variant * kClassesPerVariant;
}

// What Auto may choose among on the context current when Solvers are made.
struct BackendFacts {
  bool context = false;  // an OpenGL context is current
  bool compute = false;  // with OpenGL 4.3 compute shaders
  // Occlusion queries answer only in a later frame (WebGL2), so the fragment field cannot stop
  // when it is done.
  bool lateQueries = false;
  std::string renderer;  // whose measurements apply (contextDescription)
};

}  // namespace

int rangeSizeClass(const CostMap& map, const RangeQuery& query) {
  const CellBox window = CellBox::around(query.unit, query.moveRange + query.attack.maxDistance())
                             .clippedTo(map.width(), map.height());
  return bitWidth(std::max(window.width(), window.height()));
}

int dangerSizeClass(const CostMap& map, const std::vector<Unit>& units) {
  long long cells = 0;
  for (const Unit& u : units) {
    if (u.team != Team::Enemy || u.attack.none() || !knownTo(Team::Player, u)) continue;
    cells += CellBox::around(u.cell, u.moveRange + u.attack.maxDistance())
                 .clippedTo(map.width(), map.height())
                 .area();
  }
  return (bitWidth(cells) + 1) / 2;
}

int batchSizeClass(const CostMap& map, const std::vector<RangeQuery>& queries) {
  int side = 0;
  for (const RangeQuery& q : queries) side = std::max(side, rangeSizeClass(map, q));
  return std::min(bitWidth(static_cast<long long>(queries.size())), 20) * 16 + side;
}

int fieldSizeClass(const CostMap& map) {
  return (bitWidth(static_cast<long long>(map.width()) * map.height()) + 1) / 2;
}

struct Solvers::Impl {
  CostMap map;
  Backend requested = Backend::Cpu;
  BackendFacts facts;
  // Made on a job's first call on their backend.
  std::optional<RangeSolver> range;
  std::optional<ComputeRangeSolver> computeRange;
  // Danger on the compute backend solves each enemy's range with a solver of its own, so the
  // range job's state texture (rangeLayer) keeps the last range answer.
  std::optional<ComputeRangeSolver> computeDanger;
  std::optional<DangerSolver> danger;
  std::optional<DangerSolver> markedDanger;  // DangerLayer::Marked
  std::optional<FieldSolver> field;
  std::optional<ComputeFieldSolver> computeField;
  std::optional<BatchRangeSolver> batch;         // the fragment passes' batches
  std::optional<BatchRangeSolver> computeBatch;  // the compute batches
  // Which backend gave each job's last answer (what the layers below can show).
  Backend lastRange = Backend::Cpu;
  bool dangerOnGpu[2] = {false, false};
  Backend lastField = Backend::Cpu;
  // backendFor's answers: the backend of each job's last answer (Range, Danger, Field, Batch).
  std::array<std::optional<Backend>, 4> lastAnswer;

  // Auto's backend for a job of a size class: remembered, or measured now with `run`, which
  // answers the job on a backend with at most some passes (Candidate::kNoLimit: all), and says
  // whether the answer is complete. `sight`: the job keeps attack cells in sight (SPEC 11.8).
  Backend autoBackend(SolverJob job, int sizeClass, bool sight,
                      const std::function<bool(Backend, int passLimit)>& run);
  [[nodiscard]] std::vector<Backend> autoCandidates(SolverJob job) const;

  // Each job on a given backend (never Auto).
  std::optional<std::string> rangeOn(Backend backend, const RangeQuery& query, RangeAnswer& answer,
                                     StateBytes state, int passLimit);
  Expected<DangerAnswer> dangerOn(Backend backend, const std::vector<Unit>& units, BoardRules rules,
                                  DangerLayer layer);
  Expected<FieldAnswer> fieldOn(Backend backend, const FieldQuery& query, int passLimit);
  std::optional<std::string> manyOn(Backend backend, const std::vector<RangeQuery>& queries,
                                    const RangeMasks& out, unsigned threads);

  std::optional<DangerSolver>& dangerSolver(DangerLayer layer) {
    return layer == DangerLayer::Zone ? danger : markedDanger;
  }
};

namespace {

// A GPU solver for the job, made once: `made` holds it after the first successful call.
template <class Solver>
std::optional<std::string> ensure(std::optional<Solver>& made, const CostMap& map,
                                  const char* what) {
  if (made) return std::nullopt;
  auto solver = Solver::create(map);
  if (!solver) return std::string("cannot set up the ") + what + ": " + solver.error();
  made.emplace(std::move(*solver));
  return std::nullopt;
}

std::optional<std::string> outsideMap(const CostMap& map, const std::vector<Cell>& cells,
                                      const char* what) {
  for (Cell c : cells) {
    if (!map.contains(c)) {
      return std::string(what) + " " + toString(c) + " is outside " + map.boundsText();
    }
  }
  return std::nullopt;
}

}  // namespace

Solvers::Solvers(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Solvers::Solvers(Solvers&&) noexcept = default;
Solvers& Solvers::operator=(Solvers&&) noexcept = default;
Solvers::~Solvers() = default;

Expected<Solvers> Solvers::create(const CostMap& map, Backend requested) {
  auto impl = std::make_unique<Impl>();
  impl->map = map;
  impl->requested = requested;
  // The CPU backend never touches GL: no context needs to exist.
  if (requested != Backend::Cpu) {
    impl->facts.context = hasCurrentContext();
    impl->facts.lateQueries = !sameFrameQueries();
    const std::string name = backendName(requested);
    if (!impl->facts.context && requested != Backend::Auto) {
      return Error{name + " needs a current OpenGL context on this thread; make one (a "
                          "HeadlessContext), load yours (gpu::loadGl) or use the cpu backend"};
    }
    if (impl->facts.context) {
      impl->facts.compute = supportsCompute();
      impl->facts.renderer = contextDescription();
    }
    if (requested == Backend::Compute && !impl->facts.compute) {
      return Error{"compute needs OpenGL 4.3 (compute shaders), but this context is " +
                   contextDescription() + "; use the gpu or cpu backend"};
    }
    if (impl->facts.context) {
      if (auto problem = textureLimitProblem(map.width(), map.height(), maxTextureSize())) {
        return Error{name + ": " + *problem};
      }
    }
  }
  return Solvers(std::move(impl));
}

Backend Solvers::requested() const { return impl_->requested; }

Backend Solvers::backendFor(SolverJob job) const {
  const Impl& s = *impl_;
  if (s.requested != Backend::Auto) return s.requested;
  if (const auto& last = s.lastAnswer[static_cast<std::size_t>(job)]) return *last;
  return s.facts.context ? Backend::Auto : Backend::Cpu;
}

std::vector<Backend> Solvers::Impl::autoCandidates(SolverJob job) const {
  std::vector<Backend> candidates = {Backend::Cpu};  // first: the bound the others must beat
  if (!facts.context) return candidates;
  if (facts.compute) candidates.push_back(Backend::Compute);
  // WebGL2 cannot tell the fragment field when to stop (gpu/gl/gl_api.h: sameFrameQueries).
  if (job != SolverJob::Field || !facts.lateQueries) candidates.push_back(Backend::Gpu);
  return candidates;
}

Backend Solvers::Impl::autoBackend(SolverJob job, int sizeClass, bool sight,
                                   const std::function<bool(Backend, int)>& run) {
  if (!facts.context) return Backend::Cpu;
  sizeClass = keyedClass(sizeClass, map.layout(), sight);
  const std::vector<Backend> offered = autoCandidates(job);
  AutoChoices& choices = AutoChoices::shared();
  if (const auto known = choices.find(facts.renderer, job, sizeClass)) {
    if (std::find(offered.begin(), offered.end(), *known) != offered.end()) return *known;
  }
  std::vector<Candidate> candidates;
  for (Backend backend : offered) {
    // The fragment passes and both fields can stop after some passes; a compute range cannot.
    const bool limited =
        backend == Backend::Gpu || (job == SolverJob::Field && backend == Backend::Compute);
    candidates.push_back({backend, limited, [&run, backend](int passLimit) {
                            const bool onGpu = backend != Backend::Cpu;
                            if (onGpu) finish();
                            const auto start = std::chrono::steady_clock::now();
                            const bool complete = run(backend, passLimit);
                            if (onGpu) finish();
                            const std::chrono::duration<double, std::milli> took =
                                std::chrono::steady_clock::now() - start;
                            return TimedRun{took.count(), complete};
                          }});
  }
  const Backend fastest = measureFastest(candidates);
  choices.remember(facts.renderer, job, sizeClass, fastest);
  return fastest;
}

Expected<RangeAnswer> Solvers::range(const RangeQuery& query, StateBytes state) {
  RangeAnswer answer;
  if (auto problem = range(query, answer, state)) return Error{*problem};
  return answer;
}

std::optional<std::string> Solvers::range(const RangeQuery& query, RangeAnswer& answer,
                                          StateBytes state) {
  return solveRange(query, answer, state, impl_->requested, RangeSolver::kAllPasses);
}

std::optional<std::string> Solvers::range(const RangeQuery& query, RangeAnswer& answer,
                                          Backend backend, int passLimit) {
  // Only the fragment passes stop between passes: a limited solve runs there.
  if (backend == Backend::Compute && passLimit != RangeSolver::kAllPasses) backend = Backend::Gpu;
  return solveRange(query, answer, StateBytes::Skip, backend, passLimit);
}

std::optional<std::string> Solvers::solveRange(const RangeQuery& query, RangeAnswer& answer,
                                               StateBytes state, Backend backend, int passLimit) {
  Impl& s = *impl_;
  if (auto problem = validate(s.map, query)) return problem;
  if (backend == Backend::Auto) {
    std::optional<std::string> failed;
    backend =
        s.autoBackend(SolverJob::Range, rangeSizeClass(s.map, query), query.sight.on,
                  [&](Backend b, int limit) {
          failed = s.rangeOn(b, query, answer, StateBytes::Skip,
                             limit == Candidate::kNoLimit ? RangeSolver::kAllPasses : limit);
          return failed.has_value() || answer.stats.converged;
        });
    if (failed) return failed;
  }
  return s.rangeOn(backend, query, answer, state, passLimit);
}

std::optional<std::string> Solvers::Impl::rangeOn(Backend backend, const RangeQuery& query,
                                                  RangeAnswer& answer, StateBytes state,
                                                  int passLimit) {
  const bool withState = state == StateBytes::Read;
  if (backend == Backend::Cpu) {
    solveReference(map, query, answer.result);
    answer.stats = SolveStats{answer.result.passes, true, 0, 0};
    answer.state = withState ? encodeState(map, answer.result) : std::vector<std::uint8_t>();
  } else if (backend == Backend::Compute) {
    const GlStateGuard callerState;  // one save and restore for the create, solve and reads
    if (auto problem = ensure(computeRange, map, "compute solver")) return problem;
    answer.stats = computeRange->solve(query);
    computeRange->readResult(answer.result);
    answer.state = withState ? computeRange->readState() : std::vector<std::uint8_t>();
    // The compute shader marks attacks without line of sight: SPEC §11.8 is applied to its
    // movement on the CPU, which then writes the state bytes too.
    if (query.sight.on) {
      applySight(map, query, answer.result);
      if (withState) answer.state = encodeState(map, answer.result);
    }
  } else {
    const GlStateGuard callerState;
    if (auto problem = ensure(range, map, "GPU solver")) return problem;
    answer.stats = range->solve(query, passLimit);
    range->readResult(answer.result);
    answer.state = withState ? range->readState() : std::vector<std::uint8_t>();
  }
  answer.backend = backend;
  lastRange = backend;
  lastAnswer[static_cast<std::size_t>(SolverJob::Range)] = backend;
  return std::nullopt;
}

Expected<Backend> Solvers::rangeMany(const std::vector<RangeQuery>& queries, const RangeMasks& out,
                                     unsigned threads) {
  return rangeMany(queries, out, impl_->requested, threads);
}

Expected<Backend> Solvers::rangeMany(const std::vector<RangeQuery>& queries, const RangeMasks& out,
                                     Backend backend, unsigned threads) {
  Impl& s = *impl_;
  for (std::size_t k = 0; k < queries.size(); ++k) {
    if (auto problem = validate(s.map, queries[k])) {
      return Error{"queries[" + std::to_string(k) + "]: " + *problem};
    }
  }
  if (backend == Backend::Auto) {
    // Timed on the first queries, into the first masks (the batch rewrites them after):
    // enough to pay a GPU's fixed costs as the whole batch would.
    const std::vector<RangeQuery> sample(
        queries.begin(),
        queries.begin() + static_cast<std::ptrdiff_t>(std::min(queries.size(), kBatchSample)));
    std::optional<std::string> failed;
    backend = s.autoBackend(SolverJob::Batch, batchSizeClass(s.map, queries), anySight(queries),
                            [&](Backend b, int) {
      failed = s.manyOn(b, sample, out, threads);
      return true;
    });
    if (failed) return Error{*failed};
  }
  if (auto problem = s.manyOn(backend, queries, out, threads)) return Error{*problem};
  s.lastAnswer[static_cast<std::size_t>(SolverJob::Batch)] = backend;
  return backend;
}

std::optional<std::string> Solvers::Impl::manyOn(Backend backend,
                                                 const std::vector<RangeQuery>& queries,
                                                 const RangeMasks& out, unsigned threads) {
  const std::size_t cells =
      static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
  const auto at = [&out, cells](std::size_t k) {
    return RangeMasks{out.cost ? out.cost + k * cells : nullptr,
                      out.kind ? out.kind + k * cells : nullptr,
                      out.parent ? out.parent + k * cells : nullptr};
  };
  if (backend == Backend::Cpu || backend == Backend::Auto) {
    solveQueries(map, queries, out, threads);
    return std::nullopt;
  }
  const GlStateGuard callerState;
  const bool compute = backend == Backend::Compute;
  std::optional<BatchRangeSolver>& solver = compute ? computeBatch : batch;
  if (!solver) {
    auto made = BatchRangeSolver::create(
        map, compute ? BatchRangeSolver::Method::Compute : BatchRangeSolver::Method::Fragment);
    if (!made) {
      return std::string("cannot set up the ") + (compute ? "compute" : "GPU") +
             " batch solver: " + made.error();
    }
    solver.emplace(std::move(*made));
  }
  RangeResult seen;  // a query with line of sight: the batch's answer, SPEC §11.8 applied on the CPU
  auto stats = solver->solve(queries, [&](std::size_t k, const RangeResult& result) {
    const RangeMasks masks = at(k);
    const RangeResult* answer = &result;
    if (queries[k].sight.on) {
      seen = result;
      applySight(map, queries[k], seen);
      answer = &seen;
    }
    writeMasks(queries[k], *answer, masks.cost, masks.kind, masks.parent);
  });
  if (!stats) return stats.error();
  return std::nullopt;
}

std::optional<GpuLayer> Solvers::rangeLayer() const {
  const Impl& s = *impl_;
  if (s.lastRange == Backend::Compute && s.computeRange) {
    return GpuLayer{s.computeRange->stateTexture(), s.computeRange->touchedBox()};
  }
  if (s.lastRange == Backend::Gpu && s.range) {
    return GpuLayer{s.range->stateTexture(), s.range->touchedBox()};
  }
  return std::nullopt;
}

std::optional<std::uint32_t> Solvers::dangerTexture(DangerLayer layer) const {
  const Impl& s = *impl_;
  const auto& solver = layer == DangerLayer::Zone ? s.danger : s.markedDanger;
  if (!solver || !s.dangerOnGpu[layer == DangerLayer::Zone ? 0 : 1]) return std::nullopt;
  return solver->countTexture();
}

std::optional<std::uint32_t> Solvers::fieldTexture() const {
  const Impl& s = *impl_;
  if (s.lastField == Backend::Gpu && s.field) return s.field->fieldTexture();
  return std::nullopt;
}

Expected<DangerAnswer> Solvers::danger(const std::vector<Unit>& units, BoardRules rules,
                                       DangerLayer layer) {
  Impl& s = *impl_;
  for (const Unit& u : units) {
    if (!s.map.contains(u.cell)) {
      return Error{"unit '" + u.name + "' at " + toString(u.cell) + " is outside " +
                   s.map.boundsText()};
    }
  }
  Backend backend = s.requested;
  if (backend == Backend::Auto) {
    std::optional<std::string> failed;
    backend = s.autoBackend(SolverJob::Danger, dangerSizeClass(s.map, units), rules.sight.on,
                            [&](Backend b, int) {
      auto answer = s.dangerOn(b, units, rules, layer);
      if (!answer) failed = answer.error();
      return true;
    });
    if (failed) return Error{*failed};
  }
  return s.dangerOn(backend, units, rules, layer);
}

namespace {

// The danger zone one enemy at a time (dangerZone's per-enemy form): each enemy's movement solved
// by `solver` (a range solver of the GPU, fragment or compute), its threat marked from its
// stopping cells on the CPU, the solves counted into `stats`.
template <class RangeSolverType>
Grid<std::uint8_t> dangerEach(const CostMap& map, RangeSolverType& solver,
                              const std::vector<Unit>& units, const BoardRules& rules,
                              DangerStats& stats) {
  return dangerZone(
      map, units,
      [&](const RangeQuery& query, RangeResult& result) {
        const SolveStats solved = solver.solve(query);
        solver.readResult(result);
        ++stats.enemies;
        ++stats.batches;
        stats.passes += solved.passes;
        stats.cellsShaded += solved.cellsShaded;
      },
      rules);
}

}  // namespace

Expected<DangerAnswer> Solvers::Impl::dangerOn(Backend backend, const std::vector<Unit>& units,
                                               BoardRules rules, DangerLayer layer) {
  bool& onGpu = dangerOnGpu[layer == DangerLayer::Zone ? 0 : 1];
  onGpu = false;
  lastAnswer[static_cast<std::size_t>(SolverJob::Danger)] = backend;
  DangerAnswer answer;
  answer.backend = backend;
  switch (backend) {
    case Backend::Compute: {
      // One compute dispatch per enemy that can attack, its threat marked from its stopping
      // cells on the CPU: the reference's per-enemy danger zone with the movement on the GPU.
      const GlStateGuard callerState;
      if (auto problem = ensure(computeDanger, map, "compute solver")) return Error{*problem};
      answer.counts = dangerEach(map, *computeDanger, units, rules, answer.stats);
      return answer;
    }
    case Backend::Auto:  // never asked for here
    case Backend::Cpu:
      answer.backend = Backend::Cpu;
      answer.counts = dangerZone(map, units, rules);
      for (const Unit& u : units) {
        answer.stats.enemies +=
            u.team == Team::Enemy && !u.attack.none() && knownTo(Team::Player, u);
      }
      return answer;
    case Backend::Gpu: break;
  }
  const GlStateGuard callerState;
  if (rules.sight.on) {
    // Line of sight (SPEC §11.8): each enemy's movement by the fragment passes, its threat marked
    // from its stopping cells on the CPU, which sees the walls; the batched atlas does not.
    if (auto problem = ensure(range, map, "GPU solver")) return Error{*problem};
    answer.counts = dangerEach(map, *range, units, rules, answer.stats);
    return answer;
  }
  std::optional<DangerSolver>& solver = dangerSolver(layer);
  if (auto problem = ensure(solver, map, "GPU danger solver")) return Error{*problem};
  const auto stats = solver->solve(units, rules);
  if (!stats) return Error{"the GPU danger solve failed: " + stats.error()};
  answer.stats = *stats;
  answer.counts = solver->readCounts();
  onGpu = true;
  return answer;
}

Expected<FieldAnswer> Solvers::field(const FieldQuery& query) {
  Impl& s = *impl_;
  if (auto problem = outsideMap(s.map, query.sources, "source")) return Error{*problem};
  if (auto problem = outsideMap(s.map, query.blockers, "blocker")) return Error{*problem};
  Backend backend = s.requested;
  if (backend == Backend::Auto) {
    std::optional<std::string> failed;
    backend = s.autoBackend(SolverJob::Field, fieldSizeClass(s.map), false,
                            [&](Backend b, int limit) {
      auto answer =
          s.fieldOn(b, query, limit == Candidate::kNoLimit ? FieldSolver::kAllPasses : limit);
      if (!answer) failed = answer.error();
      return !answer || answer->stats.converged;
    });
    if (failed) return Error{*failed};
  }
  return s.fieldOn(backend, query, FieldSolver::kAllPasses);
}

Expected<FieldAnswer> Solvers::Impl::fieldOn(Backend backend, const FieldQuery& query,
                                             int passLimit) {
  FieldAnswer answer;
  answer.backend = backend == Backend::Auto ? Backend::Cpu : backend;
  lastField = answer.backend;
  lastAnswer[static_cast<std::size_t>(SolverJob::Field)] = answer.backend;
  if (answer.backend == Backend::Compute) {
    const GlStateGuard callerState;
    if (auto problem = ensure(computeField, map, "compute field solver")) return Error{*problem};
    answer.stats = computeField->solve(query, passLimit);
    answer.field = computeField->readField();
  } else if (answer.backend == Backend::Gpu) {
    const GlStateGuard callerState;
    if (auto problem = ensure(field, map, "GPU field solver")) return Error{*problem};
    answer.stats = field->solve(query, passLimit);
    answer.field = field->readField();
  } else {
    answer.field = solveFieldReference(map, query);
    answer.stats = FieldStats{0, true, 0};
  }
  return answer;
}

void Solvers::updateMap(const CostMap& map, CellBox box) {
  Impl& s = *impl_;
  const bool sameSize = map.width() == s.map.width() && map.height() == s.map.height();
  s.map = map;
  // Only the range solvers can upload a painted box; the others are made again when next asked.
  s.danger.reset();
  s.markedDanger.reset();
  s.dangerOnGpu[0] = s.dangerOnGpu[1] = false;
  s.field.reset();
  s.computeField.reset();
  s.batch.reset();
  s.computeBatch.reset();
  if (!sameSize) {
    s.range.reset();
    s.computeRange.reset();
    s.computeDanger.reset();
    return;
  }
  if (s.range) s.range->updateMap(map, box);
  if (s.computeRange) s.computeRange->updateMap(map, box);
  if (s.computeDanger) s.computeDanger->updateMap(map, box);
}

}  // namespace tactics::gpu
