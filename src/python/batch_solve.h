#pragma once
// Range answers as the module's arrays, and solve_many's batch: many queries on one map, spread
// over threads. Plain C++ (no Python object), so it runs with the GIL released.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::python {

// The kind of a cell (KIND_*): the core's, as the C API's TG_CELL_* and the `solve --json`
// grid's letters . A M P S.
using tactics::CellKind;

// One answer into width*height cells, row by row from the top (any pointer may be null): travel
// cost (-1 unreached), CellKind, and the parent's Direction (0 up, 1 down, 2 left, 3 right,
// 4 none). Every cell is written: the defaults everywhere, then the box the solve wrote.
void writeRange(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent);

// Solves every query on the CPU reference with `threads` threads (its storage is per thread;
// the map is only read), writing query k's masks into cost and kind at k*width*height. The first invalid query's
// validate() problem as "queries[k]: ...", or nothing.
std::optional<std::string> solveBatch(const CostMap& map, const std::vector<RangeQuery>& queries,
                                      unsigned threads, std::int16_t* cost, std::uint8_t* kind);

// The threads solve_many uses when not told: every core the machine has.
unsigned defaultThreads();

// For the timing targets in docs/PERFORMANCE.md: seconds to answer the queries one by one on
// this thread with one gpu::Solvers (CPU), refilling one answer in place, as a C++ program
// would; nothing is copied out. The best of `repeats` runs.
double timeOneByOne(const CostMap& map, const std::vector<RangeQuery>& queries, int repeats);

}  // namespace tactics::python
