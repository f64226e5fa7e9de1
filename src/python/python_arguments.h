#pragma once
// Python values into the solver's: a terrain array into a CostMap, cells, ranges, movement
// classes, units and rules into RangeQuery and Unit. Every bad value raises ValueError with the
// text the CLI writes after "error: " for the same mistake (the same parse and check functions
// make it), the keyword standing where the CLI names its flag: "move 300 is out of range
// 0..255" for `--move 300`'s "--move 300 is out of range 0..255". Called with the GIL held.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tactics/solver/backend.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/units.h"

namespace tactics::python {

namespace py = pybind11;

// Raises ValueError with `message`.
[[noreturn]] void raise(const std::string& message);

// A 2-D integer array [height, width] of terrain indices 0..63 (SPEC §11.1) as a map: five
// terrains or fewer make a map of SPEC §1's canonical greys, more an indexed map (as the C API's
// tg_board_create does). Any other dtype, shape or value is a ValueError saying what is allowed.
CostMap mapFrom(py::handle terrain);
// The same map, shared: the one this thread read last when `terrain` holds the same bytes (a
// uint8 board of up to 256x256 cells, as a loop asking every step passes), on the grid `grid`
// names (SPEC §13: None or "square", "hex-y-odd", "hex-y-even", "hex-x-odd", "hex-x-even").
std::shared_ptr<const CostMap> boardFrom(py::handle terrain, py::handle grid);

// The layout `grid` names (None: square); a ValueError naming the allowed names otherwise.
GridLayout layoutFrom(py::handle grid);

// SPEC §1's classes of a 2-D array of greys 0..255: min(4, grey / 51), as uint8.
py::array_t<std::uint8_t> terrainFromGrey(py::handle grey);

// The keyword arguments that say who moves and how, shared by solve, route and solve_many's
// queries; a None member was not given.
struct MoverArguments {
  py::object unit = py::none();    // (x, y)
  py::object move = py::none();    // 0..255
  py::object attack = py::none();  // N, (MIN, MAX), [N or (MIN, MAX), ...] or the CLI's text
  py::object costs = py::none();   // a preset name, the five-entry text, or one cost per terrain
  py::object team = py::none();    // "player", "enemy" or "ally"
  py::object skills = py::none();  // ["pass", "skirmisher"] or "pass,skirmisher"
  py::object units = py::none();   // the other units on the board
  py::object rules = py::none();   // {"zoc": bool}
  py::object ignoreUnits = py::none();  // bool (SPEC §11.6)
};

// The board's units, read once: each unit, and whether its entry gave a move (a mover taken from
// the units needs one, from the entry or from `move`).
struct BoardUnits {
  std::vector<Unit> units;
  std::vector<bool> moveGiven;
};

// `units`: a sequence of dicts {"at": (x, y), "team": ..., "move", "attack", "costs" or "class",
// "skills", "hidden", "name", and SPEC §14's "hp", "str", "def", "spd", "lord"} or tuples
// ((x, y), team), each inside the map and alone on its cell, hidden only on an enemy, a lord
// only on a player. Which units need hp is the board's question (combatProblem), not asked
// here. Errors start "units[i]: ".
BoardUnits unitsFrom(py::handle units, const CostMap& map);

// SPEC §11.2's rules: None or {"zoc": bool}.
// With line of sight (SPEC §11.8): {"zoc": bool, "sight": bool, "blocks_sight": [names]}, the
// names `map`'s terrains; sight on a hex board is an error.
BoardRules rulesFrom(py::handle rules, const CostMap& map);

// A whole number lo..hi (Python's or numpy's, or text the CLI reads), else ValueError in
// parseInteger's words: "move 300 is out of range 0..255".
int integerFrom(py::handle value, int lo, int hi, const std::string& what);

// True or False (Python's or numpy's); `what` names it in the error.
bool flagFrom(py::handle value, const std::string& what);

// Units read by solve_many once per distinct list object: queries that share one list (the
// usual case: one board, many movers) convert it once.
class UnitsCache {
 public:
  const BoardUnits& get(py::handle units, const CostMap& map);

 private:
  std::unordered_map<const void*, BoardUnits> read_;
};

// The mover's range query (SPEC §2-3, §11): the unit at `unit` among `units` when one stands
// there (its team, move, attack, class and skills, each replaced by the argument when given), or
// a new unit (team player unless given; `move` required). Its view of the others comes from
// queryFor: friends passable, hidden enemies left out for a player or an ally. The query is not
// yet validated: the solvers do that, with validate()'s texts.
RangeQuery queryFrom(const MoverArguments& args, const CostMap& map, UnitsCache& cache);
// The same for one query (solve, route): its units read once, for it alone.
RangeQuery queryFrom(const MoverArguments& args, const CostMap& map);

// solve_many's query dict: the keys of MoverArguments ("unit", "move", "attack", "costs", "team",
// "skills", "units", "rules", "ignore_units"); `units` and `rules` default to `shared`'s.
MoverArguments moverArgumentsFrom(py::handle query, const MoverArguments& shared);

// One cell (x, y) inside `map`; `what` names it ("cursor").
Cell cellInside(py::handle value, const CostMap& map, const std::string& what);

// A movement class: a preset name ("mounted"), the five-entry text ("1,2,4,8,x"), or a sequence
// of 1..64 costs, each 1..15 or None / "x" for impassable (the terrains after it impassable).
MovementClass movementFrom(py::handle costs, const std::string& what);

// "player", "enemy" or "ally".
Team teamFrom(py::handle team, const std::string& what);

// A value as str() writes it: a str's own text without a copy, anything else's in `spare`.
std::string_view textView(py::handle value, std::string& spare);

// "cpu", "gpu", "compute" or "auto" (parseBackend's text).
Backend backendFrom(py::handle backend);

}  // namespace tactics::python
