#include "tactics/io/tiled_map.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>

#include "base64.h"
#include "decompress.h"
#include "tactics/io/file_io.h"
#include "tiled_document.h"

namespace tactics {

namespace tiled {

namespace {

constexpr std::array<std::string_view, kTerrainClasses> kTerrainNames = {"plains", "forest", "hills",
                                                                          "mountains", "wall"};
constexpr const char* kTerrainAllowed =
    "allowed: plains, forest, hills, mountains, wall, or an int 0..4";

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

std::optional<std::string> checkMapShape(std::string_view orientation, bool infinite, int width,
                                         int height) {
  if (orientation != "orthogonal") {
    return "the map is " + std::string(orientation) +
           "; only orthogonal Tiled maps can be grids (not isometric, staggered or hexagonal)";
  }
  if (infinite) return std::string("the map is infinite; only finite Tiled maps can be grids");
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide) {
    return "the map is " + std::to_string(width) + "x" + std::to_string(height) +
           " tiles; maps must be 1..4096 cells wide and tall";
  }
  return std::nullopt;
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

std::optional<double> parseNumber(std::string_view text) {
  // from_chars reads no locale, blanks or hex: only what Tiled writes ("32", "-4.5", "1e2").
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
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

Expected<int> terrainFromName(std::string_view name) {
  for (std::size_t i = 0; i < kTerrainNames.size(); ++i) {
    if (kTerrainNames[i] == name) return static_cast<int>(i);
  }
  return Error{"its terrain '" + std::string(name) + "' is unknown; " + kTerrainAllowed};
}

Expected<int> terrainFromNumber(long long value) {
  if (value < 0 || value >= kTerrainClasses) {
    return Error{"its terrain " + std::to_string(value) + " is out of range; " + kTerrainAllowed};
  }
  return static_cast<int>(value);
}

std::optional<int> terrainFromClass(std::string_view className) {
  auto terrain = terrainFromName(className);
  if (!terrain) return std::nullopt;
  return *terrain;
}

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

Expected<TiledMap> assembleTiledMap(TiledDocument document) {
  auto& tilesets = document.tilesets;
  for (TiledTileset& tileset : tilesets) countTilesFromImage(tileset);
  std::stable_sort(tilesets.begin(), tilesets.end(),
                   [](const TiledTileset& a, const TiledTileset& b) { return a.firstGid < b.firstGid; });
  for (std::size_t i = 1; i < tilesets.size(); ++i) {
    if (tilesets[i].firstGid == tilesets[i - 1].firstGid) {
      return Error{"tilesets '" + tilesets[i - 1].name + "' and '" + tilesets[i].name +
                   "' both start at firstgid " + std::to_string(tilesets[i].firstGid) +
                   "; each tileset needs its own gids"};
    }
  }
  const std::size_t cells =
      static_cast<std::size_t>(document.width) * static_cast<std::size_t>(document.height);

  // Every gid of every layer must name a tile of some tileset.
  std::vector<const TiledTileset*> owner;
  for (const TiledLayer& layer : document.layers) {
    if (layer.gids.size() != cells) {
      return Error{"layer '" + layer.name + "': " + dataLengthError(layer.gids.size(), cells)};
    }
    for (std::size_t i = 0; i < cells; ++i) {
      const std::uint32_t gid = tileGid(layer.gids[i]);
      if (gid != 0 && !tilesetOf(tilesets, gid)) {
        return Error{"layer '" + layer.name + "', cell " + cellText(i, document.width) +
                     ": gid " + std::to_string(gid) + " belongs to no tileset; " +
                     gidsHeld(tilesets)};
      }
    }
  }

  // Topmost layer (last in document order) whose tile there has a terrain decides.
  std::vector<std::uint8_t> grey(cells);
  std::size_t missing = 0;
  std::size_t firstMissing = 0;
  for (std::size_t i = 0; i < cells; ++i) {
    int terrain = -1;
    for (auto layer = document.layers.rbegin(); layer != document.layers.rend() && terrain < 0;
         ++layer) {
      const std::uint32_t gid = tileGid(layer->gids[i]);
      if (gid == 0) continue;
      const TiledTileset* tileset = tilesetOf(tilesets, gid);
      const auto found = tileset->terrain.find(static_cast<int>(gid - tileset->firstGid));
      if (found != tileset->terrain.end()) terrain = found->second;
    }
    if (terrain < 0) {
      if (missing++ == 0) firstMissing = i;
      continue;
    }
    grey[i] = kCanonicalGrey[static_cast<std::size_t>(terrain)];
  }
  if (missing > 0) {
    const std::string others =
        missing > 1 ? " (and " + std::to_string(missing - 1) + " more)" : std::string();
    return Error{"cell " + cellText(firstMissing, document.width) + others +
                 " has no terrain on any layer; every cell needs a tile whose `terrain` "
                 "property or class is plains, forest, hills, mountains or wall"};
  }

  TiledMap map;
  map.costMap = CostMap(document.width, document.height, std::move(grey));
  map.tileWidth = document.tileWidth;
  map.tileHeight = document.tileHeight;
  map.layers = std::move(document.layers);
  map.tilesets = std::move(tilesets);
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
                                 const ReadFile& readFile) {
  const bool xml = lowerExtension(path) == ".tmx";
  auto document = xml ? tiled::readTmx(bytes, path, readFile) : tiled::readTmj(bytes, path, readFile);
  if (!document) return Error{"map '" + path + "': " + document.error()};
  auto map = tiled::assembleTiledMap(std::move(*document));
  if (!map) return Error{"map '" + path + "': " + map.error()};
  return map;
}

Expected<TiledMap> loadTiledMap(const std::string& path) {
  const ReadFile readFromDisk = [](const std::string& file) { return readFileBytes(file); };
  auto bytes = readFromDisk(path);
  if (!bytes) return Error{"cannot read map '" + path + "': " + bytes.error()};
  return parseTiledMap(*bytes, path, readFromDisk);
}

}  // namespace tactics
