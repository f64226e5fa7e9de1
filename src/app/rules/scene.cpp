#include "app/rules/scene.h"

#include "app/rules/fights.h"

#include "tactics/solver/path.h"
#include "tactics/io/scenario.h"
#include "tactics/io/map_image.h"

namespace tactics::app {

std::string formatMove(const MoveEvent& move) {
  std::string line = "move " + move.unit;
  if (move.path.empty()) return line;
  line += " " + toString(move.path.front()) + " -> " + toString(move.path.back()) + " path";
  for (Cell c : move.path) line += " " + toString(c);
  return line;
}

std::string formatAmbush(const MoveEvent& move) {
  if (!move.ambush || move.path.empty()) return {};
  return "ambush: " + move.unit + " stopped at " + toString(move.path.back()) + " by " +
         move.ambush->enemy + " at " + toString(move.ambush->at);
}

const char* phaseName(Phase phase) {
  switch (phase) {
    case Phase::Player: return "player";
    case Phase::Enemy: return "enemy";
    case Phase::Ally: return "ally";
  }
  return "?";
}

Scene makeScene(CostMap map, std::string mapPath) {
  Scene scene;
  scene.units = defaultRoster(map);
  scene.classes = presetMovementClasses();
  scene.moved.assign(scene.units.size(), false);
  scene.defence = TerrainDefence::defaults(map);
  scene.map = std::move(map);
  scene.mapPath = std::move(mapPath);
  return scene;
}

Scene makeScene(Scenario scenario, std::string scenarioPath) {
  Scene scene;
  scene.units = std::move(scenario.units);
  scene.rules = scenario.rules;
  scene.classes = std::move(scenario.classes);
  scene.props = std::move(scenario.props);
  scene.terrains = std::move(scenario.terrains);
  scene.defence = scenario.defence;
  scene.objective = scenario.objective;
  scene.moved.assign(scene.units.size(), false);
  scene.map = std::move(scenario.map);
  scene.mapPath = std::move(scenario.mapPath);
  scene.scenarioPath = std::move(scenarioPath);
  return scene;
}

Expected<Scene> openBoard(const std::string& path) {
  // A .json file is a scenario when it has units, a Tiled map when it says "type": "map"; any
  // Tiled map is a scenario when it has a `units` layer. The scenario reader tells them apart and
  // says "is a Tiled map" for a map without units, which opens as a bare map.
  if (isTiledMapPath(path)) {
    auto scenario = loadScenario(path);
    if (scenario) return makeScene(std::move(*scenario), path);
    if (scenario.error().find("is a Tiled map") == std::string::npos) {
      return Error{scenario.error()};
    }
  }
  return openMapBoard(path);
}

Expected<Scene> openMapBoard(const std::string& path) {
  auto map = loadMap(path);
  if (!map) return Error{map.error()};
  return makeScene(std::move(*map), path);
}

std::optional<std::size_t> seenUnitAt(const std::vector<Unit>& units, Cell cell) {
  const auto index = unitAt(units, cell);
  if (index && !knownTo(Team::Player, units[*index])) return std::nullopt;
  return index;
}

void dropUnseenSelection(Scene& scene) {
  const Unit* selected = scene.selectedUnit();
  if (!selected || knownTo(Team::Player, *selected)) return;
  scene.selected.reset();
  resetRoute(scene);
}

bool canStopAt(const Scene& scene, const RangeResult& range, Cell cell) {
  return range.reach.contains(cell) && range.reached(cell) && !seenUnitAt(scene.units, cell);
}

std::optional<RouteBoard> routeBoard(const Scene& scene, const RangeResult* range) {
  // A range drawn as if the way were clear (SPEC §11.6) is not where the unit may really go.
  if (!range || !scene.selectedCanMove() || scene.ignoreUnits) return std::nullopt;
  RangeQuery query = sceneQuery(scene, *scene.selected);
  // A result of another map, or of another unit's solve (one frame late), has no route on it.
  if (range->width() != scene.map.width() || range->height() != scene.map.height() ||
      !range->reached(query.unit) || range->travelCost[query.unit] != 0) {
    return std::nullopt;
  }
  return RouteBoard(scene.map, std::move(query), *range);
}

void hoverCell(Scene& scene, std::optional<Cell> cell, const RangeResult* range) {
  if (cell && !scene.map.contains(*cell)) cell.reset();
  scene.hovered = cell;
  if (!cell) {
    scene.routeCursor.reset();  // off the board: coming back enters only the cell it comes to
    return;
  }
  const auto board = routeBoard(scene, range);
  if (!board) return;  // the cell is entered once the selection's range is known
  if (scene.route.empty() || scene.route.front() != board->unit()) {
    scene.route = startRoute(*board);
  }
  // A cursor that skips cells enters the line from the last cell entered; one that comes onto
  // the board (or after a reset) enters only its cell.
  const std::vector<Cell> entered =
      scene.routeCursor ? cellsBetween(*scene.routeCursor, *cell, scene.map.layout())
                        : std::vector<Cell>{*cell};
  for (Cell c : entered) enterCell(scene.route, c, *board);
  scene.routeCursor = cell;
}

void resetRoute(Scene& scene) {
  scene.route.clear();
  if (scene.selected) scene.route.push_back(scene.units[*scene.selected].cell);
  scene.routeCursor.reset();
}

std::vector<Cell> previewPath(const Scene& scene, const RangeResult* range) {
  const auto board = routeBoard(scene, range);
  if (!board || !scene.hovered) return {};
  if (arrowShows(scene.route, *scene.hovered, *board)) return scene.route;
  // A foe in the red area: the arrow to where the unit would attack it from.
  const auto standing = seenUnitAt(scene.units, *scene.hovered);
  if (standing && !friends(scene.units[*standing].team, scene.selectedUnit()->team)) {
    if (auto route = attackRoute(scene.route, *scene.hovered, *board)) return *route;
  }
  return {};
}

void selectUnit(Scene& scene, std::optional<std::size_t> unit) {
  scene.selected = unit;
  resetRoute(scene);
}

namespace {

void select(Scene& scene, std::optional<std::size_t> unit) { selectUnit(scene, unit); }

// A click on a unit: it selects it, or deselects it when it is the selection.
void clickUnit(Scene& scene, std::size_t clicked, Cell cell) {
  select(scene, scene.selected == clicked ? std::nullopt : std::optional<std::size_t>(clicked));
  if (scene.selected) scene.routeCursor = cell;
}

// The selected movable unit sets off along `path` (its cell first); a path of its cell alone
// opens the menu after a move at once.
void setOff(Scene& scene, std::vector<Cell> path, std::optional<std::size_t> foe = std::nullopt) {
  const std::size_t unit = *scene.selected;
  if (path.size() >= 2) {
    scene.walk = walkAlong(scene, unit, std::move(path));
    scene.walk->foe = foe;
    return;
  }
  select(scene, std::nullopt);
  scene.pending = PendingMove{unit, scene.units[unit].cell};
  if (foe) openAttackOn(scene, *foe);
}

}  // namespace

void leftClick(Scene& scene, Cell cell, const RangeResult* range) {
  // Picking a target (SPEC §14): a click shows a target's forecast, a second one attacks it.
  if (scene.attackPick && !scene.walk) {
    const auto shown = pickedAttack(scene);
    if (shown && scene.units[shown->target].cell == cell) {
      confirmAttack(scene);
    } else {
      pickTargetAt(scene, cell);
    }
    return;
  }
  if (scene.walk || scene.pending || scene.phase != Phase::Player) return;
  const auto clicked = seenUnitAt(scene.units, cell);
  if (!scene.selectedCanMove()) {
    if (clicked) {
      clickUnit(scene, *clicked, cell);
    } else {
      select(scene, std::nullopt);
    }
    return;
  }
  const Team mover = scene.selectedUnit()->team;
  if (clicked) {
    if (*clicked == *scene.selected || scene.units[*clicked].team == Team::Player) {
      clickUnit(scene, *clicked, cell);
      return;
    }
    if (friends(scene.units[*clicked].team, mover) || !range) return;
    // A foe: the unit goes to where the arrow attacks it from, if the arrow can.
    hoverCell(scene, cell, range);
    std::vector<Cell> path = previewPath(scene, range);
    if (!path.empty() && path.front() == scene.selectedUnit()->cell) {
      setOff(scene, std::move(path), *clicked);
    }
    return;
  }
  if (range && canStopAt(scene, *range, cell)) {
    // The click enters the cell (as hovering it would) and the unit walks the route shown.
    hoverCell(scene, cell, range);
    if (scene.route.size() >= 2 && scene.route.back() == cell) setOff(scene, scene.route);
  }
}

void inspectOrCancel(Scene& scene, std::optional<Cell> cell) {
  if (scene.walk) return;
  if (!scene.pending && scene.phase == Phase::Player && cell) {
    const auto clicked = seenUnitAt(scene.units, *cell);
    if (clicked && clicked != scene.selected) {
      select(scene, clicked);
      scene.routeCursor = *cell;
      return;
    }
  }
  cancel(scene);
}

void cancel(Scene& scene) {
  if (scene.walk) return;
  if (scene.pending) {
    Unit& unit = scene.units[scene.pending->unit];
    unit.cell = scene.pending->from;
    const std::size_t index = scene.pending->unit;
    scene.pending.reset();
    select(scene, index);
    return;
  }
  select(scene, std::nullopt);
}

Walk walkAlong(const Scene& scene, std::size_t unit, std::vector<Cell> path) {
  Walk walk{unit, {}, std::nullopt, std::nullopt};
  if (scene.units[unit].team != Team::Enemy) {
    for (std::size_t i = 1; i < path.size(); ++i) {
      const auto there = unitAt(scene.units, path[i]);
      if (!there || !scene.units[*there].hidden) continue;
      walk.ambusher = *there;
      std::size_t stop = i - 1;
      while (stop > 0 && unitAt(scene.units, path[stop])) --stop;  // an ally's cell: on back
      path.resize(stop + 1);
      break;
    }
  }
  walk.animation = WalkAnimation(std::move(path));
  return walk;
}

std::optional<MoveEvent> advanceWalk(Scene& scene, double seconds) {
  if (!scene.walk) return std::nullopt;
  scene.walk->animation.advance(seconds);
  if (!scene.walk->animation.finished()) return std::nullopt;

  const std::size_t index = scene.walk->unit;
  Unit& unit = scene.units[index];
  MoveEvent move{unit.name, scene.walk->animation.path(), std::nullopt};
  unit.cell = move.path.back();
  if (const auto ambusher = scene.walk->ambusher) {
    Unit& enemy = scene.units[*ambusher];
    enemy.hidden = false;
    move.ambush = Ambush{enemy.name, enemy.cell};
  }
  const std::optional<std::size_t> foe = scene.walk->foe;
  scene.walk.reset();
  select(scene, std::nullopt);
  if (scene.phase == Phase::Player && unit.team == Team::Player) {
    if (move.ambush) {
      markMoved(scene, index);  // ambushed: its action is over, no Wait or Back
    } else {
      scene.pending = PendingMove{index, move.path.front()};
      if (foe) openAttackOn(scene, *foe);
    }
  }
  return move;
}

}  // namespace tactics::app
