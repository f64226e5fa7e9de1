// The `tactics_grid` Python module (issue 26): the solvers with numpy arrays in and out. Every
// answer comes from gpu::Solvers, as the CLI's and the C API's do, or for ranges on the CPU
// from the reference it runs, written straight into the arrays; Python values are read by
// python_arguments.cpp with the CLI's error texts, and solve_many's threads by batch_solve.cpp.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "batch_solve.h"
#include "forecast.h"
#include "module_support.h"
#include "python_arguments.h"
#include "solve_batch.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/board_batch.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/movement_presets.h"
#include "tactics/solver/route.h"
#include "tactics/solver/skills.h"
#include "thread_gl.h"

namespace tactics::python {
namespace {





template <class T>
py::array_t<T> grid(const CostMap& map) {
  return py::array_t<T>(
      {static_cast<py::ssize_t>(map.height()), static_cast<py::ssize_t>(map.width())});
}

// A str made once: the keys and values every answer carries. Never freed, as Python's own
// interned names are not, so nothing is released after the interpreter has gone.
py::handle interned(const char* text) {
  return py::str(text).release();
}

py::dict rangeAnswer(py::handle cost, py::handle kind, py::handle parent, Backend backend,
                     int passes) {
  static const py::handle kCost = interned("cost"), kKind = interned("kind"),
                          kParent = interned("parent"), kBackend = interned("backend"),
                          kPasses = interned("passes");
  static const py::handle kBackendNames[] = {
      interned(backendName(Backend::Auto)), interned(backendName(Backend::Cpu)),
      interned(backendName(Backend::Gpu)), interned(backendName(Backend::Compute))};
  const auto name = [](Backend b) {
    return b == Backend::Auto ? 0 : b == Backend::Cpu ? 1 : b == Backend::Gpu ? 2 : 3;
  };
  py::dict out;
  out[kCost] = cost;
  out[kKind] = kind;
  out[kParent] = parent;
  out[kBackend] = kBackendNames[name(backend)];
  out[kPasses] = py::int_(passes);
  return out;
}

py::dict solve(py::handle terrain, py::object unit, py::object move, py::object attack,
               py::object costs, py::object units, py::object rules, py::object team,
               py::object skills, py::object ignoreUnits, py::handle layout, py::handle backend,
               py::handle gl, py::handle state) {
  const auto kept = boardFrom(terrain, layout);
  const CostMap& map = *kept;
  const RangeQuery query = queryFrom(
      {std::move(unit), std::move(move), std::move(attack), std::move(costs), std::move(team),
       std::move(skills), std::move(units), std::move(rules), std::move(ignoreUnits)},
      map);
  const Backend chosen = backendFrom(backend);
  const gpu::GlApi api = glFrom(gl);
  if (chosen != Backend::Cpu) endGlWithThreadState();
  const bool withState = flagFrom(state, "state");
  auto cost = grid<std::int16_t>(map);
  auto kind = grid<std::uint8_t>(map);
  auto parent = grid<std::uint8_t>(map);
  const RangeMasks masks{cost.mutable_data(), kind.mutable_data(), parent.mutable_data()};
  if (chosen == Backend::Cpu && !withState) {
    // The CPU backend's answer straight into the arrays: gpu::Solvers' CPU backend is this
    // reference, and a loop asking every step would otherwise pay for a RangeResult between.
    std::optional<std::string> problem;
    int passes = 0;
    {
      py::gil_scoped_release released;
      problem = validate(map, query);
      if (!problem) passes = solveReference(map, query, masks);
    }
    if (problem) raise(*problem);
    return rangeAnswer(cost, kind, parent, Backend::Cpu, passes);
  }
  gpu::RangeAnswer answer;
  std::optional<Failure> failure;
  {
    py::gil_scoped_release released;
    failure = onSolvers(kept, chosen, api, [&](gpu::Solvers& solvers) {
      return solvers.range(query, answer,
                           withState ? gpu::StateBytes::Read : gpu::StateBytes::Skip);
    });
    if (!failure) writeRange(query, answer.result, masks.cost, masks.kind, masks.parent);
  }
  if (failure) raiseFailure(*failure);
  py::dict out = rangeAnswer(cost, kind, parent, answer.backend, answer.result.passes);
  if (withState) {
    py::array_t<std::uint8_t> bytes({static_cast<py::ssize_t>(map.height()),
                                     static_cast<py::ssize_t>(map.width()), py::ssize_t{4}});
    std::copy(answer.state.begin(), answer.state.end(), bytes.mutable_data());
    out["state"] = bytes;
  }
  return out;
}

// The queries of solve_many: a sequence of dicts.
py::sequence querySequence(py::handle queries) {
  if (!py::isinstance<py::sequence>(queries) || py::isinstance<py::str>(queries) ||
      py::isinstance<py::dict>(queries)) {
    raise("queries is " + py::str(py::type::of(queries)).cast<std::string>() +
          "; expected a list of dicts of solve's keywords");
  }
  return py::reinterpret_borrow<py::sequence>(queries);
}

// Every query read (with the GIL held), errors naming the query.
std::vector<RangeQuery> readQueries(const py::sequence& sequence, const CostMap& map,
                                    const MoverArguments& shared) {
  std::vector<RangeQuery> queries;
  queries.reserve(py::len(sequence));
  UnitsCache cache;
  for (std::size_t k = 0; k < py::len(sequence); ++k) {
    try {
      queries.push_back(queryFrom(moverArgumentsFrom(sequence[k], shared), map, cache));
    } catch (const py::value_error& error) {
      raise("queries[" + std::to_string(k) + "]: " + error.what());
    }
  }
  return queries;
}



// solve_many on a GL backend (or auto): every query read first, then one Solvers::rangeMany,
// which solves them in one submission and one read-back (gpu, compute) or measures (auto).
// Returns the backend that ran.
Backend solveManyOnSolvers(const std::shared_ptr<const CostMap>& kept, const py::sequence& sequence,
                           const MoverArguments& shared, Backend backend, gpu::GlApi api,
                           unsigned threads, const RangeMasks& masks) {
  const std::vector<RangeQuery> queries = readQueries(sequence, *kept, shared);
  endGlWithThreadState();
  Backend ran = backend;
  std::optional<Failure> failure;
  {
    py::gil_scoped_release released;
    failure = onSolvers(kept, backend, api, [&](gpu::Solvers& solvers) {
      const auto answer = solvers.rangeMany(queries, masks, backend, threads);
      if (!answer) return std::optional<std::string>(answer.error());
      ran = *answer;
      return std::optional<std::string>();
    });
  }
  if (failure) raiseFailure(*failure);
  return ran;
}

py::dict solveMany(py::handle terrain, py::handle queries, py::object units, py::object rules,
                   py::handle threads, py::handle out, py::handle layout, py::handle backend,
                   py::handle gl) {
  const auto kept = boardFrom(terrain, layout);
  const CostMap& map = *kept;
  MoverArguments shared;
  shared.units = std::move(units);
  shared.rules = std::move(rules);
  const py::sequence sequence = querySequence(queries);
  const std::size_t queryCount = py::len(sequence);
  const unsigned count = threadsFrom(threads);
  const Backend chosen = backendFrom(backend);
  const gpu::GlApi api = glFrom(gl);
  const std::vector<py::ssize_t> shape = {static_cast<py::ssize_t>(queryCount),
                                          static_cast<py::ssize_t>(map.height()),
                                          static_cast<py::ssize_t>(map.width())};
  checkOut(out, {"cost", "kind"});
  auto cost = outputArray<std::int16_t>(out, "cost", shape, "int16")
                  .value_or(py::array_t<std::int16_t>(shape));
  auto kind = outputArray<std::uint8_t>(out, "kind", shape, "uint8")
                  .value_or(py::array_t<std::uint8_t>(shape));
  Backend ran = Backend::Cpu;
  if (chosen == Backend::Cpu) {
    // Read and checked first (with the GIL), then solved on the work pool without it.
    const std::vector<RangeQuery> read = readQueries(sequence, map, shared);
    for (std::size_t k = 0; k < read.size(); ++k) {
      if (auto bad = validate(map, read[k])) raise("queries[" + std::to_string(k) + "]: " + *bad);
    }
    py::gil_scoped_release released;
    solveQueries(map, read, RangeMasks{cost.mutable_data(), kind.mutable_data(), nullptr}, count);
  } else {
    ran = solveManyOnSolvers(kept, sequence, shared, chosen, api, count,
                             RangeMasks{cost.mutable_data(), kind.mutable_data(), nullptr});
  }
  py::dict answer;
  answer["cost"] = cost;
  answer["kind"] = kind;
  answer["backend"] = backendName(ran);
  return answer;
}

py::array_t<std::uint8_t> danger(py::handle terrain, py::handle units, py::handle rules,
                                 py::handle layout, py::handle backend, py::handle gl) {
  const auto kept = boardFrom(terrain, layout);
  const CostMap& map = *kept;
  const BoardUnits board = unitsFrom(units, map);
  const BoardRules boardRules = rulesFrom(rules, map);
  const Backend chosen = backendFrom(backend);
  const gpu::GlApi api = glFrom(gl);
  if (chosen != Backend::Cpu) endGlWithThreadState();
  auto counts = grid<std::uint8_t>(map);
  std::uint8_t* cells = counts.mutable_data();
  std::optional<Failure> failure;
  {
    py::gil_scoped_release released;
    failure = onSolvers(kept, chosen, api, [&](gpu::Solvers& solvers) {
      auto answer = solvers.danger(board.units, boardRules);
      if (!answer) return std::optional<std::string>(answer.error());
      std::copy(answer->counts.cells().begin(), answer->counts.cells().end(), cells);
      return std::optional<std::string>();
    });
  }
  if (failure) raiseFailure(*failure);
  return counts;
}

py::array_t<std::int32_t> field(py::handle terrain, py::handle units, py::handle team,
                                py::handle costs, py::handle layout, py::handle backend,
                                py::handle gl) {
  const auto kept = boardFrom(terrain, layout);
  const CostMap& map = *kept;
  const BoardUnits board = unitsFrom(units, map);
  const Team side = teamFrom(team, "team");
  const MovementClass movement = costs.is_none() ? MovementClass() : movementFrom(costs, "costs");
  const Backend chosen = backendFrom(backend);
  const gpu::GlApi api = glFrom(gl);
  if (chosen != Backend::Cpu) endGlWithThreadState();
  const FieldQuery query = fieldQueryFor(board.units, side, movement);
  auto cost = grid<std::int32_t>(map);
  std::int32_t* cells = cost.mutable_data();
  std::optional<Failure> failure;
  {
    py::gil_scoped_release released;
    failure = onSolvers(kept, chosen, api, [&](gpu::Solvers& solvers) {
      auto answer = solvers.field(query);
      if (!answer) return std::optional<std::string>(answer.error());
      std::copy(answer->field.cells().begin(), answer->field.cells().end(), cells);
      return std::optional<std::string>();
    });
  }
  if (failure) raiseFailure(*failure);
  return cost;
}

// The cursor's cells: one (x, y), or a list of them.
std::vector<Cell> cursorFrom(py::handle cursor, const CostMap& map) {
  std::vector<Cell> cells;
  const bool one = PyTuple_Check(cursor.ptr()) != 0 && py::len(cursor) == 2 &&
                   !py::isinstance<py::sequence>(py::reinterpret_borrow<py::tuple>(cursor)[0]);
  if (one) {
    cells.push_back(cellInside(cursor, map, "cursor"));
  } else if (PyList_Check(cursor.ptr()) != 0 || PyTuple_Check(cursor.ptr()) != 0) {
    for (const py::handle cell : cursor) cells.push_back(cellInside(cell, map, "cursor"));
  }
  if (cells.empty()) {
    raise("cursor is required: one or more cells (x, y) the cursor enters, e.g. [(5, 2), (6, 2)]");
  }
  return cells;
}

py::dict route(py::handle terrain, py::object unit, py::object move, py::object attack,
               py::object costs, py::handle cursor, py::object units, py::object rules,
               py::object team, py::object skills, py::object ignoreUnits, py::handle layout) {
  const auto kept = boardFrom(terrain, layout);
  const CostMap& map = *kept;
  const RangeQuery query = queryFrom(
      {std::move(unit), std::move(move), std::move(attack), std::move(costs), std::move(team),
       std::move(skills), std::move(units), std::move(rules), std::move(ignoreUnits)},
      map);
  const std::vector<Cell> cells = cursorFrom(cursor, map);
  // The CLI's `route`: SPEC 8's route memory on the CPU reference's solve, the cursor's cells fed
  // one by one; no OpenGL.
  gpu::RangeAnswer answer;
  std::vector<Route> routes;
  std::vector<int> routeCosts;
  std::vector<bool> arrows;
  std::optional<Failure> failure;
  {
    py::gil_scoped_release released;
    failure = onSolvers(kept, Backend::Cpu, gpu::GlApi::Core, [&](gpu::Solvers& solvers) {
      if (auto problem = solvers.range(query, answer)) return problem;
      const RouteBoard board(map, query, answer.result);
      Route current = startRoute(board);
      for (const Cell c : cells) {
        enterCell(current, c, board);
        routes.push_back(current);
        routeCosts.push_back(routeCost(current, board));
        arrows.push_back(arrowShows(current, c, board));
      }
      return std::optional<std::string>();
    });
  }
  if (failure) raiseFailure(*failure);
  py::list routeArrays;
  for (const Route& r : routes) {
    py::array_t<std::int32_t> steps({static_cast<py::ssize_t>(r.size()), py::ssize_t{2}});
    std::int32_t* out = steps.mutable_data();
    for (const Cell c : r) {
      *out++ = c.x;
      *out++ = c.y;
    }
    routeArrays.append(steps);
  }
  py::dict out;
  out["routes"] = routeArrays;
  out["costs"] = routeCosts;
  out["arrows"] = arrows;
  return out;
}

// A movement class as a list of costs per terrain (None impassable), up to `terrains` entries.
py::list costsList(const MovementClass& movement, int terrains) {
  py::list costs;
  for (int t = 0; t < terrains; ++t) {
    if (movement.passable(t)) {
      costs.append(movement.cost(t));
    } else {
      costs.append(py::none());
    }
  }
  return costs;
}

py::dict loadScenarioFile(const std::string& path) {
  const auto scenario = loadScenario(path);
  if (!scenario) raise(scenario.error());
  const CostMap& map = scenario->map;
  auto terrain = grid<std::uint8_t>(map);
  std::uint8_t* cells = terrain.mutable_data();
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      *cells++ = static_cast<std::uint8_t>(map.terrain({x, y}));
    }
  }
  const int terrains = map.terrainCount();
  py::list units;
  for (const Unit& u : scenario->units) {
    py::dict unit;
    unit["name"] = u.name;
    unit["team"] = teamName(u.team);
    unit["at"] = py::make_tuple(u.cell.x, u.cell.y);
    unit["move"] = u.moveRange;
    unit["attack"] = formatAttackRange(u.attack);
    unit["class"] = u.className;
    unit["costs"] = costsList(u.movement, terrains);
    unit["skills"] = skillNames(u.skills);
    unit["hidden"] = u.hidden;
    addCombatKeys(unit, u);
    units.append(unit);
  }
  py::dict classes;
  for (const auto& [name, movement] : scenario->classes) {
    classes[py::str(name)] = costsList(movement, terrains);
  }
  py::dict rules;
  rules["zoc"] = scenario->rules.zoc;
  rules["sight"] = scenario->rules.sight.on;
  rules["blocks_sight"] =
      sightBlockerNames(scenario->rules.sight.blockers, scenario->map.terrainNames());
  py::dict out;
  out["terrain"] = terrain;
  out["grid"] = layoutName(map.layout());  // SPEC §13: what the functions' grid= takes
  out["terrains"] = map.terrainNames();
  out["units"] = units;
  out["rules"] = rules;
  out["classes"] = classes;
  out["terrain_defence"] = terrainDefenceDict(scenario->defence, map);  // SPEC §14, as forecast
  out["objective"] = objectiveValue(scenario->objective);              // takes them
  return out;
}

py::dict glCountsDict() {
  const GlCounts counts = glCounts();
  py::dict out;
  out["contexts_made"] = counts.contextsMade;
  out["contexts_alive"] = counts.contextsAlive;
  out["solvers_made"] = counts.solversMade;
  out["thread_contexts"] = counts.threadContexts;
  return out;
}

double timeQueries(py::handle terrain, py::handle queries, int repeats) {
  const auto kept = boardFrom(terrain, py::none());
  const CostMap& map = *kept;
  const py::sequence sequence = querySequence(queries);
  const MoverArguments shared;
  UnitsCache cache;
  std::vector<RangeQuery> parsed;
  for (const py::handle query : sequence) {
    parsed.push_back(queryFrom(moverArgumentsFrom(query, shared), map, cache));
  }
  py::gil_scoped_release released;
  return timeOneByOne(map, parsed, repeats);
}

// The module's help and each function's docstring, as help(tactics_grid) shows them.
// The module: the board, the mover, units, kinds and parents, errors, the GL backends.
constexpr const char* kModuleDoc = R"doc(tactics-grid's exact range, danger, field and route solvers on numpy arrays, and the battle
forecast (forecast, SPEC 14).

The board is `terrain`: a 2-D integer array [height, width] of terrain indices 0..63 (SPEC 1's
classes 0 plains, 1 forest, 2 hills, 3 mountains, 4 wall, then SPEC 11.1's named terrains);
terrain_from_grey(image) turns SPEC 1 greys 0..255 into indices. Cells are (x, y), x the column,
y the row from the top: terrain[y, x]. grid= (every function that takes terrain; SPEC 13) is the
board's grid: None or "square" (default), or a hexagonal layout as Tiled names it: "hex-y-odd",
"hex-y-even", "hex-x-odd", "hex-x-even" (GRIDS; load_scenario's "grid" is the scenario's). On hex
boards each cell has six neighbours and attacks measure hex distance.

The mover (solve, route, solve_many's queries):
  unit=(x, y); move=0..255; attack=N (1-N), (MIN, MAX), a list of N (exactly N) and (MIN, MAX)
  entries (SPEC 11.4, e.g. [1, 3] or [(1, 2), (4, 10)]), 0 for none, or the CLI's text "1-2,4";
  default 1. costs= a preset ("foot", "mounted", "armour", "flier"), the five-entry text
  "1,2,4,8,x", or a list of 1..64 costs per terrain, each 1..15 or None (impassable; so is every
  terrain after the list); default foot. team= "player" (default), "enemy" or "ally";
  skills= ["pass", "skirmisher"]; ignore_units=True solves as if no other unit stood there.
  When a unit of `units` stands on `unit`, it is the mover: its team, move, attack, costs and
  skills apply unless given (as `tactics-grid solve --scenario --unit`).
units: a list of dicts {"at": (x, y), "team": "player" | "enemy" | "ally", "move": 0..255
  (default 0), "attack": ..., "costs": ... or "class": a preset name, "skills": [...],
  "hidden": bool (enemies only, SPEC 11.5), "name": str, and for combat (SPEC 14, forecast)
  "hp": 1..99, "str", "def", "spd": 0..99, "lord": bool (players only)}, or tuples
  ((x, y), team).
rules: {"zoc": bool} (SPEC 11.2), "sight": bool and "blocks_sight": [names] (SPEC 11.8).

Kinds (solve's and solve_many's `kind`): KIND_NONE 0, KIND_ATTACK 1, KIND_MOVE 2 (a cell to stop
on), KIND_PASS 3 (reached through another unit's cell, not a stop), KIND_START 4. Parents:
PARENT_UP 0, PARENT_DOWN 1, PARENT_LEFT 2, PARENT_RIGHT 3, PARENT_NONE 4 (SPEC 4's A channel in
order); on a hex board a parent is the neighbour index 0..5 of SPEC 13's order and none is
PARENT_NONE_HEX 255. A wrong dtype, shape or value raises ValueError with the CLI's text for the same mistake
(the keyword where the CLI names its flag); a GL backend that cannot run here, RuntimeError.

The GL backends (backend="gpu", "compute" or "auto" for solve, danger and field): each thread
has one headless OpenGL context per gl ("core", "es"), made by its first call that needs it and
kept until the thread ends (the main thread's, until the interpreter exits), and on it the
solvers of the last board per backend, so later calls on the same board skip the context and
the shader compiles. A call leaves its context current on the thread: do not rely on any
particular GL context being current after one (a program with GL of its own makes its context
current again). GL calls from several threads run one at a time.)doc";

// terrain_from_grey(grey).
constexpr const char* kTerrainFromGreyDoc = R"doc(SPEC 1's terrain classes of greys 0..255: min(4, grey // 51), as uint8, same shape.)doc";

// solve(terrain, unit, move, attack, costs, *, ...).
constexpr const char* kSolveDoc = R"doc(One unit's move and attack range (SPEC 2-3, 11).

Returns a dict: "cost" int16 [H, W] (travel cost, -1 unreached), "kind" uint8 [H, W] (KIND_*),
"parent" uint8 [H, W] (PARENT_*: the step back towards the unit), "backend" (the one that ran),
"passes" (relaxation passes the gpu backend runs), and with state=True "state", SPEC 4's RGBA8
bytes [H, W, 4]. backend: "cpu" (default, no OpenGL), "gpu", "compute" or "auto", the GL ones on
this thread's headless context of gl="core" or "es" (see the module's help: made once per
thread and kept); every backend gives the same answer. The GIL is released while it solves.)doc";

// solve_many(terrain, queries, *, ...).
constexpr const char* kSolveManyDoc = R"doc(Many ranges on one board, on every core, with the GIL released.

queries: a list of dicts of solve's keywords (unit, move, attack, costs, team, skills, units,
rules, ignore_units); `units` and `rules` here are the default of every query that gives none.
Returns a dict: "cost" int16 [K, H, W] (-1 unreached) and "kind" uint8 [K, H, W] (KIND_*), query k
in [k]. Each query equals solve()'s answer for it. threads: 1..256, default every core
(os.cpu_count()), on threads that live across calls; a call too small to share stays on the
caller's thread. out: an earlier answer (or a dict of arrays of its dtypes and shape, "cost",
"kind" or both) to write into instead of new arrays, for a loop that asks every step. An invalid query raises ValueError
naming it: "queries[3]: ...". backend: "cpu" (default), "gpu" (the fragment passes, every query
a window of one atlas) or "compute" (one dispatch, a workgroup per query), each one submission
and one read-back, on this thread's kept context (gl "core" or "es"); "auto" runs the one it
measured fastest for batches of this size (the cpu with `threads`). "backend" in the answer
names the one that ran.)doc";

// route(terrain, unit, move, attack, costs, *, cursor, ...).
constexpr const char* kRouteDoc = R"doc(The route arrow (SPEC 8), as `tactics-grid route` answers it: the cursor enters each cell of
`cursor` (one (x, y) or a list) in turn. Returns a dict with one entry per cursor cell: "routes"
(int32 [N, 2] arrays of (x, y) from the unit), "costs" (each route's travel cost) and "arrows"
(whether the arrow shows: the route ends on the cursor's cell and the unit may stop there).)doc";

// danger(terrain, units, *, rules, backend, gl).
constexpr const char* kDangerDoc = R"doc(The danger zone (SPEC 7): how many enemies of `units` threaten each cell on their next
turn, uint8 [H, W], saturating at 255. The player's view: hidden enemies threaten nothing and stand
in no one's way (SPEC 11.5); with rules={"zoc": True} each enemy's range feels the player's and
allies' zones of control.)doc";

// field(terrain, units, team, costs, *, backend, gl).
constexpr const char* kFieldDoc = R"doc(The distance field (SPEC 10) for moving team `team` with movement class `costs`: every
cell's cheapest travel cost from the nearest unit hostile to the team, int32 [H, W], -1 where none
reaches. No range limit, no one-step rule; other hostile units block; fields ignore ZOC and skills.)doc";

// load_scenario(path).
constexpr const char* kLoadScenarioDoc = R"doc(A scenario (SPEC 6, JSON or a Tiled map with units) as the module's values: a dict with
"terrain" (uint8 [H, W] terrain indices), "grid", "terrains" (their names), "units" (dicts as
`units` takes them, each with "name", "team", "at", "move", "attack", "class", "costs",
"skills", "hidden", and on a board that fights (SPEC 14) "hp", "str", "def", "spd", and "lord"
for a lord), "rules" ({"zoc": bool, "sight": bool, "blocks_sight": [names]}), "classes" (name:
costs), "terrain_defence" (every terrain's defence by name, as forecast takes it) and
"objective" ({"type": "rout"}, {"type": "seize", "at": (x, y)}, {"type": "survive", "turns": N},
or None when the scenario names none: a board that fights is then a rout). A bad file raises
ValueError with the CLI's text.)doc";

// _gl_counts(): for the tests.
constexpr const char* kGlCountsDoc = R"doc(For the tests only: a dict of the headless GL contexts made in this process so far
("contexts_made"), those not yet destroyed ("contexts_alive": a thread's go when the thread has
ended, a moment after join() returns), the solvers made on them ("solvers_made": kept per
thread, backend and API for the last board), and the contexts the calling thread holds
("thread_contexts").)doc";

// _time_one_by_one(terrain, queries, repeats): for docs/PERFORMANCE.md.
constexpr const char* kTimeOneByOneDoc = R"doc(Measurement only (docs/PERFORMANCE.md): seconds for C++ to answer the queries one by
one on one thread, one gpu::Solvers refilling one answer; the best of `repeats`.)doc";

using namespace pybind11::literals;

// KIND_*, PARENT_* (SPEC 4's A channel in order), __version__ and PRESETS.
void defineConstants(py::module_& m) {
  m.attr("__version__") = TACTICS_VERSION;
  m.attr("KIND_NONE") = static_cast<int>(CellKind::None);
  m.attr("KIND_ATTACK") = static_cast<int>(CellKind::Attack);
  m.attr("KIND_MOVE") = static_cast<int>(CellKind::Move);
  m.attr("KIND_PASS") = static_cast<int>(CellKind::Pass);
  m.attr("KIND_START") = static_cast<int>(CellKind::Start);
  m.attr("PARENT_UP") = static_cast<int>(Direction::Up);
  m.attr("PARENT_DOWN") = static_cast<int>(Direction::Down);
  m.attr("PARENT_LEFT") = static_cast<int>(Direction::Left);
  m.attr("PARENT_RIGHT") = static_cast<int>(Direction::Right);
  m.attr("PARENT_NONE") = static_cast<int>(parentCode(GridLayout::Square, Direction::None));
  // SPEC §13: on a hex board a parent is the neighbour index 0..5, and none is 255.
  m.attr("PARENT_NONE_HEX") = static_cast<int>(parentCode(GridLayout::HexYOdd, Direction::None));
  py::tuple grids(kGridLayouts.size());
  for (std::size_t i = 0; i < kGridLayouts.size(); ++i) grids[i] = layoutName(kGridLayouts[i]);
  m.attr("GRIDS") = grids;
  py::dict presets;
  for (const auto& preset : movementPresets()) {
    presets[py::str(std::string(preset.name))] = costsList(preset.movement, 5);
  }
  m.attr("PRESETS") = presets;
}

// One mover's answers: solve, solve_many and route.
void defineRangeFunctions(py::module_& m) {
  m.def("solve", &solve, "terrain"_a, "unit"_a, "move"_a = py::none(), "attack"_a = py::none(),
        "costs"_a = py::none(), py::kw_only(), "units"_a = py::none(), "rules"_a = py::none(),
        "team"_a = py::none(), "skills"_a = py::none(), "ignore_units"_a = false,
        "grid"_a = py::none(), "backend"_a = "cpu", "gl"_a = "core", "state"_a = false, kSolveDoc);
  m.def("solve_many", &solveMany, "terrain"_a, "queries"_a, py::kw_only(), "units"_a = py::none(),
        "rules"_a = py::none(), "threads"_a = py::none(), "out"_a = py::none(),
        "grid"_a = py::none(), "backend"_a = "cpu", "gl"_a = "core", kSolveManyDoc);
  m.def("route", &route, "terrain"_a, "unit"_a, "move"_a = py::none(), "attack"_a = py::none(),
        "costs"_a = py::none(), py::kw_only(), "cursor"_a, "units"_a = py::none(),
        "rules"_a = py::none(), "team"_a = py::none(), "skills"_a = py::none(),
        "ignore_units"_a = false, "grid"_a = py::none(), kRouteDoc);
}

// Answers about every unit of a team at once: danger and field.
void defineTeamFunctions(py::module_& m) {
  m.def("danger", &danger, "terrain"_a, "units"_a, py::kw_only(), "rules"_a = py::none(),
        "grid"_a = py::none(), "backend"_a = "cpu", "gl"_a = "core", kDangerDoc);
  m.def("field", &field, "terrain"_a, "units"_a, "team"_a, "costs"_a = py::none(), py::kw_only(),
        "grid"_a = py::none(), "backend"_a = "cpu", "gl"_a = "core", kFieldDoc);
}

// Boards from elsewhere: terrain_from_grey and load_scenario.
void defineBoardFunctions(py::module_& m) {
  m.def("terrain_from_grey", &terrainFromGrey, "grey"_a, kTerrainFromGreyDoc);
  m.def("load_scenario", &loadScenarioFile, "path"_a, kLoadScenarioDoc);
}

// A fork must not leave the child a context whose driver threads stayed in the parent.
void registerForkHandlers() {
  py::module_::import("os").attr("register_at_fork")(
      "before"_a = py::cpp_function(&beforeFork),
      "after_in_parent"_a = py::cpp_function(&afterForkInParent),
      "after_in_child"_a = py::cpp_function(&afterForkInChild));
}

// For the tests and measurements only: _gl_counts and _time_one_by_one.
void defineTestHooks(py::module_& m) {
  m.def("_gl_counts", &glCountsDict, kGlCountsDoc);
  m.def("_time_one_by_one", &timeQueries, "terrain"_a, "queries"_a, "repeats"_a = 5,
        kTimeOneByOneDoc);
}

}  // namespace
}  // namespace tactics::python

PYBIND11_MODULE(tactics_grid, m) {
  using namespace tactics::python;
  m.doc() = kModuleDoc;
  defineConstants(m);
  defineBoardFunctions(m);
  defineRangeFunctions(m);
  defineTeamFunctions(m);
  defineSolveBatch(m);
  defineForecast(m);
  registerForkHandlers();
  defineTestHooks(m);
}
