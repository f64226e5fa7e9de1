#include "cli/bench_command.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iomanip>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>
#include <utility>

#include "cli/bench_cases.h"
#include "cli/bench_peers.h"
#include "cli/json_text.h"
#include "cli/output_guard.h"
#include "cmdline/command_line.h"
#include "cmdline/flags.h"
#include "tactics/gpu/batch_range_solver.h"
#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/field_solver.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/gpu/solvers.h"
#include "tactics/io/file_io.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::cli {

namespace {

// The methods that are a backend carry its name (what --backend and --json's "backend" say).
const char* const kGpu = backendName(Backend::Gpu);
const char* const kCpu = backendName(Backend::Cpu);
const char* const kCompute = backendName(Backend::Compute);

constexpr int kRepetitions = 20;
constexpr int kQuickRepetitions = 3;
constexpr int kWarmUps = 2;
// A peer's answer differed from the reference's: the bench is wrong, not the input.
constexpr int kExitWrongAnswer = 1;

// The peers (issue 26 item 7): what a developer would use instead of this project's solvers.
constexpr const char* kPqDijkstra = "pq-dijkstra";
constexpr const char* kLibtcod = "libtcod";

constexpr const char* kUsage =
    "usage: tactics-grid bench [--json FILE] [--quick] [--gl core|es] [--case NAME]...\n"
    "Times complete range queries (parameters in, every pass, the result read back), bracketed\n"
    "by glFinish, in one process on a headless OpenGL context. Each case warms up, then runs\n"
    "every method repetition by repetition, the unit stepping along a fixed walk.\n"
    "  --json FILE    also write the results as JSON\n"
    "  --quick        3 repetitions instead of 20 (for tests; the numbers are rough)\n"
    "  --gl core|es   the headless context: OpenGL 3.3 core (4.3 where compute runs; the default)\n"
    "                 or OpenGL ES 3.0, where the compute methods do not run\n"
    "  --case NAME    run only this case; repeat for more (default: all)\n"
    "Methods: gpu (the fragment passes), seed (the same passes with the blog's close-once relax\n"
    "shader), floor (every pass gpu ran, with pass-through shaders, and the same readback),\n"
    "cpu (the reference), compute (one compute dispatch; only where OpenGL 4.3 exists),\n"
    "compute-floor (an empty dispatch and the most a solve reads back: its platform price).\n"
    "danger: gpu (one batched solve, every enemy a window of one atlas, one draw per pass),\n"
    "gpu-each (one range solve per enemy, each read back, threats marked and summed on the CPU),\n"
    "cpu (the reference). field, maze, maze512:\n"
    "gpu (fragment passes), cpu (the reference), compute (tiled compute sweeps, OpenGL 4.3);\n"
    "their move column is 0 (no range cap) and cpu's passes 0 (it runs none).\n"
    "batch: gpu (the fragment passes, every query a window of one atlas), compute (one\n"
    "dispatch, a workgroup per query), cpu (the reference, one query after another on one\n"
    "thread), cpu-threads (the same on every core); each writes every query's kind and cost\n"
    "masks, checked against cpu's (exit 1 when one differs). passes: the most a query needed\n"
    "(cpu), the submissions (gpu, compute), else 0. auto's cpu runs on every core.\n"
    "Peers, what a developer would use instead, each answer checked against cpu's (exit 1 when\n"
    "one differs): pq-dijkstra (a std::priority_queue Dijkstra) on the range cases without zone\n"
    "of control and on the field cases; libtcod (libtcod's Dijkstra, one run per source) on the\n"
    "field cases.\n"
    "Every case also runs auto: what --backend auto picks for the job on this context by\n"
    "measuring (its first query times every backend; see docs/PERFORMANCE.md), answered\n"
    "through gpu::Solvers. The table's last lines and the JSON's \"auto\" say, per case, the\n"
    "backend it ran and its median against the fastest of gpu, cpu, compute and gpu-each.\n"
    "Cases:\n";

// What one timed query reports besides its time.
struct Sample {
  int passes = 0;
  long long cellsShaded = 0;
};

// One way of answering the case's question, timed repetition by repetition.
struct Method {
  std::string name;
  std::function<Sample()> run;
  std::vector<double> milliseconds;
  std::vector<Sample> samples;
};

// A peer's answer held against the reference's of the same repetition, once every method has
// run (untimed): the first difference, or nullopt.
struct Check {
  std::string method;
  std::function<std::optional<std::string>()> difference;
};

struct Row {
  std::string caseName;
  std::string method;
  int width = 0;
  int height = 0;
  int move = 0;
  double medianMs = 0;
  double p90Ms = 0;
  int passes = 0;
  long long cellsShaded = 0;
};

double percentile(std::vector<double> values, double fraction) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(values.size())));
  return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Microsecond resolution.
double toMicroseconds(double ms) { return std::round(ms * 1000.0) / 1000.0; }

template <class Work>
double timed(Work&& work) {
  gpu::finish();
  const auto start = std::chrono::steady_clock::now();
  work();
  gpu::finish();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Runs every method of a case interleaved repetition by repetition: `step(i)` moves the unit to
// the walk's i-th cell (untimed), then each method answers the same question, timed. After each
// repetition, warm-ups included, every check runs; the first difference goes into `wrongAnswer`
// and ends the case.
std::vector<Row> runMethods(const BenchCase& c, int move, std::vector<Method>& methods,
                            int repetitions, const std::function<void(std::size_t)>& step,
                            const std::vector<Check>& checks, std::string& wrongAnswer) {
  for (int i = -kWarmUps; i < repetitions; ++i) {
    const std::size_t at = static_cast<std::size_t>(i + kWarmUps) % c.walk.size();
    step(at);
    for (Method& m : methods) {
      Sample sample;
      const double ms = timed([&] { sample = m.run(); });
      if (i < 0) continue;
      m.milliseconds.push_back(ms);
      m.samples.push_back(sample);
    }
    for (const Check& check : checks) {
      if (auto difference = check.difference()) {
        wrongAnswer = "bench case " + c.name + ", the unit on " + toString(c.walk[at]) + ": " +
                      check.method + " differs from the reference: " + *difference;
        return {};
      }
    }
  }
  std::vector<Row> rows;
  for (const Method& m : methods) {
    std::vector<double> passes;
    std::vector<double> shaded;
    for (const Sample& s : m.samples) {
      passes.push_back(s.passes);
      shaded.push_back(static_cast<double>(s.cellsShaded));
    }
    rows.push_back({c.name, m.name, c.map.width(), c.map.height(), move,
                    toMicroseconds(median(m.milliseconds)), toMicroseconds(percentile(m.milliseconds, 0.9)),
                    static_cast<int>(median(passes)), static_cast<long long>(median(shaded))});
  }
  return rows;
}

// A range case: every method answers the unit's range query.
Expected<std::vector<Row>> runRangeCase(const BenchCase& c, int repetitions, bool withCompute,
                                        std::string& wrongAnswer, std::string& picked) {
  struct GpuMethod {
    gpu::RangeSolver solver;
    RangeResult result;
  };
  std::vector<std::unique_ptr<GpuMethod>> solvers;
  for (gpu::PassShaders shaders :
       {gpu::PassShaders::Exact, gpu::PassShaders::CloseOnce, gpu::PassShaders::PassThrough}) {
    auto solver = gpu::RangeSolver::create(c.map, shaders);
    if (!solver) return Error{"cannot set up the GPU solver: " + solver.error()};
    solvers.push_back(std::make_unique<GpuMethod>(GpuMethod{std::move(*solver), RangeResult()}));
  }
  RangeQuery query = c.query;
  int gpuPassesRun = 0;  // the floor runs as many passes as gpu just did on the same cell
  GpuMethod& exact = *solvers[0];
  GpuMethod& closeOnce = *solvers[1];
  GpuMethod& passThrough = *solvers[2];
  RangeResult cpuResult;
  std::vector<Method> methods;
  const auto add = [&](std::string name, std::function<Sample()> run) {
    methods.push_back({std::move(name), std::move(run), {}, {}});
  };
  // The fragment-pass methods: solve, read back into the kept result. The floor runs as many
  // passes as gpu just ran on the same cell.
  const auto fragmentPasses = [&](GpuMethod& m, bool sameAsGpu, bool isGpu) {
    return [&m, &query, sameAsGpu, isGpu, &gpuPassesRun]() {
      const gpu::SolveStats stats =
          sameAsGpu ? m.solver.solve(query, gpuPassesRun) : m.solver.solve(query);
      m.solver.readResult(m.result);
      if (isGpu) gpuPassesRun = stats.passesRun;
      return Sample{stats.passes, stats.cellsShaded};
    };
  };
  add(kGpu, fragmentPasses(exact, false, true));
  add("seed", fragmentPasses(closeOnce, false, false));
  add("floor", fragmentPasses(passThrough, true, false));
  add(kCpu, [&]() {
    solveReference(c.map, query, cpuResult);
    // The cells the reference worked on: its window and what it marked.
    return Sample{cpuResult.passes, cpuResult.written.area()};
  });

  // The compute backend, where the context has OpenGL 4.3.
  std::optional<gpu::ComputeRangeSolver> compute;
  std::optional<gpu::ComputeRangeSolver> computeFloor;  // an empty dispatch, the same readback
  RangeResult computeResult;
  RangeResult computeFloorResult;
  if (withCompute) {
    auto solver = gpu::ComputeRangeSolver::create(c.map);
    if (!solver) return Error{"cannot set up the compute solver: " + solver.error()};
    compute.emplace(std::move(*solver));
    add(kCompute, [&]() {
      const gpu::SolveStats stats = compute->solve(query);
      compute->readResult(computeResult);
      return Sample{stats.passes, stats.cellsShaded};
    });
    auto empty = gpu::ComputeRangeSolver::create(c.map, gpu::ComputeRangeSolver::Workgroup::ForRenderer,
                                                 gpu::ComputeRangeSolver::Kernel::Empty);
    if (!empty) return Error{"cannot set up the compute floor: " + empty.error()};
    computeFloor.emplace(std::move(*empty));
    add("compute-floor", [&]() {
      const gpu::SolveStats stats = computeFloor->solve(query);
      computeFloor->readResult(computeFloorResult);
      return Sample{stats.passes, stats.cellsShaded};
    });
  }
  // What --backend auto runs for a range, through the one entry every command uses.
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  gpu::RangeAnswer autoAnswer;
  std::string failure;
  add(backendName(Backend::Auto), [&]() {
    if (auto problem = chosen->range(query, autoAnswer)) failure = *problem;
    picked = backendName(autoAnswer.backend);
    return Sample{autoAnswer.stats.passes, autoAnswer.stats.cellsShaded};
  });
  // The peer, where it knows the case's rules, into a result of its own, checked against cpu's.
  PqDijkstraRange pq;
  RangeResult pqResult;
  std::vector<Check> checks;
  if (PqDijkstraRange::answers(c.query)) {
    add(kPqDijkstra, [&]() {
      pq.solve(c.map, query, pqResult);
      return Sample{pqResult.passes, static_cast<long long>(pq.cellsWritten())};
    });
    checks.push_back({kPqDijkstra, [&]() { return rangeDifference(pqResult, cpuResult); }});
  }
  auto rows = runMethods(c, c.query.moveRange, methods, repetitions,
                         [&](std::size_t i) { query.unit = c.walk[i]; }, checks, wrongAnswer);
  if (!failure.empty()) return Error{"the auto range solve failed: " + failure};
  return rows;
}

// The danger case: the enemy side's threat counts, read back, for a board on which one player
// unit moves every repetition.
Expected<std::vector<Row>> runDangerCase(const BenchCase& c, int repetitions, std::string& picked) {
  std::vector<Unit> board = c.units;
  int mostMove = 0;
  for (const Unit& u : board) {
    if (u.team == Team::Enemy) mostMove = std::max(mostMove, u.moveRange);
  }
  auto batched = gpu::DangerSolver::create(c.map);
  if (!batched) return Error{"cannot set up the danger solver: " + batched.error()};
  auto each = gpu::RangeSolver::create(c.map);
  if (!each) return Error{"cannot set up the GPU solver: " + each.error()};
  Grid<std::uint8_t> counts;
  std::string failure;  // OpenGL could not make the atlas
  std::vector<Method> methods;
  // One batched solve: every enemy a window of the same passes' atlas.
  methods.push_back({kGpu, [&]() {
    const auto stats = batched->solve(board);
    if (!stats) {
      failure = stats.error();
      return Sample{};
    }
    counts = batched->readCounts();
    return Sample{stats->passes, stats->cellsShaded};
  }, {}, {}});
  // One range solve per enemy, each read back; its stopping cells are marked and summed on the
  // CPU (SPEC §7's threat includes reached cells, which the range's own attack pass leaves out).
  methods.push_back({std::string(kGpu) + "-each", [&]() {
    Sample sample;
    counts = dangerZone(c.map, board, [&](const RangeQuery& query, RangeResult& range) {
      const gpu::SolveStats stats = each->solve(query);
      each->readResult(range);
      sample.passes += stats.passes;
      sample.cellsShaded += stats.cellsShaded;
    });
    return sample;
  }, {}, {}});
  methods.push_back({kCpu, [&]() {
    counts = dangerZone(c.map, board);
    return Sample{0, static_cast<long long>(c.map.width()) * c.map.height()};
  }, {}, {}});
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  methods.push_back({backendName(Backend::Auto),
                     [&]() {
                       auto answer = chosen->danger(board);
                       if (!answer) {
                         failure = answer.error();
                         return Sample{};
                       }
                       counts = std::move(answer->counts);
                       picked = backendName(answer->backend);
                       return Sample{answer->stats.passes, answer->stats.cellsShaded};
                     },
                     {},
                     {}});
  std::string noPeers;  // the danger zone has none
  auto rows = runMethods(c, mostMove, methods, repetitions,
                         [&](std::size_t i) { board[c.mover].cell = c.walk[i]; }, {}, noPeers);
  if (!failure.empty()) return Error{"the danger solver failed: " + failure};
  return rows;
}

// A field case: the enemy team's distance field for the case's class, read back, for a board on
// which one player unit (a source) moves every repetition.
Expected<std::vector<Row>> runFieldCase(const BenchCase& c, int repetitions, bool withCompute,
                                        bool software, std::string& wrongAnswer,
                                        std::string& picked) {
  std::vector<Unit> board = c.units;
  FieldQuery query;
  const bool withGpu = !(c.gpuOnlyOnHardware && software);
  withCompute = withCompute && withGpu;
  std::optional<gpu::FieldSolver> passes;
  if (withGpu) {
    auto solver = gpu::FieldSolver::create(c.map);
    if (!solver) return Error{"cannot set up the GPU field solver: " + solver.error()};
    passes.emplace(std::move(*solver));
  }
  DistanceField field;
  DistanceField reference;  // cpu's, which the peers are checked against
  std::vector<Method> methods;
  if (withGpu) {
    methods.push_back({kGpu, [&]() {
      const gpu::FieldStats stats = passes->solve(query);
      field = passes->readField();
      return Sample{stats.passes, stats.cellsShaded};
    }, {}, {}});
  }
  methods.push_back({kCpu, [&]() {
    reference = solveFieldReference(c.map, query);
    return Sample{0, static_cast<long long>(c.map.width()) * c.map.height()};
  }, {}, {}});
  std::optional<gpu::ComputeFieldSolver> compute;
  if (withCompute) {
    auto solver = gpu::ComputeFieldSolver::create(c.map);
    if (!solver) return Error{"cannot set up the compute field solver: " + solver.error()};
    compute.emplace(std::move(*solver));
    methods.push_back({kCompute, [&]() {
      const gpu::FieldStats stats = compute->solve(query);
      field = compute->readField();
      return Sample{stats.passes, stats.cellsShaded};
    }, {}, {}});
  }
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  std::string failure;
  methods.push_back({backendName(Backend::Auto),
                     [&]() {
                       auto answer = chosen->field(query);
                       if (!answer) {
                         failure = answer.error();
                         return Sample{};
                       }
                       field = std::move(answer->field);
                       picked = backendName(answer->backend);
                       return Sample{answer->stats.passes, answer->stats.cellsShaded};
                     },
                     {},
                     {}});
  // The peers, each into a field of its own.
  PqDijkstraField pq;
  DistanceField pqField;
  methods.push_back({kPqDijkstra, [&]() {
    pq.solve(c.map, query, pqField);
    return Sample{0, static_cast<long long>(pq.cellsWritten())};
  }, {}, {}});
  LibtcodField tcod(c.map);
  DistanceField tcodField;
  methods.push_back({kLibtcod, [&]() {
    tcod.solve(query, tcodField);
    // libtcod resets and reads back every cell once per source.
    return Sample{0, static_cast<long long>(query.sources.size()) * c.map.width() * c.map.height()};
  }, {}, {}});
  const std::vector<Check> checks = {
      {kPqDijkstra, [&]() { return fieldDifference(pqField, reference); }},
      {kLibtcod, [&]() { return fieldDifference(tcodField, reference); }}};
  auto rows = runMethods(c, 0, methods, repetitions, [&](std::size_t i) {
    board[c.mover].cell = c.walk[i];
    query = fieldQueryFor(board, Team::Enemy, c.fieldClass);
  }, checks, wrongAnswer);
  if (!failure.empty()) return Error{"the auto field solve failed: " + failure};
  return rows;
}

// Masks for every query of a batch: kind and cost of every cell, query k's at k * cells.
struct BatchMasks {
  std::vector<std::int16_t> cost;
  std::vector<std::uint8_t> kind;

  BatchMasks(std::size_t queries, std::size_t cells)
      : cost(queries * cells), kind(queries * cells) {}
  [[nodiscard]] RangeMasks at(std::size_t k, std::size_t cells) {
    return {cost.data() + k * cells, kind.data() + k * cells, nullptr};
  }
  [[nodiscard]] std::optional<std::string> difference(const BatchMasks& reference,
                                                      std::size_t cells) const {
    for (std::size_t i = 0; i < kind.size(); ++i) {
      if (kind[i] != reference.kind[i] || cost[i] != reference.cost[i]) {
        return "query " + std::to_string(i / cells) + ", cell " + std::to_string(i % cells) +
               ": kind " + std::to_string(kind[i]) + " cost " + std::to_string(cost[i]) +
               ", expected kind " + std::to_string(reference.kind[i]) + " cost " +
               std::to_string(reference.cost[i]);
      }
    }
    return std::nullopt;
  }
};

// The batch case: every method answers all the queries as masks; the GPU methods in one
// submission each, cpu on this thread, cpu-threads on every core. Each answer is checked
// against cpu's after every repetition.
Expected<std::vector<Row>> runBatchCase(const BenchCase& c, int repetitions, bool withCompute,
                                        std::string& wrongAnswer, std::string& picked) {
  const std::size_t cells =
      static_cast<std::size_t>(c.map.width()) * static_cast<std::size_t>(c.map.height());
  std::vector<RangeQuery> queries(c.batchSize, c.query);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  BatchMasks reference(queries.size(), cells);
  std::vector<Method> methods;
  std::vector<Check> checks;
  // Each method fills masks of its own, checked against cpu's.
  std::vector<std::unique_ptr<BatchMasks>> masks;
  const auto checked = [&](const std::string& name) -> BatchMasks& {
    masks.push_back(std::make_unique<BatchMasks>(queries.size(), cells));
    BatchMasks& mine = *masks.back();
    checks.push_back(
        {name, [&mine, &reference, cells]() { return mine.difference(reference, cells); }});
    return mine;
  };
  const auto intoMasks = [&](BatchMasks& into) {
    return [&into, &queries, cells](std::size_t k, const RangeResult& result) {
      const RangeMasks m = into.at(k, cells);
      writeMasks(queries[k], result, m.cost, m.kind, nullptr);
    };
  };
  methods.push_back({kCpu,
                     [&]() {
                       int passes = 0;
                       for (std::size_t k = 0; k < queries.size(); ++k) {
                         passes = std::max(
                             passes, solveReference(c.map, queries[k], reference.at(k, cells)));
                       }
                       return Sample{passes, static_cast<long long>(queries.size() * cells)};
                     },
                     {},
                     {}});
  BatchMasks& threaded = checked("cpu-threads");
  methods.push_back({"cpu-threads",
                     [&]() {
                       std::atomic<std::size_t> next{0};
                       const auto work = [&] {
                         for (std::size_t k = next++; k < queries.size(); k = next++) {
                           solveReference(c.map, queries[k], threaded.at(k, cells));
                         }
                       };
                       std::vector<std::thread> helpers;
                       for (unsigned t = 1; t < cores; ++t) helpers.emplace_back(work);
                       work();
                       for (std::thread& helper : helpers) helper.join();
                       return Sample{0, static_cast<long long>(queries.size() * cells)};
                     },
                     {},
                     {}});
  std::vector<std::unique_ptr<gpu::BatchRangeSolver>> solvers;
  std::string failure;
  const auto gpuMethod = [&](const char* name,
                             gpu::BatchRangeSolver::Method method) -> Expected<bool> {
    auto solver = gpu::BatchRangeSolver::create(c.map, method);
    if (!solver)
      return Error{std::string("cannot set up the ") + name + " batch: " + solver.error()};
    solvers.push_back(std::make_unique<gpu::BatchRangeSolver>(std::move(*solver)));
    gpu::BatchRangeSolver& batch = *solvers.back();
    BatchMasks& mine = checked(name);
    methods.push_back({name,
                       [&batch, &queries, &failure, take = intoMasks(mine)]() {
                         const auto stats = batch.solve(queries, take);
                         if (!stats) {
                           failure = stats.error();
                           return Sample{};
                         }
                         return Sample{stats->submissions, stats->cellsShaded};
                       },
                       {},
                       {}});
    return true;
  };
  if (auto made = gpuMethod(kGpu, gpu::BatchRangeSolver::Method::Fragment); !made) {
    return Error{made.error()};
  }
  if (withCompute) {
    if (auto made = gpuMethod(kCompute, gpu::BatchRangeSolver::Method::Compute); !made) {
      return Error{made.error()};
    }
  }
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  BatchMasks& automatic = checked(backendName(Backend::Auto));
  methods.push_back({backendName(Backend::Auto),
                     [&]() {
                       const auto ran = chosen->rangeMany(
                           queries, RangeMasks{automatic.cost.data(), automatic.kind.data()},
                           cores);
                       if (!ran) {
                         failure = ran.error();
                         return Sample{};
                       }
                       picked = backendName(*ran);
                       return Sample{0, 0};
                     },
                     {},
                     {}});
  auto rows = runMethods(
      c, c.query.moveRange, methods, repetitions,
      [&](std::size_t i) {
        for (std::size_t k = 0; k < queries.size(); ++k) {
          queries[k].unit = c.cells[(k + i * 37) % c.cells.size()];
        }
      },
      checks, wrongAnswer);
  if (!failure.empty()) return Error{"the batch failed: " + failure};
  return rows;
}

// A case's rows; a peer's wrong answer goes into `wrongAnswer`, the backend auto ran into
// `picked`.
Expected<std::vector<Row>> runCase(const BenchCase& c, int repetitions, bool withCompute,
                                   bool software, std::string& wrongAnswer, std::string& picked) {
  switch (c.kind) {
    case BenchKind::Danger: return runDangerCase(c, repetitions, picked);
    case BenchKind::Batch: return runBatchCase(c, repetitions, withCompute, wrongAnswer, picked);
    case BenchKind::Field:
      return runFieldCase(c, repetitions, withCompute, software, wrongAnswer, picked);
    case BenchKind::Range: break;
  }
  return runRangeCase(c, repetitions, withCompute, wrongAnswer, picked);
}

// What auto did on a case: the backend it ran, and its median against the fastest method
// auto could have been (a backend, or gpu-each; not the yardsticks or the peers).
struct AutoResult {
  std::string caseName;
  std::string picked;
  std::string fastest;
  double ratio = 0;
};

bool autoCouldBe(const std::string& method) {
  return method == kGpu || method == kCpu || method == kCompute || method == "gpu-each" ||
         method == "cpu-threads";
}

AutoResult autoResult(const std::string& caseName, const std::string& picked,
                      const std::vector<Row>& rows) {
  AutoResult a{caseName, picked, "", 0};
  double fastest = 0;
  double autoMs = 0;
  for (const Row& r : rows) {
    if (r.method == backendName(Backend::Auto)) autoMs = r.medianMs;
    if (autoCouldBe(r.method) && (a.fastest.empty() || r.medianMs < fastest)) {
      fastest = r.medianMs;
      a.fastest = r.method;
    }
  }
  a.ratio = fastest > 0 ? autoMs / fastest : 1.0;
  return a;
}

std::string formatTable(const std::string& renderer, const std::vector<Row>& rows,
                        const std::vector<AutoResult>& autos) {
  std::ostringstream out;
  out << "renderer: " << renderer << "\n";
  out << std::left << std::setw(10) << "case" << std::setw(15) << "method" << std::setw(11) << "map"
      << std::setw(6) << "move" << std::right << std::setw(11) << "median_ms" << std::setw(10)
      << "p90_ms" << std::setw(8) << "passes" << std::setw(14) << "cells_shaded" << "\n";
  out << std::fixed << std::setprecision(3);
  for (const Row& r : rows) {
    out << std::left << std::setw(10) << r.caseName << std::setw(15) << r.method << std::setw(11)
        << (std::to_string(r.width) + "x" + std::to_string(r.height)) << std::setw(6) << r.move
        << std::right << std::setw(11) << r.medianMs << std::setw(10) << r.p90Ms << std::setw(8)
        << r.passes << std::setw(14) << r.cellsShaded << "\n";
  }
  out << std::setprecision(2);
  for (const AutoResult& a : autos) {
    out << "auto on " << a.caseName << ": " << a.picked << ", " << a.ratio << "x the fastest ("
        << a.fastest << ")\n";
  }
  return out.str();
}

std::string formatJson(const std::string& renderer, const std::vector<Row>& rows,
                       const std::vector<AutoResult>& autos) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(3);
  out << "{\"renderer\":" << jsonString(renderer) << ",\"auto\":{";
  for (std::size_t i = 0; i < autos.size(); ++i) {
    const AutoResult& a = autos[i];
    out << (i ? "," : "") << "\n  " << jsonString(a.caseName)
        << ":{\"backend\":" << jsonString(a.picked) << ",\"fastest\":" << jsonString(a.fastest)
        << ",\"ratio\":" << a.ratio << "}";
  }
  out << "},\"results\":[";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    out << (i ? "," : "") << "\n  {\"case\":" << jsonString(r.caseName)
        << ",\"method\":" << jsonString(r.method) << ",\"width\":" << r.width
        << ",\"height\":" << r.height << ",\"move\":" << r.move << ",\"median_ms\":" << r.medianMs
        << ",\"p90_ms\":" << r.p90Ms << ",\"passes\":" << r.passes
        << ",\"cells_shaded\":" << r.cellsShaded << "}";
  }
  out << "\n]}\n";
  return out.str();
}

}  // namespace

namespace {

using BenchRule = FlagRule<BenchArguments>;
using Problem = std::optional<std::string>;

// "fe, maze, ...": the cases --case may name.
std::string caseList() {
  std::string list;
  for (const std::string& name : benchCaseNames()) list += (list.empty() ? "" : ", ") + name;
  return list;
}

Problem readJson(BenchArguments& a, std::string_view, const std::string& value) {
  if (value == "-") return "--json needs a file name, not '-': standard output carries the table";
  a.jsonPath = value;
  return std::nullopt;
}

Problem readCase(BenchArguments& a, std::string_view, const std::string& value) {
  const std::vector<std::string> names = benchCaseNames();
  if (std::find(names.begin(), names.end(), value) == names.end()) {
    return "--case '" + value + "' is not a bench case; expected one of " + caseList();
  }
  if (std::find(a.cases.begin(), a.cases.end(), value) == a.cases.end()) a.cases.push_back(value);
  return std::nullopt;
}

Problem readQuick(BenchArguments& a, std::string_view, const std::string&) {
  a.quick = true;
  return std::nullopt;
}

Problem readGl(BenchArguments& a, std::string_view flag, const std::string& value) {
  const auto api = gpu::parseGlApi(value, flag);
  if (!api) return api.error();
  a.gl = *api;
  return std::nullopt;
}

}  // namespace

Expected<BenchArguments> parseBenchArguments(const std::vector<std::string>& args) {
  static const std::string cases = caseList();  // --case's hint
  static const std::vector<BenchRule> kRules = {
      {{"--json", "a file name"}, readJson},
      {{"--case", cases, Takes::List}, readCase},
      {{"--quick", "", Takes::Nothing}, readQuick},
      {flags::kGl, readGl},
  };
  BenchArguments a;
  const auto given = readFlags(args, kRules, "tactics-grid bench", a);
  if (!given) return Error{given.error()};
  a.help = given->help;
  if (a.cases.empty()) a.cases = benchCaseNames();
  return a;
}

int runBench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message, int code) {
    err << errorLine(message);
    return code;
  };
  const auto parsed = parseBenchArguments(args);
  if (!parsed) return fail(parsed.error(), kExitBadInput);
  if (parsed->help) {
    out << kUsage;
    for (const std::string& line : benchCaseDescriptions()) out << "  " << line << "\n";
    return kExitOk;
  }
  if (parsed->jsonPath) {
    if (auto problem = checkWritable(*parsed->jsonPath)) return fail(*problem, kExitBadInput);
    // The scenario cases read the default scenario and its map: --json must not replace them.
    std::vector<InputFile> inputs = mapInputFiles(benchScenarioPath(), "the bench's scenario");
    if (const auto scenario = loadScenario(benchScenarioPath())) {
      for (InputFile& file : mapInputFiles(scenario->mapPath, "the bench scenario's map")) {
        inputs.push_back(std::move(file));
      }
    }
    if (auto problem = refuseInputOverwrite("--json", *parsed->jsonPath, inputs)) {
      return fail(*problem, kExitBadInput);
    }
  }

  auto context = gpu::HeadlessContext::create(parsed->gl);
  if (!context) {
    return fail(std::string(parsed->gl == gpu::GlApi::Es ? "no OpenGL ES 3.0 context: "
                                                         : "no OpenGL 3.3 context: ") +
                    context.error(),
                kExitNoOpenGl);
  }
  // llvmpipe's thread count changes the small cases several times over (PERFORMANCE.md):
  // a run says which it had.
  const char* driverThreads = std::getenv("LP_NUM_THREADS");
  const std::string renderer =
      context->description() +
      (driverThreads != nullptr ? std::string(", LP_NUM_THREADS=") + driverThreads : std::string());

  const bool software = gpu::isSoftwareRenderer(gpu::rendererName());
  std::vector<Row> rows;
  std::vector<AutoResult> autos;
  const int repetitions = parsed->quick ? kQuickRepetitions : kRepetitions;
  for (const std::string& name : parsed->cases) {
    const auto benchCase = makeBenchCase(name);
    if (!benchCase) return fail(benchCase.error(), kExitBadInput);
    std::string wrongAnswer;
    std::string picked;
    auto caseRows =
        runCase(*benchCase, repetitions, context->hasCompute(), software, wrongAnswer, picked);
    if (!wrongAnswer.empty()) return fail(wrongAnswer, kExitWrongAnswer);
    if (!caseRows) return fail(caseRows.error(), kExitNoOpenGl);
    autos.push_back(autoResult(name, picked, *caseRows));
    rows.insert(rows.end(), caseRows->begin(), caseRows->end());
  }

  if (parsed->jsonPath) {
    const std::string json = formatJson(renderer, rows, autos);
    if (auto problem = writeFileAtomically(*parsed->jsonPath,
                                           std::vector<std::uint8_t>(json.begin(), json.end()))) {
      return fail(*problem, kExitBadInput);
    }
  }
  out << formatTable(renderer, rows, autos);
  if (parsed->jsonPath) out << wroteLine(*parsed->jsonPath, "the results as JSON");
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
