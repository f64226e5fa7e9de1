#pragma once
// Writing a board's units into a Tiled map's `units` object layer (SPEC §9), the level editor's
// Save for a Tiled map. Everything else in the file stays byte for byte as it was: only the
// layer's objects are rewritten (the layer's own tag, id and attributes are kept), a map without
// the layer gets one before `</map>`, and the map's `nextobjectid` / `nextlayerid` grow when the
// new objects or layer need ids. Objects are written as Tiled writes them: a point at the
// centre of the unit's cell, properties sorted by name. Only .tmx maps (XML).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/units.h"

namespace tactics {

// The .tmx text `bytes` (the map at `path`, named in errors) with `units` as its `units` layer.
// `classes` are the classes the map may name (the presets and its property `classes`): a unit
// whose class is not among them with the unit's costs, or that carries props (a layer has no
// room for them), is an error naming the unit; so is a map with more than one `units` layer.
Expected<std::vector<std::uint8_t>> tmxWithUnits(const std::vector<std::uint8_t>& bytes,
                                                 const std::string& path,
                                                 const std::vector<Unit>& units,
                                                 const std::map<std::string, MovementClass>& classes);

// Reads the .tmx at `path`, puts `units` in its `units` layer as above and writes it back
// atomically. Returns why not.
std::optional<std::string> saveTiledUnits(const std::string& path, const std::vector<Unit>& units,
                                          const std::map<std::string, MovementClass>& classes);

}  // namespace tactics
