// Scripted screenshots of the rules on the board, checked pixel by pixel against the CPU: the
// zone of control borders (SPEC §11.2) on exactly the cells that halt the selected unit, in its
// foes' colour; and the danger zone's three steps (issue 22 item 7) on exactly the cells 1, 2 and
// 3+ enemies threaten, each the palette's step blended over the terrain below it.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "app/rules/roster.h"
#include "app/rules/zone_of_control.h"
#include "app/view/palette.h"
#include "e2e_support.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

const std::string kSkirmish = std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/zoc_skirmish.json";

struct Shot {
  e2e::Board board;
  e2e::Image image;
};

Shot shoot(const std::string& name, const std::string& scenario, const std::string& args,
           const std::string& window = "1000x560") {
  const std::string path = e2e::tempPath(name + ".png");
  const e2e::Run run = e2e::demo("--scenario " + scenario + " --window " + window +
                                 " --screenshot " + path + " " + args);
  INFO("stderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  Shot shot{e2e::parseBoard(run.out), e2e::loadImage(path)};
  REQUIRE(shot.board.ok);
  REQUIRE(shot.image.width == std::stoi(window));
  return shot;
}

tactics::Scenario skirmish() {
  auto scenario = tactics::loadScenario(kSkirmish);
  INFO((scenario ? "" : scenario.error()));
  REQUIRE(scenario);
  REQUIRE(scenario->rules.zoc);
  return std::move(*scenario);
}

int difference(const std::array<int, 3>& a, const std::array<int, 3>& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

std::array<int, 3> bytes(Rgb c) {
  const auto byte = [](float v) { return static_cast<int>(v * 255.0F + 0.5F); };
  return {byte(c.r), byte(c.g), byte(c.b)};
}

// The border's pixel: 2 pixels in from the cell's left edge, half way down (the band is 2..5
// pixels wide after a one-pixel gap).
std::array<int, 3> borderPixel(const Shot& shot, Cell c) {
  return shot.image.at(shot.board.x0 + c.x * shot.board.cell + 2,
                       shot.board.y0 + c.y * shot.board.cell + shot.board.cell / 2);
}

// Every reached cell of units[index]'s solve, bar the units' own: in the border colour exactly
// where `halting` says, far from it everywhere else. Returns how many were bordered.
int checkBorders(const Shot& shot, const tactics::Scenario& scenario, std::size_t index,
                 const std::vector<Cell>& halting) {
  const auto query = tactics::queryFor(scenario.units, index, scenario.rules);
  const auto range = tactics::solveReference(scenario.map, query);
  const auto colour = bytes(zocBorderColour(scenario.units[index].team));
  int bordered = 0;
  for (int y = 0; y < scenario.map.height(); ++y) {
    for (int x = 0; x < scenario.map.width(); ++x) {
      const Cell c{x, y};
      if (!range.reached(c) || unitAt(scenario.units, c)) continue;
      const int d = difference(borderPixel(shot, c), colour);
      INFO("cell " << x << "," << y << " is " << d << " from the border colour");
      if (std::find(halting.begin(), halting.end(), c) != halting.end()) {
        CHECK(d <= 6);
        ++bordered;
      } else {
        CHECK(d > 60);
      }
    }
  }
  return bordered;
}

}  // namespace

TEST_CASE("screenshot: zone of control borders on exactly the cells that halt the selection",
          "[e2e]") {
  const tactics::Scenario scenario = skirmish();
  // The Lord (halted by the enemies, red borders) and the Captain (halted by the players, blue).
  for (const Cell at : {Cell{8, 8}, Cell{8, 4}}) {
    INFO("selected " << at.x << "," << at.y);
    const auto index = unitAt(scenario.units, at);
    REQUIRE(index);
    const auto query = tactics::queryFor(scenario.units, *index, scenario.rules);
    const auto range = tactics::solveReference(scenario.map, query);
    const std::vector<Cell> halting = haltingCells(scenario.map, query, &range);
    REQUIRE_FALSE(halting.empty());
    const Shot shot = shoot("zoc-" + std::to_string(at.y), kSkirmish,
                            "--select " + std::to_string(at.x) + "," + std::to_string(at.y));
    CHECK(checkBorders(shot, scenario, *index, halting) == static_cast<int>(halting.size()));
  }

  // The same board with the rule off: no borders at all.
  const std::string off = e2e::tempPath("zoc_off.json");
  std::ofstream(off) << R"({"map": ")" << TACTICS_SOURCE_DIR
                     << R"(/assets/maps/skirmish.png", "rules": {"zoc": false}, "units": [
      {"name": "Lord", "team": "player", "at": [8, 8], "move": 5},
      {"name": "Guard", "team": "enemy", "at": [6, 4], "move": 4},
      {"name": "Captain", "team": "enemy", "at": [8, 4], "move": 4},
      {"name": "Pikeman", "team": "enemy", "at": [10, 4], "move": 4}]})";
  auto offScenario = tactics::loadScenario(off);
  REQUIRE(offScenario);
  const Shot plain = shoot("zoc-off", off, "--select 8,8");
  CHECK(checkBorders(plain, *offScenario, 0, {}) == 0);
}

TEST_CASE("screenshot: the danger zone's three steps on the cells 1, 2 and 3+ enemies threaten",
          "[e2e]") {
  const tactics::Scenario scenario = skirmish();
  const auto counts = tactics::dangerZone(scenario.map, scenario.units, scenario.rules);
  const Shot plain = shoot("steps-plain", kSkirmish, "");
  const Shot danger = shoot("steps-danger", kSkirmish, "--show danger");
  REQUIRE(plain.board.x0 == danger.board.x0);
  REQUIRE(plain.board.cell == danger.board.cell);
  // The cells' centres: the count's digits sit in the corner.
  std::array<int, 4> cells{};                 // by step, 0 = not threatened
  std::array<std::array<long, 3>, 4> sums{};  // plains cells' colours, by step
  std::array<int, 4> plains{};
  for (int y = 0; y < scenario.map.height(); ++y) {
    for (int x = 0; x < scenario.map.width(); ++x) {
      const Cell c{x, y};
      if (unitAt(scenario.units, c)) continue;
      const auto below = e2e::centreOf(plain.image, plain.board, c);
      const auto shown = e2e::centreOf(danger.image, danger.board, c);
      const int count = counts[c];
      const auto step = static_cast<std::size_t>(std::min(count, 3));
      ++cells[step];
      INFO("cell " << x << "," << y << ", " << count << " enemies");
      if (count == 0) {
        CHECK(difference(below, shown) <= 3);
      } else {
        // The palette's step over what the plain board shows there.
        const DangerStep paint = dangerStep(count);
        const auto colour = bytes(paint.colour);
        const double alpha = paint.alpha;
        for (std::size_t k = 0; k < 3; ++k) {
          const double expected = below[k] * (1.0 - alpha) + colour[k] * alpha;
          CHECK(std::abs(shown[k] - expected) <= 3.0);
        }
      }
      if (scenario.map.terrain(c) == 0) {
        ++plains[step];
        for (std::size_t k = 0; k < 3; ++k) sums[step][k] += shown[k];
      }
    }
  }
  for (std::size_t step = 0; step < 4; ++step) {
    INFO("step " << step);
    CHECK(cells[step] >= 3);
    REQUIRE(plains[step] >= 1);
  }
  // On the plains the steps are plainly apart: the mean colours of 0, 1, 2 and 3+ enemies'
  // cells each differ from the next by more than 60 (sum over R, G, B of 0..255).
  std::array<std::array<int, 3>, 4> means{};
  for (std::size_t step = 0; step < 4; ++step) {
    for (std::size_t k = 0; k < 3; ++k) {
      means[step][k] = static_cast<int>(sums[step][k] / plains[step]);
    }
  }
  for (std::size_t step = 1; step < 4; ++step) {
    INFO("step " << step - 1 << " to " << step);
    CHECK(difference(means[step - 1], means[step]) > 60);
  }

  // Zoomed in (cells of 32 pixels or more) each threatened cell prints its count in white in its
  // bottom-right corner; below that, and on a cell nobody threatens, nothing is printed.
  const Shot small = shoot("steps-small", kSkirmish, "--show danger", "860x420");
  REQUIRE(danger.board.cell >= kDangerDigitsCell);
  REQUIRE(small.board.cell < kDangerDigitsCell);
  const auto inked = [](const Shot& shot, Cell c) {
    const int cell = shot.board.cell;
    for (int y = cell - 11; y < cell - 2; ++y) {
      for (int x = cell - 10; x < cell - 2; ++x) {
        const auto p = shot.image.at(shot.board.x0 + c.x * cell + x, shot.board.y0 + c.y * cell + y);
        if (p[0] > 235 && p[1] > 235 && p[2] > 235) return true;
      }
    }
    return false;
  };
  int printed = 0;
  for (int y = 0; y < scenario.map.height(); ++y) {
    for (int x = 0; x < scenario.map.width(); ++x) {
      const Cell c{x, y};
      // Plains only (mountains have white snow), and clear of the tokens.
      if (scenario.map.terrain(c) != 0 || unitAt(scenario.units, c)) continue;
      if (unitAt(scenario.units, {x + 1, y}) || unitAt(scenario.units, {x, y + 1})) continue;
      INFO("cell " << x << "," << y << ", " << int{counts[c]} << " enemies");
      CHECK(inked(danger, c) == (counts[c] > 0));
      CHECK_FALSE(inked(small, c));
      printed += counts[c] > 0 ? 1 : 0;
    }
  }
  CHECK(printed >= 10);
}

TEST_CASE("screenshot: ignore units draws the range as if the way were clear", "[e2e]") {
  const tactics::Scenario scenario = skirmish();
  const auto lord = unitAt(scenario.units, {8, 8});
  REQUIRE(lord);
  auto query = tactics::queryFor(scenario.units, *lord, scenario.rules);
  const auto real = tactics::solveReference(scenario.map, query);
  query.ignoreUnits = true;
  const auto clear = tactics::solveReference(scenario.map, query);
  // Beyond the enemies' line: through the Captain's cell.
  REQUIRE(clear.reached({8, 3}));
  REQUIRE_FALSE(real.reached({8, 3}));
  const Shot plain = shoot("ignore-off", kSkirmish, "--select 8,8");
  const Shot ignoring = shoot("ignore-on", kSkirmish, "--select 8,8 --show ignore-units");
  int changed = 0;
  for (int y = 0; y < scenario.map.height(); ++y) {
    for (int x = 0; x < scenario.map.width(); ++x) {
      const Cell c{x, y};
      if (unitAt(scenario.units, c)) continue;
      const int d = difference(e2e::centreOf(plain.image, plain.board, c),
                               e2e::centreOf(ignoring.image, ignoring.board, c));
      INFO("cell " << x << "," << y << " differs by " << d);
      if (real.reach[c] != clear.reach[c]) {
        CHECK(d > 30);
        ++changed;
      } else {
        CHECK(d <= 6);
      }
    }
  }
  CHECK(changed >= 3);
}
