// The C API (include/tactics/tactics_grid.h) over gpu::Solvers: C structs in, the rules seam's
// queries (queryFor, fieldQueryFor) made from them, answers copied into the caller's buffers.
// Every entry point catches everything: no C++ exception crosses into C.
#include "tactics/tactics_grid.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "tactics/gpu/board_batch.h"
#include "tactics/gpu/gl_loader.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/combat.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/movement_presets.h"
#include "tactics/solver/path.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/units.h"
#include "tactics/solver/work_pool.h"

struct tg_board {
  tactics::CostMap map;
};

struct tg_class {
  tactics::MovementClass movement;
};

// The C loader is the C++ one: a function returning a function pointer, from a name.
static_assert(std::is_same_v<tg_gl_loader, tactics::gpu::GlLoader>, "one loader type");

struct tg_solver {
  // A headless context, made before and dropped after the solvers; none on the caller's.
  std::optional<tactics::gpu::HeadlessContext> context;
  std::optional<tactics::gpu::Solvers> solvers;
  tactics::CostMap map;
  tg_backend last = TG_BACKEND_CPU;

  tg_solver() = default;
  tg_solver(const tg_solver&) = delete;
  tg_solver& operator=(const tg_solver&) = delete;
  // The solvers' GL objects go on their own context, current again for it: another solver's
  // headless context may be current on this thread now.
  ~tg_solver() {
    if (context && !context->makeCurrent()) solvers.reset();
  }
};

namespace {

using namespace tactics;

thread_local std::string lastError;

tg_status fail(tg_status status, std::string message) {
  lastError = std::move(message);
  return status;
}

tg_status succeed() {
  lastError.clear();
  return TG_OK;
}

// Runs `body`, turning an escaping exception into a status.
template <typename Body>
tg_status guarded(Body&& body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(TG_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& error) {
    return fail(TG_ERROR_INVALID_ARGUMENT, error.what());
  } catch (...) {
    return fail(TG_ERROR_INVALID_ARGUMENT, "unknown error");
  }
}

tg_backend toC(Backend backend) {
  switch (backend) {
    case Backend::Auto: return TG_BACKEND_AUTO;
    case Backend::Cpu: return TG_BACKEND_CPU;
    case Backend::Gpu: return TG_BACKEND_GPU;
    case Backend::Compute: return TG_BACKEND_COMPUTE;
  }
  return TG_BACKEND_CPU;
}

// A C enum's value as the caller stored it. C lets any int into an enum; C++ may not load one
// outside the enumerators' range (UBSan's enum check stops there), so it is read as bytes.
template <typename Enum>
int rawValue(const Enum& value) {
  std::underlying_type_t<Enum> raw;
  static_assert(sizeof raw == sizeof value, "a C enum is stored as its underlying type");
  std::memcpy(&raw, &value, sizeof raw);
  return static_cast<int>(raw);
}

// TG_TEAM_* (already checked to be one) as the solver's team.
Team teamOf(int team) {
  return team == TG_TEAM_PLAYER ? Team::Player : team == TG_TEAM_ENEMY ? Team::Enemy : Team::Ally;
}

std::optional<Backend> fromC(int backend) {
  switch (backend) {
    case TG_BACKEND_AUTO: return Backend::Auto;
    case TG_BACKEND_CPU: return Backend::Cpu;
    case TG_BACKEND_GPU: return Backend::Gpu;
    case TG_BACKEND_COMPUTE: return Backend::Compute;
  }
  return std::nullopt;
}

std::size_t cellCount(const CostMap& map) {
  return static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
}

// A buffer of `capacity` elements, checked against the map's cells (NULL: skipped).
std::optional<tg_status> checkBuffer(const void* buffer, std::size_t capacity, const CostMap& map,
                                     const char* name) {
  if (buffer == nullptr || capacity >= cellCount(map)) return std::nullopt;
  return fail(TG_ERROR_BUFFER_TOO_SMALL, std::string(name) + " holds " + std::to_string(capacity) +
                                             " cells; the " + map.sizeText() + " map needs " +
                                             std::to_string(cellCount(map)));
}

// A NULL units array with units counted is a NULL pointer, as a NULL handle is.
std::optional<tg_status> nullUnits(const tg_unit* units, std::size_t count, const char* call) {
  if (units != nullptr || count == 0) return std::nullopt;
  return fail(TG_ERROR_NULL_HANDLE,
              std::string(call) + ": units is NULL with unit_count " + std::to_string(count));
}

// SPEC §14's stats as given: tg_forecast checks them (combatProblem); the solvers ignore them.
void copyCombatStats(const tg_unit& c, Unit& unit) {
  unit.hp = c.hp;
  unit.str = c.str;
  unit.def = c.def;
  unit.spd = c.spd;
  unit.lord = c.lord != 0;
}

// The C units as the solver's, checked: teams, ranges, attack sets, skills, inside the map, one
// per cell, hidden only on enemies. `what` is "units[2]" in errors.
Expected<std::vector<Unit>> toUnits(const tg_unit* units, std::size_t count, const CostMap& map) {
  std::vector<Unit> out;
  out.reserve(count);
  Grid<char> taken(map.width(), map.height(), 0);
  for (std::size_t i = 0; i < count; ++i) {
    const tg_unit& c = units[i];
    const std::string what = "units[" + std::to_string(i) + "]";
    Unit unit;
    unit.name = what;
    const int team = rawValue(c.team);
    if (team < TG_TEAM_PLAYER || team > TG_TEAM_ALLY) {
      return Error{what + ": team " + std::to_string(team) +
                   " is not allowed; expected TG_TEAM_PLAYER, TG_TEAM_ENEMY or TG_TEAM_ALLY"};
    }
    unit.team = teamOf(team);
    unit.cell = {c.x, c.y};
    if (!map.contains(unit.cell))
      return Error{what + ": " + toString(unit.cell) + " is outside " + map.boundsText()};
    if (taken[unit.cell] != 0)
      return Error{what + ": " + toString(unit.cell) +
                   " is taken by another unit; no two units may share a cell"};
    taken[unit.cell] = 1;
    if (c.move < 0 || c.move > kMaxMoveRange) {
      return Error{what + ": move " + std::to_string(c.move) + " is out of range 0..255"};
    }
    unit.moveRange = c.move;
    if (c.attack.count < 0 || c.attack.count > AttackRange::kMaxSpans) {
      return Error{what + ": attack count " + std::to_string(c.attack.count) +
                   " is out of range 0..8"};
    }
    std::vector<AttackSpan> spans;
    for (int s = 0; s < c.attack.count; ++s) {
      const AttackSpan span{c.attack.min[s], c.attack.max[s]};
      if (!(1 <= span.min && span.min <= span.max && span.max <= kMaxAttackRange)) {
        return Error{what + ": attack range " + std::to_string(span.min) + "-" +
                     std::to_string(span.max) + " is not allowed; expected 1 <= min <= max <= 255"};
      }
      spans.push_back(span);
    }
    unit.attack = spans.empty() ? AttackRange(0, 0) : AttackRange::list(spans);
    if (c.movement != nullptr) unit.movement = c.movement->movement;
    if ((c.skills & ~static_cast<unsigned>(TG_SKILL_PASS | TG_SKILL_SKIRMISHER)) != 0) {
      return Error{what + ": skills " + std::to_string(c.skills) +
                   " has unknown bits; expected TG_SKILL_PASS | TG_SKILL_SKIRMISHER"};
    }
    if ((c.skills & TG_SKILL_PASS) != 0) unit.skills.add(Skill::Pass);
    if ((c.skills & TG_SKILL_SKIRMISHER) != 0) unit.skills.add(Skill::Skirmisher);
    if (c.hidden != 0 && unit.team != Team::Enemy) {
      return Error{what + ": only an enemy can be hidden (SPEC 11.5)"};
    }
    unit.hidden = c.hidden != 0;
    copyCombatStats(c, unit);
    out.push_back(std::move(unit));
  }
  return out;
}

// The checks every job shares: the solver, the units (and the mover, when there is one).
Expected<std::vector<Unit>> board(const tg_solver* solver, const tg_unit* units, std::size_t count,
                                  std::optional<std::size_t> mover) {
  auto checked = toUnits(units, count, solver->map);
  if (!checked) return checked;
  if (mover && *mover >= count) {
    return Error{"mover " + std::to_string(*mover) + " is not a unit; unit_count is " +
                 std::to_string(count)};
  }
  return checked;
}

// A tg_rules as the board's rules: zone of control, and line of sight with its blockers (0: the
// default terrain 4).
BoardRules boardRules(const tg_rules* rules) {
  if (rules == nullptr) return BoardRules{};
  SightRule sight;
  sight.on = rules->sight != 0;
  if (rules->blocks_sight != 0) sight.blockers = rules->blocks_sight;
  return BoardRules(rules->zoc != 0, sight);
}

RangeQuery rangeQuery(const std::vector<Unit>& units, std::size_t mover, const tg_rules* rules) {
  RangeQuery query = queryFor(units, mover, boardRules(rules));
  query.ignoreUnits = rules != nullptr && rules->ignore_units != 0;
  return query;
}

// A solver with a headless context of its own works on that context: another solver's (or the
// caller's) may have been made current on this thread since. The status already reported when
// it cannot be made current again.
std::optional<tg_status> ownContextCurrent(tg_solver* solver) {
  if (!solver->context) return std::nullopt;
  if (auto problem = solver->context->makeCurrent()) {
    return fail(TG_ERROR_BACKEND, "the solver's headless context: " + *problem);
  }
  return std::nullopt;
}

// The mover's range among the units, as tg_solve_range and tg_solve_route both ask it: the
// query (for the cell kinds) and the answer, or the status already reported.
struct SolvedRange {
  RangeQuery query;
  gpu::RangeAnswer answer;
};
Expected<SolvedRange> solveMover(tg_solver* solver, const tg_unit* units, std::size_t count,
                                 std::size_t mover, const tg_rules* rules) {
  auto board = ::board(solver, units, count, mover);
  if (!board) return Error{board.error()};
  SolvedRange solved{rangeQuery(*board, mover, rules), {}};
  auto answer = solver->solvers->range(solved.query);
  if (!answer) return Error{answer.error()};
  solved.answer = std::move(*answer);
  solver->last = toC(solved.answer.backend);
  return solved;
}

// A tg_batch as the solver layer's BoardBatch (pointing into the caller's arrays), or the
// status already reported.
std::optional<tg_status> batchFromC(const tg_batch& in, BoardBatch& b) {
  b.boards = in.boards;
  b.units = in.units;
  b.width = in.width;
  b.height = in.height;
  if (static_cast<int>(in.grid) < TG_GRID_SQUARE ||
      static_cast<int>(in.grid) > TG_GRID_HEX_X_EVEN) {
    return fail(TG_ERROR_INVALID_ARGUMENT, "grid " + std::to_string(static_cast<int>(in.grid)) +
                                               " is not a tg_grid");
  }
  b.layout = static_cast<GridLayout>(in.grid);
  const bool empty = b.boards <= 0 || b.units <= 0;
  if (!empty && (in.terrain == nullptr || in.at == nullptr || in.team == nullptr ||
                 in.move == nullptr)) {
    return fail(TG_ERROR_NULL_HANDLE,
                "tg_solve_batch: terrain, at, team and move must not be NULL");
  }
  b.terrain = in.terrain;
  b.at = in.at;
  b.team = in.team;
  b.move = in.move;
  b.attack = in.attack;
  b.classOf = in.classes;
  b.movers = in.movers;
  if (in.movement != nullptr && in.movement_count > 0) {
    b.classes.clear();
    for (std::size_t i = 0; i < in.movement_count; ++i) {
      if (in.movement[i] == nullptr)
        return fail(TG_ERROR_NULL_HANDLE, "movement[" + std::to_string(i) + "] is NULL");
      b.classes.push_back(in.movement[i]->movement);
    }
  }
  b.rules = boardRules(in.rules);
  return std::nullopt;
}

// A batch on a GL solver's backend, board by board (gpu/board_batch.h), its own board put back
// after. The batch's boards are the solver's size.
std::optional<std::string> solveBatchOnSolver(tg_solver* solver, const BoardBatch& batch,
                                              const BatchMasks& masks) {
  if (auto status = ownContextCurrent(solver)) return std::string(tg_last_error());
  const Backend backend = solver->solvers->requested();
  auto problem = gpu::solveBatch(*solver->solvers, batch, masks, backend);
  solver->solvers->updateMap(solver->map, CellBox{0, 0, solver->map.width() - 1,
                                                  solver->map.height() - 1});
  if (!problem) solver->last = toC(solver->solvers->backendFor(gpu::SolverJob::Batch));
  return problem;
}

// combatProblem's "unit 2 (units[2]): ..." as the C API names units: "units[2]: ...".
std::string inCWords(const std::string& problem, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const std::string label = "units[" + std::to_string(i) + "]";
    const std::string prefix = "unit " + std::to_string(i) + " (" + label + "): ";
    if (problem.rfind(prefix, 0) == 0) return label + ": " + problem.substr(prefix.size());
  }
  return problem;
}

// SPEC §14's terrain defence of `map`: the defaults, terrains 0..count-1 replaced by `given`;
// or the status already reported.
Expected<TerrainDefence> terrainDefence(const CostMap& map, const int* given, int count) {
  TerrainDefence defence = TerrainDefence::defaults(map);
  if (count < 0 || count > map.terrainCount()) {
    return Error{"defence_count " + std::to_string(count) + " is out of range 0.." +
                 std::to_string(map.terrainCount()) + " (the board's terrain_count)"};
  }
  for (int t = 0; t < count; ++t) {
    const std::string& name = map.terrainName(t);
    if (given[t] < 0 || given[t] > kMaxTerrainDefence) {
      return Error{"terrain_defence[" + std::to_string(t) + "] (" + name + ") is " +
                   std::to_string(given[t]) + ", out of range 0..20"};
    }
    if (auto problem = defence.set(map, name, given[t])) return Error{*problem};
  }
  return defence;
}

void writeSide(const Forecast::Side& side, tg_forecast_side& out) {
  out.damage = side.damage;
  out.strikes = side.strikes;
  out.hp_before = side.hpBefore;
  out.hp_after = side.hpAfter;
  out.can_strike = side.canStrike ? 1 : 0;
}

void writeForecast(const Forecast& f, tg_forecast_result& out) {
  out.can_attack = 1;
  writeSide(f.attacker, out.attacker);
  writeSide(f.target, out.target);
  out.strike_count = static_cast<int>(std::min<std::size_t>(f.strikes.size(), TG_MAX_STRIKES));
  for (int i = 0; i < out.strike_count; ++i) {
    const Strike& s = f.strikes[static_cast<std::size_t>(i)];
    out.strikes[i] = tg_strike{s.byAttacker ? 1 : 0, s.damage, s.hpAfter};
  }
}

// TG_CELL_* are the core's CellKind, as the Python module's KIND_* are.
static_assert(TG_CELL_NONE == static_cast<int>(CellKind::None) &&
                  TG_CELL_ATTACK == static_cast<int>(CellKind::Attack) &&
                  TG_CELL_MOVE == static_cast<int>(CellKind::Move) &&
                  TG_CELL_PASS == static_cast<int>(CellKind::Pass) &&
                  TG_CELL_START == static_cast<int>(CellKind::Start),
              "tg_range_out.kind and CellKind must agree");

}  // namespace

extern "C" {

const char* tg_status_message(tg_status status) {
  switch (status) {
    case TG_OK: return "no error";
    case TG_ERROR_NULL_HANDLE: return "a handle or a required pointer is NULL";
    case TG_ERROR_INVALID_ARGUMENT: return "an argument is out of its range";
    case TG_ERROR_BUFFER_TOO_SMALL: return "an output buffer is too small for the map";
    case TG_ERROR_INVALID_QUERY: return "the units or the query do not fit the board";
    case TG_ERROR_BACKEND: return "the backend cannot run here";
    case TG_ERROR_OUT_OF_MEMORY: return "out of memory";
  }
  return "unknown status";
}

const char* tg_last_error(void) {
  return lastError.c_str();
}

const char* tg_version(void) {
  return TACTICS_VERSION;
}

tg_status tg_load_gl(tg_gl_loader load) {
  return guarded([&] {
    if (load == nullptr) return fail(TG_ERROR_NULL_HANDLE, "tg_load_gl: load must not be NULL");
    const auto api = gpu::loadGl(load);
    if (!api) return fail(TG_ERROR_BACKEND, api.error());
    return succeed();
  });
}

int tg_terrain_from_grey(uint8_t grey) {
  return terrainClass(grey);
}


// tg_grid's values are GridLayout's, in its order.
static_assert(static_cast<int>(GridLayout::HexYOdd) == TG_GRID_HEX_Y_ODD &&
                  static_cast<int>(GridLayout::HexYEven) == TG_GRID_HEX_Y_EVEN &&
                  static_cast<int>(GridLayout::HexXOdd) == TG_GRID_HEX_X_ODD &&
                  static_cast<int>(GridLayout::HexXEven) == TG_GRID_HEX_X_EVEN,
              "tg_grid follows GridLayout");

namespace {

// tg_board_create and tg_board_create_grid; `function` names the one called in its errors.
tg_status createBoard(const char* function, int width, int height, const uint8_t* terrain,
                      int terrain_count, tg_grid grid, tg_board** out) {
  return guarded([&] {
    if (out == nullptr || terrain == nullptr) {
      return fail(TG_ERROR_NULL_HANDLE,
                  std::string(function) + ": terrain and out must not be NULL");
    }
    *out = nullptr;
    if (static_cast<int>(grid) < TG_GRID_SQUARE || static_cast<int>(grid) > TG_GRID_HEX_X_EVEN) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "grid " + std::to_string(static_cast<int>(grid)) +
                      " is not a tg_grid; expected TG_GRID_SQUARE (0) .. TG_GRID_HEX_X_EVEN (4)");
    }
    if (width < 1 || height < 1 || width > TG_MAX_SIDE || height > TG_MAX_SIDE) {
      return fail(TG_ERROR_INVALID_ARGUMENT, "a board is 1..4096 cells a side, not " +
                                                 std::to_string(width) + "x" +
                                                 std::to_string(height));
    }
    if (terrain_count < kTerrainClasses || terrain_count > kMaxTerrains) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "terrain_count " + std::to_string(terrain_count) + " is out of range 5..64");
    }
    const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    std::vector<std::uint8_t> indices(terrain, terrain + cells);
    for (std::size_t i = 0; i < cells; ++i) {
      if (indices[i] >= terrain_count) {
        return fail(TG_ERROR_INVALID_ARGUMENT,
                    "cell " + std::to_string(i % static_cast<std::size_t>(width)) + "," +
                        std::to_string(i / static_cast<std::size_t>(width)) + " has terrain " +
                        std::to_string(indices[i]) + "; terrain_count is " +
                        std::to_string(terrain_count));
      }
    }
    // Five terrains: an image map's canonical greys; more: a named map of indices (SPEC §11.1).
    // Either way its messages name terrains by index, as the caller gave them.
    auto board = std::make_unique<tg_board>();
    board->map = CostMap::ofTerrainIndices(width, height, std::move(indices), terrain_count);
    board->map.setLayout(static_cast<GridLayout>(grid));
    *out = board.release();
    return succeed();
  });
}

}  // namespace

tg_status tg_board_create(int width, int height, const uint8_t* terrain, int terrain_count,
                          tg_board** out) {
  return createBoard("tg_board_create", width, height, terrain, terrain_count, TG_GRID_SQUARE,
                     out);
}

tg_status tg_board_create_grid(int width, int height, const uint8_t* terrain, int terrain_count,
                               tg_grid grid, tg_board** out) {
  return createBoard("tg_board_create_grid", width, height, terrain, terrain_count, grid, out);
}

void tg_board_destroy(tg_board* board) {
  delete board;
}
int tg_board_width(const tg_board* board) {
  return board ? board->map.width() : 0;
}
int tg_board_height(const tg_board* board) {
  return board ? board->map.height() : 0;
}
tg_grid tg_board_grid(const tg_board* board) {
  return board ? static_cast<tg_grid>(board->map.layout()) : TG_GRID_SQUARE;
}

const char* tg_grid_name(tg_grid grid) {
  if (static_cast<int>(grid) < TG_GRID_SQUARE || static_cast<int>(grid) > TG_GRID_HEX_X_EVEN) {
    return nullptr;
  }
  return layoutName(static_cast<GridLayout>(grid));
}

tg_status tg_grid_from_name(const char* name, tg_grid* out) {
  return guarded([&] {
    if (name == nullptr || out == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_grid_from_name: name and out must not be NULL");
    const auto layout = parseLayout(name);
    if (!layout) {
      return fail(TG_ERROR_INVALID_ARGUMENT, "grid '" + std::string(name) +
                                                 "' is not a layout; expected " + layoutNames());
    }
    *out = static_cast<tg_grid>(*layout);
    return succeed();
  });
}

tg_status tg_class_create(const uint8_t* costs, int count, tg_class** out) {
  return guarded([&] {
    if (out == nullptr || costs == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_class_create: costs and out must not be NULL");
    *out = nullptr;
    if (count < 1 || count > kMaxTerrains) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "count " + std::to_string(count) + " is out of range 1..64");
    }
    MovementClass::Costs all{};
    for (int t = 0; t < count; ++t) {
      if (costs[t] > MovementClass::kMaxCost) {
        return fail(TG_ERROR_INVALID_ARGUMENT, "costs[" + std::to_string(t) + "] is " +
                                                   std::to_string(costs[t]) +
                                                   "; a cost is 1..15, or 0 for impassable");
      }
      all[static_cast<std::size_t>(t)] = costs[t];
    }
    *out = new tg_class{MovementClass::fromCosts(all)};
    return succeed();
  });
}

tg_status tg_class_preset(const char* name, tg_class** out) {
  return guarded([&] {
    if (out == nullptr || name == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_class_preset: name and out must not be NULL");
    *out = nullptr;
    const auto preset = findMovementPreset(name);
    if (!preset) {
      return fail(TG_ERROR_INVALID_ARGUMENT, "no movement class '" + std::string(name) +
                                                 "'; expected " + movementPresetNames());
    }
    *out = new tg_class{*preset};
    return succeed();
  });
}

void tg_class_destroy(tg_class* movement) {
  delete movement;
}

tg_status tg_solver_create(const tg_board* board, tg_backend backend, tg_context context,
                           tg_solver** out) {
  return guarded([&] {
    if (out == nullptr || board == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solver_create: board and out must not be NULL");
    *out = nullptr;
    const int backendValue = rawValue(backend);
    const int contextValue = rawValue(context);
    const auto requested = fromC(backendValue);
    if (!requested)
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "backend " + std::to_string(backendValue) + " is not a tg_backend");
    if (contextValue < TG_CONTEXT_NONE || contextValue > TG_CONTEXT_CURRENT) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "context " + std::to_string(contextValue) + " is not a tg_context");
    }
    auto solver = std::make_unique<tg_solver>();
    solver->map = board->map;
    Backend backendUsed = *requested;
    if (contextValue == TG_CONTEXT_HEADLESS_CORE || contextValue == TG_CONTEXT_HEADLESS_ES) {
      auto made = gpu::HeadlessContext::create(
          contextValue == TG_CONTEXT_HEADLESS_ES ? gpu::GlApi::Es : gpu::GlApi::Core);
      if (!made) return fail(TG_ERROR_BACKEND, "cannot make a headless context: " + made.error());
      solver->context.emplace(std::move(*made));
    } else if (contextValue == TG_CONTEXT_CURRENT) {
      if (!gpu::hasCurrentContext()) {
        return fail(TG_ERROR_BACKEND,
                    "TG_CONTEXT_CURRENT needs an OpenGL context current on this thread, its "
                    "functions loaded with tg_load_gl");
      }
    } else if (*requested == Backend::Gpu || *requested == Backend::Compute) {
      return fail(TG_ERROR_BACKEND,
                  std::string(backendName(*requested)) +
                      " needs a GL context: pass TG_CONTEXT_HEADLESS_CORE, _ES or _CURRENT");
    } else {
      // No context asked for: Auto must not find one that happens to be current (a window's).
      backendUsed = Backend::Cpu;
    }
    auto solvers = gpu::Solvers::create(board->map, backendUsed);
    if (!solvers) return fail(TG_ERROR_BACKEND, solvers.error());
    solver->solvers.emplace(std::move(*solvers));
    solver->last = toC(solver->solvers->backendFor(gpu::SolverJob::Range));
    *out = solver.release();
    return succeed();
  });
}

void tg_solver_destroy(tg_solver* solver) {
  delete solver;
}

tg_backend tg_solver_last_backend(const tg_solver* solver) {
  return solver ? solver->last : TG_BACKEND_CPU;
}

tg_status tg_solver_range_texture(const tg_solver* solver, uint32_t* texture) {
  return guarded([&] {
    if (solver == nullptr || texture == nullptr)
      return fail(TG_ERROR_NULL_HANDLE,
                  "tg_solver_range_texture: solver and texture must not be NULL");
    *texture = 0;
    const auto layer = solver->solvers->rangeLayer();
    if (!layer) {
      return fail(TG_ERROR_BACKEND,
                  "no state texture: no range was solved on the GPU or compute backend yet");
    }
    *texture = layer->texture;
    return succeed();
  });
}

tg_status tg_solve_range(tg_solver* solver, const tg_unit* units, size_t unit_count, size_t mover,
                         const tg_rules* rules, tg_range_out* out) {
  return guarded([&] {
    if (solver == nullptr || out == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solve_range: solver and out must not be NULL");
    if (auto null = nullUnits(units, unit_count, "tg_solve_range")) return *null;
    const CostMap& map = solver->map;
    if (auto small = checkBuffer(out->cost, out->cost_capacity, map, "cost")) return *small;
    if (auto small = checkBuffer(out->kind, out->kind_capacity, map, "kind")) return *small;
    if (auto small = checkBuffer(out->parent, out->parent_capacity, map, "parent")) return *small;
    if (auto status = ownContextCurrent(solver)) return *status;
    auto solved = solveMover(solver, units, unit_count, mover, rules);
    if (!solved) return fail(TG_ERROR_INVALID_QUERY, solved.error());
    const RangeQuery& query = solved->query;
    const RangeResult& range = solved->answer.result;
    if (out->cost)
      std::copy(range.travelCost.cells().begin(), range.travelCost.cells().end(), out->cost);
    if (out->kind) writeKinds(query, range, out->kind);
    if (out->parent) {
      std::transform(range.parent.cells().begin(), range.parent.cells().end(), out->parent,
                     [&](Direction d) { return parentCode(range.layout, d); });
    }
    return succeed();
  });
}

tg_status tg_solve_range_many(tg_solver* solver, const tg_unit* units, size_t unit_count,
                              const size_t* movers, size_t mover_count, const tg_rules* rules,
                              tg_range_out* out) {
  return guarded([&] {
    if (solver == nullptr || out == nullptr || (movers == nullptr && mover_count > 0)) {
      return fail(TG_ERROR_NULL_HANDLE,
                  "tg_solve_range_many: solver, out and movers must not be NULL");
    }
    if (auto null = nullUnits(units, unit_count, "tg_solve_range_many")) return *null;
    const CostMap& map = solver->map;
    const std::size_t cells = cellCount(map);
    const auto check = [&](const void* buffer, std::size_t capacity, const char* name) {
      if (buffer == nullptr || capacity / std::max<std::size_t>(cells, 1) >= mover_count) {
        return std::optional<tg_status>();
      }
      return std::optional<tg_status>(
          fail(TG_ERROR_BUFFER_TOO_SMALL, std::string(name) + " holds " + std::to_string(capacity) +
                                              " cells; " + std::to_string(mover_count) +
                                              " queries on the " + map.sizeText() + " map need " +
                                              std::to_string(mover_count * cells)));
    };
    if (auto small = check(out->cost, out->cost_capacity, "cost")) return *small;
    if (auto small = check(out->kind, out->kind_capacity, "kind")) return *small;
    if (auto small = check(out->parent, out->parent_capacity, "parent")) return *small;
    auto board = ::board(solver, units, unit_count, std::nullopt);
    if (!board) return fail(TG_ERROR_INVALID_QUERY, board.error());
    std::vector<RangeQuery> queries;
    queries.reserve(mover_count);
    for (std::size_t k = 0; k < mover_count; ++k) {
      if (movers[k] >= unit_count) {
        return fail(TG_ERROR_INVALID_QUERY,
                    "movers[" + std::to_string(k) + "] " + std::to_string(movers[k]) +
                        " is not a unit; unit_count is " + std::to_string(unit_count));
      }
      queries.push_back(rangeQuery(*board, movers[k], rules));
    }
    // Costs go through int16 masks (every cost fits), widened into the caller's int32s.
    std::vector<std::int16_t> costs(out->cost != nullptr ? mover_count * cells : 0);
    const RangeMasks masks{out->cost != nullptr ? costs.data() : nullptr, out->kind, out->parent};
    if (auto status = ownContextCurrent(solver)) return *status;
    auto ran = solver->solvers->rangeMany(queries, masks, 1);
    if (!ran) {
      std::string problem = ran.error();
      if (problem.rfind("queries[", 0) == 0) problem.replace(0, 7, "movers");
      return fail(TG_ERROR_INVALID_QUERY, problem);
    }
    if (out->cost != nullptr) std::copy(costs.begin(), costs.end(), out->cost);
    solver->last = toC(*ran);
    return succeed();
  });
}

tg_status tg_solve_danger(tg_solver* solver, const tg_unit* units, size_t unit_count,
                          const tg_rules* rules, uint8_t* counts, size_t capacity) {
  return guarded([&] {
    if (solver == nullptr || counts == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solve_danger: solver and counts must not be NULL");
    if (auto null = nullUnits(units, unit_count, "tg_solve_danger")) return *null;
    if (auto small = checkBuffer(counts, capacity, solver->map, "counts")) return *small;
    auto board = ::board(solver, units, unit_count, std::nullopt);
    if (!board) return fail(TG_ERROR_INVALID_QUERY, board.error());
    if (auto status = ownContextCurrent(solver)) return *status;
    auto answer = solver->solvers->danger(*board, boardRules(rules));
    if (!answer) return fail(TG_ERROR_INVALID_QUERY, answer.error());
    solver->last = toC(answer->backend);
    const auto& cells = answer->counts.cells();
    std::copy(cells.begin(), cells.end(), counts);
    return succeed();
  });
}

tg_status tg_solve_field(tg_solver* solver, const tg_unit* units, size_t unit_count, tg_team team,
                         const tg_class* movement, int32_t* cost, size_t capacity) {
  return guarded([&] {
    if (solver == nullptr || cost == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solve_field: solver and cost must not be NULL");
    if (auto null = nullUnits(units, unit_count, "tg_solve_field")) return *null;
    if (auto small = checkBuffer(cost, capacity, solver->map, "cost")) return *small;
    const int teamValue = rawValue(team);
    if (teamValue < TG_TEAM_PLAYER || teamValue > TG_TEAM_ALLY) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "team " + std::to_string(teamValue) + " is not a tg_team");
    }
    auto board = ::board(solver, units, unit_count, std::nullopt);
    if (!board) return fail(TG_ERROR_INVALID_QUERY, board.error());
    const Team side = teamOf(teamValue);
    if (auto status = ownContextCurrent(solver)) return *status;
    auto answer = solver->solvers->field(
        fieldQueryFor(*board, side, movement ? movement->movement : MovementClass()));
    if (!answer) return fail(TG_ERROR_INVALID_QUERY, answer.error());
    solver->last = toC(answer->backend);
    const auto& cells = answer->field.cells();
    std::copy(cells.begin(), cells.end(), cost);
    return succeed();
  });
}

tg_status tg_solve_route(tg_solver* solver, const tg_unit* units, size_t unit_count, size_t mover,
                         const tg_rules* rules, int to_x, int to_y, int* cells, size_t capacity,
                         size_t* length) {
  return guarded([&] {
    if (solver == nullptr || length == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solve_route: solver and length must not be NULL");
    if (auto null = nullUnits(units, unit_count, "tg_solve_route")) return *null;
    *length = 0;
    if (cells == nullptr && capacity > 0)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solve_route: cells is NULL with a capacity");
    const Cell to{to_x, to_y};
    if (!solver->map.contains(to))
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "the target " + toString(to) + " is outside " + solver->map.boundsText());
    if (auto status = ownContextCurrent(solver)) return *status;
    auto solved = solveMover(solver, units, unit_count, mover, rules);
    if (!solved) return fail(TG_ERROR_INVALID_QUERY, solved.error());
    const RangeQuery& query = solved->query;
    const RangeResult& range = solved->answer.result;
    if (cellKind(query, range, to) != CellKind::Move && to != query.unit) return succeed();
    const std::vector<Cell> path = pathTo(range, query.unit, to);
    if (path.size() > capacity) {
      return fail(TG_ERROR_BUFFER_TOO_SMALL, "the route has " + std::to_string(path.size()) +
                                                 " cells; cells holds " + std::to_string(capacity));
    }
    for (std::size_t i = 0; i < path.size(); ++i) {
      cells[2 * i] = path[i].x;
      cells[2 * i + 1] = path[i].y;
    }
    *length = path.size();
    return succeed();
  });
}

tg_status tg_forecast(const tg_board* board, const tg_unit* units, size_t unit_count,
                      size_t attacker, size_t target, int at_x, int at_y, const tg_rules* rules,
                      const int* terrain_defence, int defence_count, tg_forecast_result* out) {
  return guarded([&] {
    if (board == nullptr || out == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_forecast: board and out must not be NULL");
    if (auto null = nullUnits(units, unit_count, "tg_forecast")) return *null;
    if (terrain_defence == nullptr && defence_count > 0) {
      return fail(TG_ERROR_NULL_HANDLE,
                  "tg_forecast: terrain_defence is NULL with defence_count " +
                      std::to_string(defence_count));
    }
    *out = tg_forecast_result{};
    const CostMap& map = board->map;
    const Cell from{at_x, at_y};
    if (!map.contains(from)) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "the attacker's cell " + toString(from) + " is outside " + map.boundsText());
    }
    auto defence = terrainDefence(map, terrain_defence, defence_count);
    if (!defence) return fail(TG_ERROR_INVALID_ARGUMENT, defence.error());
    auto checked = toUnits(units, unit_count, map);
    if (!checked) return fail(TG_ERROR_INVALID_QUERY, checked.error());
    if (auto problem = combatProblem(*checked))
      return fail(TG_ERROR_INVALID_QUERY, inCWords(*problem, unit_count));
    for (const auto& [index, name] : {std::pair{attacker, "attacker"}, std::pair{target, "target"}}) {
      if (index >= unit_count) {
        return fail(TG_ERROR_INVALID_QUERY, std::string(name) + " " + std::to_string(index) +
                                                " is not a unit; unit_count is " +
                                                std::to_string(unit_count));
      }
    }
    const BoardRules played = boardRules(rules);
    if (played.sight.on && map.topology().hex()) {
      return fail(TG_ERROR_INVALID_QUERY,
                  "line of sight is defined on square boards only, and this board is " +
                      std::string(layoutName(map.layout())) + " (SPEC 11.8)");
    }
    const CombatBoard combat(map, *checked, *defence, played);
    if (auto f = forecast(combat, attacker, from, target)) writeForecast(*f, *out);
    return succeed();
  });
}

tg_status tg_solve_batch(tg_solver* solver, const tg_batch* batch, unsigned threads,
                         tg_batch_out* out) {
  return guarded([&] {
    if (batch == nullptr || out == nullptr)
      return fail(TG_ERROR_NULL_HANDLE, "tg_solve_batch: batch and out must not be NULL");
    BoardBatch b;
    if (auto status = batchFromC(*batch, b)) return *status;
    if (out->window < 0) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "window " + std::to_string(out->window) + " is negative; 0 means whole boards");
    }
    const BatchMasks masks{out->cost, out->kind, out->parent, out->window > 0 ? out->window : -1};
    const bool onGl =
        solver != nullptr && solver->solvers && solver->solvers->requested() != Backend::Cpu;
    if (onGl && (b.width != solver->map.width() || b.height != solver->map.height())) {
      return fail(TG_ERROR_INVALID_ARGUMENT,
                  "the solver's board is " + solver->map.sizeText() + "; the batch's boards are " +
                      std::to_string(b.width) + "x" + std::to_string(b.height));
    }
    if (auto bad = batchProblem(b, masks)) return fail(TG_ERROR_INVALID_ARGUMENT, *bad);
    const std::size_t need = static_cast<std::size_t>(std::max(b.boards, 0)) *
                             static_cast<std::size_t>(std::max(b.units, 0)) *
                             batchAnswerCells(b, masks);
    const auto small = [&](const void* buffer, std::size_t capacity, const char* name) {
      return buffer != nullptr && capacity < need
                 ? std::optional<tg_status>(fail(
                       TG_ERROR_BUFFER_TOO_SMALL, std::string(name) + " holds " +
                                                      std::to_string(capacity) + " cells; the batch needs " +
                                                      std::to_string(need)))
                 : std::nullopt;
    };
    if (auto s = small(out->cost, out->cost_capacity, "cost")) return *s;
    if (auto s = small(out->kind, out->kind_capacity, "kind")) return *s;
    if (auto s = small(out->parent, out->parent_capacity, "parent")) return *s;
    std::optional<std::string> problem;
    if (!onGl) {
      problem = solveBatch(b, masks, threads == 0 ? defaultBatchThreads() : threads);
    } else {
      problem = solveBatchOnSolver(solver, b, masks);
    }
    if (problem) {
      const bool input = problem->rfind("board ", 0) == 0;
      return fail(input ? TG_ERROR_INVALID_QUERY : TG_ERROR_BACKEND, *problem);
    }
    return succeed();
  });
}

}  // extern "C"
