// Fuzz target: scenario JSON (parseScenario, SPEC §6) over an in-memory map, and the writer
// (formatScenario): what parses is written and parses back the same. Input: the scenario's bytes.
// Its "map" entry resolves to a 48x40 map of every terrain; a path that names "missing" fails to
// load, so the loader's errors are reached too.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tactics/io/scenario.h"

namespace {

const tactics::CostMap& boardMap() {
  static const tactics::CostMap map = [] {
    constexpr int kWidth = 48;
    constexpr int kHeight = 40;
    std::vector<std::uint8_t> grey;
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        grey.push_back(tactics::kCanonicalGrey[static_cast<std::size_t>((x * 7 + y * 3) % 11 % 5)]);
      }
    }
    return tactics::CostMap(kWidth, kHeight, std::move(grey));
  }();
  return map;
}

tactics::Expected<tactics::CostMap> loadInMemory(const std::string& resolvedPath,
                                                 const tactics::TerrainNames* /*terrains*/) {
  if (resolvedPath.find("missing") != std::string::npos) {
    return tactics::Error{"cannot read map '" + resolvedPath + "': no such file"};
  }
  return boardMap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> bytes(data, data + size);
  const auto scenario = tactics::parseScenario(bytes, "scenarios/fuzz.json", loadInMemory);
  if (!scenario) {
    if (scenario.error().empty()) throw std::logic_error("parseScenario failed without a message");
    return 0;
  }
  // A scenario that parsed keeps SPEC §6's promises.
  if (scenario->units.size() > tactics::kMaxScenarioUnits) {
    throw std::logic_error("more units than SPEC §6 allows");
  }
  if (scenario->classes.count("foot") == 0) throw std::logic_error("no foot class");
  for (const tactics::Unit& unit : scenario->units) {
    if (!scenario->map.contains(unit.cell)) throw std::logic_error("a unit off the map");
  }
  // Written and read back, it is the same scenario, props and all.
  const auto text = tactics::formatScenario(*scenario, "scenarios/fuzz.json");
  if (!text) throw std::logic_error("a parsed scenario the writer refuses: " + text.error());
  const auto again = tactics::parseScenario(std::vector<std::uint8_t>(text->begin(), text->end()),
                                            "scenarios/fuzz.json", loadInMemory);
  if (!again) throw std::logic_error("a written scenario does not parse: " + again.error());
  if (again->mapPath != scenario->mapPath || again->classes != scenario->classes ||
      again->props != scenario->props || again->units.size() != scenario->units.size() ||
      again->defence != scenario->defence || again->objective != scenario->objective) {
    throw std::logic_error("a written scenario reads back differently");
  }
  for (std::size_t i = 0; i < again->units.size(); ++i) {
    const tactics::Unit& a = scenario->units[i];
    const tactics::Unit& b = again->units[i];
    if (a.name != b.name || a.team != b.team || a.cell != b.cell || a.moveRange != b.moveRange ||
        !(a.attack == b.attack) || a.className != b.className || !(a.movement == b.movement) ||
        a.props != b.props || a.hp != b.hp || a.str != b.str || a.def != b.def ||
        a.spd != b.spd || a.lord != b.lord) {
      throw std::logic_error("a written unit reads back differently");
    }
  }
  return 0;
}
