#pragma once
// How Backend::Auto chooses: by measuring, not by a fixed rule. The first time a job of some
// size class is asked for on a renderer, Solvers time the job itself on every backend the
// context offers (the query at hand, each backend warmed up first) and remember the fastest
// for that renderer, job and size class: in this process, and in a small cache file so that
// later processes on the same renderer start with the answer (no measuring, no shader compiled
// for a backend that lost). Every backend gives the same bytes, so the choice changes only the
// time, never the answer.
//
// The cache file: TACTICS_AUTO_CACHE names it; unset, it is
// $XDG_CACHE_HOME/tactics-grid/auto-backends.txt (or ~/.cache/...); "off" keeps choices in
// memory only. A line per choice: renderer, job, size class, backend, tab-separated. The size
// class a Solvers job files its choice under adds 1024 * (layout * 2 + sight) to the class of
// gpu/solvers.h: a hex board, or one with line of sight (SPEC 11.8), is measured for itself
// (a square board without sight keeps the plain class). A file
// that cannot be read or written is ignored (the choices are then measured again).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/backend.h"

namespace tactics::gpu {

// Batch: many range queries on one board at once (Solvers::rangeMany).
enum class SolverJob { Range, Danger, Field, Batch };

// "range", "danger", "field" or "batch".
const char* jobName(SolverJob job);

// What a measuring run reports: its time, and whether it finished the job (a run cut at a pass
// limit took at least that long, so it only ever loses).
struct TimedRun {
  double milliseconds = 0;
  bool complete = true;
};

// One backend's part in a measurement: `run(passLimit)` answers the job on that backend with at
// most passLimit passes (kNoLimit: every pass; backends without passes ignore it), timed.
struct Candidate {
  static constexpr int kNoLimit = 0;
  Backend backend = Backend::Cpu;
  bool takesPassLimit = false;  // the run can stop after passLimit passes (fragment passes)
  std::function<TimedRun(int passLimit)> run;
};

// What a measurement found, for each backend it timed.
struct Measured {
  Backend backend = Backend::Cpu;
  double milliseconds = 0;  // the best complete run, or the cut run's time
  bool complete = true;
};

// Measures the candidates (the first one first: the CPU, which bounds the rest) and returns the
// fastest; each candidate runs once untimed to warm up (solvers made, shaders compiled), then
// its best of a few timed runs. A backend that can stop after a pass limit runs with limits
// 8, 32, 128, ... and is given up as soon as a cut run already takes longer than the best so
// far: a fragment field that needs minutes on a software rasterizer costs the measurement a few
// milliseconds. `found`, when given, receives every backend's figure.
Backend measureFastest(const std::vector<Candidate>& candidates,
                       std::vector<Measured>* found = nullptr);

// The remembered choices, process-wide and thread-safe, with the cache file behind them.
class AutoChoices {
 public:
  static AutoChoices& shared();

  // The remembered backend for a job and size class on a renderer, if any.
  std::optional<Backend> find(const std::string& renderer, SolverJob job, int sizeClass);
  // Remembers a measured choice, and writes the cache file (when there is one).
  void remember(const std::string& renderer, SolverJob job, int sizeClass, Backend backend);
  // Forgets every choice in memory and reads the cache file again (tests; TACTICS_AUTO_CACHE
  // read anew).
  void reload();

  // The cache file in use, or empty when choices stay in memory.
  [[nodiscard]] std::string cachePath() const;

 private:
  AutoChoices();
  struct Impl;
  Impl* impl_;  // lives as long as the process
};

}  // namespace tactics::gpu
