// The XML formats: .tmx maps and .tsx tilesets, read with pugixml.
#include <pugixml.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "tiled_document.h"

namespace tactics::tiled {

namespace {

// Parses the document, or says where the XML is broken.
std::optional<std::string> parseXml(const std::vector<std::uint8_t>& bytes,
                                       pugi::xml_document& document) {
  const pugi::xml_parse_result result = document.load_buffer(bytes.data(), bytes.size());
  if (!result) {
    const auto end = bytes.begin() + std::min<std::ptrdiff_t>(result.offset,
                                                              static_cast<std::ptrdiff_t>(bytes.size()));
    const auto line = 1 + std::count(bytes.begin(), end, static_cast<std::uint8_t>('\n'));
    return "it is not valid XML (" + std::string(result.description()) + " at line " +
           std::to_string(line) + ")";
  }
  return std::nullopt;
}

// An integer attribute lo..hi; `fallback` when absent (nullopt: required).
Expected<int> intAttribute(const pugi::xml_node& node, const char* name, int lo, int hi,
                           std::optional<int> fallback) {
  const pugi::xml_attribute attribute = node.attribute(name);
  const std::string where = "<" + std::string(node.name()) + "> attribute " + name;
  if (!attribute) {
    if (fallback) return *fallback;
    return Error{"the " + where + " is missing"};
  }
  const std::string text = attribute.value();
  const auto value = parseUnsigned(text);
  if (!value || *value < static_cast<std::uint32_t>(lo) || *value > static_cast<std::uint32_t>(hi)) {
    return Error{"the " + where + " '" + text + "' is not an integer " + std::to_string(lo) +
                 ".." + std::to_string(hi)};
  }
  return static_cast<int>(*value);
}

// The `trans` colour: "ff00ff" or "#ff00ff".
std::optional<std::array<std::uint8_t, 3>> parseColour(std::string text) {
  if (!text.empty() && text.front() == '#') text.erase(0, 1);
  if (text.size() != 6 || text.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
    return std::nullopt;
  }
  std::array<std::uint8_t, 3> rgb{};
  for (std::size_t i = 0; i < 3; ++i) {
    rgb[i] = static_cast<std::uint8_t>(std::strtoul(text.substr(2 * i, 2).c_str(), nullptr, 16));
  }
  return rgb;
}

// The terrain of one <tile> as written: its `terrain` property, else its class (`class`, or
// `type`).
Expected<std::optional<TileTerrain>> tileTerrain(const pugi::xml_node& tile) {
  for (const pugi::xml_node& property : tile.child("properties").children("property")) {
    if (std::string(property.attribute("name").value()) != "terrain") continue;
    const std::string type = property.attribute("type").value();
    const pugi::xml_attribute valueAttribute = property.attribute("value");
    const std::string value = valueAttribute ? valueAttribute.value() : property.text().get();
    if (type.empty() || type == "string") return std::optional(TileTerrain{value, false, false, ""});
    if (type == "int") return std::optional(TileTerrain{value, parseUnsigned(value).has_value(), false, ""});
    return Error{terrainTypeError("type " + type)};
  }
  const std::string className = tile.attribute("class").value();
  const std::string type = tile.attribute("type").value();
  if (!className.empty()) return std::optional(TileTerrain{className, false, true, type});
  if (!type.empty()) return std::optional(TileTerrain{type, false, true, ""});
  return std::optional<TileTerrain>();
}

// A <tileset> element, embedded in a map or the root of a .tsx. `file` anchors image paths.
Expected<TiledTileset> readTilesetElement(const pugi::xml_node& node, const std::string& file) {
  TiledTileset tileset;
  tileset.name = node.attribute("name").value();
  tileset.source = file;
  for (auto [field, name, fallback] :
       {std::tuple{&tileset.tileWidth, "tilewidth", std::optional<int>()},
        std::tuple{&tileset.tileHeight, "tileheight", std::optional<int>()},
        std::tuple{&tileset.margin, "margin", std::optional<int>(0)},
        std::tuple{&tileset.spacing, "spacing", std::optional<int>(0)},
        std::tuple{&tileset.columns, "columns", std::optional<int>(0)},
        std::tuple{&tileset.tileCount, "tilecount", std::optional<int>(0)}}) {
    auto value = intAttribute(node, name, 0, 0x7FFFFFFF, fallback);
    if (!value) return Error{value.error()};
    *field = *value;
  }
  tileset.objectAlignment = node.attribute("objectalignment").value();
  if (const pugi::xml_node image = node.child("image")) {
    tileset.imagePath = resolvePath(file, image.attribute("source").value());
    tileset.imageWidth = image.attribute("width").as_int();
    tileset.imageHeight = image.attribute("height").as_int();
    if (const pugi::xml_attribute trans = image.attribute("trans")) {
      tileset.transparent = parseColour(trans.value());
      if (!tileset.transparent) {
        return Error{"its image trans colour '" + std::string(trans.value()) +
                     "' is not a colour; expected RRGGBB hex digits"};
      }
    }
  }
  for (const pugi::xml_node& tile : node.children("tile")) {
    auto id = intAttribute(tile, "id", 0, 0x7FFFFFFF, std::nullopt);
    if (!id) return Error{id.error()};
    auto terrain = tileTerrain(tile);
    if (!terrain) return Error{"tile " + std::to_string(*id) + ": " + terrain.error()};
    if (*terrain) tileset.terrain[*id] = **terrain;
    if (const pugi::xml_node image = tile.child("image")) {
      tileset.tileImages[*id] = resolvePath(file, image.attribute("source").value());
    }
  }
  return tileset;
}

// One <data> element's gids.
Expected<std::vector<std::uint32_t>> layerData(const pugi::xml_node& data, std::size_t cells) {
  if (!data) return Error{"it has no <data>"};
  if (data.child("chunk")) return Error{"its data is in chunks (an infinite map); save it finite"};
  if (data.next_sibling("data")) return Error{"it has more than one <data>; a layer has one"};
  const std::string encoding = data.attribute("encoding").value();
  if (encoding != "base64" && data.attribute("compression")) {
    return Error{"its data is compressed but not base64; only base64 data is compressed"};
  }
  if (encoding.empty()) {
    std::vector<std::uint32_t> gids;
    for (const pugi::xml_node& tile : data.children("tile")) {
      const pugi::xml_attribute gid = tile.attribute("gid");
      const auto value = gid ? parseUnsigned(gid.value()) : std::optional<std::uint32_t>(0);
      if (!value) {
        return Error{"<tile> " + std::to_string(gids.size() + 1) + " has gid '" +
                     gid.value() + "'; expected an integer 0..4294967295"};
      }
      gids.push_back(*value);
    }
    if (gids.size() != cells) return Error{dataLengthError(gids.size(), cells)};
    return gids;
  }
  if (encoding == "csv") return gidsFromCsv(data.text().get(), cells);
  if (encoding == "base64") {
    return gidsFromBase64(data.text().get(), data.attribute("compression").value(), cells);
  }
  return Error{"its encoding '" + encoding +
               "' is unknown; allowed: XML <tile> elements (no encoding), csv or base64"};
}

// The custom properties of `node` (a <map> or an <object>), in file order. A multi-line string
// is the element's text; a class property has no value of its own.
std::vector<TiledProperty> readProperties(const pugi::xml_node& node) {
  std::vector<TiledProperty> properties;
  for (const pugi::xml_node& property : node.child("properties").children("property")) {
    TiledProperty read;
    read.name = property.attribute("name").value();
    if (const pugi::xml_attribute type = property.attribute("type")) read.type = type.value();
    const pugi::xml_attribute value = property.attribute("value");
    read.value = value ? value.value() : property.text().get();
    properties.push_back(std::move(read));
  }
  return properties;
}

// One <object> of a `units` layer, as written.
TiledObject readObject(const pugi::xml_node& node) {
  TiledObject object;
  if (const pugi::xml_attribute id = node.attribute("id")) {
    if (const auto value = parseUnsigned(id.value()); value && *value <= 0x7FFFFFFFu) {
      object.id = static_cast<int>(*value);
    }
  }
  object.name = node.attribute("name").value();
  // Tiled leaves out a position of 0.
  object.x = node.attribute("x") ? parseNumber(node.attribute("x").value()) : 0.0;
  object.y = node.attribute("y") ? parseNumber(node.attribute("y").value()) : 0.0;
  if (const auto width = parseNumber(node.attribute("width").value()); width && *width > 0) {
    object.width = width;
  }
  if (const auto height = parseNumber(node.attribute("height").value()); height && *height > 0) {
    object.height = height;
  }
  object.gid = parseUnsigned(node.attribute("gid").value()).value_or(0);
  object.templatePath = node.attribute("template").value();
  if (node.child("point")) {
    object.shape = TiledObjectShape::Point;
  } else if (node.child("ellipse")) {
    object.shape = TiledObjectShape::Ellipse;
  } else if (node.child("polygon")) {
    object.shape = TiledObjectShape::Polygon;
  } else if (node.child("polyline")) {
    object.shape = TiledObjectShape::Polyline;
  } else if (node.child("text")) {
    object.shape = TiledObjectShape::Text;
  } else if (node.attribute("gid")) {
    object.shape = TiledObjectShape::Tile;
  }
  object.properties = readProperties(node);
  return object;
}

// Tile layers of `parent` (the map or a group), depth first, in document order; and the objects
// of every object layer named `units`.
std::optional<std::string> readLayers(const pugi::xml_node& parent, const LayerContext& context,
                                      TiledDocument& document) {
  const std::size_t cells =
      static_cast<std::size_t>(document.width) * static_cast<std::size_t>(document.height);
  for (const pugi::xml_node& node : parent.children()) {
    const std::string kind = node.name();
    if (kind == "objectgroup" && node.attribute("name").value() == kUnitsLayerName) {
      std::vector<TiledObject> objects;
      for (const pugi::xml_node& object : node.children("object")) objects.push_back(readObject(object));
      document.unitLayers.push_back(std::move(objects));
      continue;
    }
    if (kind != "layer" && kind != "group") continue;
    LayerContext inner;
    inner.prefix = context.prefix + node.attribute("name").value();
    inner.visible = context.visible && node.attribute("visible").as_int(1) != 0;
    inner.opacity = context.opacity * node.attribute("opacity").as_float(1.0f);
    if (kind == "group") {
      inner.prefix += "/";
      inner.depth = context.depth + 1;
      if (inner.depth > kMaxGroupDepth) return groupDepthError();
      if (auto problem = readLayers(node, inner, document)) return problem;
      continue;
    }
    if (auto full = checkRoomForLayer(document)) return full;
    const int width = node.attribute("width").as_int(document.width);
    const int height = node.attribute("height").as_int(document.height);
    if (auto size = checkLayerSize(width, height, document)) return "layer '" + inner.prefix + "': " + *size;
    auto gids = layerData(node.child("data"), cells);
    if (!gids) return "layer '" + inner.prefix + "': " + gids.error();
    document.layers.push_back(TiledLayer{inner.prefix, inner.visible, inner.opacity, std::move(*gids)});
  }
  return std::nullopt;
}

}  // namespace

Expected<TiledTileset> readTsx(const std::vector<std::uint8_t>& bytes, const std::string& path) {
  pugi::xml_document xml;
  if (auto problem = parseXml(bytes, xml)) return Error{*problem};
  const pugi::xml_node root = xml.document_element();
  if (std::string(root.name()) != "tileset") {
    return Error{"it is not a Tiled tileset: the root element is <" + std::string(root.name()) +
                 ">; expected <tileset>"};
  }
  return readTilesetElement(root, path);
}

Expected<TiledDocument> readTmx(const std::vector<std::uint8_t>& bytes, const std::string& path,
                                const ReadFile& readFile) {
  pugi::xml_document xml;
  if (auto problem = parseXml(bytes, xml)) return Error{*problem};
  const pugi::xml_node map = xml.document_element();
  if (std::string(map.name()) != "map") {
    return Error{"it is not a Tiled map: the root element is <" + std::string(map.name()) +
                 ">; expected <map>"};
  }
  TiledDocument document;
  for (auto [field, name] : {std::pair{&document.width, "width"},
                             std::pair{&document.height, "height"},
                             std::pair{&document.tileWidth, "tilewidth"},
                             std::pair{&document.tileHeight, "tileheight"}}) {
    auto value = intAttribute(map, name, 0, 0x7FFFFFFF, std::nullopt);
    if (!value) return Error{value.error()};
    *field = *value;
  }
  auto side = intAttribute(map, "hexsidelength", 0, 0x7FFFFFFF, 0);
  if (!side) return Error{side.error()};
  document.hexSideLength = *side;
  const std::string orientation = map.attribute("orientation").as_string("orthogonal");
  const auto shape = checkMapShape({orientation, map.attribute("staggeraxis").as_string(),
                                    map.attribute("staggerindex").as_string(),
                                    map.attribute("infinite").as_int(0) != 0},
                                   document);
  if (!shape) return Error{shape.error()};

  for (const pugi::xml_node& node : map.children("tileset")) {
    auto firstGid = intAttribute(node, "firstgid", 1, 0x0FFFFFFF, std::nullopt);
    if (!firstGid) return Error{firstGid.error()};
    const auto gid = static_cast<std::uint32_t>(*firstGid);
    if (const pugi::xml_attribute source = node.attribute("source")) {
      auto tileset = readExternalTileset(source.value(), gid, path, readFile);
      if (!tileset) return Error{tileset.error()};
      document.tilesets.push_back(std::move(*tileset));
      continue;
    }
    auto tileset = readTilesetElement(node, path);
    if (!tileset) {
      return Error{"tileset '" + std::string(node.attribute("name").value()) +
                   "' (embedded): " + tileset.error()};
    }
    tileset->firstGid = gid;
    document.tilesets.push_back(std::move(*tileset));
  }
  if (auto problem = readLayers(map, LayerContext{}, document)) return Error{*problem};
  document.properties = readProperties(map);
  return document;
}

}  // namespace tactics::tiled
