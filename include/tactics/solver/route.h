#pragma once
// Fire Emblem's route memory (SPEC §8): the arrow follows the cells the cursor traces, cut when
// it steps back onto the route, extended while the movement lasts, else the cheapest path. Pure
// rules over a solve's RangeResult and its query; the demo, the `route` command and the tests
// all run this code.

#include <optional>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/topology.h"

namespace tactics {

// A route: cells from the unit's cell, each step to a neighbour on the board's grid (orthogonal
// on a square board, one of six on a hex one), through reached cells only.
using Route = std::vector<Cell>;

// What the route rules consult: the map, the solved query (entry costs, occupants) and its result.
class RouteBoard {
 public:
  // `map` and `range` must outlive the board; `range` is the solve of `query`.
  RouteBoard(const CostMap& map, RangeQuery query, const RangeResult& range);

  [[nodiscard]] Cell unit() const { return query_.unit; }
  [[nodiscard]] bool reached(Cell cell) const;
  // A reached cell the unit may stop on: no other unit stands there (the unit's own cell counts).
  [[nodiscard]] bool stopping(Cell cell) const;
  // Entry cost of a reached cell other than the unit's own (the rules seam's), else 0.
  [[nodiscard]] int entry(Cell cell) const;
  // Travel does not continue through the cell: the rules halt it there (SPEC §11.2's zone of
  // control cells). Never the unit's own cell, which it always leaves freely.
  [[nodiscard]] bool haltsTravel(Cell cell) const;
  [[nodiscard]] const RangeResult& range() const { return *range_; }
  [[nodiscard]] int moveRange() const { return query_.moveRange; }
  [[nodiscard]] const AttackRange& attack() const { return query_.attack; }
  // Whether the unit standing on `from` (a reached cell) can attack `target`: its distance is in
  // the attack set and, with the board's line of sight on (SPEC §11.8), it is in sight.
  [[nodiscard]] bool canAttack(Cell from, Cell target) const;
  // The board's grid: which cells are next to each other, and how far apart (SPEC §13).
  [[nodiscard]] Topology topology() const { return topology_; }

 private:
  RangeQuery query_;
  Topology topology_;
  RuleWindow rules_;  // the rules of the cells within moveRange steps of the unit
  SightWindow sight_;  // with sight on: the blockers of those cells grown by the attack's reach
  const RangeResult* range_;
};

// The route a fresh selection starts with: only the unit's cell.
Route startRoute(const RouteBoard& board);

// The cursor enters cell h (SPEC §8 rules 1-4). A route that does not start at the unit is
// restarted first.
void enterCell(Route& route, Cell h, const RouteBoard& board);

// Sum of the entry costs of every cell after the first.
int routeCost(const Route& route, const RouteBoard& board);

// The arrow is drawn when the route ends on the hovered cell and that cell is a stopping cell
// (never an ally's or another unit's cell).
bool arrowShows(const Route& route, Cell hovered, const RouteBoard& board);

// Hovering a foe inside the red area (attackable: not reached, in attack range of a stopping
// cell): the route to the best cell to attack it from — `route` itself when it ends on a stopping
// cell within the unit's attack set of `target`, else the cheapest path to the cheapest
// stopping cell in range of it (ties: the smaller y, then the smaller x). Nullopt when `target`
// is not attackable.
std::optional<Route> attackRoute(const Route& route, Cell target, const RouteBoard& board);

// The cells a cursor enters when it jumps from a to b, a left out, b the last cell; empty when
// a == b. On a square board a 4-connected line that stays closest to the straight segment from
// a's centre to b's, stepping along x first on ties (SPEC §8). On a hex board (SPEC §13) each
// step goes to the neighbour, among those one step nearer b, whose centre is nearest that
// segment, the lower neighbour index on ties: distance(a, b) cells.
std::vector<Cell> cellsBetween(Cell a, Cell b, GridLayout layout = GridLayout::Square);

}  // namespace tactics
