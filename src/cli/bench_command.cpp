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
#include "tactics/solver/topology.h"
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
    "sight and sight-off, when both run, run interleaved (each repetition runs one case's\n"
    "methods, then the other's); a last line and the JSON's \"pairs\" give, for gpu, cpu,\n"
    "compute and auto, the median over the repetitions of sight's time over sight-off's.\n"
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
  std::vector<double> milliseconds;  // each repetition's, in order
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

// One case's part of a run: its methods, the checks of their answers and how a repetition puts
// its unit on the walk's i-th cell.
struct CaseRun {
  const BenchCase* benchCase = nullptr;
  int move = 0;
  std::vector<Method>* methods = nullptr;
  const std::vector<Check>* checks = nullptr;
  std::function<void(std::size_t)> step;
};

// The checks after a repetition: the first difference, as the bench's wrong-answer line.
std::optional<std::string> firstDifference(const CaseRun& run, std::size_t at) {
  for (const Check& check : *run.checks) {
    if (auto difference = check.difference()) {
      return "bench case " + run.benchCase->name + ", the unit on " +
             toString(run.benchCase->walk[at]) + ": " + check.method +
             " differs from the reference: " + *difference;
    }
  }
  return std::nullopt;
}

std::vector<Row> rowsOf(const CaseRun& run) {
  std::vector<Row> rows;
  const BenchCase& c = *run.benchCase;
  for (const Method& m : *run.methods) {
    std::vector<double> passes;
    std::vector<double> shaded;
    for (const Sample& s : m.samples) {
      passes.push_back(s.passes);
      shaded.push_back(static_cast<double>(s.cellsShaded));
    }
    rows.push_back({c.name, m.name, c.map.width(), c.map.height(), run.move,
                    toMicroseconds(median(m.milliseconds)), toMicroseconds(percentile(m.milliseconds, 0.9)),
                    static_cast<int>(median(passes)), static_cast<long long>(median(shaded)),
                    m.milliseconds});
  }
  return rows;
}

// Runs the cases' methods interleaved repetition by repetition: each case in turn (the first
// case first on even repetitions, last on odd ones) moves its unit to the walk's i-th cell
// (untimed), then each of its methods answers the same question, timed. Cases run together so
// that their ratio compares the same moments of a shared machine (the paired cases). After each
// repetition, warm-ups included, every check runs; the first difference goes into `wrongAnswer`
// and ends the run.
std::vector<Row> runInterleaved(const std::vector<CaseRun>& runs, int repetitions,
                                std::string& wrongAnswer) {
  for (int i = -kWarmUps; i < repetitions; ++i) {
    const std::size_t rep = static_cast<std::size_t>(i + kWarmUps);
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const CaseRun& run = runs[rep % 2 == 0 ? k : runs.size() - 1 - k];
      const std::size_t at = rep % run.benchCase->walk.size();
      run.step(at);
      for (Method& m : *run.methods) {
        Sample sample;
        const double ms = timed([&] { sample = m.run(); });
        if (i < 0) continue;
        m.milliseconds.push_back(ms);
        m.samples.push_back(sample);
      }
      if (auto difference = firstDifference(run, at)) {
        wrongAnswer = *difference;
        return {};
      }
    }
  }
  std::vector<Row> rows;
  for (const CaseRun& run : runs) {
    const std::vector<Row> caseRows = rowsOf(run);
    rows.insert(rows.end(), caseRows.begin(), caseRows.end());
  }
  return rows;
}

// One case's methods, interleaved repetition by repetition (runInterleaved).
std::vector<Row> runMethods(const BenchCase& c, int move, std::vector<Method>& methods,
                            int repetitions, const std::function<void(std::size_t)>& step,
                            const std::vector<Check>& checks, std::string& wrongAnswer) {
  return runInterleaved({{&c, move, &methods, &checks, step}}, repetitions, wrongAnswer);
}

// The range case's solvers, results and methods; the methods hold references into it, so it
// stays where it is made while they run.
struct RangeBench {
  struct Passes {
    gpu::RangeSolver solver;
    RangeResult result;
  };
  RangeQuery query;
  std::vector<Method> methods;
  std::vector<Check> checks;
  std::vector<std::unique_ptr<Passes>> passes;  // gpu's, seed's and floor's
  int gpuPassesRun = 0;  // the floor runs as many passes as gpu just did on the same cell
  RangeResult cpuResult;
  std::optional<gpu::ComputeRangeSolver> compute;
  std::optional<gpu::ComputeRangeSolver> computeFloor;  // an empty dispatch, the same readback
  RangeResult computeResult;
  RangeResult computeFloorResult;
  std::optional<gpu::Solvers> chosen;
  gpu::RangeAnswer autoAnswer;
  std::string failure;
  PqDijkstraRange pq;
  RangeResult pqResult;

  void add(std::string name, std::function<Sample()> run) {
    methods.push_back({std::move(name), std::move(run), {}, {}});
  }
};

// gpu, seed and floor: the fragment passes with the exact, close-once and pass-through shaders,
// each solve read back into its kept result. The floor runs as many passes as gpu just ran on
// the same cell.
std::optional<std::string> addFragmentPasses(const BenchCase& c, RangeBench& b) {
  for (gpu::PassShaders shaders :
       {gpu::PassShaders::Exact, gpu::PassShaders::CloseOnce, gpu::PassShaders::PassThrough}) {
    auto solver = gpu::RangeSolver::create(c.map, shaders);
    if (!solver) return "cannot set up the GPU solver: " + solver.error();
    b.passes.push_back(std::make_unique<RangeBench::Passes>(
        RangeBench::Passes{std::move(*solver), RangeResult()}));
  }
  const auto fragmentPasses = [&b](RangeBench::Passes& m, bool sameAsGpu, bool isGpu) {
    return [&m, &b, sameAsGpu, isGpu]() {
      const gpu::SolveStats stats =
          sameAsGpu ? m.solver.solve(b.query, b.gpuPassesRun) : m.solver.solve(b.query);
      m.solver.readResult(m.result);
      if (isGpu) b.gpuPassesRun = stats.passesRun;
      return Sample{stats.passes, stats.cellsShaded};
    };
  };
  b.add(kGpu, fragmentPasses(*b.passes[0], false, true));
  b.add("seed", fragmentPasses(*b.passes[1], false, false));
  b.add("floor", fragmentPasses(*b.passes[2], true, false));
  return std::nullopt;
}

// compute (one dispatch) and compute-floor (an empty dispatch and the same readback).
std::optional<std::string> addComputeDispatches(const BenchCase& c, RangeBench& b) {
  auto solver = gpu::ComputeRangeSolver::create(c.map);
  if (!solver) return "cannot set up the compute solver: " + solver.error();
  b.compute.emplace(std::move(*solver));
  b.add(kCompute, [&b]() {
    const gpu::SolveStats stats = b.compute->solve(b.query);
    b.compute->readResult(b.computeResult);
    return Sample{stats.passes, stats.cellsShaded};
  });
  auto empty =
      gpu::ComputeRangeSolver::create(c.map, gpu::ComputeRangeSolver::Workgroup::ForRenderer,
                                      gpu::ComputeRangeSolver::Kernel::Empty);
  if (!empty) return "cannot set up the compute floor: " + empty.error();
  b.computeFloor.emplace(std::move(*empty));
  b.add("compute-floor", [&b]() {
    const gpu::SolveStats stats = b.computeFloor->solve(b.query);
    b.computeFloor->readResult(b.computeFloorResult);
    return Sample{stats.passes, stats.cellsShaded};
  });
  return std::nullopt;
}

// A range case's bench: every method answers the unit's range query; auto's backend goes into
// `picked`.
Expected<std::unique_ptr<RangeBench>> makeRangeBench(const BenchCase& c, bool withCompute,
                                                     std::string& picked) {
  auto made = std::make_unique<RangeBench>();
  RangeBench& b = *made;
  b.query = c.query;
  if (auto problem = addFragmentPasses(c, b)) return Error{*problem};
  b.add(kCpu, [&b, &c]() {
    solveReference(c.map, b.query, b.cpuResult);
    // The cells the reference worked on: its window and what it marked.
    return Sample{b.cpuResult.passes, b.cpuResult.written.area()};
  });
  // The compute backend, where the context has OpenGL 4.3.
  if (withCompute) {
    if (auto problem = addComputeDispatches(c, b)) return Error{*problem};
  }
  // What --backend auto runs for a range, through the one entry every command uses.
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  b.chosen.emplace(std::move(*chosen));
  b.add(backendName(Backend::Auto), [&b, &picked]() {
    if (auto problem = b.chosen->range(b.query, b.autoAnswer)) b.failure = *problem;
    picked = backendName(b.autoAnswer.backend);
    return Sample{b.autoAnswer.stats.passes, b.autoAnswer.stats.cellsShaded};
  });
  // The peer, where it knows the case's rules, into a result of its own, checked against cpu's.
  // The peers step to four neighbours: a hex board (SPEC §13) has none.
  if (PqDijkstraRange::answers(c.query) && !isHex(c.map.layout())) {
    b.add(kPqDijkstra, [&b, &c]() {
      b.pq.solve(c.map, b.query, b.pqResult);
      return Sample{b.pqResult.passes, static_cast<long long>(b.pq.cellsWritten())};
    });
    b.checks.push_back({kPqDijkstra, [&b]() { return rangeDifference(b.pqResult, b.cpuResult); }});
  }
  return made;
}

// Range cases run together, interleaved (runInterleaved); each one's auto backend goes into
// `picked` (one entry a case).
Expected<std::vector<Row>> runRangeCases(const std::vector<const BenchCase*>& cases,
                                         int repetitions, bool withCompute,
                                         std::string& wrongAnswer, std::vector<std::string>& picked) {
  picked.assign(cases.size(), "");
  std::vector<std::unique_ptr<RangeBench>> benches;
  std::vector<CaseRun> runs;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const BenchCase& c = *cases[k];
    auto bench = makeRangeBench(c, withCompute, picked[k]);
    if (!bench) return Error{bench.error()};
    RangeBench& b = **bench;
    benches.push_back(std::move(*bench));
    runs.push_back({&c, c.query.moveRange, &b.methods, &b.checks,
                    [&b, &c](std::size_t i) { b.query.unit = c.walk[i]; }});
  }
  auto rows = runInterleaved(runs, repetitions, wrongAnswer);
  for (const auto& b : benches) {
    if (!b->failure.empty()) return Error{"the auto range solve failed: " + b->failure};
  }
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

// The field case's solvers, fields and methods; the methods hold references into it, so it
// stays where it is made while they run.
struct FieldBench {
  std::vector<Unit> board;
  FieldQuery query;
  std::vector<Method> methods;
  std::vector<Check> checks;
  DistanceField field;      // the backends' answers
  DistanceField reference;  // cpu's, which the peers are checked against
  std::optional<gpu::FieldSolver> passes;
  std::optional<gpu::ComputeFieldSolver> compute;
  std::optional<gpu::Solvers> chosen;
  std::string failure;
  PqDijkstraField pq;
  DistanceField pqField;
  std::optional<LibtcodField> tcod;
  DistanceField tcodField;

  void add(std::string name, std::function<Sample()> run) {
    methods.push_back({std::move(name), std::move(run), {}, {}});
  }
};

// gpu (fragment passes) or compute (tiled compute sweeps), read back into the field.
std::optional<std::string> addFieldSolver(const BenchCase& c, FieldBench& b, bool useCompute) {
  if (useCompute) {
    auto solver = gpu::ComputeFieldSolver::create(c.map);
    if (!solver) return "cannot set up the compute field solver: " + solver.error();
    b.compute.emplace(std::move(*solver));
    b.add(kCompute, [&b]() {
      const gpu::FieldStats stats = b.compute->solve(b.query);
      b.field = b.compute->readField();
      return Sample{stats.passes, stats.cellsShaded};
    });
    return std::nullopt;
  }
  auto solver = gpu::FieldSolver::create(c.map);
  if (!solver) return "cannot set up the GPU field solver: " + solver.error();
  b.passes.emplace(std::move(*solver));
  b.add(kGpu, [&b]() {
    const gpu::FieldStats stats = b.passes->solve(b.query);
    b.field = b.passes->readField();
    return Sample{stats.passes, stats.cellsShaded};
  });
  return std::nullopt;
}

// The peers, each into a field of its own, checked against cpu's.
void addFieldPeers(const BenchCase& c, FieldBench& b) {
  b.add(kPqDijkstra, [&c, &b]() {
    b.pq.solve(c.map, b.query, b.pqField);
    return Sample{0, static_cast<long long>(b.pq.cellsWritten())};
  });
  b.tcod.emplace(c.map);
  b.add(kLibtcod, [&c, &b]() {
    b.tcod->solve(b.query, b.tcodField);
    // libtcod resets and reads back every cell once per source.
    return Sample{0,
                  static_cast<long long>(b.query.sources.size()) * c.map.width() * c.map.height()};
  });
  b.checks.push_back({kPqDijkstra, [&b]() { return fieldDifference(b.pqField, b.reference); }});
  b.checks.push_back({kLibtcod, [&b]() { return fieldDifference(b.tcodField, b.reference); }});
}

// A field case: the enemy team's distance field for the case's class, read back, for a board on
// which one player unit (a source) moves every repetition.
Expected<std::vector<Row>> runFieldCase(const BenchCase& c, int repetitions, bool withCompute,
                                        bool software, std::string& wrongAnswer,
                                        std::string& picked) {
  FieldBench b;
  b.board = c.units;
  const bool withGpu = !(c.gpuOnlyOnHardware && software);
  if (withGpu) {
    if (auto problem = addFieldSolver(c, b, false)) return Error{*problem};
  }
  b.add(kCpu, [&]() {
    b.reference = solveFieldReference(c.map, b.query);
    return Sample{0, static_cast<long long>(c.map.width()) * c.map.height()};
  });
  if (withCompute && withGpu) {
    if (auto problem = addFieldSolver(c, b, true)) return Error{*problem};
  }
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  b.chosen.emplace(std::move(*chosen));
  b.add(backendName(Backend::Auto), [&]() {
    auto answer = b.chosen->field(b.query);
    if (!answer) {
      b.failure = answer.error();
      return Sample{};
    }
    b.field = std::move(answer->field);
    picked = backendName(answer->backend);
    return Sample{answer->stats.passes, answer->stats.cellsShaded};
  });
  if (!isHex(c.map.layout())) addFieldPeers(c, b);  // square-grid code, as above
  auto rows = runMethods(
      c, 0, b.methods, repetitions,
      [&](std::size_t i) {
        b.board[c.mover].cell = c.walk[i];
        b.query = fieldQueryFor(b.board, Team::Enemy, c.fieldClass);
      },
      b.checks, wrongAnswer);
  if (!b.failure.empty()) return Error{"the auto field solve failed: " + b.failure};
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

// The batch case's queries, masks and methods; the methods hold references into it, so it stays
// where it is made while they run.
struct BatchBench {
  std::vector<RangeQuery> queries;
  std::size_t cells;
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  BatchMasks reference;  // cpu's, which every other method's masks are checked against
  std::vector<Method> methods;
  std::vector<Check> checks;
  std::vector<std::unique_ptr<BatchMasks>> masks;  // each checked method's own
  std::vector<std::unique_ptr<gpu::BatchRangeSolver>> solvers;
  std::optional<gpu::Solvers> chosen;
  std::string failure;

  BatchBench(const BenchCase& c, std::size_t mapCells)
      : queries(c.batchSize, c.query), cells(mapCells), reference(queries.size(), cells) {}

  // Masks of a method's own, checked against cpu's after every repetition.
  BatchMasks& checked(const std::string& name) {
    masks.push_back(std::make_unique<BatchMasks>(queries.size(), cells));
    BatchMasks& mine = *masks.back();
    checks.push_back({name, [&mine, this]() { return mine.difference(reference, cells); }});
    return mine;
  }
  // A batch solver's answer to query k, written into `into`.
  gpu::BatchRangeSolver::Take intoMasks(BatchMasks& into) {
    return [&into, this](std::size_t k, const RangeResult& result) {
      const RangeMasks m = into.at(k, cells);
      writeMasks(queries[k], result, m.cost, m.kind, nullptr);
    };
  }
};

// cpu (the reference, one query after another on this thread) and cpu-threads (the same on
// every core).
void addCpuBatches(const BenchCase& c, BatchBench& b) {
  const long long cellsShaded = static_cast<long long>(b.queries.size() * b.cells);
  b.methods.push_back({kCpu,
                       [&c, &b, cellsShaded]() {
                         int passes = 0;
                         for (std::size_t k = 0; k < b.queries.size(); ++k) {
                           passes = std::max(passes, solveReference(c.map, b.queries[k],
                                                                    b.reference.at(k, b.cells)));
                         }
                         return Sample{passes, cellsShaded};
                       },
                       {},
                       {}});
  BatchMasks& threaded = b.checked("cpu-threads");
  b.methods.push_back({"cpu-threads",
                       [&c, &b, &threaded, cellsShaded]() {
                         std::atomic<std::size_t> next{0};
                         const auto work = [&] {
                           for (std::size_t k = next++; k < b.queries.size(); k = next++) {
                             solveReference(c.map, b.queries[k], threaded.at(k, b.cells));
                           }
                         };
                         std::vector<std::thread> helpers;
                         for (unsigned t = 1; t < b.cores; ++t) helpers.emplace_back(work);
                         work();
                         for (std::thread& helper : helpers) helper.join();
                         return Sample{0, cellsShaded};
                       },
                       {},
                       {}});
}

// gpu or compute: every query in one submission.
std::optional<std::string> addGpuBatch(const BenchCase& c, BatchBench& b, const char* name,
                                       gpu::BatchRangeSolver::Method method) {
  auto solver = gpu::BatchRangeSolver::create(c.map, method);
  if (!solver) return std::string("cannot set up the ") + name + " batch: " + solver.error();
  b.solvers.push_back(std::make_unique<gpu::BatchRangeSolver>(std::move(*solver)));
  gpu::BatchRangeSolver& batch = *b.solvers.back();
  b.methods.push_back({name,
                       [&batch, &b, take = b.intoMasks(b.checked(name))]() {
                         const auto stats = batch.solve(b.queries, take);
                         if (!stats) {
                           b.failure = stats.error();
                           return Sample{};
                         }
                         return Sample{stats->submissions, stats->cellsShaded};
                       },
                       {},
                       {}});
  return std::nullopt;
}

// The batch case: every method answers all the queries as masks; the GPU methods in one
// submission each, cpu on this thread, cpu-threads on every core. Each answer is checked
// against cpu's after every repetition.
Expected<std::vector<Row>> runBatchCase(const BenchCase& c, int repetitions, bool withCompute,
                                        std::string& wrongAnswer, std::string& picked) {
  BatchBench b(c,
               static_cast<std::size_t>(c.map.width()) * static_cast<std::size_t>(c.map.height()));
  addCpuBatches(c, b);
  if (auto problem = addGpuBatch(c, b, kGpu, gpu::BatchRangeSolver::Method::Fragment)) {
    return Error{*problem};
  }
  if (withCompute) {
    if (auto problem = addGpuBatch(c, b, kCompute, gpu::BatchRangeSolver::Method::Compute)) {
      return Error{*problem};
    }
  }
  auto chosen = gpu::Solvers::create(c.map, Backend::Auto);
  if (!chosen) return Error{"cannot set up the auto solvers: " + chosen.error()};
  b.chosen.emplace(std::move(*chosen));
  BatchMasks& automatic = b.checked(backendName(Backend::Auto));
  b.methods.push_back({backendName(Backend::Auto),
                       [&]() {
                         const auto ran = b.chosen->rangeMany(
                             b.queries, RangeMasks{automatic.cost.data(), automatic.kind.data()},
                             b.cores);
                         if (!ran) {
                           b.failure = ran.error();
                           return Sample{};
                         }
                         picked = backendName(*ran);
                         return Sample{0, 0};
                       },
                       {},
                       {}});
  auto rows = runMethods(
      c, c.query.moveRange, b.methods, repetitions,
      [&](std::size_t i) {
        for (std::size_t k = 0; k < b.queries.size(); ++k) {
          b.queries[k].unit = c.cells[(k + i * 37) % c.cells.size()];
        }
      },
      b.checks, wrongAnswer);
  if (!b.failure.empty()) return Error{"the batch failed: " + b.failure};
  return rows;
}

// The rows of a case, or of range cases run together (a pair, BenchCase::pairedWith); a
// peer's wrong answer goes into `wrongAnswer`, the backend auto ran on each case into `picked`.
Expected<std::vector<Row>> runCases(const std::vector<const BenchCase*>& cases, int repetitions,
                                    bool withCompute, bool software, std::string& wrongAnswer,
                                    std::vector<std::string>& picked) {
  const BenchCase& c = *cases.front();
  if (c.kind == BenchKind::Range) {
    return runRangeCases(cases, repetitions, withCompute, wrongAnswer, picked);
  }
  picked.assign(1, "");
  switch (c.kind) {
    case BenchKind::Danger: return runDangerCase(c, repetitions, picked[0]);
    case BenchKind::Batch: return runBatchCase(c, repetitions, withCompute, wrongAnswer, picked[0]);
    case BenchKind::Field:
      return runFieldCase(c, repetitions, withCompute, software, wrongAnswer, picked[0]);
    case BenchKind::Range: break;
  }
  return Error{"no way to run bench case " + c.name};
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
    if (r.caseName != caseName) continue;
    if (r.method == backendName(Backend::Auto)) autoMs = r.medianMs;
    if (autoCouldBe(r.method) && (a.fastest.empty() || r.medianMs < fastest)) {
      fastest = r.medianMs;
      a.fastest = r.method;
    }
  }
  a.ratio = fastest > 0 ? autoMs / fastest : 1.0;
  return a;
}

// A pair of cases run side by side: per backend (and auto), the median over the repetitions of
// the first case's time over the second's in the same repetition (a moment of a shared machine
// slows both).
struct PairResult {
  std::string caseName;
  std::string against;
  std::vector<std::pair<std::string, double>> ratios;
};

PairResult pairResult(const std::string& caseName, const std::string& against,
                      const std::vector<Row>& rows) {
  const auto timesOf = [&](const std::string& name, const std::string& method) {
    for (const Row& r : rows) {
      if (r.caseName == name && r.method == method) return &r.milliseconds;
    }
    return static_cast<const std::vector<double>*>(nullptr);
  };
  PairResult pair{caseName, against, {}};
  for (const char* method : {kGpu, kCpu, kCompute, backendName(Backend::Auto)}) {
    const std::vector<double>* mine = timesOf(caseName, method);
    const std::vector<double>* theirs = timesOf(against, method);
    if (mine == nullptr || theirs == nullptr || mine->size() != theirs->size()) continue;
    std::vector<double> ratios;
    for (std::size_t i = 0; i < mine->size(); ++i) {
      if ((*theirs)[i] > 0) ratios.push_back((*mine)[i] / (*theirs)[i]);
    }
    if (!ratios.empty()) pair.ratios.emplace_back(method, median(ratios));
  }
  return pair;
}

// What the bench found: every row, what auto did on each case, and the paired cases' ratios.
struct Results {
  std::vector<Row> rows;
  std::vector<AutoResult> autos;
  std::vector<PairResult> pairs;
};

std::string formatTable(const std::string& renderer, const Results& results) {
  const std::vector<Row>& rows = results.rows;
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
  for (const AutoResult& a : results.autos) {
    out << "auto on " << a.caseName << ": " << a.picked << ", " << a.ratio << "x the fastest ("
        << a.fastest << ")\n";
  }
  for (const PairResult& p : results.pairs) {
    out << p.caseName << " against " << p.against << ", run side by side:";
    for (std::size_t i = 0; i < p.ratios.size(); ++i) {
      out << (i ? ", " : " ") << p.ratios[i].first << " " << p.ratios[i].second << "x";
    }
    out << "\n";
  }
  return out.str();
}

std::string formatJson(const std::string& renderer, const Results& results) {
  const std::vector<Row>& rows = results.rows;
  const std::vector<AutoResult>& autos = results.autos;
  std::ostringstream out;
  out << std::fixed << std::setprecision(3);
  out << "{\"renderer\":" << jsonString(renderer) << ",\"auto\":{";
  for (std::size_t i = 0; i < autos.size(); ++i) {
    const AutoResult& a = autos[i];
    out << (i ? "," : "") << "\n  " << jsonString(a.caseName)
        << ":{\"backend\":" << jsonString(a.picked) << ",\"fastest\":" << jsonString(a.fastest)
        << ",\"ratio\":" << a.ratio << "}";
  }
  out << "},\"pairs\":{";
  for (std::size_t i = 0; i < results.pairs.size(); ++i) {
    const PairResult& p = results.pairs[i];
    out << (i ? "," : "") << "\n  " << jsonString(p.caseName)
        << ":{\"against\":" << jsonString(p.against) << ",\"ratios\":{";
    for (std::size_t k = 0; k < p.ratios.size(); ++k) {
      out << (k ? "," : "") << jsonString(p.ratios[k].first) << ":" << p.ratios[k].second;
    }
    out << "}}";
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

// The cases named, in order; two range cases that pair (benchPairs) run interleaved when both
// are named, in the place of the first named. A failure is its error line and exit code; a
// peer's wrong answer goes into `wrongAnswer` and ends the run.
std::optional<std::pair<std::string, int>> runAll(const std::vector<std::string>& names,
                                                  int repetitions, bool withCompute, bool software,
                                                  Results& results, std::string& wrongAnswer) {
  const auto named = [&](const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  std::vector<std::string> ran;
  for (const std::string& name : names) {
    if (std::find(ran.begin(), ran.end(), name) != ran.end()) continue;
    std::vector<std::string> together = {name};
    for (const auto& [on, off] : benchPairs()) {
      if ((name == on || name == off) && named(on) && named(off)) together = {on, off};
    }
    std::vector<BenchCase> cases;
    for (const std::string& wanted : together) {
      auto made = makeBenchCase(wanted);
      if (!made) return std::make_pair(made.error(), kExitBadInput);
      cases.push_back(std::move(*made));
      ran.push_back(wanted);
    }
    std::vector<const BenchCase*> group;
    for (const BenchCase& c : cases) group.push_back(&c);
    std::vector<std::string> picked;
    auto rows = runCases(group, repetitions, withCompute, software, wrongAnswer, picked);
    if (!wrongAnswer.empty()) return std::nullopt;
    if (!rows) return std::make_pair(rows.error(), kExitNoOpenGl);
    for (std::size_t k = 0; k < cases.size(); ++k) {
      results.autos.push_back(autoResult(cases[k].name, picked[k], *rows));
    }
    if (cases.size() == 2) results.pairs.push_back(pairResult(cases[0].name, cases[1].name, *rows));
    results.rows.insert(results.rows.end(), rows->begin(), rows->end());
  }
  return std::nullopt;
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

// --json FILE: writable, and not the default scenario or its map, which the scenario cases read.
std::optional<std::string> jsonProblem(const std::string& path) {
  if (auto problem = checkWritable(path)) return problem;
  std::vector<InputFile> inputs = mapInputFiles(benchScenarioPath(), "the bench's scenario");
  if (const auto scenario = loadScenario(benchScenarioPath())) {
    for (InputFile& file : mapInputFiles(scenario->mapPath, "the bench scenario's map")) {
      inputs.push_back(std::move(file));
    }
  }
  return refuseInputOverwrite("--json", path, inputs);
}

// The context's description; llvmpipe's thread count changes the small cases several times
// over (PERFORMANCE.md), so a run says which it had.
std::string rendererLine(const gpu::HeadlessContext& context) {
  const char* driverThreads = std::getenv("LP_NUM_THREADS");
  return context.description() +
         (driverThreads != nullptr ? std::string(", LP_NUM_THREADS=") + driverThreads : "");
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
    if (auto problem = jsonProblem(*parsed->jsonPath)) return fail(*problem, kExitBadInput);
  }

  auto context = gpu::HeadlessContext::create(parsed->gl);
  if (!context) {
    return fail(std::string(parsed->gl == gpu::GlApi::Es ? "no OpenGL ES 3.0 context: "
                                                         : "no OpenGL 3.3 context: ") +
                    context.error(),
                kExitNoOpenGl);
  }
  const std::string renderer = rendererLine(*context);
  const bool software = gpu::isSoftwareRenderer(gpu::rendererName());
  const int repetitions = parsed->quick ? kQuickRepetitions : kRepetitions;
  Results results;
  std::string wrongAnswer;
  if (auto problem = runAll(parsed->cases, repetitions, context->hasCompute(), software,
                            results, wrongAnswer)) {
    return fail(problem->first, problem->second);
  }
  if (!wrongAnswer.empty()) return fail(wrongAnswer, kExitWrongAnswer);

  if (parsed->jsonPath) {
    const std::string json = formatJson(renderer, results);
    if (auto problem = writeFileAtomically(*parsed->jsonPath,
                                           std::vector<std::uint8_t>(json.begin(), json.end()))) {
      return fail(*problem, kExitBadInput);
    }
  }
  out << formatTable(renderer, results);
  if (parsed->jsonPath) out << wroteLine(*parsed->jsonPath, "the results as JSON");
  out.flush();
  if (!out) return fail("cannot write to standard output", kExitBadInput);
  return kExitOk;
}

}  // namespace tactics::cli
