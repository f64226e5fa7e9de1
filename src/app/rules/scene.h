#pragma once
// The game on the board: the map, the units, who is selected, what is hovered, the route the
// cursor traced and who is walking, the turn and its phase, with the rules of clicking on it.
// No GL: the range result it consults comes in as a plain RangeResult, so the rules are tested
// without a context. The turn flow is in turns.h, the keyboard cursor in cursor.h.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/rules/roster.h"
#include "app/rules/walk_animation.h"
#include "tactics/solver/combat.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/objective.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/route.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

struct Walk {
  std::size_t unit = 0;
  WalkAnimation animation;
  // SPEC §11.5: the hidden enemy whose cell the route ran into; the walk stops short of it, and
  // on arrival the enemy is revealed and the walker's action ends.
  std::optional<std::size_t> ambusher;
  // The foe a click sent the walk to attack: on arrival its forecast opens (SPEC §14).
  std::optional<std::size_t> foe;
};

// A hidden enemy a walk ran into (SPEC §11.5), revealed where it stands.
struct Ambush {
  std::string enemy;
  Cell at;
};

// A completed move, as the demo logs it.
struct MoveEvent {
  std::string unit;
  std::vector<Cell> path;  // from the start cell to the destination, both included
  std::optional<Ambush> ambush;
};

// A fight as it happened (SPEC §14, rules/fights.h): who fought whom from where, the forecast it
// played out (its strikes) and who fell, with the names and cells the view needs after the
// fallen are gone.
struct FightEvent {
  std::string attacker;
  std::string target;
  Team attackerTeam = Team::Player;
  Team targetTeam = Team::Enemy;
  Cell from;
  Cell at;
  Forecast forecast;
  std::vector<std::string> fallen;
};

// "move Lord 3,20 -> 7,18 path 3,20 4,20 ... 7,18"
std::string formatMove(const MoveEvent& move);
// "ambush: Lord stopped at 5,20 by Assassin at 6,20"
std::string formatAmbush(const MoveEvent& move);

// Player, then enemy, then ally phase, then the next turn's player phase.
enum class Phase { Player, Enemy, Ally };
const char* phaseName(Phase phase);  // "player", "enemy", "ally"

// A player unit that has walked and waits for Wait or Back (the menu after a move).
struct PendingMove {
  std::size_t unit = 0;
  Cell from;  // where it stood before the walk
};

// The player's attack being chosen, after Attack on the menu after a move (rules/fights.h): the
// pending unit's targets and the one whose forecast is shown.
struct AttackPick {
  std::vector<std::size_t> targets;
  std::size_t shown = 0;  // into targets
};

struct Scene {
  CostMap map;
  std::string mapPath;
  std::string scenarioPath;  // the scenario the board came from; empty for a bare map
  std::vector<Unit> units;
  BoardRules rules;  // the scenario's "rules" (SPEC §11.2): every solve of the board uses them
  // SPEC §11.6, the panel's "Ignore units": the selected unit's range is solved and drawn as if
  // no other unit stood on the board. It changes only what is drawn: while it is on the unit
  // has no route and takes no move (routeBoard), so it never walks through anyone.
  bool ignoreUnits = false;
  // The scenario's movement classes (SPEC §6; the presets for a bare map) and its own "props"
  // (a JSON object's text, or empty): kept so that Save scenario writes them back.
  std::map<std::string, MovementClass> classes;
  std::string props;
  // The scenario's own "terrains" (SPEC §11.1), which its Tiled map's tiles were read against;
  // empty when the map's own names serve. Kept so that Save scenario names the map with them.
  std::vector<std::string> terrains;
  std::optional<std::size_t> selected;
  std::optional<Cell> hovered;
  std::optional<Walk> walk;

  // Route memory (SPEC §8) of the selected movable unit, and the last cell the cursor entered
  // into it (the unit's cell right after a click selects it; none after a reset).
  Route route;
  std::optional<Cell> routeCursor;

  // Turns: the phase, units that have moved this turn (by index), the menu after a walk, and
  // whether the UI must ask before ending the turn.
  int turn = 1;
  Phase phase = Phase::Player;
  std::vector<bool> moved;
  std::optional<PendingMove> pending;
  bool confirmingEndTurn = false;
  // The panel's "Auto end turn" (Fire Emblem's option): the player's phase ends by itself once
  // every player unit has acted (turns.h's waitUnit). Off by default.
  bool autoEndTurn = false;
  // The distance fields the computer's units follow this phase, by (team, movement class).
  std::map<std::pair<int, std::string>, DistanceField> phaseFields;

  // SPEC §14, on a board where some unit has hp: the terrain defence, the objective as the
  // scenario wrote it (none: rout), the player's attack being picked, and how the game stands
  // (once won or lost, nobody moves until the board starts over) and why.
  TerrainDefence defence;
  std::optional<Objective> objective;
  std::optional<AttackPick> attackPick;
  Outcome outcome = Outcome::Playing;
  std::string outcomeWhy;
  // The player's fights not yet shown: the demo plays and logs them, then clears this.
  std::vector<FightEvent> fightsToShow;

  [[nodiscard]] const Unit* selectedUnit() const { return selected ? &units[*selected] : nullptr; }
  // Has units[index] moved this turn (greyed for players)?
  [[nodiscard]] bool hasMoved(std::size_t index) const {
    return index < moved.size() && moved[index];
  }
  // Only player units that have not moved take orders, on the player phase, with no walk or
  // menu open; everyone else only shows their range.
  [[nodiscard]] bool selectedCanMove() const {
    return selected && units[*selected].team == Team::Player && phase == Phase::Player &&
           !hasMoved(*selected) && !walk && !pending && outcome == Outcome::Playing;
  }
  // The selection is a player unit that has acted this turn: drawn greyed, its range muted and
  // read-only (no orders, no edits) until the next turn.
  [[nodiscard]] bool selectedHasActed() const {
    return selected && units[*selected].team == Team::Player && hasMoved(*selected);
  }
};

// units[unit] has acted this turn.
inline void markMoved(Scene& scene, std::size_t unit) {
  if (scene.moved.size() < scene.units.size()) scene.moved.resize(scene.units.size(), false);
  scene.moved[unit] = true;
}

// The solver's question for units[unit] on this board, under the board's rules.
[[nodiscard]] inline RangeQuery sceneQuery(const Scene& scene, std::size_t unit) {
  return queryFor(scene.units, unit, scene.rules);
}

// The selected unit's solve as the board shows it: sceneQuery, ignoring the other units when
// the panel asks (Scene::ignoreUnits) on the player's phase; the computer's movers, selected in
// turn on their phases, always solve by the real rules. Only with a selection.
[[nodiscard]] inline RangeQuery selectionQuery(const Scene& scene) {
  RangeQuery query = sceneQuery(scene, *scene.selected);
  query.ignoreUnits = scene.ignoreUnits && scene.phase == Phase::Player;
  return query;
}

// A new scene on `map` with the default roster placed on it.
Scene makeScene(CostMap map, std::string mapPath);
// A new scene from a scenario file's board (SPEC §6): its map and units.
Scene makeScene(Scenario scenario, std::string scenarioPath);
// Opens a scenario (.json with units) or a map (an image or a Tiled map, with the default
// roster) as a new scene. Errors name the file (and for scenarios the unit).
Expected<Scene> openBoard(const std::string& path);
// Opens a map (an image or a Tiled map) with the default roster placed on it.
Expected<Scene> openMapBoard(const std::string& path);

// The unit the player sees on `cell`: any but a hidden enemy (SPEC §11.5), whose cell looks
// empty to the player's side until a walk runs into it.
std::optional<std::size_t> seenUnitAt(const std::vector<Unit>& units, Cell cell);

// Drops a selection of a unit the player does not know of (a hidden enemy the level editor
// selected, SPEC §11.5), with its route; call it outside the editor.
void dropUnseenSelection(Scene& scene);

// A reached cell where the selected unit may stop: reached, and no unit it knows of stands there.
bool canStopAt(const Scene& scene, const RangeResult& range, Cell cell);

// The route rules for the selected unit and its range (nullopt without a movable selection, and
// while its range ignores the other units).
std::optional<RouteBoard> routeBoard(const Scene& scene, const RangeResult* range);

// The cursor is now on `cell` (nullopt: off the board); call it every frame with the range of
// the current selection. With a movable selection and its range, every cell of the line from
// the last cell entered to this one is entered into the route (SPEC §8); with no cell entered
// yet, only this cell. Without the selection's range (not solved yet) nothing is entered: the
// next call with it catches up.
void hoverCell(Scene& scene, std::optional<Cell> cell, const RangeResult* range);

// Back to the route of just the unit (a new selection, a new solve); the next hoverCell()
// enters the hovered cell alone, so the arrow shows the cheapest path to it.
void resetRoute(Scene& scene);

// The path the arrow shows: the route, when it ends on the hovered stopping cell; or, when an
// enemy inside the red area is hovered, the route to the best cell to attack it from (cursor.h).
std::vector<Cell> previewPath(const Scene& scene, const RangeResult* range);

// Selects units[unit] (nullopt: deselects); the route starts over from it.
void selectUnit(Scene& scene, std::optional<std::size_t> unit);

// A left click (or Z) on a cell, with the range of the current selection (null when none), Fire
// Emblem's way. With a movable unit selected:
// - a stopping cell enters the cell and starts the walk along the route;
// - a foe the arrow can attack (previewPath): the unit walks to the arrow's end, the cell it
//   attacks from, and the menu after a move opens (at once when it attacks from where it stands);
// - another player unit selects that one; the selected unit itself deselects it;
// - anything else (a red cell, a cell it cannot stop on, a foe out of reach, an ally) does
//   nothing: it is not a cancel. Inspect other units with the right button (inspectOrCancel).
// Without one, a unit selects it (or deselects it when already selected) and anything else
// deselects. Ignored while a unit walks, while the menu after a move is open and outside the
// player phase.
void leftClick(Scene& scene, Cell cell, const RangeResult* range);

// Right click, Esc or X: Back when the menu after a move is open, else deselect; nothing while a
// unit is walking.
void cancel(Scene& scene);

// The right button on a cell: on a unit other than the selection (an enemy, say, while a unit
// of yours is selected), inspects it: it is selected to show its range. Anywhere else, and
// while the menu after a move is open, it is cancel().
void inspectOrCancel(Scene& scene, std::optional<Cell> cell);

// units[unit] sets off along `path` (its cell first). A player's or an ally's route that would
// enter a hidden enemy's cell (SPEC §11.5) is cut to the last cell before it where the walker may
// stop (no other unit there; its own start cell at worst), and the walk remembers the ambusher.
Walk walkAlong(const Scene& scene, std::size_t unit, std::vector<Cell> path);

// Moves the walker on; when it arrives its unit stands on the destination, is deselected, and
// the completed move is returned. A player unit's walk opens the menu (Wait or Back), unless it
// was ambushed: then the ambusher is revealed (no longer hidden) and the walker's action ends.
std::optional<MoveEvent> advanceWalk(Scene& scene, double seconds);

}  // namespace tactics::app
