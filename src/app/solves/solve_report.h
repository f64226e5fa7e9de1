#pragma once
// What the range solves report to the panel, and the backend it may choose: plain data, so that
// the panel (ui/) reaches no GPU header. MoveRange (move_range.h) fills it. No GL.

#include <optional>
#include <string>

#include "app/solves/recent_times.h"
#include "tactics/solver/backend.h"

namespace tactics::app {

struct SolveReport {
  int solves = 0;                 // since the map was loaded
  int passes = 0;                 // relaxation passes of the last solve
  bool converged = false;         // false when the pass limit stopped it early
  int fullPasses = 0;             // passes the whole solve of the current query runs
  RecentTimes gpuTimes;           // recent solves, bracketed by glFinish
  bool compute = false;           // the compute backend ran them (else the fragment passes)
  RecentTimes cpuTimes;           // the CPU reference on the same queries
  std::optional<bool> equalsCpu;  // only for a converged solve
  std::string problem;            // why the current query cannot be solved, if it cannot
};

// Which backend each of the other jobs ran on last (Auto's choice for this window, SPEC §5 and
// §10: the fields run on the CPU on a software renderer), and how long the last one took, for
// the panel's Numbers. Empty: not asked yet.
struct JobReport {
  std::optional<Backend> backend;
  double ms = 0;
};
struct JobReports {
  JobReport danger;      // the danger zone (V)
  JobReport unitField;   // the selected unit's field: heat map, paths beyond one turn
  JobReport phaseField;  // the fields the enemy and ally phases follow
};

}  // namespace tactics::app
