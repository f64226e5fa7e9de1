#pragma once
// SPEC §2, §3 and the movement rules of §11 (zone of control, pass, skirmisher, ignoring units)
// read literally, straight from a query's lists of units and never through the rules seam: the
// independent model the seam and every backend are compared with. Bellman-Ford over the whole
// map until nothing changes: slow, small maps only. Two deliberately wrong variants prove the
// comparison can see a wrong rule.

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::testing {

enum class RulesModel {
  Literal,        // the SPEC as written
  ZocPropagates,  // wrong: travel goes on through zone of control cells
  CrossesZoc,     // wrong: a cell that can only be crossed may be entered inside a zone of control
};

// Reach (reached / attackable / none) and travel costs; no parents, no pass count.
RangeResult solveRulesModel(const CostMap& map, const RangeQuery& query,
                            RulesModel model = RulesModel::Literal);

}  // namespace tactics::testing
