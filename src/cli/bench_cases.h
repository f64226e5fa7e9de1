#pragma once
// The bench's fixed questions (issue 9): maps generated in code from fixed seeds, the unit's
// walk (the cells it stands on, one per repetition) and its ranges. No files, no randomness
// that differs between machines.

#include <string>
#include <vector>

#include "core/cost_map.h"
#include "core/range_query.h"

namespace tactics::cli {

struct BenchCase {
  std::string name;
  std::string about;       // one line for --help
  CostMap map;
  RangeQuery query;        // the unit's ranges; query.unit is the walk's first cell
  std::vector<Cell> walk;  // repetition i stands the unit on walk[i % walk.size()]
};

// The names of every case, in the order the bench runs them.
std::vector<std::string> benchCaseNames();
// One-line descriptions, "fe: 32x32 ...", in the same order.
std::vector<std::string> benchCaseDescriptions();
// Builds the case (names from benchCaseNames() only).
BenchCase makeBenchCase(const std::string& name);

}  // namespace tactics::cli
