#include "cli/scenario_argument.h"

#include "tactics/io/file_io.h"
#include "tactics/io/map_image.h"
#include "tactics/io/tiled_map.h"

namespace tactics::cli {

Expected<Scenario> loadScenarioArgument(const std::string& path) {
  auto scenario = loadScenario(path);
  if (scenario || isTiledMapPath(path)) return scenario;
  // Only once it failed: is it an image someone meant as the map? io's own message (about the
  // bytes JSON cannot hold) is right but does not say what to do.
  const auto bytes = readFileBytes(path);
  if (bytes && decodeMap(*bytes)) {
    return Error{"--scenario '" + path + "' is an image; a scenario is JSON (use --map " + path +
                 " for a bare map)"};
  }
  return scenario;
}

}  // namespace tactics::cli
