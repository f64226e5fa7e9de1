// The real window under Xvfb, driven by xdotool (e2e_window.sh): click the Lord, hover a
// destination, click it, and check the move the demo logs is a valid cheapest path there.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "app/rules/roster.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/parse.h"
#include "tactics/solver/path.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/reference_solver.h"
#include "e2e_support.h"
#include "tactics/io/map_image.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

struct LoggedMove {
  std::string unit;
  Cell from;
  Cell to;
  std::vector<Cell> path;
};

// "move Lord 3,20 -> 7,18 path 3,20 4,20 ... 7,18"
std::optional<LoggedMove> parseMove(const std::string& log) {
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("move ", 0) != 0) continue;
    std::istringstream words(line);
    std::string move, from, arrow, to, pathWord, cell;
    LoggedMove logged;
    words >> move >> logged.unit >> from >> arrow >> to >> pathWord;
    if (arrow != "->" || pathWord != "path") return std::nullopt;
    const auto a = tactics::parseCell(from, "from");
    const auto b = tactics::parseCell(to, "to");
    if (!a || !b) return std::nullopt;
    logged.from = *a;
    logged.to = *b;
    while (words >> cell) {
      const auto c = tactics::parseCell(cell, "path");
      if (!c) return std::nullopt;
      logged.path.push_back(*c);
    }
    return logged;
  }
  return std::nullopt;
}

// Drives the window: click `unitName`, then its farthest free reached cell, optionally after
// resizing the window to `resize` (WxH); checks the logged move against the CPU reference.
void walkFarthest(const std::string& unitName, const std::string& resize) {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  const std::vector<Unit> units = defaultRoster(*map);
  const auto lord = std::find_if(units.begin(), units.end(),
                                 [&](const Unit& u) { return u.name == unitName; });
  REQUIRE(lord != units.end());
  REQUIRE(lord->team == Team::Player);
  const auto index = static_cast<std::size_t>(lord - units.begin());
  const auto query = queryFor(units, index);
  const tactics::RangeResult range = tactics::solveReference(*map, query);

  // The farthest free reached cell, so the walk has a few steps.
  Cell target = lord->cell;
  for (int y = 0; y < map->height(); ++y) {
    for (int x = 0; x < map->width(); ++x) {
      const Cell c{x, y};
      if (range.reached(c) && !unitAt(units, c) &&
          range.travelCost[c] > range.travelCost[target]) {
        target = c;
      }
    }
  }
  REQUIRE(target != lord->cell);

  const std::string log = e2e::tempPath("window.log");
  const e2e::Run run = e2e::run(
      std::string(e2e::kXvfb) + "bash " + TACTICS_SOURCE_DIR + "/tests/e2e/e2e_window.sh " +
      TACTICS_EXE + " " + log + " " + std::to_string(lord->cell.x) + " " +
      std::to_string(lord->cell.y) + " " + std::to_string(target.x) + " " +
      std::to_string(target.y) + " " + resize);
  const std::string said = e2e::readText(log);
  INFO("driver: " << run.err << "\ndemo: " << said);
  REQUIRE(run.exitCode == 0);

  const auto move = parseMove(said);
  REQUIRE(move);
  CHECK(move->unit == lord->name);
  CHECK(move->from == lord->cell);
  CHECK(move->to == target);
  REQUIRE(move->path.size() >= 2);
  CHECK(move->path.front() == lord->cell);
  CHECK(move->path.back() == target);

  // A valid route (SPEC §8): orthogonal steps over cells the unit may enter, within its range.
  // The route the mouse traced may cost more than the cheapest path, never more than the range.
  const tactics::MoveRules rules(*map, query);
  int cost = 0;
  for (std::size_t i = 1; i < move->path.size(); ++i) {
    const Cell a = move->path[i - 1];
    const Cell b = move->path[i];
    INFO("step " << tactics::toString(a) << " -> " << tactics::toString(b));
    REQUIRE(tactics::manhattan(a, b) == 1);
    const tactics::CellRule entry = rules.at(b);
    REQUIRE(tactics::cell_rule::enterable(entry));
    cost += tactics::cell_rule::entryCost(entry);
  }
  CHECK(cost >= range.travelCost[target]);
  CHECK(cost <= lord->moveRange);
}

}  // namespace

TEST_CASE("window: click a unit, hover and click a destination, the unit walks there", "[e2e]") {
  walkFarthest("Lord", "");
}

TEST_CASE("window: after a resize, clicks still land on the right cells", "[e2e]") {
  walkFarthest("Cavalier", "1000x640");
}

TEST_CASE("window: after zooming with the wheel and panning with a drag, clicks land exactly",
          "[e2e]") {
  walkFarthest("Lord", "zoom");
}
