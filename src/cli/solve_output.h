#pragma once
// How `tactics-grid solve` writes a result: SPEC §5's JSON, a text grid for people, and the
// state texture as a 4-channel PNG.

#include <cstdint>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::cli {

// The grid letters: S the unit, M reached and stoppable, P reached but an ally's cell,
// A attackable, . none.
std::vector<std::string> gridRows(const RangeResult& result, const RangeQuery& query);

std::string formatJson(const RangeResult& result, const RangeQuery& query,
                       const std::string& backend);
// A heading line, the grid, and a count line; the grid is left out when `withGrid` is false.
std::string formatText(const RangeResult& result, const RangeQuery& query,
                       const std::string& backend, bool withGrid);

}  // namespace tactics::cli
