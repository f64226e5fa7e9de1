#pragma once
// Distance fields (SPEC §10): how far every cell is from the other side, for a whole map and
// with no range limit — the tower-defence "Dijkstra fill" that serves every unit of a team at
// once. The CPU reference; the GPU field solver is tested against it.

#include <cstdint>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/units.h"

namespace tactics {

// Field values are exact travel costs: at most 15 x (4096 x 4096 - 1), well inside 32 bits.
using FieldCost = std::int32_t;
inline constexpr FieldCost kFieldUnreachable = -1;
using DistanceField = Grid<FieldCost>;

// What a field is asked. Cells not listed are ordinary: entered at the movement class's cost
// (the moving team's own units and its friends stand on such cells).
struct FieldQuery {
  MovementClass movement;
  std::vector<Cell> sources;   // cost 0, whatever their terrain
  std::vector<Cell> blockers;  // never entered; a blocker that is also a source is started from
};

// The exact field: the cheapest travel cost from the nearest source, entering only cells the
// movement class can enter and that are not blockers, or kFieldUnreachable. No Movement Range,
// no one-step rule. Every cell of the query must be inside the map. O(cells).
DistanceField solveFieldReference(const CostMap& map, const FieldQuery& query);

// The question SPEC §10 asks for a moving team: every unit hostile to `team` is a source, and a
// blocker for the others' spread; units friendly to `team` are ordinary cells, and so are those
// `team` does not know of (SPEC §11.5: hidden enemies, for the player's side).
FieldQuery fieldQueryFor(const std::vector<Unit>& units, Team team, const MovementClass& movement);

// The single-source variant (issue 10's paths beyond one turn, and the heat map of where one
// unit can be in one, two, three turns): units[mover]'s cell is the only source, spreading for
// its class with no range cap; units hostile to it block, its friends and the units it does not
// know of (SPEC §11.5) are ordinary cells.
FieldQuery fieldQueryFrom(const std::vector<Unit>& units, std::size_t mover);

}  // namespace tactics
