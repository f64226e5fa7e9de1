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

// The grid letters, one per CellKind: S the unit, M reached and stoppable, P reached but not a
// stopping cell (an ally's, or an enemy's crossed with the pass skill), A attackable, . none.
std::vector<std::string> gridRows(const RangeResult& result, const RangeQuery& query);

// Who moves, as far as the command knows: a scenario's unit has all three, a --map unit only
// the --class it was given. Empty fields are left out of the outputs.
struct UnitLabel {
  std::string name;
  std::string team;
  std::string className;
};

// SPEC §5's object, with "costs" (the class's five costs) and, where known, the unit's "name",
// "team" and "class", and "rules" (SPEC 11.7: zoc, skills, ignore_units).
std::string formatJson(const CostMap& map, const RangeResult& result, const RangeQuery& query,
                       const std::string& backend, const UnitLabel& unit);
// A heading line (the unit as far as known, its ranges and costs), the grid, and a count line.
std::string formatText(const RangeResult& result, const RangeQuery& query,
                       const std::string& backend, const UnitLabel& unit);

}  // namespace tactics::cli
