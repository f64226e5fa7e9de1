#include "tactics/io/input_files.h"

#include <utility>

#include "tactics/io/file_io.h"
#include "tactics/io/tiled_map.h"

namespace tactics {

namespace {

std::vector<InputFile> tilesetFiles(const std::vector<TiledTileset>& tilesets,
                                    const std::string& path, const std::string& what) {
  std::vector<InputFile> inputs;
  for (const TiledTileset& tileset : tilesets) {
    const std::string named = "tileset '" + tileset.name + "' of " + what;
    if (tileset.source != path) inputs.push_back({tileset.source, named});
    if (!tileset.imagePath.empty()) inputs.push_back({tileset.imagePath, "the image of " + named});
    for (const auto& [id, image] : tileset.tileImages) {
      inputs.push_back({image, "an image of " + named + " (tile " + std::to_string(id) + ")"});
    }
  }
  return inputs;
}

}  // namespace

std::vector<InputFile> tilesetInputFiles(const TiledMap& map, const std::string& path,
                                         const std::string& what) {
  return tilesetFiles(map.tilesets, path, what);
}

std::vector<InputFile> mapInputFiles(const std::string& path, const std::string& what) {
  std::vector<InputFile> inputs{{path, what}};
  if (!isTiledMapPath(path)) return inputs;
  // Its tilesets alone: a map whose tiles name a scenario's terrains is not read without them.
  const auto tilesets = loadTiledTilesets(path);
  if (!tilesets) return inputs;
  for (InputFile& file : tilesetFiles(*tilesets, path, what)) inputs.push_back(std::move(file));
  return inputs;
}

std::vector<InputFile> boardInputFiles(const std::optional<std::string>& scenarioPath,
                                       const std::string& scenarioWhat, const std::string& mapPath) {
  if (!scenarioPath) return mapInputFiles(mapPath, "the input map");
  std::vector<InputFile> inputs = mapInputFiles(*scenarioPath, scenarioWhat);
  for (InputFile& file : mapInputFiles(mapPath, "the scenario's map")) {
    inputs.push_back(std::move(file));
  }
  return inputs;
}

std::optional<InputFile> overwrittenInput(const std::string& path,
                                          const std::vector<InputFile>& inputs) {
  for (const InputFile& input : inputs) {
    if (sameFile(path, input.path)) return input;
  }
  return std::nullopt;
}

}  // namespace tactics
