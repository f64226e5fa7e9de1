#pragma once
// tactics_grid.forecast (issue 41): SPEC §14's battle forecast of one attack, as
// solver/combat.h computes it; and the combat values load_scenario hands back for it.

#include <pybind11/pybind11.h>

#include <optional>

#include "tactics/solver/combat.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/objective.h"
#include "tactics/solver/units.h"

namespace tactics::python {

namespace py = pybind11;

// Adds forecast to the module.
void defineForecast(py::module_& m);

// A unit's SPEC §14 keys, as `units` takes them, into its dict: "hp", "str", "def", "spd" when
// it has hp (a stat without hp only when not 0) and "lord": True for a lord; nothing for a unit
// of a board that does not fight.
void addCombatKeys(py::dict& unit, const Unit& u);

// Every terrain's defence by name ({"plains": 0, "forest": 1, ...}), as forecast's
// terrain_defence takes it.
py::dict terrainDefenceDict(const TerrainDefence& defence, const CostMap& map);

// {"type": "rout"}, {"type": "seize", "at": (x, y)}, {"type": "survive", "turns": N}, or None.
py::object objectiveValue(const std::optional<Objective>& objective);

}  // namespace tactics::python
