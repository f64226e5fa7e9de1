// "No path" said, not silent (issue 22, item 4): an unreachable hovered cell, and the unit whose
// removal alone would open a way to it. No GL.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/rules/no_path.h"

using namespace tactics;
using namespace tactics::app;

namespace {

Unit unit(const std::string& name, Team team, Cell cell) {
  Unit u;
  u.name = name;
  u.team = team;
  u.cell = cell;
  u.moveRange = 3;
  return u;
}

// 7x5 plains with a wall down column 3, open at the rows in `gaps`.
Scene walled(const std::vector<int>& gaps, std::vector<Unit> units) {
  std::vector<std::uint8_t> grey(7 * 5, 0);
  for (int y = 0; y < 5; ++y) {
    if (std::find(gaps.begin(), gaps.end(), y) == gaps.end())
      grey[static_cast<std::size_t>(y * 7 + 3)] = 255;
  }
  Scene scene;
  scene.map = CostMap(7, 5, grey);
  scene.units = std::move(units);
  scene.selected = 0;
  return scene;
}

std::string explain(const Scene& scene, Cell target) {
  const DistanceField field = solveFieldReference(scene.map, fieldQueryFrom(scene.units, 0));
  const std::optional<NoPath> why = explainNoPath(scene, field, target);
  return why ? describe(*why, scene) : std::string("reachable");
}

}  // namespace

TEST_CASE("a wall with no gap: no path", "[app][nopath]") {
  const Scene scene = walled({}, {unit("Lord", Team::Player, {0, 2})});
  CHECK(explain(scene, {6, 2}) == "no path");
  CHECK(explain(scene, {3, 2}) == "no path");  // the wall itself
  CHECK(explain(scene, {1, 2}) == "reachable");
}

TEST_CASE("an enemy in the only gap is named", "[app][nopath]") {
  const Scene scene =
      walled({2}, {unit("Lord", Team::Player, {0, 2}), unit("Fighter", Team::Enemy, {3, 2})});
  CHECK(explain(scene, {6, 0}) == "blocked by Fighter at 3,2");
  CHECK(explain(scene, {3, 2}) == "reachable");  // the enemy's own cell: the hover names it
}

TEST_CASE("a friend in the gap is no blocker", "[app][nopath]") {
  const Scene scene =
      walled({2}, {unit("Lord", Team::Player, {0, 2}), unit("Healer", Team::Ally, {3, 2})});
  CHECK(explain(scene, {6, 0}) == "reachable");
}

TEST_CASE("of two enemies that each shut a gap, the one nearest the target is named",
          "[app][nopath]") {
  const Scene scene =
      walled({1, 3}, {unit("Lord", Team::Player, {0, 2}), unit("Far", Team::Enemy, {3, 1}),
                      unit("Near", Team::Enemy, {3, 3})});
  CHECK(explain(scene, {6, 4}) == "blocked by Near at 3,3");
  CHECK(explain(scene, {6, 0}) == "blocked by Far at 3,1");
}

TEST_CASE("two enemies both needed out of the way: no single blocker, no path", "[app][nopath]") {
  // Each gap is shut by its own enemy, and the target lies beyond both: the wall at column 3
  // has one gap, and a second wall at column 5 is closed below by an enemy at its gap.
  std::vector<std::uint8_t> grey(7 * 5, 0);
  for (int y = 0; y < 5; ++y) {
    if (y != 2) grey[static_cast<std::size_t>(y * 7 + 3)] = 255;
    if (y != 2) grey[static_cast<std::size_t>(y * 7 + 5)] = 255;
  }
  Scene scene;
  scene.map = CostMap(7, 5, grey);
  scene.units = {unit("Lord", Team::Player, {0, 2}), unit("A", Team::Enemy, {3, 2}),
                 unit("B", Team::Enemy, {5, 2})};
  scene.selected = 0;
  CHECK(explain(scene, {6, 0}) == "no path");
  // Between the walls only A stands in the way.
  CHECK(explain(scene, {4, 0}) == "blocked by A at 3,2");
}

TEST_CASE("nothing selected, or outside the map: nothing to say", "[app][nopath]") {
  Scene scene = walled({}, {unit("Lord", Team::Player, {0, 2})});
  const DistanceField field = solveFieldReference(scene.map, fieldQueryFrom(scene.units, 0));
  CHECK(explainNoPath(scene, field, {9, 9}) == std::nullopt);
  scene.selected.reset();
  CHECK(explainNoPath(scene, field, {6, 2}) == std::nullopt);
}
