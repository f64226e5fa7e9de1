// Fuzz target: Tiled maps (parseTiledMap, SPEC §9), TMX and TMJ, and their `units` object layer
// read as a scenario (scenarioFromTiledMap). Input: the map's bytes; XML when its first non-blank
// byte is '<', else JSON. External tilesets come from memory: the fixtures' terrain.tsx and
// terrain.tsj, read once from the source tree, by file name.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "tactics/io/scenario.h"
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
  // Its units, when it has a units layer: each on the map, written back as a scenario that reads
  // the same units.
  const auto scenario = tactics::scenarioFromTiledMap(*map, path);
  if (!scenario) {
    if (scenario.error().empty()) throw std::logic_error("scenarioFromTiledMap failed without a message");
    return 0;
  }
  if (scenario->units.empty() || scenario->units.size() > tactics::kMaxScenarioUnits) {
    throw std::logic_error("a number of units SPEC §6 does not allow");
  }
  for (const tactics::Unit& unit : scenario->units) {
    if (!scenario->map.contains(unit.cell)) throw std::logic_error("a unit off the map");
  }
  const auto text = tactics::formatScenario(*scenario, "maps/level.json");
  if (!text) throw std::logic_error("a Tiled scenario the writer refuses: " + text.error());
  const auto again = tactics::parseScenario(
      Bytes(text->begin(), text->end()), "maps/level.json",
      [&](const std::string&, const tactics::TerrainNames*) -> tactics::Expected<tactics::CostMap> {
        return scenario->map;
      });
  if (!again || again->units.size() != scenario->units.size()) {
    throw std::logic_error("a written Tiled scenario does not read back");
  }
  return 0;
}
