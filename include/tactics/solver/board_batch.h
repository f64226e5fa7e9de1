#pragma once
// Batches of boards (issue 40): every unit's range on every board of a batch in one call, as
// arrays with a batch dimension, for agents that step thousands of environments at once. Plain
// arrays in and out (what numpy, the C API and a game's own buffers hold), solved by the CPU
// reference on the shared work pool; the GL backends solve the same batch board by board through
// gpu::Solvers (python and the C API pick).
//
// Each unit is solved as `solve` places it: on its own board, the other present units of that
// board as queryFor sees them (friends crossed, foes blocking), under the batch's rules.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/movement_presets.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/topology.h"
#include "tactics/solver/units.h"

namespace tactics {

// What a batch is asked, all arrays C-contiguous, row-major, indexed [board][unit]...:
struct BoardBatch {
  int boards = 0;  // B
  int units = 0;   // U, the same count on every board (absent units fill the rest)
  int width = 0;
  int height = 0;
  GridLayout layout = GridLayout::Square;
  const std::uint8_t* terrain = nullptr;  // [B][H][W] terrain indices 0..63 (SPEC §11.1)
  const std::int32_t* at = nullptr;       // [B][U][2] x, y; a negative x: no unit there
  const std::uint8_t* team = nullptr;     // [B][U] 0 player, 1 enemy, 2 ally
  const std::int32_t* move = nullptr;     // [B][U] 0..255
  const std::int32_t* attack = nullptr;   // [B][U][2] min, max (0, 0: none); null: 1-1 for all
  const std::int32_t* classOf = nullptr;  // [B][U] index into `classes`; null: classes[0]
  std::vector<MovementClass> classes{MovementClass()};  // foot when not told
  BoardRules rules;
  const std::uint8_t* movers = nullptr;  // [B][U] non-zero: solve this unit; null: every present one
};

// Where the answers go, each [B][U][H][W] (or [B][U][2M+1][2M+1] with a window), null when not
// wanted: travel cost (-1 unreached), CellKind, parent code (SPEC §4: 0..3 or 0..5, none 4 on a
// square board and 255 on a hex one). An absent unit or one not moving: kind 0, cost -1, parent
// 255 on every cell.
struct BatchMasks {
  std::int16_t* cost = nullptr;
  std::uint8_t* kind = nullptr;
  std::uint8_t* parent = nullptr;
  // -1: whole boards. M >= 0: a (2M+1)-cell square centred on each unit, cell (M, M) the unit's
  // own; cells off the board read as unreached (kind 0, cost -1, parent 255).
  int window = -1;
};

// The cells of one unit's answer: H*W, or (2M+1)^2 with a window.
std::size_t batchAnswerCells(const BoardBatch& batch, const BatchMasks& masks);

// The first problem with the batch's values, named by array and index ("team[3, 1] is 7; ..."),
// or nothing. O(B*U + B*H*W); solveBatch asks it first.
std::optional<std::string> batchProblem(const BoardBatch& batch, const BatchMasks& masks);

// Every board's units ranged into `masks` on up to `threads` threads (the caller's among them;
// a batch too small to share runs on the caller's alone). The first problem (batchProblem, then
// the first unit whose query validate() refuses, "board 3, unit 1: ...") and nothing written
// past the boards checked, or nothing.
std::optional<std::string> solveBatch(const BoardBatch& batch, const BatchMasks& masks,
                                      unsigned threads);

// The pieces solveBatch is made of, for a solver that takes a batch board by board (the GL
// backends, gpu/board_batch.h):
// - the terrain count every board of the batch is read with: its largest index + 1, at least 5;
int batchTerrainCount(const BoardBatch& batch);
// - board b as a map of `terrainCount` terrains on the batch's layout;
CostMap batchBoard(const BoardBatch& batch, int b, int terrainCount);
// - whether unit u of board b is solved (present, and a mover);
bool batchMoves(const BoardBatch& batch, int b, int u);
// - the answer of unit u of board b written into `masks` from whole-board arrays (a null array
//   of `board` skips its mask; the unit's cell centres a window), or, for a unit that is not
//   solved, unreached everywhere (`board` unused).
void writeBatchAnswer(const BoardBatch& batch, const BatchMasks& masks, int b, int u,
                      const RangeMasks& board, Cell unit);
void writeBatchNothing(const BoardBatch& batch, const BatchMasks& masks, int b, int u);

// Many valid queries on one map (solve_many, Solvers::rangeMany on the CPU): query k's answer at
// k * width * height of each array of `out` (a null cost or kind array: the solver writes a
// spare), on up to `threads` threads of the work pool; a batch too small to share runs on the
// caller's thread.
void solveQueries(const CostMap& map, const std::vector<RangeQuery>& queries,
                  const RangeMasks& out, unsigned threads);

// The units of board b as solve places them (present units only, in index order), and for each
// its index in the batch's unit dimension.
std::vector<Unit> boardUnits(const BoardBatch& batch, int b, std::vector<int>* indices = nullptr);

}  // namespace tactics
