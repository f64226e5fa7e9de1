#pragma once
// Scenario files (SPEC §6): the board a game starts from, a map and its units, read strictly from
// JSON or from a Tiled map's `units` object layer (SPEC §9), and written back as JSON. Every
// problem is one message naming the file and, where one is to blame, the unit.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tactics/io/tiled_map.h"
#include "tactics/solver/combat.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/objective.h"
#include "tactics/solver/units.h"

namespace tactics {

inline constexpr std::size_t kMaxScenarioUnits = 256;
inline constexpr std::size_t kMaxUnitNameLength = 32;  // characters (UTF-8 code points)

struct Scenario {
  CostMap map;
  std::string mapPath;  // the "map" entry resolved against the scenario file's folder
  std::map<std::string, MovementClass> classes;  // always holds "foot" (1,2,4,8,x unless redefined)
  std::vector<Unit> units;                        // in file order
  std::string props;  // the scenario's own "props" (SPEC §6): a JSON object's text, or empty
  BoardRules rules;   // the scenario's "rules" (SPEC §11.2), or a Tiled map's property `rules`
  // The scenario's own "terrains" (SPEC §11.1), or empty; the map's names are map.terrainNames().
  std::vector<std::string> terrains;
  // SPEC §14: the defence each terrain gives (the defaults for the map's names, with the
  // scenario's "terrain_defence" applied), and the "objective" as written (none: rout, on a
  // board that fights).
  TerrainDefence defence;
  std::optional<Objective> objective;
};

// A unit name SPEC §6 allows: 1..32 characters (UTF-8 code points), no control characters.
bool isAllowedUnitName(const std::string& name);

// The demo's movement class presets, which a Tiled map's units may name without defining them
// (SPEC §9): foot 1,2,4,8,x, mounted 1,3,5,x,x, armour 1,3,6,x,x, flier 1,1,1,1,x.
const std::map<std::string, MovementClass>& presetMovementClasses();

// Reads the map a scenario names, given the path already resolved against the scenario's folder,
// and the scenario's "terrains" (SPEC §11.1; null when it has none), which a Tiled map's tiles are
// read against. An image map may ignore them: the scenario renames its classes.
using MapLoader = std::function<Expected<CostMap>(const std::string& resolvedPath,
                                                  const TerrainNames* terrains)>;

// The rules a scenario's map carries (SPEC §11.2: a Tiled map's property `rules`), asked after
// the MapLoader has read that map.
using MapRulesLoader = std::function<Expected<BoardRules>(const std::string& resolvedPath)>;

// Parses a JSON scenario's bytes. `scenarioPath` names the file in errors and is the base for the
// relative "map" path; `loadMapFile` reads that map. A scenario without "rules" plays by its
// map's (`loadMapRules`, when given; the scenario's win when it has them). Pure apart from what
// the loaders do.
Expected<Scenario> parseScenario(const std::vector<std::uint8_t>& bytes,
                                 const std::string& scenarioPath, const MapLoader& loadMapFile,
                                 const MapRulesLoader& loadMapRules = nullptr);

// A Tiled map as a scenario (SPEC §9): each point or tile object of its `units` object layer is a
// unit, checked as in SPEC §6; the map is the scenario's map and `path` its mapPath. Classes are
// the presets plus those of the map's string property `classes` (a JSON object as in SPEC §6).
// Without a `units` layer: "PATH is a Tiled map without a 'units' object layer; use --map PATH".
Expected<Scenario> scenarioFromTiledMap(TiledMap map, const std::string& path);

// A Tiled map's string property `rules` (SPEC §11.2), a JSON object as a scenario's "rules"; off
// when the map has none. Errors start "its map property \"rules\"".
Expected<BoardRules> tiledMapRules(const TiledMap& map);

// Anything --scenario takes: a Tiled map (.tmx, .tmj, or a .json whose top level has "type":
// "map" and no "units") as above, else a JSON scenario. `readFile` reads the files it names (a
// scenario's map, a Tiled map's external tilesets). Pure apart from `readFile`.
Expected<Scenario> parseScenarioFile(const std::vector<std::uint8_t>& bytes,
                                     const std::string& path, const ReadFile& readFile);

// Reads a scenario file (JSON, or a Tiled map with units) and the files it names from disk.
Expected<Scenario> loadScenario(const std::string& path);

// The scenario as JSON text (SPEC §6) for a file at `scenarioPath`: "map" relative to that file's
// folder, every class, every unit with its attack and class spelled out, and the props of the
// scenario and of each unit as they were read. Parsing the text back gives the same Scenario.
// An error when the scenario cannot be written so: a unit whose class is not in `classes` or
// whose movement is not its class's, props that are not a JSON object, text that is not UTF-8.
Expected<std::string> formatScenario(const Scenario& scenario, const std::string& scenarioPath);

}  // namespace tactics
