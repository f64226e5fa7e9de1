#include "tactics/gpu/solvers.h"

#include <utility>

#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::gpu {

Backend chooseBackend(SolverJob job, const BackendFacts& facts) {
  if (!facts.context) return Backend::Cpu;
  switch (job) {
    case SolverJob::Range: return Backend::Gpu;
    case SolverJob::Danger: return Backend::Gpu;
    case SolverJob::Field: return facts.software ? Backend::Cpu : Backend::Gpu;
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
  std::optional<DangerSolver> danger;
  std::optional<FieldSolver> field;
  std::optional<ComputeFieldSolver> computeField;
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
    const std::string name = backendName(requested);
    if (!impl->facts.context && requested != Backend::Auto) {
      return Error{name + " needs a current OpenGL context on this thread; make one (a "
                          "HeadlessContext) or use the cpu backend"};
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
  Impl& s = *impl_;
  if (auto problem = validate(s.map, query)) return problem;
  const Backend backend = backendFor(SolverJob::Range);
  const bool withState = state == StateBytes::Read;
  if (backend == Backend::Cpu) {
    solveReference(s.map, query, answer.result);
    answer.stats = SolveStats{answer.result.passes, true, 0, 0};
    answer.state = withState ? encodeState(s.map, answer.result) : std::vector<std::uint8_t>();
  } else if (backend == Backend::Compute) {
    if (auto problem = ensure(s.computeRange, s.map, "compute solver")) return problem;
    answer.stats = s.computeRange->solve(query);
    s.computeRange->readResult(answer.result);
    answer.state = withState ? s.computeRange->readState() : std::vector<std::uint8_t>();
  } else {
    if (auto problem = ensure(s.range, s.map, "GPU solver")) return problem;
    answer.stats = s.range->solve(query);
    s.range->readResult(answer.result);
    answer.state = withState ? s.range->readState() : std::vector<std::uint8_t>();
  }
  answer.backend = backend;
  return std::nullopt;
}

Expected<DangerAnswer> Solvers::danger(const std::vector<Unit>& units, BoardRules rules) {
  Impl& s = *impl_;
  for (const Unit& u : units) {
    if (!s.map.contains(u.cell)) {
      return Error{"unit '" + u.name + "' at " + toString(u.cell) + " is outside " +
                   s.map.boundsText()};
    }
  }
  DangerAnswer answer;
  answer.backend = backendFor(SolverJob::Danger);
  switch (answer.backend) {
    case Backend::Compute:
      return Error{"danger has a gpu and a cpu solver, no compute one; use gpu, cpu or auto"};
    case Backend::Auto:  // backendFor never answers Auto
    case Backend::Cpu:
      answer.counts = dangerZone(s.map, units, rules);
      for (const Unit& u : units) answer.stats.enemies += u.team == Team::Enemy && !u.attack.none();
      return answer;
    case Backend::Gpu: break;
  }
  if (auto problem = ensure(s.danger, s.map, "GPU danger solver")) return Error{*problem};
  const auto stats = s.danger->solve(units, rules);
  if (!stats) return Error{"the GPU danger solve failed: " + stats.error()};
  answer.stats = *stats;
  answer.counts = s.danger->readCounts();
  return answer;
}

Expected<FieldAnswer> Solvers::field(const FieldQuery& query) {
  Impl& s = *impl_;
  if (auto problem = outsideMap(s.map, query.sources, "source")) return Error{*problem};
  if (auto problem = outsideMap(s.map, query.blockers, "blocker")) return Error{*problem};
  FieldAnswer answer;
  answer.backend = backendFor(SolverJob::Field);
  if (answer.backend == Backend::Compute) {
    if (auto problem = ensure(s.computeField, s.map, "compute field solver")) {
      return Error{*problem};
    }
    answer.stats = s.computeField->solve(query);
    answer.field = s.computeField->readField();
  } else if (answer.backend == Backend::Gpu) {
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
  s.field.reset();
  s.computeField.reset();
  if (!sameSize) {
    s.range.reset();
    s.computeRange.reset();
    return;
  }
  if (s.range) s.range->updateMap(map, box);
  if (s.computeRange) s.computeRange->updateMap(map, box);
}

}  // namespace tactics::gpu
