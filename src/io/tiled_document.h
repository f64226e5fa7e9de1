#pragma once
// Inside the Tiled reader: what the XML (.tmx/.tsx) and JSON (.tmj/.tsj) readers share. Each
// reader fills a TiledDocument; assembleTiledMap checks it and decides every cell's terrain.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"
#include "tactics/io/tiled_map.h"

namespace tactics::tiled {

struct TiledDocument {
  std::string path;  // the map's file: an embedded tileset's source
  int width = 0;
  int height = 0;
  int tileWidth = 0;
  int tileHeight = 0;
  GridLayout layout = GridLayout::Square;  // SPEC §13: from orientation, staggeraxis, staggerindex
  int hexSideLength = 0;
  std::vector<TiledLayer> layers;
  std::vector<TiledTileset> tilesets;
  std::vector<TiledProperty> properties;
  std::vector<std::vector<TiledObject>> unitLayers;
};

// The name of the object layer that places a scenario's units (SPEC §9).
inline constexpr std::string_view kUnitsLayerName = "units";

// A finite number from an XML attribute ("32", "-4.5", "1e2"), or nullopt.
std::optional<double> parseNumber(std::string_view text);

// Group layers nest at most this deep (Tiled's own maps rarely nest more than a few): deeper
// maps are refused before reading them could exhaust the stack.
inline constexpr int kMaxGroupDepth = 100;

// Where a layer sits: the names of its groups ("outer/inner/"), whether it and every group
// around it are visible, the product of their opacities, and how many groups are around it.
struct LayerContext {
  std::string prefix;
  bool visible = true;
  float opacity = 1.0f;
  int depth = 0;
};

// The error for a group that would nest deeper than kMaxGroupDepth.
std::string groupDepthError();

// The tile layers of a map hold at most this many tiles in all (512 MiB of gids: eight layers
// of the largest map, 128 of a 1024x1024 one), since a TiledMap keeps every layer.
inline constexpr std::size_t kMaxLayerTiles = std::size_t{1} << 27;

// The error when one more tile layer would pass kMaxLayerTiles, checked before decoding it.
std::optional<std::string> checkRoomForLayer(const TiledDocument& document);

// The error when a tile layer's own size (as its file gives it) is not the map's.
std::optional<std::string> checkLayerSize(int width, int height, const TiledDocument& document);

// The grid a map's attributes describe (as the file writes them; empty when absent), with the
// map-level checks both formats make: orientation, stagger, hexsidelength, finite, size.
// A hexagonal map's layout (SPEC §13) from its stagger attributes; absent ones are Tiled's own
// defaults (y, odd), anything else is refused.
Expected<GridLayout> hexLayout(std::string_view staggerAxis, std::string_view staggerIndex);

struct MapShape {
  std::string_view orientation;
  std::string_view staggerAxis;
  std::string_view staggerIndex;
  bool infinite = false;
};
Expected<GridLayout> checkMapShape(const MapShape& shape, TiledDocument& document);

// Layer data: CSV text, or base64 text with Tiled's compression name ("", zlib, gzip, zstd).
// `cells` is width x height; the data must hold exactly that many gids.
Expected<std::vector<std::uint32_t>> gidsFromCsv(std::string_view text, std::size_t cells);
Expected<std::vector<std::uint32_t>> gidsFromBase64(std::string_view text,
                                                    std::string_view compression,
                                                    std::size_t cells);
// The error for data of the wrong length.
std::string dataLengthError(std::size_t found, std::size_t cells);

// A plain decimal unsigned 32-bit number (a gid from CSV or an XML attribute).
std::optional<std::uint32_t> parseUnsigned(std::string_view text);

// The readers keep a tile's terrain as written (TileTerrain); assembleTiledMap resolves it
// against the map's terrains. The error for a `terrain` property of another type.
std::string terrainTypeError(const std::string& shown);

// `relative` resolved against the folder of the file `from` (absolute paths stay as they are).
std::string resolvePath(const std::string& from, const std::string& relative);

// Parses an external tileset file (.tsx XML or .tsj/.json JSON, told apart by content). `source`
// is the path as written in the map, resolved against `mapPath`.
Expected<TiledTileset> readExternalTileset(const std::string& source, std::uint32_t firstGid,
                                           const std::string& mapPath, const ReadFile& readFile);
Expected<TiledTileset> readTsx(const std::vector<std::uint8_t>& bytes, const std::string& path);
Expected<TiledTileset> readTsj(const std::vector<std::uint8_t>& bytes, const std::string& path);

// The two map formats.
Expected<TiledDocument> readTmx(const std::vector<std::uint8_t>& bytes, const std::string& path,
                                const ReadFile& readFile);
Expected<TiledDocument> readTmj(const std::vector<std::uint8_t>& bytes, const std::string& path,
                                const ReadFile& readFile);

// Checks every gid against the tilesets and builds the cost map (topmost layer with a terrain).
Expected<TiledMap> assembleTiledMap(TiledDocument document, const TerrainNames* terrains);

// "tileset 'Terrain' (embedded)" or "tileset 'maps/terrain.tsx'", for errors.
std::string describeTileset(const TiledTileset& tileset, bool external);

}  // namespace tactics::tiled
