// The scripted drivers (harness/): they feed the app the same Input a platform does. The
// screenshot's and bench's pointer lands on the cell it means, the bench's loop steps round the
// selected unit, the soak's keys are the app's own, and the bench report's numbers.
#include <catch2/catch.hpp>

#include <set>

#include "app_boards.h"

#include "app/harness/bench_report.h"
#include "app/harness/scripted_driver.h"
#include "app/harness/soak_driver.h"
#include "app/view/board_layout.h"

using tactics::Cell;
using namespace tactics::app;
using tactics::testing::openGround;
using tactics::testing::unitAtCell;

namespace {

Scene board() {
  Scene scene;
  scene.map = openGround();
  scene.units = {unitAtCell("Lord", Team::Player, {1, 1}, 3),
                 unitAtCell("Brigand", Team::Enemy, {8, 2}, 3)};
  scene.moved.assign(scene.units.size(), false);
  return scene;
}

// A HiDPI layout: two framebuffer pixels per screen coordinate.
BoardLayout layout() {
  LayoutInputs in;
  in.window = {640, 400};
  in.framebuffer = {1280, 800};
  in.map = {12, 8};
  in.panelWidth = 0;
  return layoutBoard(in);
}

const Surface kSurface{{640, 400}, {1280, 800}, 2.0F};

}  // namespace

TEST_CASE("scripted driver: --hover puts the pointer on that cell every frame", "[app]") {
  const Scene scene = board();
  const BoardLayout where = layout();
  ScriptedDriver driver(Cell{6, 3}, false);
  for (int frame = 0; frame < 3; ++frame) {
    const Input input = driver.next(scene, where, kSurface);
    CHECK(input.surface.framebuffer == kSurface.framebuffer);
    CHECK(input.cursorInside);
    CHECK(where.cellAtCursor(input.cursorX, input.cursorY) == std::optional<Cell>(Cell{6, 3}));
    CHECK(input.clicks.empty());
    CHECK(input.keys.empty());
  }
}

TEST_CASE("scripted driver: a screenshot without --hover points at nothing", "[app]") {
  ScriptedDriver driver(std::nullopt, false);
  const Input input = driver.next(board(), layout(), kSurface);
  CHECK_FALSE(input.cursorInside);
  CHECK_FALSE(input.any);
}

TEST_CASE("scripted driver: the bench's pointer steps round the selected unit", "[app]") {
  Scene scene = board();
  scene.selected = 0;
  const BoardLayout where = layout();
  ScriptedDriver driver(std::nullopt, true);
  std::vector<std::optional<Cell>> seen;
  for (int frame = 0; frame < 10 * kBenchHoverFrames; ++frame) {
    const Input input = driver.next(scene, where, kSurface);
    seen.push_back(input.cursorInside ? where.cellAtCursor(input.cursorX, input.cursorY)
                                      : std::nullopt);
  }
  // The same cell for kBenchHoverFrames frames, then the next one of the loop.
  CHECK(seen[0] == std::optional<Cell>(Cell{2, 1}));
  CHECK(seen[kBenchHoverFrames - 1] == seen[0]);
  CHECK(seen[kBenchHoverFrames] == std::optional<Cell>(Cell{3, 1}));
  // The Lord stands at 1,1: the loop's cells off the map are skipped, the rest all come.
  std::set<std::pair<int, int>> cells;
  for (const auto& cell : seen) {
    if (cell) cells.insert({cell->x, cell->y});
  }
  CHECK(cells.size() == 8);  // the loop's -2,0 and 0,-2 steps would leave the map
  CHECK(cells.count({-1, 1}) == 0);
  CHECK(cells.count({1, -1}) == 0);

  // Nothing selected: no pointer.
  scene.selected.reset();
  CHECK_FALSE(driver.next(scene, where, kSurface).cursorInside);
}

TEST_CASE("soak driver: its keys are the app's own, Ctrl+Z and Ctrl+Y with the control flag",
          "[app]") {
  Scene scene = board();
  Ui ui;
  const BoardLayout where = layout();
  const std::vector<std::string> boards;
  SoakDriver driver(7);
  int undoKeys = 0;
  int otherKeys = 0;
  for (int action = 0; action < 400; ++action) {
    std::string what;
    const Input input = driver.act({scene, where, nullptr, boards}, scene, ui, what);
    for (const KeyPress& press : input.keys) {
      CHECK(press.key != Key::Other);
      if (what == "undo") {
        CHECK((press.key == Key::Z || press.key == Key::Y));
        CHECK(press.mods == kModControl);
        ++undoKeys;
      } else {
        CHECK(press.mods == kModNone);
        ++otherKeys;
      }
    }
    ui = Ui{};  // the panel edits it made do not matter here
    scene.selected.reset();
  }
  CHECK(undoKeys > 0);
  CHECK(otherKeys > 0);
}

TEST_CASE("bench report: median, nearest-rank p90 and the report's lines", "[app]") {
  const BenchSummary odd = summariseFrames({5, 1, 3, 2, 4});
  CHECK(odd.frames == 5);
  CHECK(odd.medianMs == 3);
  CHECK(odd.p90Ms == 5);
  const BenchSummary even = summariseFrames({1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  CHECK(even.medianMs == Approx(5.5));
  CHECK(even.p90Ms == 9);
  CHECK(formatBenchReport(odd, {1280, 720}, 4) ==
        "frames 5\nwindow 1280x720\nmedian_ms 3.000\np90_ms 5.000\nsolves 4\n");
  CHECK(summariseFrames({}).frames == 0);
}

TEST_CASE("play script: clicks and keys a line and one error line naming the file and line",
          "[app]") {
  const auto steps = parsePlayScript("# a game\nclick 3,20\n\n  key z\r\nkey escape\n", "g.txt");
  REQUIRE(steps);
  REQUIRE(steps->size() == 3);
  CHECK((*steps)[0].kind == ScriptStep::Kind::Click);
  CHECK((*steps)[0].cell == Cell{3, 20});
  CHECK((*steps)[0].line == 2);
  CHECK((*steps)[1].key == Key::Z);
  CHECK((*steps)[2].key == Key::Escape);
  CHECK(parsePlayScript("click 3\n", "g.txt").error() ==
        "g.txt line 1: \"click 3\": a click takes one cell, X,Y (e.g. click 7,20)");
  CHECK(parsePlayScript("key q\n", "g.txt").error() ==
        "g.txt line 1: \"key q\": a key is one of z, x, c, e, t, tab, enter, escape, up, down, "
        "left, right");
  CHECK(parsePlayScript("click 1,2 3,4\n", "g.txt").error().find("line 1") != std::string::npos);
  CHECK(parsePlayScript("# nothing\n", "g.txt").error() == "g.txt: no click or key in it");
}

TEST_CASE("scripted driver: a play script's steps wait for the demo to settle", "[app]") {
  const Scene scene = board();
  const BoardLayout where = layout();
  std::vector<ScriptStep> script(3);
  script[0].cell = Cell{1, 1};
  script[1].kind = ScriptStep::Kind::Key;
  script[1].key = Key::E;
  script[2].kind = ScriptStep::Kind::Key;
  script[2].key = Key::Z;
  ScriptedDriver driver(std::nullopt, false, {}, script);
  REQUIRE(driver.playing());
  CHECK(driver.next(scene, where, kSurface).clicks.empty());  // frame 0 draws the board
  const Input click = driver.next(scene, where, kSurface);
  REQUIRE(click.clicks.size() == 1);
  CHECK(where.cellAtCursor(click.clicks[0].x, click.clicks[0].y) == Cell{1, 1});
  CHECK(driver.next(scene, where, kSurface, true).keys.empty());  // busy (the click's walk): waits
  CHECK(driver.next(scene, where, kSurface, true).keys.empty());
  const Input key = driver.next(scene, where, kSurface);
  REQUIRE(key.keys.size() == 1);
  CHECK(key.keys[0].key == Key::E);
  CHECK_FALSE(driver.scriptDone());
  // Settled: the next step goes on the very next frame.
  CHECK(driver.next(scene, where, kSurface).keys.size() == 1);
  CHECK(driver.scriptDone());
  CHECK(driver.next(scene, where, kSurface).keys.empty());
}
