#include "forecast.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "python_arguments.h"

namespace tactics::python {

namespace {

using namespace pybind11::literals;

std::string joinedNames(const CostMap& map) {
  std::string all;
  for (const std::string& name : map.terrainNames()) all += (all.empty() ? "" : ", ") + name;
  return all;
}

// `terrains`: the board's terrain names (SPEC §11.1), as load_scenario's "terrains" gives them;
// None keeps the defaults (plains, forest, hills, mountains, wall, terrain5, ...).
std::shared_ptr<const CostMap> namedBoard(py::handle terrain, py::handle grid,
                                          py::handle terrains) {
  auto map = boardFrom(terrain, grid);
  if (terrains.is_none()) return map;
  if (!py::isinstance<py::sequence>(terrains) || py::isinstance<py::str>(terrains)) {
    raise("terrains is " + py::repr(terrains).cast<std::string>() +
          "; expected a list of the board's terrain names, e.g. load_scenario's \"terrains\"");
  }
  std::vector<std::string> names;
  for (const py::handle name : py::reinterpret_borrow<py::sequence>(terrains)) {
    if (!py::isinstance<py::str>(name)) {
      raise("terrains holds " + py::repr(name).cast<std::string>() + "; expected terrain names");
    }
    names.push_back(name.cast<std::string>());
  }
  if (auto problem = checkTerrainNames(names, "terrains")) raise(*problem);
  std::vector<std::uint8_t> indices;
  indices.reserve(static_cast<std::size_t>(map->width()) * static_cast<std::size_t>(map->height()));
  for (int y = 0; y < map->height(); ++y) {
    for (int x = 0; x < map->width(); ++x) {
      const int t = map->terrain({x, y});
      if (static_cast<std::size_t>(t) >= names.size()) {
        raise("terrain: cell " + toString(Cell{x, y}) + " has terrain " + std::to_string(t) +
              ", but terrains names " + std::to_string(names.size()) + " (0.." +
              std::to_string(names.size() - 1) + ")");
      }
      indices.push_back(static_cast<std::uint8_t>(t));
    }
  }
  CostMap named = CostMap::named(map->width(), map->height(), indices, std::move(names));
  named.setLayout(map->layout());
  return std::make_shared<const CostMap>(std::move(named));
}

// A whole number (Python's or numpy's, not a bool), or nothing.
std::optional<long long> wholeNumber(py::handle value) {
  if (PyBool_Check(value.ptr()) != 0 || PyIndex_Check(value.ptr()) == 0) return std::nullopt;
  const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) {
    PyErr_Clear();
    return std::nullopt;
  }
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) return overflow < 0 ? LLONG_MIN : LLONG_MAX;
  return v;
}

// SPEC §14's terrain defence: the defaults for the board's names (forest 1, mountains 2), each
// terrain `given` names ({"forest": 3}) replaced; the scenario reader's words for a bad one.
TerrainDefence defenceFrom(py::handle given, const CostMap& map) {
  TerrainDefence defence = TerrainDefence::defaults(map);
  if (given.is_none()) return defence;
  if (!py::isinstance<py::dict>(given)) {
    raise("terrain_defence is " + py::repr(given).cast<std::string>() +
          "; expected a dict of terrain names and defences 0..20, e.g. {\"forest\": 1}");
  }
  for (const auto item : py::reinterpret_borrow<py::dict>(given)) {
    const std::string name = py::str(item.first).cast<std::string>();
    const auto number = wholeNumber(item.second);
    if (!number) {
      raise("terrain_defence: \"" + name + "\" is " + py::repr(item.second).cast<std::string>() +
            "; expected a whole number 0..20");
    }
    const auto& names = map.terrainNames();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      raise("terrain_defence: unknown terrain \"" + name + "\"; the board's terrains: " +
            joinedNames(map));
    }
    if (*number < 0 || *number > kMaxTerrainDefence) {
      raise("terrain_defence: terrain \"" + name + "\" has defence " + std::to_string(*number) +
            ", out of range 0..20");
    }
    if (auto problem = defence.set(map, name, static_cast<int>(*number))) {
      raise("terrain_defence: " + *problem);
    }
  }
  return defence;
}

// combatProblem's "unit 2 (units[2]): ..." as the module names units: "units[2]: ...", or
// "units[2] (Brigand): ..." for a unit with a name of its own.
std::string inModuleWords(const std::string& problem, const std::vector<Unit>& units) {
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string prefix = "unit " + std::to_string(i) + " (" + units[i].name + "): ";
    if (problem.rfind(prefix, 0) != 0) continue;
    const std::string label = "units[" + std::to_string(i) + "]";
    return (units[i].name == label ? label : label + " (" + units[i].name + ")") + ": " +
           problem.substr(prefix.size());
  }
  return problem;
}

// `what` ("attacker", "target"): an index into the `count` units.
std::size_t unitIndex(py::handle value, std::size_t count, const char* what) {
  if (count == 0) raise(std::string(what) + " names no unit: units is empty");
  const int last = count - 1 > static_cast<std::size_t>(INT_MAX) ? INT_MAX
                                                                   : static_cast<int>(count - 1);
  try {
    return static_cast<std::size_t>(integerFrom(value, 0, last, what));
  } catch (const py::value_error& error) {
    raise(std::string(error.what()) + " (an index into units, which holds " +
          std::to_string(count) + (count == 1 ? " unit)" : " units)"));
  }
}

py::dict sideDict(const Forecast::Side& side, bool target) {
  py::dict out;
  out["damage"] = side.damage;
  out["strikes"] = side.strikes;
  out["hp_before"] = side.hpBefore;
  out["hp_after"] = side.hpAfter;
  if (target) out["can_strike"] = side.canStrike;
  return out;
}

py::dict forecastDict(const Forecast& f) {
  py::list strikes;
  for (const Strike& s : f.strikes) {
    py::dict strike;
    strike["by_attacker"] = s.byAttacker;
    strike["damage"] = s.damage;
    strike["hp_after"] = s.hpAfter;
    strikes.append(strike);
  }
  py::dict out;
  out["attacker"] = sideDict(f.attacker, false);
  out["target"] = sideDict(f.target, true);
  out["strikes"] = strikes;
  return out;
}

py::object forecastCall(py::handle terrain, py::handle units, py::handle attacker,
                        py::handle target, py::handle at, py::handle rules,
                        py::handle terrainDefence, py::handle terrains, py::handle layout) {
  const auto kept = namedBoard(terrain, layout, terrains);
  const CostMap& map = *kept;
  const BoardUnits board = unitsFrom(units, map);
  if (auto problem = combatProblem(board.units)) raise(inModuleWords(*problem, board.units));
  const std::size_t a = unitIndex(attacker, board.units.size(), "attacker");
  const std::size_t b = unitIndex(target, board.units.size(), "target");
  const Cell from = at.is_none() ? board.units[a].cell : cellInside(at, map, "at");
  const BoardRules boardRules = rulesFrom(rules, map);
  const TerrainDefence defence = defenceFrom(terrainDefence, map);
  std::optional<Forecast> answer;
  {
    py::gil_scoped_release released;  // with sight on, the board's sight is baked first
    const CombatBoard combat(map, board.units, defence, boardRules);
    answer = forecast(combat, a, from, b);
  }
  if (!answer) return py::none();
  return forecastDict(*answer);
}

// forecast(terrain, units, attacker, target, *, at, rules, terrain_defence, terrains, grid).
constexpr const char* kForecastDoc = R"doc(The battle forecast (SPEC 14) of units[attacker], standing on `at` (default: its own cell),
attacking units[target]: exactly what the exchange would do, nothing changed. None when it cannot
attack from there (both need hp, they must be foes, the target known to the attacker's side, the
distance in the attacker's attack set and, with rules={"sight": True}, the target in sight).
`at` is not checked for reach: solve() says where the attacker can stop.

units: as the other functions take them, with SPEC 14's "hp" 1..99, "str", "def", "spd" 0..99
(default 0) and "lord": bool (player units only); once any unit has hp every player and enemy
unit needs it (an ally without hp neither attacks nor is attacked). terrain_defence: {name:
0..20} replacing the defence a terrain gives the unit standing on it (forest 1, mountains 2,
every other 0 by default). terrains: the board's terrain names (default plains, forest, hills,
mountains, wall, terrain5, ...), which terrain_defence and rules name; load_scenario's
"terrains", "terrain_defence", "rules" and "grid" pass straight back.

Returns a dict: "attacker" and "target", each {"damage" (per strike), "strikes" (0, 1 or 2),
"hp_before", "hp_after"}, the target's also "can_strike" (whether it can strike back at all);
"strikes", the exchange's strikes in order, each {"by_attacker": bool, "damage", "hp_after" (the
struck unit's)}. A strike that would come after a unit reaches 0 hp never happens. Bad input
raises ValueError naming what is wrong and what is allowed.)doc";

}  // namespace

void addCombatKeys(py::dict& unit, const Unit& u) {
  const std::pair<const char*, int> stats[] = {
      {"hp", u.hp}, {"str", u.str}, {"def", u.def}, {"spd", u.spd}};
  for (const auto& [key, value] : stats) {
    if (u.hp > 0 || value != 0) unit[key] = value;
  }
  if (u.lord) unit["lord"] = true;
}

py::dict terrainDefenceDict(const TerrainDefence& defence, const CostMap& map) {
  py::dict out;
  const auto& names = map.terrainNames();
  for (std::size_t t = 0; t < names.size(); ++t) {
    out[py::str(names[t])] = defence.of(static_cast<int>(t));
  }
  return out;
}

py::object objectiveValue(const std::optional<Objective>& objective) {
  if (!objective) return py::none();
  py::dict out;
  out["type"] = objectiveName(objective->type);
  if (objective->type == Objective::Type::Seize) {
    out["at"] = py::make_tuple(objective->at.x, objective->at.y);
  } else if (objective->type == Objective::Type::Survive) {
    out["turns"] = objective->turns;
  }
  return out;
}

void defineForecast(py::module_& m) {
  m.def("forecast", &forecastCall, "terrain"_a, "units"_a, "attacker"_a, "target"_a,
        py::kw_only(), "at"_a = py::none(), "rules"_a = py::none(),
        "terrain_defence"_a = py::none(), "terrains"_a = py::none(), "grid"_a = py::none(),
        kForecastDoc);
}

}  // namespace tactics::python
