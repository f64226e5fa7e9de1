#pragma once
// SPEC §2, §3 and the movement rules of §11 (zone of control, pass, skirmisher, ignoring units)
// read literally, straight from a query's lists of units and never through the rules seam, on
// the map's grid layout (SPEC §13: Topology's neighbours and distance, nothing of the solvers):
// the independent model the seam and every backend are compared with. Bellman-Ford over the
// whole map until nothing changes: slow, small maps only. Two deliberately wrong
// variants prove the comparison can see a wrong rule.

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::testing {

enum class RulesModel {
  Literal,        // the SPEC as written
  ZocPropagates,  // wrong: travel goes on through zone of control cells
  CrossesZoc,     // wrong: a cell that can only be crossed may be entered inside a zone of control
};

// Reach (reached / attackable / none), travel costs, the parents of SPEC §2's tie rule (among the
// neighbours on a cheapest path that reach the cell in the fewest steps, the first in the
// layout's neighbour order) and the passes the GPU runs (the passes that change something, one
// quiet pass after them, at most the move range).
// The wrong variants' parents and passes mean nothing.
// With line of sight on (SPEC §11.8) an attack cell must also be in sight (sightModel) of an
// origin it is in range of.
RangeResult solveRulesModel(const CostMap& map, const RangeQuery& query,
                            RulesModel model = RulesModel::Literal);

// SPEC §11.8 read geometrically, nothing of the solvers' integer walk: t is in sight of s when no
// cell of their bounding box other than them, whose terrain is in `blockers`, has its open
// interior cut by the line through their centres (corners strictly on both sides of the line).
bool sightModel(const CostMap& map, std::uint64_t blockers, Cell s, Cell t);
// Whether the segment from s to t cuts the open interior of c, read the same way.
bool segmentCutsModel(Cell s, Cell t, Cell c);

}  // namespace tactics::testing
