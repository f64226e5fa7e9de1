#pragma once
// A batch of boards (solver/board_batch.h) on the GL backends: board by board, each board's map
// uploaded into the same solvers (updateMap) and its movers solved together by rangeMany, which
// on gpu and compute is one submission and one read-back per board.

#include <optional>
#include <string>

#include "tactics/gpu/solvers.h"
#include "tactics/solver/board_batch.h"

namespace tactics::gpu {

// Solves `batch` into `masks` on `backend` (Gpu, Compute or Auto) with `solvers`, made for a map
// of the batch's size on the current context. The same answers and problems as
// tactics::solveBatch.
std::optional<std::string> solveBatch(Solvers& solvers, const BoardBatch& batch,
                                      const BatchMasks& masks, Backend backend);

}  // namespace tactics::gpu
