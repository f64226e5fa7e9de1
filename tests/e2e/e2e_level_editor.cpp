// The level designer's loop in the real window (e2e_level_editor.sh): two units placed in edit
// mode, a unit clicked (selected, not painted under) and dragged, a save over the open scenario
// refused in the dialog (which stays open), the scenario saved through the save dialog, and the
// saved file read back, by the scenario reader, the demo and `solve`, as the same board: units,
// terrain and props.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "e2e_support.h"
#include "tactics/io/map_image.h"
#include "tactics/io/scenario.h"

using namespace tactics;

TEST_CASE("level editor: two units placed in edit mode are saved as a scenario that reopens as "
          "the same board", "[e2e]") {
  namespace fs = std::filesystem;
  const fs::path dir = e2e::tempPath("level_editor");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(e2e::crossroadsPath(), dir / "crossroads.png");
  const std::string original = (dir / "start.json").string();
  std::ofstream(original) << R"({ "map": "crossroads.png", "props": { "title": "Crossing" },
  "units": [ { "name": "Lord", "team": "player", "at": [3, 6], "move": 5, "attack": "1-2",
               "props": { "hp": 18, "portrait": "lord.png" } },
             { "name": "Brigand", "team": "enemy", "at": [20, 12], "move": 5 } ] })";
  const auto before = loadScenario(original);
  REQUIRE(before);
  // Two plains cells with no unit.
  const Cell a{10, 10};
  const Cell b{12, 11};
  REQUIRE(before->map.terrain(a) == 0);
  REQUIRE(before->map.terrain(b) == 0);
  // The Lord stands on forest: clicking it in edit mode (plains brush) must not paint there. Then
  // it is dragged to a plains cell.
  const Cell lord{3, 6};
  const Cell moved{5, 6};
  REQUIRE(before->map.terrain(lord) == 1);
  REQUIRE(before->map.terrain(moved) == 0);

  const std::string saved = (dir / "designed.json").string();
  const std::string log = e2e::tempPath("level_editor.log");
  const e2e::Run run = e2e::run(std::string(e2e::kXvfb) + "bash " + TACTICS_SOURCE_DIR +
                                "/tests/e2e/e2e_level_editor.sh " + TACTICS_EXE + " " + log + " " +
                                original + " " + std::to_string(a.x) + " " + std::to_string(a.y) +
                                " " + std::to_string(b.x) + " " + std::to_string(b.y) + " " +
                                std::to_string(lord.x) + " " + std::to_string(lord.y) + " " +
                                std::to_string(moved.x) + " " + std::to_string(moved.y) + " " +
                                saved);
  INFO("driver: " << run.err << "\ndemo: " << e2e::readText(log));
  REQUIRE(run.exitCode == 0);

  // The scenario reader: the two units added after the others, everything else as it was.
  const auto after = loadScenario(saved);
  REQUIRE(after);
  CHECK(after->mapPath == (dir / "designed.png").string());
  CHECK(after->map.greyValues() == before->map.greyValues());
  CHECK(after->props == before->props);
  REQUIRE(after->units.size() == before->units.size() + 2);
  CHECK(after->map.terrain(lord) == 1);  // selected, not painted under
  CHECK(after->units[0].cell == moved);  // then dragged
  for (std::size_t i = 0; i < before->units.size(); ++i) {
    const Unit& was = before->units[i];
    const Unit& is = after->units[i];
    CHECK(is.name == was.name);
    CHECK(is.team == was.team);
    if (i > 0) CHECK(is.cell == was.cell);
    CHECK(is.moveRange == was.moveRange);
    CHECK(is.attack == was.attack);
    CHECK(is.movement == was.movement);
    CHECK(is.props == was.props);
  }
  CHECK(after->units[2].cell == a);
  CHECK(after->units[3].cell == b);
  CHECK(after->units[2].team == Team::Player);
  CHECK(after->units[2].name != after->units[3].name);

  // The demo opens it again: the same board drawn as a board with those units.
  const std::string shot = (dir / "reopened.png").string();
  const e2e::Run reopened = e2e::demo("--scenario " + saved + " --screenshot " + shot);
  INFO(reopened.err);
  REQUIRE(reopened.exitCode == 0);
  CHECK(fs::file_size(shot) > 0);
  // The command line reads it too.
  const e2e::Run solved = e2e::run(std::string(TACTICS_EXE) + " solve --scenario " + saved +
                                   " --unit 5,6");
  INFO(solved.err);
  CHECK(solved.exitCode == 0);
  fs::remove_all(dir);
}
