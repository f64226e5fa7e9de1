// Units placed in the Tiled editor (SPEC §9): a map's `units` object layer read as a scenario.
// Each object becomes the JSON unit a scenario would hold, so SPEC §6's checks apply unchanged.
#include <charconv>
#include <cmath>
#include <sstream>

#include "scenario_fields.h"
#include "tactics/io/scenario.h"
#include "tactics/io/tiled_geometry.h"

namespace tactics {

namespace {

using scenario_fields::Json;

constexpr const char* kUnitProperties =
    "a unit's custom properties are team (string), move (int) and optionally attack (string), "
    "class (string), skills (string, comma-separated), hidden (bool, an enemy only), hp, str, "
    "def, spd (int) and lord (bool)";

// The properties that are ints and bools in Tiled; every other one is a string.
bool isIntProperty(const std::string& name) {
  return name == "move" || name == "hp" || name == "str" || name == "def" || name == "spd";
}
bool isBoolProperty(const std::string& name) { return name == "hidden" || name == "lord"; }

const char* shapeName(TiledObjectShape shape) {
  switch (shape) {
    case TiledObjectShape::Rectangle: return "a rectangle";
    case TiledObjectShape::Point: return "a point";
    case TiledObjectShape::Tile: return "a tile object";
    case TiledObjectShape::Ellipse: return "an ellipse";
    case TiledObjectShape::Polygon: return "a polygon";
    case TiledObjectShape::Polyline: return "a polyline";
    case TiledObjectShape::Text: return "a text object";
  }
  return "an object";
}

// "object 7 (\"Lord\")", or "object 7" while the name is not one a unit may have.
std::string objectLabel(const TiledObject& object) {
  std::string label = object.id ? "object " + std::to_string(*object.id) : "an object without an id";
  if (scenario_fields::allowedName(object.name)) label += " (\"" + object.name + "\")";
  return label;
}

std::string numberText(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// The property's value as the JSON a scenario would hold, or why it cannot be: `move` is an int,
// the others are strings.
Expected<Json> propertyValue(const TiledProperty& property) {
  const std::string what = "property \"" + property.name + "\"";
  const std::string shown = Json(property.value).dump(-1, ' ', false, Json::error_handler_t::replace);
  if (isIntProperty(property.name)) {
    const char* range = property.name == "move" ? "0..255" : property.name == "hp" ? "1..99" : "0..99";
    if (property.type != "int") {
      return Error{what + " has type " + property.type + " (" + shown + "); expected an int " +
                   range + " (in Tiled: Add Property, type int)"};
    }
    long long value = 0;
    const char* begin = property.value.data();
    const char* end = begin + property.value.size();
    const auto [stop, error] = std::from_chars(begin, end, value);
    if (error != std::errc() || stop != end) {
      return Error{what + " " + shown + " is not an int; expected an int " + range};
    }
    return Json(value);
  }
  if (isBoolProperty(property.name)) {
    if (property.type != "bool") {
      return Error{what + " has type " + property.type + " (" + shown +
                   "); expected a bool (in Tiled: Add Property, type bool)"};
    }
    if (property.value != "true" && property.value != "false") {
      return Error{what + " " + shown + " is not a bool; expected true or false"};
    }
    return Json(property.value == "true");
  }
  if (property.type != "string") {
    return Error{what + " has type " + property.type + " (" + shown + "); expected a string"};
  }
  if (property.name == "skills") {
    // Comma-separated in Tiled (SPEC §11.3), a list in a scenario.
    const auto skills = parseSkills(property.value, what);
    if (!skills) return Error{skills.error()};
    return Json(skillNames(*skills));
  }
  return Json(property.value);
}

// The `objectalignment` of the tileset that holds a tile object's gid ("" when unspecified).
std::string alignmentOf(const TiledObject& object, const std::vector<TiledTileset>& tilesets) {
  const std::uint32_t gid = tileGid(object.gid);
  std::string alignment;
  for (const TiledTileset& tileset : tilesets) {  // by increasing firstGid
    if (tileset.firstGid <= gid) alignment = tileset.objectAlignment;
  }
  return alignment == "unspecified" ? std::string() : alignment;
}

// The middle of a tile object's bottom edge (SPEC §13), from the point its x, y name: the one its
// tileset's `objectalignment` says (bottom-left when unspecified, as Tiled places tile objects on
// orthogonal and hexagonal maps). One with no size of its own has the tile's.
PixelPoint bottomMiddle(const TiledObject& object, const std::string& alignment, int tileWidth,
                        int tileHeight) {
  const double width = object.width.value_or(tileWidth);
  const double height = object.height.value_or(tileHeight);
  const auto has = [&](const char* word) { return alignment.find(word) != std::string::npos; };
  const bool centredX = alignment == "top" || alignment == "bottom" || alignment == "center";
  const double x = *object.x + (centredX ? 0.0 : has("right") ? -width / 2 : width / 2);
  const double y = *object.y + (has("bottom") || alignment.empty() ? 0.0
                                : has("top")                       ? height
                                                                   : height / 2);
  return {x, y};
}

// The cell under a unit object's anchor, as Tiled draws the map.
Cell anchorCell(const TiledObject& object, const TiledGeometry& geometry,
                const std::vector<TiledTileset>& tilesets, int tileWidth, int tileHeight) {
  const bool tile = object.shape == TiledObjectShape::Tile;
  if (!isHex(geometry.layout())) {
    // SPEC §9: a tile object's y is its bottom edge, which belongs to the cell below: a pixel up.
    return *geometry.cellAt({*object.x, tile ? *object.y - 1 : *object.y});
  }
  // On hex the cells of a column (row) are staggered, so a tile's corner may lie over another
  // cell than the tile: the middle of its bottom edge, a pixel up, is the anchor (SPEC §13).
  if (!tile) return *geometry.cellAt({*object.x, *object.y});
  const PixelPoint bottom =
      bottomMiddle(object, alignmentOf(object, tilesets), tileWidth, tileHeight);
  return *geometry.cellAt({bottom.x, bottom.y - 1});
}

// The JSON unit an object stands for (its cell from its position as the map's geometry places
// it), or why it stands for none.
Expected<Json> unitEntry(const TiledObject& object, const TiledGeometry& geometry,
                         const std::vector<TiledTileset>& tilesets, int tileWidth, int tileHeight,
                         const CostMap& costs) {
  if (!object.templatePath.empty()) {
    return Error{"is made from the template '" + object.templatePath +
                 "'; detach it (Tiled: Detach Template) so the map holds the unit's properties"};
  }
  if (object.shape != TiledObjectShape::Point && object.shape != TiledObjectShape::Tile) {
    return Error{std::string("is ") + shapeName(object.shape) +
                 "; a unit is a point or a tile object (Tiled: Insert Point or Insert Tile)"};
  }
  if (!object.x || !object.y) return Error{"has a position that is not a number"};
  if (object.name.empty()) {
    return Error{"has no name; a unit's name is the object's name, 1..32 characters"};
  }
  Json entry = Json::object();
  entry["name"] = object.name;
  for (const TiledProperty& property : object.properties) {
    const std::string& name = property.name;
    if (name != "team" && name != "attack" && name != "class" && name != "skills" &&
        !isIntProperty(name) && !isBoolProperty(name)) {
      return Error{"has the property " +
                   Json(name).dump(-1, ' ', false, Json::error_handler_t::replace) + "; " +
                   kUnitProperties};
    }
    if (entry.contains(name)) return Error{"has the property \"" + name + "\" twice; give it once"};
    auto value = propertyValue(property);
    if (!value) return Error{value.error()};
    entry[name] = std::move(*value);
  }
  for (const char* required : {"team", "move"}) {
    if (!entry.contains(required)) {
      return Error{std::string("has no property \"") + required + "\"; " + kUnitProperties};
    }
  }

  // Far outside the map a position is no cell (and would overflow one): refused before asking.
  const double limit = 4.0 * kMaxMapSide * std::max(tileWidth, tileHeight);
  const bool near = std::fabs(*object.x) < limit && std::fabs(*object.y) < limit;
  const Cell cell =
      near ? anchorCell(object, geometry, tilesets, tileWidth, tileHeight) : Cell{-1, -1};
  if (!costs.contains(cell)) {
    return Error{"is at x " + numberText(*object.x) + ", y " + numberText(*object.y) +
                 " (pixels), outside the " + costs.sizeText() + " map of " +
                 std::to_string(tileWidth) + "x" + std::to_string(tileHeight) +
                 " tiles; place it on the map"};
  }
  entry["at"] = Json::array({cell.x, cell.y});
  return entry;
}

// Presets, then the classes of the map's string property `classes`.
Expected<std::map<std::string, MovementClass>> mapClasses(const TiledMap& map) {
  const std::string what = "its map property \"classes\"";
  for (const TiledProperty& property : map.properties) {
    if (property.name != "classes") continue;
    if (property.type != "string") {
      return Error{what + " has type " + property.type +
                   "; expected a string holding a JSON object of class names and costs, e.g. "
                   "{\"armour\": \"1,3,6,x,x\"}"};
    }
    const auto table = scenario_fields::parseStrictJson(
        std::vector<std::uint8_t>(property.value.begin(), property.value.end()));
    if (!table) return Error{what + ": " + table.error()};
    auto classes = scenario_fields::readClasses(*table, presetMovementClasses(),
                                                map.costMap.terrainNames());
    if (!classes) return Error{what + ": " + classes.error()};
    return classes;
  }
  return presetMovementClasses();
}

// The units layer's objects as units, in file order; no two on a cell.
Expected<std::vector<Unit>> readUnits(const TiledMap& map, const Scenario& scenario) {
  const std::vector<TiledObject>& objects = map.unitLayers.front();
  if (objects.empty() || objects.size() > kMaxScenarioUnits) {
    return Error{"its 'units' layer has " + std::to_string(objects.size()) +
                 " objects; expected 1..256 units"};
  }
  const TiledGeometry geometry(scenario.map.layout(), map.tileWidth, map.tileHeight,
                               map.hexSideLength);
  if (!geometry.valid()) {
    return Error{"its hexagons (tiles " + std::to_string(map.tileWidth) + "x" +
                 std::to_string(map.tileHeight) + ", hexsidelength " +
                 std::to_string(map.hexSideLength) +
                 ") are too small to tell cells apart; units need rows and columns at least a "
                 "pixel apart"};
  }
  std::vector<Unit> units;
  Grid<int> standing(scenario.map.width(), scenario.map.height(), -1);
  for (const TiledObject& object : objects) {
    const std::string label = "'units' layer, " + objectLabel(object);
    const auto entry =
        unitEntry(object, geometry, map.tilesets, map.tileWidth, map.tileHeight, scenario.map);
    if (!entry) return Error{label + ": " + entry.error()};
    std::string unitLabel;
    auto unit = scenario_fields::readUnit(*entry, scenario, unitLabel);
    if (!unit) return Error{label + ": " + unit.error()};
    const int other = standing[unit->cell];
    if (other >= 0) {
      return Error{label + " stands at " + toString(unit->cell) + ", the cell of " +
                   objectLabel(objects[static_cast<std::size_t>(other)]) +
                   "; no two units may share a cell"};
    }
    standing[unit->cell] = static_cast<int>(units.size());
    units.push_back(std::move(*unit));
  }
  return units;
}

}  // namespace

// The map's string property `rules` (SPEC §11.2): a JSON object as a scenario's "rules".
Expected<BoardRules> tiledRulesProperty(const TiledMap& map);

Expected<BoardRules> tiledMapRules(const TiledMap& map) {
  auto rules = tiledRulesProperty(map);
  if (!rules) return rules;
  // SPEC §11.8: which terrains block sight, a JSON array in the string property blocks_sight.
  for (const TiledProperty& property : map.properties) {
    if (property.name != "blocks_sight") continue;
    const std::string what = "its map property \"blocks_sight\"";
    if (property.type != "string") {
      return Error{what + " has type " + property.type +
                   "; expected a string holding a JSON array, e.g. [\"wall\"]"};
    }
    const auto names = scenario_fields::parseStrictJson(
        std::vector<std::uint8_t>(property.value.begin(), property.value.end()));
    if (!names) return Error{what + ": " + names.error()};
    const auto blockers = scenario_fields::readBlocksSight(*names, map.costMap);
    if (!blockers) return Error{"its map property " + blockers.error()};
    rules->sight.blockers = *blockers;
  }
  if (auto problem = scenario_fields::sightProblem(*rules, map.costMap)) {
    return Error{"its map property \"rules\": " + *problem};
  }
  return rules;
}

Expected<BoardRules> tiledRulesProperty(const TiledMap& map) {
  const std::string what = "its map property \"rules\"";
  for (const TiledProperty& property : map.properties) {
    if (property.name != "rules") continue;
    if (property.type != "string") {
      return Error{what + " has type " + property.type +
                   "; expected a string holding a JSON object, e.g. {\"zoc\": true}"};
    }
    const auto table = scenario_fields::parseStrictJson(
        std::vector<std::uint8_t>(property.value.begin(), property.value.end()));
    if (!table) return Error{what + ": " + table.error()};
    auto rules = scenario_fields::readRules(*table);
    if (!rules) return Error{what + ": " + rules.error()};
    return rules;
  }
  return BoardRules{};
}

namespace {

// A map property holding a JSON value (SPEC §14's terrain_defence and objective), parsed; null
// when the map has none.
Expected<Json> mapJsonProperty(const TiledMap& map, const char* name, const char* example) {
  const std::string what = std::string("its map property \"") + name + "\"";
  for (const TiledProperty& property : map.properties) {
    if (property.name != name) continue;
    if (property.type != "string") {
      return Error{what + " has type " + property.type + "; expected a string holding " + example};
    }
    auto value = scenario_fields::parseStrictJson(
        std::vector<std::uint8_t>(property.value.begin(), property.value.end()));
    if (!value) return Error{what + ": " + value.error()};
    return value;
  }
  return Json();
}

// SPEC §14 for a Tiled map opened as a scenario: its map properties terrain_defence and
// objective, and the board's rule on hp.
std::optional<std::string> readTiledCombat(const TiledMap& map, Scenario& scenario) {
  scenario.defence = TerrainDefence::defaults(scenario.map);
  const auto defence = mapJsonProperty(map, "terrain_defence", "a JSON object, e.g. {\"forest\": 1}");
  if (!defence) return defence.error();
  if (!defence->is_null()) {
    auto read = scenario_fields::readTerrainDefence(*defence, scenario.map);
    if (!read) return "its map property " + read.error();
    scenario.defence = *read;
  }
  const auto objective =
      mapJsonProperty(map, "objective", "a JSON object, e.g. {\"type\": \"rout\"}");
  if (!objective) return objective.error();
  if (auto problem = scenario_fields::combatBoardProblem(scenario.units, !objective->is_null())) {
    return problem;
  }
  if (objective->is_null()) return std::nullopt;
  auto read = scenario_fields::readObjective(*objective, scenario.units, scenario.map);
  if (!read) return "its map property " + read.error();
  scenario.objective = *read;
  return std::nullopt;
}

}  // namespace

Expected<Scenario> scenarioFromTiledMap(TiledMap map, const std::string& path) {
  if (map.unitLayers.empty()) {
    return Error{path + " is a Tiled map without a 'units' object layer; use --map " + path};
  }
  const std::string file = "map '" + path + "': ";
  if (map.unitLayers.size() > 1) {
    return Error{file + "it has " + std::to_string(map.unitLayers.size()) +
                 " object layers named 'units'; put every unit in one"};
  }
  if (map.tileWidth < 1 || map.tileHeight < 1) {
    return Error{file + "its tiles are " + std::to_string(map.tileWidth) + "x" +
                 std::to_string(map.tileHeight) + " pixels; units need tiles at least 1x1"};
  }
  Scenario scenario;
  auto classes = mapClasses(map);
  if (!classes) return Error{file + classes.error()};
  scenario.classes = std::move(*classes);
  const auto rules = tiledMapRules(map);
  if (!rules) return Error{file + rules.error()};
  scenario.rules = *rules;
  scenario.map = std::move(map.costMap);
  scenario.mapPath = path;
  auto units = readUnits(map, scenario);
  if (!units) return Error{file + units.error()};
  scenario.units = std::move(*units);
  if (auto problem = readTiledCombat(map, scenario)) return Error{file + *problem};
  return scenario;
}

}  // namespace tactics
