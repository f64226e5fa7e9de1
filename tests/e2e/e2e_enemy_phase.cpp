// The enemy phase in the real demo: its fields never stall the game (issue 22 item 16). Under
// Xvfb the renderer is Mesa's software rasterizer, where Auto puts every field on the CPU (a
// field's passes there cost minutes on a maze); the demo logs where each field ran.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "e2e_support.h"

namespace {

std::vector<std::string> linesStarting(const std::string& out, const std::string& prefix) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) lines.push_back(line);
  }
  return lines;
}

}  // namespace

TEST_CASE("demo: on a software renderer the enemy phase's fields run on the CPU", "[e2e]") {
  const std::string path = e2e::tempPath("fields.png");
  const e2e::Run run = e2e::demo("--end-turn --window 960x600 --screenshot " + path);
  INFO("stdout: " << run.out << "\nstderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  const std::vector<std::string> fields = linesStarting(run.out, "field ");
  // default.json: the enemies' foot, armour, flier and mounted classes, the allies' two.
  REQUIRE(fields.size() >= 4);
  for (const std::string& line : fields) {
    INFO(line);
    std::istringstream words(line);
    std::string field, team, movement, backend, ms, unit;
    words >> field >> team >> movement >> backend >> ms >> unit;
    CHECK((team == "enemy" || team == "ally"));
    CHECK(backend == "cpu");
    CHECK(unit == "ms");
  }
  CHECK(fields.front().rfind("field enemy 1,2,4,8,x cpu ", 0) == 0);
}
