#pragma once
// The CPU reference: exact travel costs by Dial's bucket queue (SPEC §2) and the attack rule
// (SPEC §3). It is the contract in code; the GPU passes are tested against it.

#include <cstdint>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics {

// Solves a valid query (see validate()). Parents follow the GPU's deterministic choice, so both
// backends produce the same bytes: of the neighbours on a cheapest path, the first in the order
// up, down, left, right among those that reach the cell in the fewest steps.
// Works in the window of cells within moveRange steps of the unit: O(cells in reach), not O(map).
RangeResult solveReference(const CostMap& map, const RangeQuery& query);
// The same answer written into `result`, reused from an earlier solve on the same map: only the
// cells that solve wrote are cleared (see RangeResult::written), so no step is O(map).
void solveReference(const CostMap& map, const RangeQuery& query, RangeResult& result);

// A range answer as map-sized arrays the caller owns, row by row from the top: travel cost
// (-1 unreached), CellKind, and when `parent` is given the Direction back towards the unit (as
// RangeResult::parent, 4 none). A batch of legal-move masks leaves out the parents.
struct RangeMasks {
  std::int16_t* cost = nullptr;
  std::uint8_t* kind = nullptr;
  std::uint8_t* parent = nullptr;  // optional
};
// The same answer as solveReference's, written into `masks`: every cell, the defaults first, no
// RangeResult between, and no parent search unless `parent` is given. Returns the passes (as
// RangeResult::passes).
int solveReference(const CostMap& map, const RangeQuery& query, const RangeMasks& masks);

// Marks as attackable every unreached cell within `attack` of a stopping cell (a reached cell
// the rules let the mover stop on; the start counts). Separate so other movement models can
// reuse it. Looks for stopping cells only inside result.written and rules.box() (every reached
// cell lies in the box the rules were baked for), and widens result.written by what it marks.
void markAttackable(RangeResult& result, const AttackRange& attack, const RuleWindow& rules);

// Line of sight (SPEC §11.8) for a solver whose attack marks ignore it: `result`, a solve of
// `query` on `map` by any backend, keeps as attackable only the cells in sight of a stopping cell
// that reaches them. Nothing changes when the query's sight is off (or the board is hex, where
// validate() refuses sight).
void applySight(const CostMap& map, const RangeQuery& query, RangeResult& result);

}  // namespace tactics
