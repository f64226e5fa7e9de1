// The JSON formats: .tmj/.json maps and .tsj/.json tilesets, read with nlohmann::json.
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

#include "tactics/solver/parse.h"
#include "json_bytes.h"
#include "tiled_document.h"

namespace tactics::tiled {

namespace {

using Json = nlohmann::json;

std::optional<std::string> parseJson(const std::vector<std::uint8_t>& bytes, Json& json) {
  if (auto nul = nulByteInJson(bytes)) return nul;
  try {
    json = Json::parse(bytes.begin(), bytes.end());
  } catch (const Json::exception& e) {
    // A syntax error or a number too large for any type (out_of_range.406, found by fuzz_tiled).
    // nlohmann's text: "[json.exception.parse_error.101] parse error at line 1, column 2: ...".
    std::string what = e.what();
    const auto bracket = what.find("] ");
    if (bracket != std::string::npos) what.erase(0, bracket + 2);
    return "it is not valid JSON (" + what + ")";
  }
  if (!json.is_object()) return std::string("its top level is not a JSON object");
  return std::nullopt;
}

// An integer member lo..hi; `fallback` when absent (nullopt: required).
Expected<int> intMember(const Json& object, const char* name, long long lo, long long hi,
                        std::optional<int> fallback, const std::string& where) {
  const auto found = object.find(name);
  if (found == object.end()) {
    if (fallback) return *fallback;
    return Error{where + " has no \"" + name + "\""};
  }
  if (!found->is_number_integer() || found->get<long long>() < lo || found->get<long long>() > hi) {
    return Error{where + "'s \"" + name + "\" is " + found->dump() + "; expected an integer " +
                 std::to_string(lo) + ".." + std::to_string(hi)};
  }
  return static_cast<int>(found->get<long long>());
}

std::string stringMember(const Json& object, const char* name) {
  const auto found = object.find(name);
  return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

// "#ff00ff" or "#aarrggbb" (Tiled writes the alpha first when it is there).
std::optional<std::array<std::uint8_t, 3>> parseColour(std::string text) {
  if (!text.empty() && text.front() == '#') text.erase(0, 1);
  if (text.size() == 8) text.erase(0, 2);
  if (text.size() != 6 || text.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
    return std::nullopt;
  }
  std::array<std::uint8_t, 3> rgb{};
  for (std::size_t i = 0; i < 3; ++i) {
    rgb[i] = static_cast<std::uint8_t>(std::stoul(text.substr(2 * i, 2), nullptr, 16));
  }
  return rgb;
}

Expected<std::optional<TileTerrain>> terrainValue(const Json& value, const std::string& type) {
  if (value.is_string() && (type.empty() || type == "string")) {
    return std::optional(TileTerrain{value.get<std::string>(), false, false, ""});
  }
  if (value.is_number_integer() && (type.empty() || type == "int")) {
    return std::optional(TileTerrain{value.dump(), value.get<long long>() >= 0, false, ""});
  }
  return Error{terrainTypeError(value.dump() + (type.empty() ? std::string() : " of type " + type))};
}

// The terrain of one tile object as written: its `terrain` property, else its class (`class`,
// or `type`).
Expected<std::optional<TileTerrain>> tileTerrain(const Json& tile) {
  const auto properties = tile.find("properties");
  if (properties != tile.end() && properties->is_array()) {
    for (const Json& property : *properties) {
      if (!property.is_object() || stringMember(property, "name") != "terrain") continue;
      const auto value = property.find("value");
      if (value == property.end()) return Error{"its terrain property has no value"};
      return terrainValue(*value, stringMember(property, "type"));
    }
  } else if (properties != tile.end() && properties->is_object() && properties->contains("terrain")) {
    // Tiled before 1.2 wrote properties as one object.
    return terrainValue((*properties)["terrain"], "");
  }
  const std::string className = stringMember(tile, "class");
  const std::string type = stringMember(tile, "type");
  if (!className.empty()) return std::optional(TileTerrain{className, false, true, type});
  if (!type.empty()) return std::optional(TileTerrain{type, false, true, ""});
  return std::optional<TileTerrain>();
}

// A tileset object, embedded in a map or the top level of a .tsj. `file` anchors image paths.
Expected<TiledTileset> readTilesetObject(const Json& object, const std::string& file) {
  TiledTileset tileset;
  tileset.name = stringMember(object, "name");
  tileset.source = file;
  tileset.objectAlignment = stringMember(object, "objectalignment");
  const std::string where = "the tileset";
  for (auto [field, name, fallback] :
       {std::tuple{&tileset.tileWidth, "tilewidth", std::optional<int>()},
        std::tuple{&tileset.tileHeight, "tileheight", std::optional<int>()},
        std::tuple{&tileset.margin, "margin", std::optional<int>(0)},
        std::tuple{&tileset.spacing, "spacing", std::optional<int>(0)},
        std::tuple{&tileset.columns, "columns", std::optional<int>(0)},
        std::tuple{&tileset.tileCount, "tilecount", std::optional<int>(0)},
        std::tuple{&tileset.imageWidth, "imagewidth", std::optional<int>(0)},
        std::tuple{&tileset.imageHeight, "imageheight", std::optional<int>(0)}}) {
    auto value = intMember(object, name, 0, 0x7FFFFFFF, fallback, where);
    if (!value) return Error{value.error()};
    *field = *value;
  }
  if (const std::string image = stringMember(object, "image"); !image.empty()) {
    tileset.imagePath = resolvePath(file, image);
  }
  if (const std::string trans = stringMember(object, "transparentcolor"); !trans.empty()) {
    tileset.transparent = parseColour(trans);
    if (!tileset.transparent) {
      return Error{"its transparentcolor '" + trans + "' is not a colour; expected #RRGGBB"};
    }
  }
  const auto tiles = object.find("tiles");
  if (tiles != object.end() && tiles->is_array()) {
    for (const Json& tile : *tiles) {
      if (!tile.is_object()) return Error{"its \"tiles\" hold " + tile.dump() + ", not objects"};
      auto id = intMember(tile, "id", 0, 0x7FFFFFFF, std::nullopt, "a tile");
      if (!id) return Error{id.error()};
      auto terrain = tileTerrain(tile);
      if (!terrain) return Error{"tile " + std::to_string(*id) + ": " + terrain.error()};
      if (*terrain) tileset.terrain[*id] = **terrain;
      if (const std::string image = stringMember(tile, "image"); !image.empty()) {
        tileset.tileImages[*id] = resolvePath(file, image);
      }
    }
  }
  return tileset;
}

// One tile layer's gids: an array (csv encoding) or base64 text.
Expected<std::vector<std::uint32_t>> layerData(const Json& layer, std::size_t cells) {
  if (layer.contains("chunks")) return Error{"its data is in chunks (an infinite map)"};
  const auto data = layer.find("data");
  if (data == layer.end()) return Error{"it has no \"data\""};
  const std::string encoding = stringMember(layer, "encoding");
  if (encoding != "base64" && !stringMember(layer, "compression").empty()) {
    return Error{"its data is compressed but not base64; only base64 data is compressed"};
  }
  if (encoding.empty() || encoding == "csv") {
    if (!data->is_array()) return Error{"its \"data\" is not an array of gids"};
    std::vector<std::uint32_t> gids;
    gids.reserve(data->size());
    for (const Json& gid : *data) {
      if (!gid.is_number_unsigned() || gid.get<std::uint64_t>() > 0xFFFFFFFFu) {
        return Error{"its data entry " + std::to_string(gids.size() + 1) + " is " + gid.dump() +
                     "; expected an integer 0..4294967295"};
      }
      gids.push_back(gid.get<std::uint32_t>());
    }
    if (gids.size() != cells) return Error{dataLengthError(gids.size(), cells)};
    return gids;
  }
  if (encoding == "base64") {
    if (!data->is_string()) return Error{"its base64 \"data\" is not a string"};
    return gidsFromBase64(data->get<std::string>(), stringMember(layer, "compression"), cells);
  }
  return Error{"its encoding '" + encoding + "' is unknown; allowed: csv (an array) or base64"};
}

// Tiled's name for the type of a JSON value, for properties written without one.
std::string impliedType(const Json& value) {
  if (value.is_boolean()) return "bool";
  if (value.is_number_integer()) return "int";
  if (value.is_number()) return "float";
  if (value.is_object()) return "class";
  return "string";
}

// A property's value as the text a .tmx would hold: a string as it is, anything else as JSON
// (so an int written as the string "5" reads as "\"5\"", which is no int).
std::string propertyText(const Json& value, const std::string& type) {
  if (value.is_string() && type != "int" && type != "float" && type != "bool") {
    return value.get<std::string>();
  }
  if (value.is_object() || value.is_array()) return type == "class" ? "" : value.dump();
  return value.dump();
}

// The custom properties of a map or an object: an array of {name, type, value}, or, as Tiled
// wrote before 1.2, an object of name: value with the types in "propertytypes".
std::vector<TiledProperty> readProperties(const Json& owner) {
  std::vector<TiledProperty> properties;
  const auto list = owner.find("properties");
  if (list == owner.end()) return properties;
  if (list->is_array()) {
    for (const Json& property : *list) {
      if (!property.is_object()) continue;
      TiledProperty read;
      read.name = stringMember(property, "name");
      const auto value = property.find("value");
      const Json none;
      const Json& given = value == property.end() ? none : *value;
      read.type = stringMember(property, "type");
      if (read.type.empty()) read.type = impliedType(given);
      read.value = propertyText(given, read.type);
      properties.push_back(std::move(read));
    }
  } else if (list->is_object()) {
    const auto types = owner.find("propertytypes");
    for (const auto& [name, value] : list->items()) {
      TiledProperty read;
      read.name = name;
      read.type = types != owner.end() && types->is_object() ? stringMember(*types, name.c_str())
                                                             : std::string();
      if (read.type.empty()) read.type = impliedType(value);
      read.value = propertyText(value, read.type);
      properties.push_back(std::move(read));
    }
  }
  return properties;
}

// A position member: a finite number (0 when absent, as Tiled leaves it out), else nullopt.
std::optional<double> positionMember(const Json& object, const char* name) {
  const auto found = object.find(name);
  if (found == object.end()) return 0.0;
  if (!found->is_number()) return std::nullopt;
  const double value = found->get<double>();
  return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

// One object of a `units` layer, as written.
TiledObject readObject(const Json& json) {
  TiledObject object;
  const auto id = json.find("id");
  if (id != json.end() && id->is_number_unsigned() && id->get<std::uint64_t>() <= 0x7FFFFFFFu) {
    object.id = static_cast<int>(id->get<std::uint64_t>());
  }
  object.name = stringMember(json, "name");
  object.x = positionMember(json, "x");
  object.y = positionMember(json, "y");
  if (const auto width = positionMember(json, "width"); width && *width > 0) object.width = width;
  if (const auto height = positionMember(json, "height"); height && *height > 0) {
    object.height = height;
  }
  if (const auto gid = json.find("gid"); gid != json.end() && gid->is_number_unsigned() &&
                                         gid->get<std::uint64_t>() <= 0xFFFFFFFFu) {
    object.gid = static_cast<std::uint32_t>(gid->get<std::uint64_t>());
  }
  object.templatePath = stringMember(json, "template");
  const auto flag = [&](const char* name) {
    const auto found = json.find(name);
    return found != json.end() && !(found->is_boolean() && !found->get<bool>());
  };
  if (flag("point")) {
    object.shape = TiledObjectShape::Point;
  } else if (flag("ellipse")) {
    object.shape = TiledObjectShape::Ellipse;
  } else if (flag("polygon")) {
    object.shape = TiledObjectShape::Polygon;
  } else if (flag("polyline")) {
    object.shape = TiledObjectShape::Polyline;
  } else if (flag("text")) {
    object.shape = TiledObjectShape::Text;
  } else if (json.contains("gid")) {
    object.shape = TiledObjectShape::Tile;
  }
  object.properties = readProperties(json);
  return object;
}

std::optional<std::string> readLayers(const Json& layers, const LayerContext& context,
                                      TiledDocument& document) {
  if (!layers.is_array()) return "\"layers\" is not an array";
  const std::size_t cells =
      static_cast<std::size_t>(document.width) * static_cast<std::size_t>(document.height);
  for (const Json& layer : layers) {
    if (!layer.is_object()) return "a layer is " + layer.dump() + ", not an object";
    const std::string type = stringMember(layer, "type");
    if (type == "objectgroup" && stringMember(layer, "name") == kUnitsLayerName) {
      std::vector<TiledObject> objects;
      const auto list = layer.find("objects");
      if (list != layer.end() && list->is_array()) {
        for (const Json& object : *list) {
          if (!object.is_object()) {
            return std::string("layer 'units': an entry of its \"objects\" is not a JSON object");
          }
          objects.push_back(readObject(object));
        }
      }
      document.unitLayers.push_back(std::move(objects));
      continue;
    }
    if (type != "tilelayer" && type != "group") continue;
    LayerContext inner;
    inner.prefix = context.prefix + stringMember(layer, "name");
    const auto visible = layer.find("visible");
    inner.visible = context.visible && !(visible != layer.end() && visible->is_boolean() &&
                                         !visible->get<bool>());
    const auto opacity = layer.find("opacity");
    inner.opacity = context.opacity *
                    (opacity != layer.end() && opacity->is_number() ? opacity->get<float>() : 1.0f);
    if (type == "group") {
      inner.prefix += "/";
      inner.depth = context.depth + 1;
      if (inner.depth > kMaxGroupDepth) return groupDepthError();
      const auto children = layer.find("layers");
      if (children == layer.end()) continue;
      if (auto problem = readLayers(*children, inner, document)) return problem;
      continue;
    }
    if (auto full = checkRoomForLayer(document)) return full;
    const auto width = intMember(layer, "width", 0, 0x7FFFFFFF, document.width, "a tile layer");
    if (!width) return "layer '" + inner.prefix + "': " + width.error();
    const auto height = intMember(layer, "height", 0, 0x7FFFFFFF, document.height, "a tile layer");
    if (!height) return "layer '" + inner.prefix + "': " + height.error();
    if (auto size = checkLayerSize(*width, *height, document)) return "layer '" + inner.prefix + "': " + *size;
    auto gids = layerData(layer, cells);
    if (!gids) return "layer '" + inner.prefix + "': " + gids.error();
    document.layers.push_back(TiledLayer{inner.prefix, inner.visible, inner.opacity, std::move(*gids)});
  }
  return std::nullopt;
}

}  // namespace

Expected<TiledTileset> readTsj(const std::vector<std::uint8_t>& bytes, const std::string& path) {
  Json json;
  if (auto problem = parseJson(bytes, json)) return Error{*problem};
  if (const std::string type = stringMember(json, "type"); !type.empty() && type != "tileset") {
    return Error{"it is not a Tiled tileset: its \"type\" is \"" + type + "\"; expected \"tileset\""};
  }
  return readTilesetObject(json, path);
}

namespace {

// The map's grid: orientation, stagger (SPEC §13), hexsidelength, finite and size, checked.
std::optional<std::string> readMapShape(const Json& json, TiledDocument& document) {
  auto side = intMember(json, "hexsidelength", 0, 0x7FFFFFFF, 0, "the map");
  if (!side) return side.error();
  document.hexSideLength = *side;
  std::string orientation = stringMember(json, "orientation");
  if (orientation.empty()) orientation = "orthogonal";
  const auto infinite = json.find("infinite");
  const bool isInfinite = infinite != json.end() && infinite->is_boolean() && infinite->get<bool>();
  const std::string staggerAxis = stringMember(json, "staggeraxis");
  const std::string staggerIndex = stringMember(json, "staggerindex");
  const auto shape = checkMapShape({orientation, staggerAxis, staggerIndex, isInfinite}, document);
  if (!shape) return shape.error();
  return std::nullopt;
}

}  // namespace

Expected<TiledDocument> readTmj(const std::vector<std::uint8_t>& bytes, const std::string& path,
                                const ReadFile& readFile) {
  Json json;
  if (auto problem = parseJson(bytes, json)) return Error{*problem};
  if (json.contains("units")) {
    return Error{"it is a scenario (it has \"units\"), not a map; open it as a scenario, or give "
                 "a map: an image or a Tiled map (\"type\": \"map\")"};
  }
  if (stringMember(json, "type") != "map") {
    return Error{"a .json map must be a Tiled map (top-level \"type\": \"map\"); a .json with "
                 "\"units\" is a scenario"};
  }
  TiledDocument document;
  for (auto [field, name] : {std::pair{&document.width, "width"},
                             std::pair{&document.height, "height"},
                             std::pair{&document.tileWidth, "tilewidth"},
                             std::pair{&document.tileHeight, "tileheight"}}) {
    auto value = intMember(json, name, 0, 0x7FFFFFFF, std::nullopt, "the map");
    if (!value) return Error{value.error()};
    *field = *value;
  }
  if (auto problem = readMapShape(json, document)) return Error{*problem};

  const auto tilesets = json.find("tilesets");
  if (tilesets != json.end() && tilesets->is_array()) {
    for (const Json& entry : *tilesets) {
      if (!entry.is_object()) return Error{"a tileset is " + entry.dump() + ", not an object"};
      auto firstGid = intMember(entry, "firstgid", 1, 0x0FFFFFFF, std::nullopt, "a tileset");
      if (!firstGid) return Error{firstGid.error()};
      const auto gid = static_cast<std::uint32_t>(*firstGid);
      if (const std::string source = stringMember(entry, "source"); !source.empty()) {
        auto tileset = readExternalTileset(source, gid, path, readFile);
        if (!tileset) return Error{tileset.error()};
        document.tilesets.push_back(std::move(*tileset));
        continue;
      }
      auto tileset = readTilesetObject(entry, path);
      if (!tileset) {
        return Error{"tileset '" + stringMember(entry, "name") + "' (embedded): " +
                     tileset.error()};
      }
      tileset->firstGid = gid;
      document.tilesets.push_back(std::move(*tileset));
    }
  }
  const auto layers = json.find("layers");
  if (layers == json.end()) return Error{"the map has no \"layers\""};
  if (auto problem = readLayers(*layers, LayerContext{}, document)) return Error{*problem};
  document.properties = readProperties(json);
  return document;
}

}  // namespace tactics::tiled
