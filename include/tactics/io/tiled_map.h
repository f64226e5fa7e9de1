#pragma once
// Levels drawn in the Tiled editor (SPEC §9): .tmx/.tsx (XML) and .tmj/.tsj/.json (JSON), read into
// the cost map the solver needs and what a renderer needs to draw the level in its own art.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"

namespace tactics {

// The top 4 bits of a gid: horizontal, vertical, diagonal (anti-diagonal) flip and the
// hexagonal 120-degree rotation. The rest is the tile's global id.
inline constexpr std::uint32_t kGidFlipHorizontal = 0x80000000u;
inline constexpr std::uint32_t kGidFlipVertical = 0x40000000u;
inline constexpr std::uint32_t kGidFlipDiagonal = 0x20000000u;
inline constexpr std::uint32_t kGidRotateHex = 0x10000000u;
inline constexpr std::uint32_t kGidFlags = 0xF0000000u;
inline std::uint32_t tileGid(std::uint32_t gid) { return gid & ~kGidFlags; }

// A tile's terrain as its tileset writes it (SPEC §9, §11.1): a name or an index into the map's
// list of terrains, resolved once the map's list is known; or a class (or type) that names a
// terrain when it is a listed name, and is ignored otherwise.
struct TileTerrain {
  std::string text;        // the name, or the index in decimal
  bool number = false;     // an int property
  bool fromClass = false;  // the tile's class, not a `terrain` property
  std::string type;        // with fromClass: the tile's `type` too, tried when the class is no terrain
};

// A tileset as the map uses it: gids firstGid .. firstGid + tileCount - 1.
struct TiledTileset {
  std::string name;
  std::string source;  // the file it came from: the .tsx/.tsj, or the map for an embedded one
  std::uint32_t firstGid = 1;
  int tileCount = 0;
  int columns = 0;
  int tileWidth = 0;
  int tileHeight = 0;
  int margin = 0;
  int spacing = 0;
  std::optional<std::array<std::uint8_t, 3>> transparent;  // `trans`: RGB drawn as see-through
  std::string imagePath;  // resolved against `source`'s folder; empty for an image collection
  int imageWidth = 0;
  int imageHeight = 0;
  std::map<int, TileTerrain> terrain;  // local tile id -> its terrain as written, where it has one
  std::map<int, int> terrainIndex;     // local tile id -> its terrain index in the map's list
  std::map<int, std::string> tileImages;  // image collections: local tile id -> resolved image
  // `objectalignment` as written (bottomleft, bottom, center, ...); empty when unspecified, which
  // on orthogonal and hexagonal maps is bottomleft: the point of a tile object its x, y give.
  std::string objectAlignment;
};

// A tile layer, in document order (group layers flattened, depth first).
struct TiledLayer {
  std::string name;  // "group/layer" for a layer inside groups
  bool visible = true;   // false when the layer or any group around it is hidden
  float opacity = 1.0f;  // the layer's opacity times its groups'
  std::vector<std::uint32_t> gids;  // width*height, row 0 at the top, flip bits kept; 0 = empty
};

// A custom property as Tiled writes it: its type (string, int, float, bool, color, file, object
// or class; string when the file gives none) and its value as text ("" for a class).
struct TiledProperty {
  std::string name;
  std::string type = "string";
  std::string value;
};

// What an object is in Tiled: a rectangle has none of the other shapes and no gid.
enum class TiledObjectShape { Rectangle, Point, Tile, Ellipse, Polygon, Polyline, Text };

// An object of a `units` object layer (SPEC §9) as the file has it. Nothing about it is checked
// while the map is read (an object layer does not change the cost map); a scenario made of the
// map checks everything (see scenario.h).
struct TiledObject {
  std::optional<int> id;  // nullopt when the file gives none (or not a number)
  std::string name;
  TiledObjectShape shape = TiledObjectShape::Rectangle;
  std::optional<double> x;  // pixels; nullopt when the file's value is not a finite number
  std::optional<double> y;
  // Its width in pixels where the file gives a positive one: on a hexagonal map a tile object's
  // anchor is the middle of its bottom edge (SPEC §13).
  std::optional<double> width;
  std::optional<double> height;
  std::uint32_t gid = 0;  // a tile object's gid, flip bits kept; 0 for any other shape
  std::string templatePath;  // the template it is made from, if any
  std::vector<TiledProperty> properties;  // in file order
};

struct TiledMap {
  // Canonical greys (kCanonicalGrey) for the five terrains of SPEC §9, or the named terrains of
  // SPEC §11.1 (the map property `terrains`, or a scenario's list) as CostMap::named.
  CostMap costMap;
  // Its layout (SPEC §13) is costMap.layout(): square, or a hexagonal map's.
  int tileWidth = 0;
  int tileHeight = 0;
  int hexSideLength = 0;  // a hexagonal map's `hexsidelength`: for drawing and placing units
  std::vector<TiledLayer> layers;
  std::vector<TiledTileset> tilesets;  // by increasing firstGid
  std::vector<TiledProperty> properties;  // the map's own custom properties, in file order
  // The objects of every object layer named `units` (groups included), one entry per layer in
  // document order: empty when the map has no such layer.
  std::vector<std::vector<TiledObject>> unitLayers;
};

// Reads another file (an external tileset) by the path the map resolves for it.
using ReadFile = std::function<Expected<std::vector<std::uint8_t>>(const std::string& path)>;

// True for the extensions Tiled maps have: .tmx, .tmj and .json (case-insensitive).
bool isTiledMapPath(const std::string& path);

// SPEC §11.1: the terrain names a map's tiles are read against, when a scenario gives its own
// list (it overrides the map's property `terrains`); null for the map's own.
using TerrainNames = std::vector<std::string>;

// Parses a Tiled map. `path` names the map in errors, chooses the format by extension (.tmx XML,
// .tmj/.json JSON) and anchors relative paths. Pure apart from `readFile`.
Expected<TiledMap> parseTiledMap(const std::vector<std::uint8_t>& bytes, const std::string& path,
                                 const ReadFile& readFile, const TerrainNames* terrains = nullptr);

// Reads a Tiled map and its external tilesets from disk.
Expected<TiledMap> loadTiledMap(const std::string& path, const TerrainNames* terrains = nullptr);

// The tilesets a Tiled map names (embedded and external, external ones read through), with no
// cell's terrain decided: what the map's files are, whatever terrains a scenario reads it with.
Expected<std::vector<TiledTileset>> loadTiledTilesets(const std::string& path);

// A map's string property `terrains` (SPEC §11.1): a JSON list of 5..64 names; nullopt when the
// map has none. Errors start "its map property \"terrains\"".
Expected<std::optional<TerrainNames>> tiledMapTerrains(const std::vector<TiledProperty>& properties);

}  // namespace tactics
