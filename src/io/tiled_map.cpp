#include "tactics/io/tiled_map.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <locale>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base64.h"
#include "decompress.h"
#include "tactics/io/file_io.h"
#include "tiled_document.h"

namespace tactics {

namespace tiled {

namespace {


// The tileset holding a gid (without flags), or nullptr.
const TiledTileset* tilesetOf(const std::vector<TiledTileset>& tilesets, std::uint32_t gid) {
  const auto after = std::upper_bound(
      tilesets.begin(), tilesets.end(), gid,
      [](std::uint32_t g, const TiledTileset& t) { return g < t.firstGid; });
  if (after == tilesets.begin()) return nullptr;
  const TiledTileset& tileset = *std::prev(after);
  const std::uint32_t local = gid - tileset.firstGid;
  const bool inRange = local < static_cast<std::uint32_t>(tileset.tileCount);
  const bool inCollection =
      local <= 0x7FFFFFFFu && tileset.tileImages.count(static_cast<int>(local)) > 0;
  return inRange || inCollection ? &tileset : nullptr;
}

std::string gidsHeld(const std::vector<TiledTileset>& tilesets) {
  std::string text;
  for (const TiledTileset& t : tilesets) {
    const std::string gids =
        t.tileCount > 0 ? "gids " + std::to_string(t.firstGid) + ".." +
                              std::to_string(t.firstGid + static_cast<std::uint32_t>(t.tileCount) - 1)
                        : "no gids";
    text += (text.empty() ? "" : ", ") + gids + " ('" + t.name + "'" +
            (t.tileCount > 0 ? "" : ": no tilecount, and no image to count its tiles") + ")";
  }
  return text.empty() ? "the map has no tilesets" : "the tilesets hold " + text;
}

std::string cellText(std::size_t index, int width) {
  const auto w = static_cast<std::size_t>(width);
  return std::to_string(index % w) + "," + std::to_string(index / w);
}

}  // namespace

Expected<GridLayout> hexLayout(std::string_view axis, std::string_view index) {
  if (axis.empty()) axis = "y";
  if (index.empty()) index = "odd";
  if (axis != "x" && axis != "y") {
    return Error{"its staggeraxis is \"" + std::string(axis) + "\"; expected x or y"};
  }
  if (index != "odd" && index != "even") {
    return Error{"its staggerindex is \"" + std::string(index) + "\"; expected odd or even"};
  }
  if (axis == "y") return index == "odd" ? GridLayout::HexYOdd : GridLayout::HexYEven;
  return index == "odd" ? GridLayout::HexXOdd : GridLayout::HexXEven;
}

Expected<GridLayout> checkMapShape(const MapShape& shape, TiledDocument& document) {
  GridLayout layout = GridLayout::Square;
  if (shape.orientation == "hexagonal") {
    auto hex = hexLayout(shape.staggerAxis, shape.staggerIndex);
    if (!hex) return hex;
    layout = *hex;
    // The flat side lies within the tile box along the stagger axis' cross direction.
    const bool staggerX = layout == GridLayout::HexXOdd || layout == GridLayout::HexXEven;
    const int side = staggerX ? document.tileWidth : document.tileHeight;
    if (document.hexSideLength < 0 || document.hexSideLength > side) {
      return Error{"its hexsidelength is " + std::to_string(document.hexSideLength) +
                   "; expected 0.." + std::to_string(side) + " (the tile's " +
                   (staggerX ? "width" : "height") + ")"};
    }
  } else if (shape.orientation != "orthogonal") {
    return Error{"the map is " + std::string(shape.orientation) +
                 "; only orthogonal and hexagonal Tiled maps can be grids (not isometric or "
                 "staggered)"};
  }
  if (shape.infinite) return Error{"the map is infinite; only finite Tiled maps can be grids"};
  if (document.width < 1 || document.height < 1 || document.width > kMaxMapSide ||
      document.height > kMaxMapSide) {
    return Error{"the map is " + std::to_string(document.width) + "x" +
                 std::to_string(document.height) +
                 " tiles; maps must be 1..4096 cells wide and tall"};
  }
  document.layout = layout;
  return layout;
}

std::string dataLengthError(std::size_t found, std::size_t cells) {
  return "its data holds " + std::to_string(found) + " tiles; the map needs width x height = " +
         std::to_string(cells);
}

std::string groupDepthError() {
  return "its group layers nest more than " + std::to_string(kMaxGroupDepth) +
         " deep; move the tile layers out of the innermost groups";
}

std::optional<std::string> checkRoomForLayer(const TiledDocument& document) {
  const std::size_t cells =
      static_cast<std::size_t>(document.width) * static_cast<std::size_t>(document.height);
  if ((document.layers.size() + 1) * cells <= kMaxLayerTiles) return std::nullopt;
  return "its tile layers hold more than " + std::to_string(kMaxLayerTiles) +
         " tiles in all (layer " + std::to_string(document.layers.size() + 1) + " of " +
         std::to_string(document.width) + "x" + std::to_string(document.height) +
         "); merge layers or make the map smaller";
}

std::optional<std::string> checkLayerSize(int width, int height, const TiledDocument& document) {
  if (width == document.width && height == document.height) return std::nullopt;
  return "it is " + std::to_string(width) + "x" + std::to_string(height) + " but the map is " +
         std::to_string(document.width) + "x" + std::to_string(document.height) +
         "; a finite map's layers are the map's size";
}

// What Tiled writes for a number ("32", "-4.5", "1e2"): an optional minus, digits with an
// optional fraction, an optional exponent. No blanks, no hex, no "inf".
bool isPlainNumber(std::string_view text) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i - start;
  };
  if (i < text.size() && text[i] == '-') ++i;
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == text.size();
}

std::optional<double> parseNumber(std::string_view text) {
  // Read in the classic locale, whatever the process's is. (std::from_chars for doubles would
  // do, but the web build's standard library does not have it.)
  if (!isPlainNumber(text)) return std::nullopt;
  std::istringstream in{std::string(text)};
  in.imbue(std::locale::classic());
  double value = 0;
  in >> value;
  if (in.fail() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<std::uint32_t> parseUnsigned(std::string_view text) {
  if (text.empty() || text.size() > 10) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (value > 0xFFFFFFFFu) return std::nullopt;
  return static_cast<std::uint32_t>(value);
}

Expected<std::vector<std::uint32_t>> gidsFromCsv(std::string_view text, std::size_t cells) {
  std::vector<std::uint32_t> gids;
  gids.reserve(cells);
  const auto isSpace = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view entry = text.substr(start, comma - start);
    while (!entry.empty() && isSpace(entry.front())) entry.remove_prefix(1);
    while (!entry.empty() && isSpace(entry.back())) entry.remove_suffix(1);
    const bool last = comma == text.size();
    // Whitespace alone (an empty layer's data, or after a trailing comma) ends the list.
    if (!(entry.empty() && last)) {
      const auto gid = parseUnsigned(entry);
      if (!gid) {
        return Error{"CSV entry " + std::to_string(gids.size() + 1) + " '" + std::string(entry) +
                     "' is not a gid; expected comma-separated integers 0..4294967295"};
      }
      gids.push_back(*gid);
    }
    if (last) break;
    start = comma + 1;
  }
  if (gids.size() != cells) return Error{dataLengthError(gids.size(), cells)};
  return gids;
}

Expected<std::vector<std::uint32_t>> gidsFromBase64(std::string_view text,
                                                    std::string_view compression,
                                                    std::size_t cells) {
  Compression method = Compression::None;
  if (compression == "zlib") {
    method = Compression::Zlib;
  } else if (compression == "gzip") {
    method = Compression::Gzip;
  } else if (compression == "zstd") {
    method = Compression::Zstd;
  } else if (!compression.empty()) {
    return Error{"its compression '" + std::string(compression) +
                 "' is unknown; allowed: none, zlib, gzip or zstd"};
  }
  auto packed = decodeBase64(text);
  if (!packed) return Error{packed.error()};
  // Enough room for any map the project accepts, and one gid more to see data that is too long.
  const std::size_t limit = static_cast<std::size_t>(kMaxMapSide) * kMaxMapSide * 4 + 4;
  auto bytes = decompress(*packed, method, limit);
  if (!bytes) return Error{std::string(compressionName(method)) + " data: " + bytes.error()};
  if (bytes->size() % 4 != 0) {
    return Error{"its data is " + std::to_string(bytes->size()) +
                 " bytes, not 4 bytes per tile; the map needs width x height = " +
                 std::to_string(cells) + " tiles"};
  }
  if (bytes->size() / 4 != cells) return Error{dataLengthError(bytes->size() / 4, cells)};
  // Gids are little-endian 32-bit words.
  std::vector<std::uint32_t> gids(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    const std::uint8_t* b = bytes->data() + 4 * i;
    gids[i] = static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 |
              static_cast<std::uint32_t>(b[2]) << 16 | static_cast<std::uint32_t>(b[3]) << 24;
  }
  return gids;
}

std::string terrainTypeError(const std::string& shown) {
  return "its terrain property is " + shown +
         "; use a string (a terrain's name: plains, forest, hills, mountains, wall or one the "
         "map lists) or an int (its index)";
}

namespace {

// "plains, forest, hills, mountains, wall" (at most the first 12, then "and N more").
std::string listed(const TerrainNames& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < 12; ++i) text += (i ? ", " : "") + names[i];
  if (names.size() > 12) text += " and " + std::to_string(names.size() - 12) + " more";
  return text;
}

// A tile's terrain as an index into `names`: nullopt for a class that names no terrain.
Expected<std::optional<int>> resolveTerrain(const TileTerrain& terrain, const TerrainNames& names) {
  const std::string allowed = "; allowed: " + listed(names) + ", or an int 0.." +
                              std::to_string(names.size() - 1);
  if (terrain.number) {
    const auto index = parseUnsigned(terrain.text);
    if (!index || *index >= names.size()) {
      return Error{"its terrain " + terrain.text + " is not listed" + allowed};
    }
    return std::optional<int>(static_cast<int>(*index));
  }
  const auto found = std::find(names.begin(), names.end(), terrain.text);
  if (found != names.end()) return std::optional<int>(static_cast<int>(found - names.begin()));
  if (terrain.fromClass) {  // a class that names no terrain: the type may
    const auto type = std::find(names.begin(), names.end(), terrain.type);
    if (!terrain.type.empty() && type != names.end()) {
      return std::optional<int>(static_cast<int>(type - names.begin()));
    }
    return std::optional<int>();
  }
  return Error{"its terrain '" + terrain.text + "' is not listed" + allowed};
}

}  // namespace

std::string resolvePath(const std::string& from, const std::string& relative) {
  const std::filesystem::path target(relative);
  if (target.is_absolute()) return target.lexically_normal().string();
  return (std::filesystem::path(from).parent_path() / target).lexically_normal().string();
}

std::string describeTileset(const TiledTileset& tileset, bool external) {
  return external ? "tileset '" + tileset.source + "'"
                  : "tileset '" + tileset.name + "' (embedded)";
}

Expected<TiledTileset> readExternalTileset(const std::string& source, std::uint32_t firstGid,
                                           const std::string& mapPath, const ReadFile& readFile) {
  const std::string path = resolvePath(mapPath, source);
  auto bytes = readFile(path);
  if (!bytes) {
    return Error{"its external tileset '" + source + "' cannot be read (" + bytes.error() + ")"};
  }
  // Tiled lets either map format use either tileset format: tell them apart by the first byte.
  const auto first = std::find_if(bytes->begin(), bytes->end(),
                                  [](std::uint8_t c) { return !std::isspace(c); });
  auto tileset = first != bytes->end() && *first == '{' ? readTsj(*bytes, path)
                                                        : readTsx(*bytes, path);
  if (!tileset) return Error{"tileset '" + path + "': " + tileset.error()};
  tileset->firstGid = firstGid;
  return tileset;
}

// Tiled before 0.13 wrote no tilecount (or columns): count the tiles its image holds.
void countTilesFromImage(TiledTileset& tileset) {
  const int stepX = tileset.tileWidth + tileset.spacing;
  const int stepY = tileset.tileHeight + tileset.spacing;
  if (tileset.imagePath.empty() || tileset.tileWidth < 1 || tileset.tileHeight < 1) return;
  const int columns = (tileset.imageWidth - 2 * tileset.margin + tileset.spacing) / stepX;
  const int rows = (tileset.imageHeight - 2 * tileset.margin + tileset.spacing) / stepY;
  if (tileset.columns == 0) tileset.columns = std::max(0, columns);
  if (tileset.tileCount == 0) tileset.tileCount = std::max(0, columns) * std::max(0, rows);
}

namespace {

// The tilesets in gid order, their tile counts known; two that start at one gid are a problem.
std::optional<std::string> orderTilesets(std::vector<TiledTileset>& tilesets) {
  for (TiledTileset& tileset : tilesets) countTilesFromImage(tileset);
  std::stable_sort(tilesets.begin(), tilesets.end(),
                   [](const TiledTileset& a, const TiledTileset& b) { return a.firstGid < b.firstGid; });
  for (std::size_t i = 1; i < tilesets.size(); ++i) {
    if (tilesets[i].firstGid == tilesets[i - 1].firstGid) {
      return "tilesets '" + tilesets[i - 1].name + "' and '" + tilesets[i].name +
             "' both start at firstgid " + std::to_string(tilesets[i].firstGid) +
             "; each tileset needs its own gids";
    }
  }
  return std::nullopt;
}

// Every tile's terrain as written, resolved against `names` into its tileset's terrainIndex.
std::optional<std::string> resolveTileTerrains(TiledDocument& document,
                                               const TerrainNames& names) {
  for (TiledTileset& tileset : document.tilesets) {
    for (const auto& [id, written] : tileset.terrain) {
      auto index = resolveTerrain(written, names);
      if (!index) {
        return describeTileset(tileset, tileset.source != document.path) + ", tile " +
               std::to_string(id) + ": " + index.error();
      }
      if (*index) tileset.terrainIndex[id] = **index;
    }
  }
  return std::nullopt;
}

// Every layer holds a gid per cell, and every gid names a tile of some tileset.
std::optional<std::string> layerGidsProblem(const TiledDocument& document, std::size_t cells) {
  for (const TiledLayer& layer : document.layers) {
    if (layer.gids.size() != cells) {
      return "layer '" + layer.name + "': " + dataLengthError(layer.gids.size(), cells);
    }
    for (std::size_t i = 0; i < cells; ++i) {
      const std::uint32_t gid = tileGid(layer.gids[i]);
      if (gid != 0 && !tilesetOf(document.tilesets, gid)) {
        return "layer '" + layer.name + "', cell " + cellText(i, document.width) + ": gid " +
               std::to_string(gid) + " belongs to no tileset; " + gidsHeld(document.tilesets);
      }
    }
  }
  return std::nullopt;
}

// Every cell's terrain index: the topmost layer (last in document order) whose tile there has
// a terrain decides; a cell with none on any layer is a problem.
Expected<std::vector<std::uint8_t>> cellTerrains(const TiledDocument& document, std::size_t cells,
                                                 const TerrainNames& names) {
  std::vector<std::uint8_t> terrains(cells);
  std::size_t missing = 0;
  std::size_t firstMissing = 0;
  for (std::size_t i = 0; i < cells; ++i) {
    int terrain = -1;
    for (auto layer = document.layers.rbegin(); layer != document.layers.rend() && terrain < 0;
         ++layer) {
      const std::uint32_t gid = tileGid(layer->gids[i]);
      if (gid == 0) continue;
      const TiledTileset* tileset = tilesetOf(document.tilesets, gid);
      const auto found = tileset->terrainIndex.find(static_cast<int>(gid - tileset->firstGid));
      if (found != tileset->terrainIndex.end()) terrain = found->second;
    }
    if (terrain < 0) {
      if (missing++ == 0) firstMissing = i;
      continue;
    }
    terrains[i] = static_cast<std::uint8_t>(terrain);
  }
  if (missing > 0) {
    const std::string others =
        missing > 1 ? " (and " + std::to_string(missing - 1) + " more)" : std::string();
    return Error{"cell " + cellText(firstMissing, document.width) + others +
                 " has no terrain on any layer; every cell needs a tile whose `terrain` "
                 "property or class is a terrain of the map (" + listed(names) + ")"};
  }
  return terrains;
}

}  // namespace

Expected<TiledMap> assembleTiledMap(TiledDocument document, const TerrainNames* terrains) {
  if (auto problem = orderTilesets(document.tilesets)) return Error{*problem};
  // The names the tiles are read against: the scenario's, the map's property, or SPEC §9's five.
  auto own = tiledMapTerrains(document.properties);
  if (!own) return Error{own.error()};
  const bool named = terrains != nullptr || own->has_value();
  const TerrainNames names = terrains ? *terrains : own->value_or(defaultTerrainNames());
  if (auto problem = resolveTileTerrains(document, names)) return Error{*problem};
  const std::size_t cells =
      static_cast<std::size_t>(document.width) * static_cast<std::size_t>(document.height);
  if (auto problem = layerGidsProblem(document, cells)) return Error{*problem};
  auto indices = cellTerrains(document, cells, names);
  if (!indices) return Error{indices.error()};

  TiledMap map;
  if (named) {
    map.costMap = CostMap::named(document.width, document.height, *indices, names);
  } else {
    std::vector<std::uint8_t> grey = std::move(*indices);
    for (std::uint8_t& g : grey) g = kCanonicalGrey[g];
    map.costMap = CostMap(document.width, document.height, std::move(grey));
  }
  map.costMap.setLayout(document.layout);
  map.tileWidth = document.tileWidth;
  map.tileHeight = document.tileHeight;
  map.hexSideLength = document.hexSideLength;
  map.layers = std::move(document.layers);
  map.tilesets = std::move(document.tilesets);
  map.properties = std::move(document.properties);
  map.unitLayers = std::move(document.unitLayers);
  return map;
}

}  // namespace tiled

namespace {

std::string lowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

}  // namespace

bool isTiledMapPath(const std::string& path) {
  const std::string extension = lowerExtension(path);
  return extension == ".tmx" || extension == ".tmj" || extension == ".json";
}

Expected<TiledMap> parseTiledMap(const std::vector<std::uint8_t>& bytes, const std::string& path,
                                 const ReadFile& readFile, const TerrainNames* terrains) {
  const bool xml = lowerExtension(path) == ".tmx";
  auto document = xml ? tiled::readTmx(bytes, path, readFile) : tiled::readTmj(bytes, path, readFile);
  if (!document) return Error{"map '" + path + "': " + document.error()};
  document->path = path;
  auto map = tiled::assembleTiledMap(std::move(*document), terrains);
  if (!map) return Error{"map '" + path + "': " + map.error()};
  return map;
}

Expected<std::vector<TiledTileset>> loadTiledTilesets(const std::string& path) {
  const ReadFile readFromDisk = [](const std::string& file) { return readFileBytes(file); };
  auto bytes = readFromDisk(path);
  if (!bytes) return Error{"cannot read map '" + path + "': " + bytes.error()};
  const bool xml = lowerExtension(path) == ".tmx";
  auto document = xml ? tiled::readTmx(*bytes, path, readFromDisk)
                      : tiled::readTmj(*bytes, path, readFromDisk);
  if (!document) return Error{"map '" + path + "': " + document.error()};
  return std::move(document->tilesets);
}

Expected<TiledMap> loadTiledMap(const std::string& path, const TerrainNames* terrains) {
  const ReadFile readFromDisk = [](const std::string& file) { return readFileBytes(file); };
  auto bytes = readFromDisk(path);
  if (!bytes) return Error{"cannot read map '" + path + "': " + bytes.error()};
  return parseTiledMap(*bytes, path, readFromDisk, terrains);
}

Expected<std::optional<TerrainNames>> tiledMapTerrains(const std::vector<TiledProperty>& properties) {
  const std::string what = "its map property \"terrains\"";
  const std::string expected =
      "; expected a string holding a JSON list of 5..64 terrain names, e.g. "
      "[\"plains\", \"forest\", \"hills\", \"mountains\", \"wall\", \"sand\"]";
  for (const TiledProperty& property : properties) {
    if (property.name != "terrains") continue;
    if (property.type != "string") return Error{what + " has type " + property.type + expected};
    nlohmann::json list;
    try {
      list = nlohmann::json::parse(property.value);
    } catch (const nlohmann::json::exception&) {
      return Error{what + " is not JSON" + expected};
    }
    if (!list.is_array()) return Error{what + " is not a list" + expected};
    TerrainNames names;
    for (const auto& name : list) {
      if (!name.is_string()) return Error{what + " holds " + name.dump() + ", not a name" + expected};
      names.push_back(name.get<std::string>());
    }
    if (auto problem = checkTerrainNames(names, what)) return Error{*problem};
    return std::optional<TerrainNames>(std::move(names));
  }
  return std::optional<TerrainNames>();
}

}  // namespace tactics
