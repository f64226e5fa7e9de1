#pragma once
// The original blog's rule, kept only to prove the differential harness has teeth: a cell is
// closed the first time a closed neighbour makes it affordable and is never reopened. Wrong with
// weighted costs (SPEC §2).

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::testing {

RangeResult solveCloseOnce(const CostMap& map, const RangeQuery& query);

}  // namespace tactics::testing
