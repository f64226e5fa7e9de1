#pragma once
// Inside the scenario reader: the rules for a scenario's fields (SPEC §6) that a JSON scenario and
// a Tiled map's `units` layer (SPEC §9) share. Errors say what is wrong and what is allowed; the
// callers put the file and the unit in front.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tactics/io/scenario.h"
#include "tactics/solver/expected.h"

namespace tactics::scenario_fields {

using Json = nlohmann::json;

// Scenario JSON nests at most this deep; deeper input is refused while parsing, before it can cost
// memory or stack. A scenario itself needs four levels ({ units: [ { at: [ ] } ] }); the rest is
// room for a game's own data in "props".
inline constexpr int kMaxJsonDepth = 32;

// Parses JSON text, refusing duplicate keys, NUL bytes and deep nesting; syntax errors carry line
// and column.
Expected<Json> parseStrictJson(const std::vector<std::uint8_t>& bytes);

// What a JSON value is, for "wrong type" errors: `a string ("5")`.
std::string describeValue(const Json& value);

// The number of UTF-8 characters in `text`, or nullopt when it holds a control character.
std::optional<std::size_t> printableLength(const std::string& text);

// True for a unit or class name: 1..32 characters, none a control character.
bool allowedName(const std::string& text);

// The movement classes of a "classes" table added to `known`: each a string of five costs
// ("1,2,4,8,x", later terrains impassable) or an object naming a cost for every one of
// `terrains` exactly once (SPEC §11.1: {"plains": 1, "sand": 3, "wall": "x"}).
Expected<std::map<std::string, MovementClass>> readClasses(
    const Json& table, std::map<std::string, MovementClass> known,
    const std::vector<std::string>& terrains);

// "a, b, c".
std::string joined(const std::vector<std::string>& names);

// A scenario's "terrains" (SPEC §11.1): a list of 5..64 names (checkTerrainNames).
Expected<std::vector<std::string>> readTerrains(const Json& value);

// A "props" value (SPEC §6): an object, kept as its JSON text.
Expected<std::string> readProps(const Json& value);

// A "rules" object (SPEC §11.2): {"zoc": true|false}, every key optional.
Expected<BoardRules> readRules(const Json& value);

// SPEC §11.8's "blocks_sight": an array of `map`'s terrain names, each at most once, as bits.
Expected<std::uint64_t> readBlocksSight(const Json& value, const CostMap& map);

// Sight on a hex board (SPEC §11.8 is for square boards): the error, if so.
std::optional<std::string> sightProblem(const BoardRules& rules, const CostMap& map);

// SPEC §14's "terrain_defence": {"forest": 1, ...}, names of `map`'s terrains, values 0..20,
// applied to the map's defaults.
Expected<TerrainDefence> readTerrainDefence(const Json& value, const CostMap& map);

// SPEC §14's "objective": {"type": "rout"}, {"type": "seize", "at": [X, Y]} or
// {"type": "survive", "turns": N}, checked against the board (objectiveProblem).
Expected<Objective> readObjective(const Json& value, const std::vector<Unit>& units,
                                  const CostMap& map);

// SPEC §14's rules on the whole board once its units are read: on a board that fights every
// player and enemy unit has hp (errors name the unit as "units[3] (\"Brigand\")"), and an
// objective needs a board that fights.
std::optional<std::string> combatBoardProblem(const std::vector<Unit>& units, bool hasObjective);

// A unit's "skills" (SPEC §11.3): an array of distinct skill names.
Expected<Skills> readSkills(const Json& value);

// One unit object's fields ({name, team, at, move, attack, class, skills, props}), checked against the
// scenario's map and classes but not against the other units. `label` receives how errors name
// the unit once its name is known (" (\"Lord\")" is appended).
Expected<Unit> readUnit(const Json& entry, const Scenario& scenario, std::string& label);

}  // namespace tactics::scenario_fields
