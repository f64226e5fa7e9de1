// Scripted screenshots of the real demo under Xvfb, checked cell by cell against the CPU
// reference: blue where the unit moves, red where it attacks, nothing elsewhere, and the path
// arrow on exactly the cells of the path.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "app/rules/roster.h"
#include "app/rules/turns.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/path.h"
#include "tactics/solver/reference_solver.h"
#include "e2e_support.h"
#include "tactics/io/map_image.h"

using tactics::Cell;
using tactics::Reach;
using namespace tactics::app;

namespace {

int red(const std::array<int, 3>& after, const std::array<int, 3>& before) {
  return after[0] - before[0];
}
int blue(const std::array<int, 3>& after, const std::array<int, 3>& before) {
  return after[2] - before[2];
}
int difference(const std::array<int, 3>& a, const std::array<int, 3>& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

struct Shot {
  e2e::Board board;
  e2e::Image image;
};

Shot screenshot(const std::string& name, const std::string& args) {
  const std::string path = e2e::tempPath(name + ".png");
  const e2e::Run run = e2e::demo("--map " + e2e::crossroadsPath() +
                                 " --window 1280x720 --screenshot " + path + " " + args);
  INFO("stderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  Shot shot{e2e::parseBoard(run.out), e2e::loadImage(path)};
  INFO("stdout: " << run.out);
  REQUIRE(shot.board.ok);
  REQUIRE(shot.image.width == 1280);
  REQUIRE(shot.image.height == 720);
  return shot;
}

// The reached free cell farthest from the unit whose path turns a corner.
Cell destinationWithCorner(const tactics::RangeResult& range, const std::vector<Unit>& units,
                           Cell start) {
  Cell best = start;
  int bestCost = -1;
  for (int y = 0; y < range.height(); ++y) {
    for (int x = 0; x < range.width(); ++x) {
      const Cell c{x, y};
      if (!range.reached(c) || unitAt(units, c) || range.travelCost[c] <= bestCost) continue;
      const auto path = tactics::pathTo(range, start, c);
      const bool turns = path.size() >= 3 && path.front().x != path.back().x &&
                         path.front().y != path.back().y;
      if (turns) {
        best = c;
        bestCost = range.travelCost[c];
      }
    }
  }
  return best;
}

// The cell's centre lies on the board's area of a 1280x720 window (12-pixel margin, 340-pixel
// panel): zoomed in, part of the map is off screen.
bool onScreen(const e2e::Board& board, Cell c) {
  const int x = board.x0 + c.x * board.cell + board.cell / 2;
  const int y = board.y0 + c.y * board.cell + board.cell / 2;
  return x >= 12 && x < 1280 - 340 - 12 && y >= 12 && y < 720 - 12;
}

// `view` adds demo arguments that place the camera, e.g. --cell 48.
void checkSelection(const std::string& unitName, const std::string& view = "") {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  const std::vector<Unit> units = defaultRoster(*map);
  const auto found = std::find_if(units.begin(), units.end(),
                                  [&](const Unit& u) { return u.name == unitName; });
  REQUIRE(found != units.end());
  const auto index = static_cast<std::size_t>(found - units.begin());
  const Cell start = found->cell;
  const tactics::RangeResult range = tactics::solveReference(*map, queryFor(units, index));
  const Cell target = destinationWithCorner(range, units, start);
  REQUIRE(target != start);

  const std::string select = view + " --select " + tactics::toString(start);
  const Shot plain = screenshot(unitName + "-plain", view);
  const Shot selected = screenshot(unitName + "-selected", select);
  const Shot hovered =
      screenshot(unitName + "-hovered", select + " --hover " + tactics::toString(target));
  REQUIRE(selected.board.x0 == plain.board.x0);
  REQUIRE(selected.board.cell == plain.board.cell);
  const e2e::Board& board = plain.board;

  // Overlays: every free cell's centre against the screenshot with nothing selected.
  int reached = 0;
  int attackable = 0;
  for (int y = 0; y < map->height(); ++y) {
    for (int x = 0; x < map->width(); ++x) {
      const Cell c{x, y};
      if (unitAt(units, c) || !onScreen(board, c)) continue;  // tokens cover the centre
      const auto before = e2e::centreOf(plain.image, board, c);
      const auto after = e2e::centreOf(selected.image, board, c);
      INFO("cell " << tactics::toString(c) << " before " << before[0] << "," << before[1] << ","
                   << before[2] << " after " << after[0] << "," << after[1] << "," << after[2]);
      switch (range.reach[c]) {
        case Reach::Reached:
          ++reached;
          CHECK(blue(after, before) - red(after, before) >= 30);
          CHECK(blue(after, before) > 10);
          break;
        case Reach::Attackable:
          ++attackable;
          CHECK(red(after, before) - blue(after, before) >= 30);
          CHECK(red(after, before) > 10);
          break;
        case Reach::None:
          CHECK(difference(after, before) <= 6);
          break;
      }
    }
  }
  CHECK(reached > 5);
  CHECK(attackable > 5);

  // The arrow: on every cell of the path, nowhere else. Unit tokens (the start, an ally the
  // path crosses) cover their cells' centres.
  const auto path = tactics::pathTo(range, start, target);
  REQUIRE(path.size() >= 3);
  int arrowCells = 0;
  for (int y = 0; y < map->height(); ++y) {
    for (int x = 0; x < map->width(); ++x) {
      const Cell c{x, y};
      if (unitAt(units, c) || !onScreen(board, c)) continue;
      const bool onPath = std::find(path.begin(), path.end(), c) != path.end();
      const auto without = e2e::centreOf(selected.image, board, c);
      const auto with = e2e::centreOf(hovered.image, board, c);
      INFO("cell " << tactics::toString(c) << (onPath ? " on" : " off") << " the path");
      if (onPath) {
        ++arrowCells;
        CHECK(difference(with, without) >= 60);
      } else {
        CHECK(difference(with, without) <= 6);
      }
    }
  }
  CHECK(arrowCells >= 2);
}

}  // namespace

TEST_CASE("screenshot: the Lord's move and attack range and path arrow match the CPU reference",
          "[e2e]") {
  checkSelection("Lord");
}

TEST_CASE("screenshot: zoomed in, the range and arrow still land on the right cells", "[e2e]") {
  checkSelection("Lord", "--cell 48");
}

TEST_CASE("screenshot: the 2-2 bow's range matches the CPU reference", "[e2e]") {
  const auto units = crossroadsRoster();
  const auto bow = std::find_if(units.begin(), units.end(), [](const Unit& u) {
    return u.team == Team::Player && u.attack == tactics::AttackRange{2, 2};
  });
  REQUIRE(bow != units.end());
  checkSelection(bow->name);
}

TEST_CASE("screenshot: the compute backend draws the Lord's range pixel for pixel as the passes",
          "[e2e]") {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  const std::vector<Unit> units = defaultRoster(*map);
  const auto lord = std::find_if(units.begin(), units.end(),
                                 [](const Unit& u) { return u.name == "Lord"; });
  REQUIRE(lord != units.end());
  const std::string select = "--select " + tactics::toString(lord->cell);
  // Without OpenGL 4.3 the demo refuses the compute backend with exit 3: nothing to compare.
  const std::string probe = e2e::tempPath("compute-probe.png");
  const e2e::Run asked = e2e::demo("--map " + e2e::crossroadsPath() + " --screenshot " + probe +
                                   " --backend compute");
  if (asked.exitCode == 3) {
    WARN("no OpenGL 4.3 under Xvfb: the compute backend is not compared: " << asked.err);
    return;
  }
  const Shot plain = screenshot("backend-plain", "");
  const Shot passes = screenshot("backend-fragment", select + " --backend fragment");
  const Shot compute = screenshot("backend-compute", select + " --backend compute");
  REQUIRE(compute.board.x0 == passes.board.x0);
  REQUIRE(compute.board.y0 == passes.board.y0);
  REQUIRE(compute.board.cell == passes.board.cell);
  // Every pixel left of the panel (whose numbers name the backend and time it).
  int differing = 0;
  int overlaid = 0;
  for (int y = 0; y < 720; ++y) {
    for (int x = 0; x < 1280 - 340; ++x) {
      if (compute.image.at(x, y) != passes.image.at(x, y)) ++differing;
      if (compute.image.at(x, y) != plain.image.at(x, y)) ++overlaid;
    }
  }
  CHECK(differing == 0);
  CHECK(overlaid > 1000);  // the range is drawn at all: the comparison is not of two blank boards
}

TEST_CASE("screenshot: the board line and the image agree with a different window size",
          "[e2e]") {
  const std::string path = e2e::tempPath("small.png");
  const e2e::Run run = e2e::demo("--map " + e2e::crossroadsPath() +
                                 " --window 900x600 --frames 2 --screenshot " + path);
  REQUIRE(run.exitCode == 0);
  const e2e::Board board = e2e::parseBoard(run.out);
  REQUIRE(board.ok);
  const e2e::Image image = e2e::loadImage(path);
  REQUIRE(image.width == 900);
  REQUIRE(image.height == 600);
  // 900x600 would leave 16-pixel cells for the whole 32x24 map, too small to read: the default
  // view zooms to 28-pixel cells around the player's units (south-west) instead.
  CHECK(board.cell == 28);
  const int unitX = board.x0 + 3 * board.cell + board.cell / 2;  // the Lord at 3,20
  const int unitY = board.y0 + 20 * board.cell + board.cell / 2;
  CHECK(unitX > 12);
  CHECK(unitX < 900 - 340 - 12);
  CHECK(unitY > 12);
  CHECK(unitY < 600 - 12);
  // The margin around the board's area stays dark; the board inside it is drawn.
  const auto margin = image.at(4, 300);
  CHECK(margin[0] + margin[1] + margin[2] < 120);
  const auto inside = image.at(100, 300);
  CHECK(inside[0] + inside[1] + inside[2] > 120);
}

// "move Fighter 17,3 -> 12,3 path ..." lines, in order.
std::vector<std::string> moveLines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("move ", 0) == 0) lines.push_back(line);
  }
  return lines;
}

TEST_CASE("screenshot: after an enemy phase the units stand where the rules sent them",
          "[e2e]") {
  // The default scenario, played through the enemy and ally phases on the GPU by the demo and
  // on the CPU reference here: the same moves, and the tokens where the moves ended.
  auto scenario = tactics::loadScenario(std::string(TACTICS_SOURCE_DIR) +
                                        "/assets/scenarios/default.json");
  REQUIRE(scenario);
  Scene expected = makeScene(std::move(*scenario), "default.json");
  const std::vector<Unit> before = expected.units;
  REQUIRE(requestEndTurn(expected) == EndTurn::NeedsConfirmation);
  answerEndTurn(expected, true);
  std::vector<std::string> expectedLines;
  for (const MoveEvent& move : runAiPhases(expected, [](const Scene& scene, std::size_t unit) {
         return tactics::solveReference(scene.map, queryFor(scene.units, unit));
       })) {
    expectedLines.push_back(formatMove(move));
  }
  REQUIRE(expected.phase == Phase::Player);
  REQUIRE(expected.turn == 2);

  const std::string path = e2e::tempPath("enemy-phase.png");
  const e2e::Run run = e2e::demo("--end-turn --window 1280x720 --screenshot " + path);
  INFO("stdout: " << run.out << "\nstderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  CHECK(moveLines(run.out) == expectedLines);
  int moved = 0;
  for (std::size_t i = 0; i < before.size(); ++i) moved += before[i].cell != expected.units[i].cell;
  CHECK(moved >= 4);

  // Every enemy token stands on its new cell: its red body shows somewhere around the white
  // initial in the middle.
  const e2e::Board board = e2e::parseBoard(run.out);
  REQUIRE(board.ok);
  const e2e::Image image = e2e::loadImage(path);
  for (const Unit& unit : expected.units) {
    if (unit.team != Team::Enemy) continue;
    INFO(unit.name << " at " << tactics::toString(unit.cell));
    int reddest = -255;
    for (int dy = 2; dy < board.cell - 2; ++dy) {
      for (int dx = 2; dx < board.cell - 2; ++dx) {
        const auto c = image.at(board.x0 + unit.cell.x * board.cell + dx,
                                board.y0 + unit.cell.y * board.cell + dy);
        reddest = std::max(reddest, c[0] - std::max(c[1], c[2]));
      }
    }
    CHECK(reddest > 100);
  }
}

TEST_CASE("demo: bad arguments exit 2 with one error line, before any window opens", "[e2e]") {
  const std::vector<std::string> bad = {
      "--frames 0",           "--frames 2.5",    "--window 1280",     "--window 10x10",
      "--select 99,99",       "--select 0,0",    "--hover 3",         "--map /nonexistent.png",
      "--bogus",              "--screenshot /nonexistent-dir/x.png",  "--scenario s.txt",
      "--backend gpu",        "--mark 99,99",    "--mark 0,0",        "--mark 3,20",
      "--map " + e2e::crossroadsPath() + " --screenshot " + e2e::crossroadsPath()};
  for (const std::string& args : bad) {
    INFO(args);
    const e2e::Run run = e2e::run(std::string(TACTICS_EXE) + " demo " + args);
    CHECK(run.exitCode == 2);
    CHECK(run.err.rfind("error: ", 0) == 0);
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
    CHECK(run.out.empty());
  }
}

TEST_CASE("demo: without a display it says how to get one and exits 3", "[e2e]") {
  const e2e::Run run = e2e::run("env -u DISPLAY -u WAYLAND_DISPLAY " + std::string(TACTICS_EXE) +
                                " demo --frames 1");
  CHECK(run.exitCode == 3);
  CHECK(run.err.rfind("error: ", 0) == 0);
  CHECK_THAT(run.err, Catch::Contains("xvfb-run -a"));
}

TEST_CASE("demo: without OpenGL 3.3 core it exits 3 with one line saying so", "[e2e]") {
  const std::string shot = e2e::tempPath("no-opengl.png");
  const e2e::Run run = e2e::run("MESA_GL_VERSION_OVERRIDE=3.0 " + std::string(e2e::kXvfb) +
                                TACTICS_EXE + " demo --screenshot " + shot);
  CHECK(run.exitCode == 3);
  CHECK(run.err.rfind("error: ", 0) == 0);
  CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
  CHECK_THAT(run.err, Catch::Contains("OpenGL 3.3"));
  CHECK_FALSE(std::ifstream(shot).good());
}
