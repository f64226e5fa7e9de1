// Fog on the command line (SPEC §11.5), with the sample assets/scenarios/fog.json: the player's
// side answers as if the hidden enemies' cells were empty (solve, route, field), the danger zone
// is the player's view, and an enemy's own solve sees everyone. Each answer is compared with the
// literal rule: the same scenario with the hidden enemies taken out.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "cli_run.h"

namespace fs = std::filesystem;
using tactics::testing::Run;
using tactics::testing::runTacticsGrid;
using tactics::testing::slurp;
using tactics::testing::writeText;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;
const std::string kFog = kSource + "/assets/scenarios/fog.json";

// fog.json with its lines holding `"hidden": true` rewritten by `change` ("" drops them), its
// map named by an absolute path, written into `dir`.
std::string variant(const fs::path& dir, const std::string& name, const std::string& change) {
  std::string text = slurp(kFog);
  const std::string map = "\"../maps/crossroads.png\"";
  text.replace(text.find(map), map.size(), "\"" + kSource + "/assets/maps/crossroads.png\"");
  for (std::size_t at = text.find("\"hidden\": true"); at != std::string::npos;
       at = text.find("\"hidden\": true", at + 1)) {
    const std::size_t start = text.rfind('\n', at) + 1;
    const std::size_t end = text.find('\n', at);
    if (change.empty()) {
      text.erase(start, end - start + 1);
      at = start - 1;
    } else {
      text.replace(at, std::string("\"hidden\": true").size(), change);
    }
  }
  // A dropped last unit leaves a comma before the closing bracket.
  const std::size_t close = text.rfind(']');
  const std::size_t comma = text.find_last_not_of(" \n", close - 1);
  if (text[comma] == ',') text.erase(comma, 1);
  const fs::path path = dir / name;
  writeText(path, text);
  return path.string();
}

nlohmann::json json(const Run& run) {
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  return nlohmann::json::parse(run.out);
}

}  // namespace

TEST_CASE("fog: solve, danger and field answer from the player's view on every backend",
          "[cli][fog]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_fog");
  const std::string without = variant(dir, "without.json", "");
  const std::string seen = variant(dir, "seen.json", "\"hidden\": false");
  for (const char* backend : {"cpu", "gpu", "compute"}) {
    INFO(backend);
    const std::string flags = std::string(" --backend ") + backend + " --json -";
    // The Cavalier's range runs over the hidden Assassin's cell, 7,21, as over an empty one.
    const auto fog = json(runTacticsGrid("solve --scenario '" + kFog + "' --unit 5,21" + flags, dir));
    CHECK(fog["grid"] == json(runTacticsGrid("solve --scenario '" + without + "' --unit 5,21" + flags, dir))["grid"]);
    CHECK(fog["grid"][21].get<std::string>()[7] == 'M');
    const auto known = json(runTacticsGrid("solve --scenario '" + seen + "' --unit 5,21" + flags, dir));
    CHECK(known["grid"][21].get<std::string>()[7] != 'M');

    // The heading counts the enemies the player knows of and names the hidden ones apart.
    const Run heading = runTacticsGrid("danger --scenario '" + kFog + "' --backend " + backend, dir);
    CHECK(heading.out.rfind("danger zone of 3 enemies (and 2 hidden, unknown to the player) on a "
                            "32x24 map (" + std::string(backend), 0) == 0);
    const auto danger = json(runTacticsGrid("danger --scenario '" + kFog + "'" + flags, dir));
    CHECK(danger["count"] == json(runTacticsGrid("danger --scenario '" + without + "'" + flags, dir))["count"]);
    CHECK(danger["count"] != json(runTacticsGrid("danger --scenario '" + seen + "'" + flags, dir))["count"]);

    const std::string field = " --team player --class foot";
    const auto player = json(runTacticsGrid("field --scenario '" + kFog + "'" + field + flags, dir));
    CHECK(player["cost"] == json(runTacticsGrid("field --scenario '" + without + "'" + field + flags, dir))["cost"]);
    CHECK(player["cost"] != json(runTacticsGrid("field --scenario '" + seen + "'" + field + flags, dir))["cost"]);
  }
}

TEST_CASE("fog: an enemy's own solve sees everyone, and route answers from the player's view",
          "[cli][fog]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_fog_route");
  const std::string seen = variant(dir, "seen.json", "\"hidden\": false");
  // The hidden Assassin knows the Cavalier is there: the same range as when nobody hides.
  const auto hidden = json(runTacticsGrid("solve --scenario '" + kFog + "' --unit 7,21 --json -", dir));
  CHECK(hidden["grid"] == json(runTacticsGrid("solve --scenario '" + seen + "' --unit 7,21 --json -", dir))["grid"]);
  // The Cavalier's route to 8,21 runs through the Assassin's cell, with no ambush: route is the
  // player's plan, not a walk.
  const Run route = runTacticsGrid("route --scenario '" + kFog + "' --unit 5,21 --cursor 8,21", dir);
  INFO(route.err);
  REQUIRE(route.exitCode == 0);
  CHECK(route.out.find("route 5,21 6,21 7,21 8,21") != std::string::npos);
}
