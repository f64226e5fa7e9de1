#pragma once
// The bench's fixed questions (issues 9 and 10): maps generated in code from fixed seeds or read
// from the default scenario, the walk one unit takes (one cell per repetition) and its ranges.
// No randomness that differs between machines.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/units.h"

namespace tactics::cli {

// What a case asks: one unit's range, the enemy side's danger zone (SPEC §7), a distance field
// for the enemy team (SPEC §10), or many units' ranges on one board at once (a batch).
enum class BenchKind { Range, Danger, Field, Batch };

struct BenchCase {
  std::string name;
  std::string about;       // one line for --help
  BenchKind kind = BenchKind::Range;
  CostMap map;
  RangeQuery query;        // Range: the unit's ranges; query.unit is the walk's first cell
  std::vector<Unit> units;  // Danger, Field: the board; units[mover] stands on the walk's cells
  std::size_t mover = 0;
  MovementClass fieldClass;  // Field: the enemy team's movement class
  std::vector<Cell> walk;  // repetition i stands the unit on walk[i % walk.size()]
  // Batch: the queries (query with the unit on each cell of `cells` in turn, as many as
  // batchSize); repetition i starts them i cells further along.
  std::vector<Cell> cells;
  std::size_t batchSize = 0;
  // Field: the GPU methods (gpu, compute) run only on a hardware renderer; on a software one a
  // field of this case takes minutes.
  bool gpuOnlyOnHardware = false;
};

// The names of every case, in the order the bench runs them.
std::vector<std::string> benchCaseNames();
// The scenario the scenario cases read (assets/scenarios/default.json in the source tree).
std::string benchScenarioPath();
// One-line descriptions, "fe: 32x32 ...", in the same order.
std::vector<std::string> benchCaseDescriptions();
// Range cases that run interleaved, repetition by repetition, when both are asked for, so that
// their ratio compares the same moments of a shared machine: a rule's case and the same
// question without it ({"sight", "sight-off"}).
std::vector<std::pair<std::string, std::string>> benchPairs();
// Builds the case (names from benchCaseNames() only). Fails only when the default scenario
// (assets/scenarios/default.json) cannot be read.
Expected<BenchCase> makeBenchCase(const std::string& name);

}  // namespace tactics::cli
