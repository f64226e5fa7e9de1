// The unit's Movement Range is a drag field (issue 37: one click on the old slider set the Lord's
// Movement Range to about 32), in the real window driven by xdotool (e2e_drag_field.sh): a click
// alone leaves the number as it was; a drag changes it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "app/rules/roster.h"
#include "e2e_support.h"
#include "tactics/io/map_image.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

// The "selected ..." lines of a log.
std::vector<std::string> selections(const std::string& log) {
  std::istringstream lines(log);
  std::string line;
  std::vector<std::string> found;
  while (std::getline(lines, line)) {
    if (line.rfind("selected ", 0) == 0) found.push_back(line);
  }
  return found;
}

}  // namespace

TEST_CASE("window: one click on the Movement Range field does not change it, a drag does",
          "[e2e]") {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  const std::vector<Unit> units = defaultRoster(*map);
  const auto lord = std::find_if(units.begin(), units.end(),
                                 [](const Unit& u) { return u.name == "Lord"; });
  REQUIRE(lord != units.end());

  const std::string log = e2e::tempPath("drag_field.log");
  const e2e::Run run = e2e::run(std::string(e2e::kXvfb) + "bash " + TACTICS_SOURCE_DIR +
                                "/tests/e2e/e2e_drag_field.sh " + TACTICS_EXE + " " + log + " " +
                                std::to_string(lord->cell.x) + " " + std::to_string(lord->cell.y));
  const std::string said = e2e::readText(log);
  INFO("driver: " << run.err << "\ndemo: " << said);
  REQUIRE(run.exitCode == 0);
  const std::string selected = "selected Lord move " + std::to_string(lord->moveRange);
  const std::vector<std::string> beforeDrag = selections(e2e::readText(log + ".click"));
  const std::vector<std::string> afterDrag = selections(said);
  // Selected, then the click on the field: nothing changed.
  REQUIRE_FALSE(beforeDrag.empty());
  CHECK(beforeDrag.back() == selected);
  CHECK(std::count(beforeDrag.begin(), beforeDrag.end(), selected) == 1);
  CHECK(beforeDrag.size() == 2);  // "selected none", then the Lord
  // The drag did change it, upwards: the click went to the field.
  REQUIRE_FALSE(afterDrag.empty());
  CHECK(afterDrag.back() != selected);
  CHECK(afterDrag.back().rfind("selected Lord move ", 0) == 0);
}
