#pragma once
// The danger zone (SPEC §7): every cell the enemy side threatens on its next turn, and by how many
// enemies. The CPU reference; the GPU's batched solver is tested against it.

#include <cstdint>
#include <functional>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/units.h"

namespace tactics {

inline constexpr int kMaxDangerCount = 255;  // counts saturate here

// The cells one unit threatens from where it stands: cells at a distance in its attack set from
// one of its stopping cells (reached, no other unit there; its own cell counts), reached cells
// included. 1 threatened, 0 not. Assumes a valid board (every unit inside the map, alone). With
// the board's zone of control the unit's range feels its foes' (SPEC §11.2). It is the player's
// view (SPEC §11.5): a hidden unit threatens nothing, and hidden enemies are not in the way.
Grid<std::uint8_t> threatOf(const CostMap& map, const std::vector<Unit>& units, std::size_t index,
                            BoardRules rules = {});

// For every cell, how many enemies threaten it (0..255, saturating). Each enemy's range is solved
// under the board's rules: with zone of control, the players' and allies' zones stop it. It is
// the player's view (SPEC §11.5): hidden enemies neither threaten nor stand in the way.
Grid<std::uint8_t> dangerZone(const CostMap& map, const std::vector<Unit>& units,
                              BoardRules rules = {});

// Solves one enemy's movement: a valid query with attack 0 into `range`. Any exact range solver
// fits (the reference, the GPU's fragment or compute solver), which is how a per-enemy danger
// zone runs on any backend with the same answer.
using MovementSolve = std::function<void(const RangeQuery& query, RangeResult& range)>;

// dangerZone with each enemy that can attack solved by `solveMovement`, one call per enemy in
// board order; its stopping cells (stoppingCells) are marked with markThreatened and counted.
Grid<std::uint8_t> dangerZone(const CostMap& map, const std::vector<Unit>& units,
                              const MovementSolve& solveMovement, BoardRules rules = {});

// 1 on every cell of a solved range where the mover may end its move: reached, and the rules
// seam's may-stop bit set (its own cell counts; an ally's does not).
Grid<std::uint8_t> stoppingCells(const CostMap& map, const RangeQuery& query,
                                 const RangeResult& range);

// Marks with 1 every cell of `threat` at a distance in `attack` (any of its ranges) from a cell
// where `origins` is non-zero, the distance of a board of `layout` (SPEC §13). Shared by threatOf
// and anyone who has the stopping cells already.
void markThreatened(const Grid<std::uint8_t>& origins, const AttackRange& attack,
                    Grid<std::uint8_t>& threat, GridLayout layout = GridLayout::Square);
// The same on `map` (its layout) under line of sight (SPEC §11.8): with sight on, a cell is
// marked only when it is also in sight of such an origin.
void markThreatened(const Grid<std::uint8_t>& origins, const AttackRange& attack,
                    Grid<std::uint8_t>& threat, const CostMap& map, const SightRule& sight);

}  // namespace tactics
