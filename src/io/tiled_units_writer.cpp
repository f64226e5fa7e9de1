#include "tactics/io/tiled_units_writer.h"

#include <algorithm>
#include <set>

#include <pugixml.hpp>

#include "tactics/io/file_io.h"
#include "tactics/io/tiled_geometry.h"
#include "tiled_document.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/skills.h"

namespace tactics {

namespace {

std::string xmlText(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// A tag's text from `<` to its `>`.
struct Tag {
  std::size_t begin = 0;
  std::size_t end = 0;  // one past '>'
  bool selfClosing = false;
};

std::optional<Tag> tagAt(const std::string& text, std::size_t begin) {
  char quote = 0;
  for (std::size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      return Tag{begin, i + 1, i > begin && text[i - 1] == '/'};
    }
  }
  return std::nullopt;
}

// The value of attribute `name` in a tag's text, if it has it.
std::optional<std::string> attribute(const std::string& tag, const std::string& name) {
  std::size_t at = 0;
  while ((at = tag.find(name + "=", at)) != std::string::npos) {
    const bool startsWord = at > 0 && (tag[at - 1] == ' ' || tag[at - 1] == '\t' ||
                                       tag[at - 1] == '\n' || tag[at - 1] == '\r');
    const std::size_t quoteAt = at + name.size() + 1;
    if (startsWord && quoteAt < tag.size() && (tag[quoteAt] == '"' || tag[quoteAt] == '\'')) {
      const std::size_t close = tag.find(tag[quoteAt], quoteAt + 1);
      if (close == std::string::npos) return std::nullopt;
      return tag.substr(quoteAt + 1, close - quoteAt - 1);
    }
    at += name.size();
  }
  return std::nullopt;
}

// The tag with attribute `name` set to `value` (an existing one replaced in place).
std::string withAttribute(const std::string& tag, const std::string& name, const std::string& value) {
  const auto old = attribute(tag, name);
  if (old) {
    const std::size_t at = tag.find(name + "=" + '"' + *old + '"');
    if (at != std::string::npos) {
      return tag.substr(0, at) + name + "=\"" + value + "\"" +
             tag.substr(at + name.size() + 3 + old->size());
    }
  }
  const std::size_t close = tag.size() - (tag.size() >= 2 && tag[tag.size() - 2] == '/' ? 2 : 1);
  return tag.substr(0, close) + " " + name + "=\"" + value + "\"" + tag.substr(close);
}

// Where the line holding `at` starts when only spaces or tabs come before `at` on it (the line is
// the tag's own), else `at`.
std::size_t ownLineStart(const std::string& text, std::size_t at) {
  std::size_t start = at;
  while (start > 0 && (text[start - 1] == ' ' || text[start - 1] == '\t')) --start;
  return start == 0 || text[start - 1] == '\n' ? start : at;
}

// The whitespace that starts the line `at` is on.
std::string indentOf(const std::string& text, std::size_t at) {
  std::size_t start = at;
  while (start > 0 && (text[start - 1] == ' ' || text[start - 1] == '\t')) --start;
  return text.substr(start, at - start);
}

int intAttribute(const std::string& tag, const std::string& name) {
  const auto value = attribute(tag, name);
  if (!value) return 0;
  try {
    return std::stoi(*value);
  } catch (const std::exception&) {
    return 0;
  }
}

// One unit as Tiled writes a point object, indented by `indent` (the layer's) plus one space.
// It stands at the centre of the unit's cell as Tiled draws the map, which reads back as that cell.
std::string objectText(const Unit& unit, int id, const TiledGeometry& geometry,
                       const std::string& indent) {
  const std::string in = indent + " ";
  const PixelPoint at = geometry.cellCentre(unit.cell);
  std::string text = in + "<object id=\"" + std::to_string(id) + "\" name=\"" +
                     xmlText(unit.name) + "\" x=\"" +
                     std::to_string(static_cast<long long>(at.x)) + "\" y=\"" +
                     std::to_string(static_cast<long long>(at.y)) + "\">\n";
  text += in + " <properties>\n";
  // Sorted by name, as Tiled saves them.
  text += in + "  <property name=\"attack\" value=\"" + formatAttackRange(unit.attack) + "\"/>\n";
  text += in + "  <property name=\"class\" value=\"" + xmlText(unit.className) + "\"/>\n";
  const auto intProperty = [&](const char* name, int value) {
    text += in + "  <property name=\"" + name + "\" type=\"int\" value=\"" +
            std::to_string(value) + "\"/>\n";
  };
  if (unit.hp > 0) intProperty("def", unit.def);  // SPEC §14's stats with the unit's hp
  if (unit.hidden) text += in + "  <property name=\"hidden\" type=\"bool\" value=\"true\"/>\n";
  if (unit.hp > 0) intProperty("hp", unit.hp);
  if (unit.lord) text += in + "  <property name=\"lord\" type=\"bool\" value=\"true\"/>\n";
  intProperty("move", unit.moveRange);
  if (!unit.skills.empty()) {
    text += in + "  <property name=\"skills\" value=\"" + formatSkills(unit.skills) + "\"/>\n";
  }
  if (unit.hp > 0) {
    intProperty("spd", unit.spd);
    intProperty("str", unit.str);
  }
  text += in + "  <property name=\"team\" value=\"" + teamName(unit.team) + "\"/>\n";
  text += in + " </properties>\n";
  text += in + " <point/>\n";
  text += in + "</object>\n";
  return text;
}

std::optional<std::string> checkUnits(const std::vector<Unit>& units,
                                      const std::map<std::string, MovementClass>& classes) {
  if (units.empty() || units.size() > kMaxScenarioUnits) {
    return "a units layer holds 1.." + std::to_string(kMaxScenarioUnits) + " units";
  }
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& unit = units[i];
    const std::string label = "unit " + std::to_string(i) + " (\"" + unit.name + "\")";
    if (!unit.props.empty()) {
      return label + " has props, which a Tiled units layer cannot hold; save a scenario instead";
    }
    const auto found = classes.find(unit.className);
    if (found == classes.end() || !(found->second == unit.movement)) {
      return label + " moves as " + unit.movement.toString() +
             ", which is not a class the map knows (the presets, or the map's property "
             "\"classes\"); give it one of those classes, or save a scenario instead";
    }
  }
  return std::nullopt;
}

// What the parsed document says: the tile size, and the object ids in and outside the units
// layer.
struct TmxObjects {
  TiledGeometry geometry{GridLayout::Square, 0, 0};
  std::set<int> usedIds;  // object ids outside the units layer
  std::vector<int> unitIds;
};

// The document, to find the ids in use and check there is one `units` layer.
Expected<TmxObjects> readTmxObjects(const std::vector<std::uint8_t>& bytes,
                                    const std::string& path) {
  pugi::xml_document document;
  if (!document.load_buffer(bytes.data(), bytes.size())) {
    return Error{path + ": not valid XML; Save writes units into a .tmx map Tiled can open"};
  }
  const pugi::xml_node map = document.child("map");
  if (!map) return Error{path + ": has no <map>; not a Tiled map"};
  TmxObjects objects;
  const int tileWidth = map.attribute("tilewidth").as_int();
  const int tileHeight = map.attribute("tileheight").as_int();
  if (tileWidth <= 0 || tileHeight <= 0) return Error{path + ": has no tile size"};
  GridLayout layout = GridLayout::Square;
  if (std::string(map.attribute("orientation").as_string()) == "hexagonal") {
    const auto hex = tiled::hexLayout(map.attribute("staggeraxis").as_string(),
                                      map.attribute("staggerindex").as_string());
    if (!hex) return Error{path + ": " + hex.error()};
    layout = *hex;
  }
  objects.geometry =
      TiledGeometry(layout, tileWidth, tileHeight, map.attribute("hexsidelength").as_int());
  if (!objects.geometry.valid()) return Error{path + ": its cells are less than a pixel apart"};
  std::size_t unitLayers = 0;
  for (const pugi::xpath_node& found : document.select_nodes("//objectgroup")) {
    const pugi::xml_node group = found.node();
    const bool isUnits = std::string(group.attribute("name").as_string()) == "units";
    if (isUnits) ++unitLayers;
    for (const pugi::xml_node object : group.children("object")) {
      const int id = object.attribute("id").as_int();
      if (isUnits) {
        objects.unitIds.push_back(id);
      } else {
        objects.usedIds.insert(id);
      }
    }
  }
  if (unitLayers > 1) {
    return Error{path + ": has " + std::to_string(unitLayers) +
                 " object layers named 'units'; keep one (SPEC §9)"};
  }
  return objects;
}

// One id per unit: the units layer's own first, then new ones from `nextObject`, which ends one
// past the largest id given.
std::vector<int> unitObjectIds(const TmxObjects& objects, std::size_t count, int& nextObject) {
  std::vector<int> ids;
  for (int id : objects.unitIds) {
    if (ids.size() < count && id > 0 && objects.usedIds.count(id) == 0) ids.push_back(id);
  }
  for (const int id : ids) nextObject = std::max(nextObject, id + 1);
  while (ids.size() < count) {
    while (objects.usedIds.count(nextObject) != 0) ++nextObject;
    ids.push_back(nextObject++);
  }
  return ids;
}

// The units as point objects, each indented by `indent` plus one space.
std::string objectsText(const std::vector<Unit>& units, const std::vector<int>& ids,
                        const TmxObjects& objects, const std::string& indent) {
  std::string text;
  for (std::size_t i = 0; i < units.size(); ++i) {
    text += objectText(units[i], ids[i], objects.geometry, indent);
  }
  return text;
}

// The layer in the text: an <objectgroup ...> tag whose name is units.
std::optional<Tag> unitsLayerTag(const std::string& text) {
  for (std::size_t at = text.find("<objectgroup"); at != std::string::npos;
       at = text.find("<objectgroup", at + 1)) {
    const auto tag = tagAt(text, at);
    if (!tag) break;
    if (attribute(text.substr(tag->begin, tag->end - tag->begin), "name") == "units") return tag;
  }
  return std::nullopt;
}

// The text with the units layer opened by `open` holding `objects` in place of what it held.
Expected<std::string> withLayerObjects(const std::string& text, const Tag& open,
                                       const std::string& objects, const std::string& indent,
                                       const std::string& path) {
  std::string openTag = text.substr(open.begin, open.end - open.begin);
  if (open.selfClosing) {
    // <objectgroup .../> opens a layer now.
    openTag = openTag.substr(0, openTag.size() - 2) + ">";
    return text.substr(0, open.begin) + openTag + "\n" + objects + indent + "</objectgroup>" +
           text.substr(open.end);
  }
  const std::size_t close = text.find("</objectgroup>", open.end);
  if (close == std::string::npos) return Error{path + ": the units layer is not closed"};
  // From the closing tag's line (its indent kept) when the tag has a line of its own, else
  // from the tag itself.
  const std::size_t from = ownLineStart(text, close);
  const bool ownLine = from != close || (close > 0 && text[close - 1] == '\n');
  return text.substr(0, open.begin) + openTag + "\n" + objects +
         (ownLine && from >= open.end ? text.substr(from) : indent + text.substr(close));
}

// The text with a new units layer `layer` before </map>: before its line when it has one of its
// own, else on a line of its own before it.
Expected<std::string> withNewLayer(const std::string& text, const std::string& layer,
                                   const std::string& path) {
  const std::size_t end = text.rfind("</map>");
  if (end == std::string::npos) return Error{path + ": has no </map>"};
  const std::size_t insertAt = ownLineStart(text, end);
  const bool ownLine = insertAt != end || (end > 0 && text[end - 1] == '\n');
  return text.substr(0, insertAt) + (ownLine ? "" : "\n") + layer + text.substr(insertAt);
}

}  // namespace

Expected<std::vector<std::uint8_t>> tmxWithUnits(
    const std::vector<std::uint8_t>& bytes, const std::string& path,
    const std::vector<Unit>& units, const std::map<std::string, MovementClass>& classes) {
  if (auto problem = checkUnits(units, classes)) return Error{path + ": " + *problem};
  const std::string text(bytes.begin(), bytes.end());
  const auto objects = readTmxObjects(bytes, path);
  if (!objects) return Error{objects.error()};
  // The map's tag, whose next ids may grow.
  const std::size_t mapAt = text.find("<map");
  const auto mapTag = mapAt == std::string::npos ? std::nullopt : tagAt(text, mapAt);
  if (!mapTag) return Error{path + ": has no <map> tag"};
  std::string mapTagText = text.substr(mapTag->begin, mapTag->end - mapTag->begin);
  int nextObject = std::max(1, intAttribute(mapTagText, "nextobjectid"));
  const std::vector<int> ids = unitObjectIds(*objects, units.size(), nextObject);
  // The units into the layer there is, or into a new one.
  Expected<std::string> out = std::string();
  if (const auto open = unitsLayerTag(text)) {
    const std::string indent = indentOf(text, open->begin);
    out = withLayerObjects(text, *open, objectsText(units, ids, *objects, indent), indent, path);
  } else {
    const int layerId = std::max(1, intAttribute(mapTagText, "nextlayerid"));
    const std::string indent = " ";
    out = withNewLayer(text,
                       indent + "<objectgroup id=\"" + std::to_string(layerId) +
                           "\" name=\"units\">\n" + objectsText(units, ids, *objects, indent) +
                           indent + "</objectgroup>\n",
                       path);
    if (out && attribute(mapTagText, "nextlayerid")) {
      mapTagText = withAttribute(mapTagText, "nextlayerid", std::to_string(layerId + 1));
    }
  }
  if (!out) return Error{out.error()};
  if (attribute(mapTagText, "nextobjectid") &&
      intAttribute(mapTagText, "nextobjectid") < nextObject) {
    mapTagText = withAttribute(mapTagText, "nextobjectid", std::to_string(nextObject));
  }
  // The map's tag comes before any layer, so its offsets are the same in `out`.
  const std::string& written = *out;
  const std::string result =
      written.substr(0, mapTag->begin) + mapTagText + written.substr(mapTag->end);
  return std::vector<std::uint8_t>(result.begin(), result.end());
}

std::optional<std::string> saveTiledUnits(const std::string& path, const std::vector<Unit>& units,
                                          const std::map<std::string, MovementClass>& classes) {
  if (path.size() < 4 || path.compare(path.size() - 4, 4, ".tmx") != 0) {
    return "Save writes units into a .tmx map; '" + path +
           "' is not one (save a scenario, or save the map as .tmx in Tiled)";
  }
  auto bytes = readFileBytes(path);
  if (!bytes) return path + ": " + bytes.error();
  auto written = tmxWithUnits(*bytes, path, units, classes);
  if (!written) return written.error();
  if (auto problem = writeFileAtomically(path, *written)) return path + ": " + *problem;
  return std::nullopt;
}

}  // namespace tactics
