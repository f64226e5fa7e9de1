// Fuzz target: Tiled maps (parseTiledMap, SPEC §9), TMX and TMJ. Input: the map's bytes; XML
// when its first non-blank byte is '<', else JSON. External tilesets come from memory: the
// fixtures' terrain.tsx and terrain.tsj, read once from the source tree, by file name.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "tactics/io/tiled_map.h"

namespace {

using Bytes = std::vector<std::uint8_t>;

const std::map<std::string, Bytes>& tilesets() {
  static const std::map<std::string, Bytes> files = [] {
    std::map<std::string, Bytes> loaded;
    for (const char* name : {"terrain.tsx", "terrain.tsj"}) {
      std::ifstream in(std::string(TACTICS_SOURCE_DIR) + "/tests/fixtures/tiled/" + name,
                       std::ios::binary);
      loaded[name] = Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (loaded[name].empty()) throw std::runtime_error(std::string("no fixture ") + name);
    }
    return loaded;
  }();
  return files;
}

tactics::Expected<Bytes> readInMemory(const std::string& path) {
  const auto found = tilesets().find(std::filesystem::path(path).filename().string());
  if (found == tilesets().end()) return tactics::Error{"cannot read '" + path + "': no such file"};
  return found->second;
}

bool looksLikeXml(const Bytes& bytes) {
  for (std::uint8_t byte : bytes) {
    if (byte == ' ' || byte == '\t' || byte == '\r' || byte == '\n') continue;
    return byte == '<';
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Bytes bytes(data, data + size);
  const std::string path = looksLikeXml(bytes) ? "maps/level.tmx" : "maps/level.tmj";
  const auto map = tactics::parseTiledMap(bytes, path, readInMemory);
  if (!map) {
    if (map.error().empty()) throw std::logic_error("parseTiledMap failed without a message");
    return 0;
  }
  // A map that parsed has one gid per cell in every layer.
  const auto cells = static_cast<std::size_t>(map->costMap.width()) *
                     static_cast<std::size_t>(map->costMap.height());
  for (const tactics::TiledLayer& layer : map->layers) {
    if (layer.gids.size() != cells) throw std::logic_error("a layer of the wrong size");
  }
  return 0;
}
