#include "tactics/gpu/solvers.h"

#include <utility>

#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "gpu/gl/gl_api.h"
#include "gpu/gl/state_guard.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::gpu {

Backend chooseBackend(SolverJob job, const BackendFacts& facts) {
  if (!facts.context) return Backend::Cpu;
  switch (job) {
    case SolverJob::Range: return Backend::Gpu;
    case SolverJob::Danger: return Backend::Gpu;
    case SolverJob::Field: return facts.software || facts.lateQueries ? Backend::Cpu : Backend::Gpu;
  }
  return Backend::Cpu;
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
  // Which backend gave each job's last answer (what the layers below can show).
  Backend lastRange = Backend::Cpu;
  bool dangerOnGpu[2] = {false, false};
  Backend lastField = Backend::Cpu;

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
    if (impl->facts.context) impl->facts.software = isSoftwareRenderer(rendererName());
    impl->facts.lateQueries = !sameFrameQueries();
    const std::string name = backendName(requested);
    if (!impl->facts.context && requested != Backend::Auto) {
      return Error{name + " needs a current OpenGL context on this thread; make one (a "
                          "HeadlessContext), load yours (gpu::loadGl) or use the cpu backend"};
    }
    if (requested == Backend::Compute && !supportsCompute()) {
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
  if (impl_->requested != Backend::Auto) return impl_->requested;
  return chooseBackend(job, impl_->facts);
}

Expected<RangeAnswer> Solvers::range(const RangeQuery& query, StateBytes state) {
  RangeAnswer answer;
  if (auto problem = range(query, answer, state)) return Error{*problem};
  return answer;
}

std::optional<std::string> Solvers::range(const RangeQuery& query, RangeAnswer& answer,
                                          StateBytes state) {
  return solveRange(query, answer, state, backendFor(SolverJob::Range), RangeSolver::kAllPasses);
}

std::optional<std::string> Solvers::range(const RangeQuery& query, RangeAnswer& answer,
                                          Backend backend, int passLimit) {
  if (backend == Backend::Auto) backend = backendFor(SolverJob::Range);
  if (backend == Backend::Compute && passLimit != RangeSolver::kAllPasses) backend = Backend::Gpu;
  return solveRange(query, answer, StateBytes::Skip, backend, passLimit);
}

std::optional<std::string> Solvers::solveRange(const RangeQuery& query, RangeAnswer& answer,
                                               StateBytes state, Backend backend, int passLimit) {
  Impl& s = *impl_;
  if (auto problem = validate(s.map, query)) return problem;
  const bool withState = state == StateBytes::Read;
  if (backend == Backend::Cpu) {
    solveReference(s.map, query, answer.result);
    answer.stats = SolveStats{answer.result.passes, true, 0, 0};
    answer.state = withState ? encodeState(s.map, answer.result) : std::vector<std::uint8_t>();
  } else if (backend == Backend::Compute) {
    const GlStateGuard callerState;  // one save and restore for the create, solve and reads
    if (auto problem = ensure(s.computeRange, s.map, "compute solver")) return problem;
    answer.stats = s.computeRange->solve(query);
    s.computeRange->readResult(answer.result);
    answer.state = withState ? s.computeRange->readState() : std::vector<std::uint8_t>();
  } else {
    const GlStateGuard callerState;
    if (auto problem = ensure(s.range, s.map, "GPU solver")) return problem;
    answer.stats = s.range->solve(query, passLimit);
    s.range->readResult(answer.result);
    answer.state = withState ? s.range->readState() : std::vector<std::uint8_t>();
  }
  answer.backend = backend;
  s.lastRange = backend;
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
  bool& onGpu = s.dangerOnGpu[layer == DangerLayer::Zone ? 0 : 1];
  onGpu = false;
  for (const Unit& u : units) {
    if (!s.map.contains(u.cell)) {
      return Error{"unit '" + u.name + "' at " + toString(u.cell) + " is outside " +
                   s.map.boundsText()};
    }
  }
  DangerAnswer answer;
  answer.backend = backendFor(SolverJob::Danger);
  switch (answer.backend) {
    case Backend::Compute: {
      // One compute dispatch per enemy that can attack, its threat marked from its stopping
      // cells on the CPU: the reference's per-enemy danger zone with the movement on the GPU.
      const GlStateGuard callerState;
      if (auto problem = ensure(s.computeDanger, s.map, "compute solver")) return Error{*problem};
      answer.counts = dangerZone(s.map, units, [&](const RangeQuery& query, RangeResult& range) {
        const SolveStats stats = s.computeDanger->solve(query);
        s.computeDanger->readResult(range);
        ++answer.stats.enemies;
        ++answer.stats.batches;
        answer.stats.passes += stats.passes;
        answer.stats.cellsShaded += stats.cellsShaded;
      }, rules);
      return answer;
    }
    case Backend::Auto:  // backendFor never answers Auto
    case Backend::Cpu:
      answer.counts = dangerZone(s.map, units, rules);
      for (const Unit& u : units) {
        answer.stats.enemies +=
            u.team == Team::Enemy && !u.attack.none() && knownTo(Team::Player, u);
      }
      return answer;
    case Backend::Gpu: break;
  }
  const GlStateGuard callerState;
  std::optional<DangerSolver>& solver = s.dangerSolver(layer);
  if (auto problem = ensure(solver, s.map, "GPU danger solver")) return Error{*problem};
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
  FieldAnswer answer;
  answer.backend = backendFor(SolverJob::Field);
  s.lastField = answer.backend;
  if (answer.backend == Backend::Compute) {
    const GlStateGuard callerState;
    if (auto problem = ensure(s.computeField, s.map, "compute field solver")) {
      return Error{*problem};
    }
    answer.stats = s.computeField->solve(query);
    answer.field = s.computeField->readField();
  } else if (answer.backend == Backend::Gpu) {
    const GlStateGuard callerState;
    if (auto problem = ensure(s.field, s.map, "GPU field solver")) return Error{*problem};
    answer.stats = s.field->solve(query);
    answer.field = s.field->readField();
  } else {
    answer.field = solveFieldReference(s.map, query);
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
