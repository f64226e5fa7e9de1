#include <catch2/catch.hpp>

#include "tactics/solver/path.h"

using namespace tactics;

TEST_CASE("pathTo follows parents from the target back to the unit", "[core]") {
  Grid<Direction> parents(3, 2, Direction::None);
  // Unit at 0,0; 1,0 <- 0,0; 2,0 <- 1,0; 2,1 <- 2,0.
  parents[{1, 0}] = Direction::Left;
  parents[{2, 0}] = Direction::Left;
  parents[{2, 1}] = Direction::Up;
  const auto path = pathTo(parents, Topology{}, {0, 0}, {2, 1});
  REQUIRE(path.size() == 4);
  CHECK(path.front() == Cell{0, 0});
  CHECK(path[2] == Cell{2, 0});
  CHECK(path.back() == Cell{2, 1});
  CHECK(pathTo(parents, Topology{}, {0, 0}, {0, 0}) == std::vector<Cell>{{0, 0}});
}

TEST_CASE("pathTo returns nothing for unreached cells, loops and edges", "[core]") {
  Grid<Direction> parents(2, 1, Direction::None);
  CHECK(pathTo(parents, Topology{}, {0, 0}, {1, 0}).empty());  // no parent
  parents[{0, 0}] = Direction::Right;
  parents[{1, 0}] = Direction::Left;
  CHECK(pathTo(parents, Topology{}, {5, 5}, {1, 0}).empty());  // unit outside
  Grid<Direction> withUnit(3, 1, Direction::None);
  withUnit[{0, 0}] = Direction::Right;
  withUnit[{1, 0}] = Direction::Left;
  CHECK(pathTo(withUnit, Topology{}, {2, 0}, {1, 0}).empty());  // cycles between 0 and 1, never at 2
  Grid<Direction> offMap(1, 1, Direction::None);
  offMap[{0, 0}] = Direction::Up;
  CHECK(pathTo(offMap, Topology{}, {0, 0}, {0, 0}).size() == 1);
  CHECK(pathTo(offMap, Topology{}, {5, 0}, {0, 0}).empty());
  Grid<Direction> leavesMap(2, 1, Direction::None);
  leavesMap[{1, 0}] = Direction::Up;  // a reached cell whose parent is off the map
  CHECK(pathTo(leavesMap, Topology{}, {0, 0}, {1, 0}).empty());
}
