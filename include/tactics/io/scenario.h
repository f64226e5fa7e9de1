#pragma once
// Scenario files (SPEC §6): the board a game starts from, a map and its units, read strictly from
// JSON. Every problem is one message naming the file and, where one is to blame, the unit.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/units.h"

namespace tactics {

inline constexpr std::size_t kMaxScenarioUnits = 256;
inline constexpr std::size_t kMaxUnitNameLength = 32;  // characters (UTF-8 code points)

struct Scenario {
  CostMap map;
  std::string mapPath;  // the "map" entry resolved against the scenario file's folder
  std::map<std::string, MovementClass> classes;  // always holds "foot" (1,2,4,8,x unless redefined)
  std::vector<Unit> units;                        // in file order
};

// Reads the map a scenario names, given the path already resolved against the scenario's folder.
using MapLoader = std::function<Expected<CostMap>(const std::string& resolvedPath)>;

// Parses a scenario's bytes. `scenarioPath` names the file in errors and is the base for the
// relative "map" path; `loadMapFile` reads that map. Pure apart from what the loader does.
Expected<Scenario> parseScenario(const std::vector<std::uint8_t>& bytes,
                                 const std::string& scenarioPath, const MapLoader& loadMapFile);

// Reads a scenario file and its map (through loadMap).
Expected<Scenario> loadScenario(const std::string& path);

}  // namespace tactics
