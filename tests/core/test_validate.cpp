// validate() of a range query: its checks in their order, against a model of the rule that marks
// units one by one on a grid of the map (what validate did before it stopped being O(map)).
#include <catch2/catch.hpp>

#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tactics/solver/range_query.h"

using namespace tactics;

namespace {

// The first unit (mover, enemies, allies) off the map or on a taken cell, as text.
std::optional<std::string> modelUnitProblem(const CostMap& map, const RangeQuery& q) {
  Grid<char> taken(map.width(), map.height(), 0);
  taken[q.unit] = 'u';
  const auto place = [&](Cell c, char team, const char* name) -> std::optional<std::string> {
    if (!map.contains(c))
      return std::string(name) + " " + toString(c) + " is outside " + map.boundsText();
    if (taken[c] != 0) {
      const char* other = taken[c] == 'u' ? "the unit" : taken[c] == 'a' ? "an ally" : "an enemy";
      return std::string(name) + " " + toString(c) + " is on the same cell as " + other +
             "; no two units may share a cell";
    }
    taken[c] = team;
    return std::nullopt;
  };
  for (Cell c : q.enemies) {
    if (auto problem = place(c, 'e', "enemy")) return problem;
  }
  for (Cell c : q.allies) {
    if (auto problem = place(c, 'a', "ally")) return problem;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE(
    "validate names the first unit off the map or on a taken cell, as a grid of the map would") {
  const CostMap map(6, 5, std::vector<std::uint8_t>(30, 0));  // all plains
  std::mt19937 random(7);
  // Units on a board this small collide often, and a few stand one cell off it.
  std::uniform_int_distribution<int> x(-1, 6), y(-1, 5), count(0, 5), unitX(0, 5), unitY(0, 4);
  int clashes = 0, outside = 0, fine = 0;
  for (int round = 0; round < 4000; ++round) {
    RangeQuery q;
    q.unit = {unitX(random), unitY(random)};
    q.moveRange = 3;
    for (int i = count(random); i > 0; --i) q.enemies.push_back({x(random), y(random)});
    for (int i = count(random); i > 0; --i) q.allies.push_back({x(random), y(random)});
    const auto expected = modelUnitProblem(map, q);
    const auto actual = validate(map, q);
    INFO("round " << round);
    REQUIRE(actual == expected);
    if (!expected) {
      ++fine;
    } else if (expected->find("outside") != std::string::npos) {
      ++outside;
    } else {
      ++clashes;
    }
  }
  // Each outcome came up many times: the rounds tested all three.
  CHECK(clashes > 150);
  CHECK(outside > 500);
  CHECK(fine > 200);
}

TEST_CASE("validate: a clash before a unit off the map is the problem, and the other way round") {
  const CostMap map(4, 4, std::vector<std::uint8_t>(16, 0));
  RangeQuery q;
  q.unit = {1, 1};
  q.enemies = {{2, 2}, {1, 1}, {9, 9}};
  CHECK(validate(map, q) ==
        std::optional<std::string>(
            "enemy 1,1 is on the same cell as the unit; no two units may share a cell"));
  q.enemies = {{2, 2}, {9, 9}, {1, 1}};
  CHECK(validate(map, q) ==
        std::optional<std::string>("enemy 9,9 is outside the 4x4 map (x 0..3, y 0..3)"));
  q.enemies = {{2, 2}};
  q.allies = {{3, 3}, {2, 2}};
  CHECK(validate(map, q) ==
        std::optional<std::string>(
            "ally 2,2 is on the same cell as an enemy; no two units may share a cell"));
  q.allies = {{3, 3}, {3, 3}};
  CHECK(validate(map, q) ==
        std::optional<std::string>(
            "ally 3,3 is on the same cell as an ally; no two units may share a cell"));
}

TEST_CASE(
    "validate names a cell by its grey on an image map, by its terrain on a board of indices") {
  RangeQuery q;
  q.unit = {2, 0};
  const std::string cannotEnter = ", which its movement class cannot enter";
  // An image map: the caller gave greys.
  const CostMap image(3, 1, {0, 76, 255});
  CHECK(validate(image, q) ==
        std::optional<std::string>("unit 2,0 stands on wall (grey 255)" + cannotEnter));
  // Terrain indices, five terrains: kept as the same greys, named by index.
  const CostMap five = CostMap::ofTerrainIndices(3, 1, {0, 1, 4}, 5);
  CHECK(five.greyValues() == image.greyValues());
  CHECK_FALSE(five.indexed());
  CHECK(validate(five, q) ==
        std::optional<std::string>("unit 2,0 stands on wall (terrain 4)" + cannotEnter));
  q.unit = {1, 0};
  q.movement = parseMovementClass("1,x,1,1,x", "costs").value();
  CHECK(validate(five, q) ==
        std::optional<std::string>("unit 1,0 stands on forest (terrain 1)" + cannotEnter));
  // More terrains: an indexed map, the later ones named "terrain5"..
  const CostMap seven = CostMap::ofTerrainIndices(3, 1, {0, 6, 4}, 7);
  CHECK(seven.indexed());
  CHECK(seven.terrainName(6) == "terrain6");
  CHECK(validate(seven, q) ==
        std::optional<std::string>("unit 1,0 stands on terrain6 (terrain 6)" + cannotEnter));
  CHECK_THROWS_AS(CostMap::ofTerrainIndices(3, 1, {0, 7, 4}, 7), std::invalid_argument);
}
