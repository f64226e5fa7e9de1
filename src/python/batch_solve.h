#pragma once
// Range answers as the module's arrays, and the timing helper of docs/PERFORMANCE.md. Plain C++
// (no Python object), so it runs with the GIL released. The batches themselves are the solver
// layer's (solver/board_batch.h: solveQueries, solveBatch) on its work pool.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::python {

// One RangeResult into width*height cells, row by row from the top (any pointer may be null):
// travel cost (-1 unreached), CellKind, and the parent's Direction (0 up, 1 down, 2 left,
// 3 right, 4 none). For the GL backends' answers, and the CPU's when the state bytes are asked
// for; otherwise the CPU writes straight into the arrays (RangeMasks).
void writeRange(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent);

// The threads solve_many and solve_batch use when not told: every core the machine has (a
// call too small to share runs on its caller's thread: solver/work_pool.h).
unsigned defaultThreads();

// For the timing targets in docs/PERFORMANCE.md: seconds to answer the queries one by one on
// this thread with one gpu::Solvers (CPU), refilling one answer in place, as a C++ program
// would; nothing is copied out. The best of `repeats` runs.
double timeOneByOne(const CostMap& map, const std::vector<RangeQuery>& queries, int repeats);

}  // namespace tactics::python
