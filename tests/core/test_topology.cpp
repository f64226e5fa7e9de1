// The grid's neighbours and distance (SPEC §13), checked against the SPEC's own words: its
// neighbour lists and axial formulas on hand-worked cells, and against each other (every step
// leads back, distance 1 is a neighbour, distance is the number of steps on an open board).
#include <catch2/catch.hpp>

#include <deque>
#include <vector>

#include "tactics/solver/topology.h"

using namespace tactics;

namespace {

constexpr std::array<GridLayout, 4> kHexLayouts = {GridLayout::HexYOdd, GridLayout::HexYEven,
                                                   GridLayout::HexXOdd, GridLayout::HexXEven};

std::vector<Cell> neighboursOf(const Topology& topology, Cell c) {
  std::vector<Cell> cells;
  for (int k = 0; k < topology.neighbourCount(); ++k) cells.push_back(topology.neighbour(c, k));
  return cells;
}

// Steps from `from` to every cell of a width x height board with no walls.
std::vector<int> stepsOnOpenBoard(const Topology& topology, Cell from, int width, int height) {
  std::vector<int> steps(static_cast<std::size_t>(width * height), -1);
  const auto at = [&](Cell c) -> int& { return steps[static_cast<std::size_t>(c.y * width + c.x)]; };
  std::deque<Cell> queue{from};
  at(from) = 0;
  while (!queue.empty()) {
    const Cell c = queue.front();
    queue.pop_front();
    for (const Cell n : neighboursOf(topology, c)) {
      if (n.x < 0 || n.y < 0 || n.x >= width || n.y >= height || at(n) >= 0) continue;
      at(n) = at(c) + 1;
      queue.push_back(n);
    }
  }
  return steps;
}

}  // namespace

TEST_CASE("topology: the names of the layouts read back", "[core][topology]") {
  for (const GridLayout layout : kGridLayouts) {
    CHECK(parseLayout(layoutName(layout)) == layout);
    CHECK(isHex(layout) == (layout != GridLayout::Square));
    CHECK(Topology(layout).neighbourCount() == (isHex(layout) ? 6 : 4));
  }
  CHECK_FALSE(parseLayout("hex"));
  CHECK_FALSE(parseLayout("Hex-Y-Odd"));
  CHECK_FALSE(parseLayout(""));
}

TEST_CASE("topology: SPEC 13's neighbour order on hex-y boards, shifted and unshifted rows",
          "[core][topology]") {
  // hex-y-odd shifts odd rows: row 2 is unshifted, row 3 shifted.
  const Topology odd(GridLayout::HexYOdd);
  CHECK(neighboursOf(odd, {2, 2}) == std::vector<Cell>{{1, 1}, {2, 1}, {1, 2}, {3, 2}, {1, 3}, {2, 3}});
  CHECK(neighboursOf(odd, {2, 3}) == std::vector<Cell>{{2, 2}, {3, 2}, {1, 3}, {3, 3}, {2, 4}, {3, 4}});
  CHECK(odd.parity({5, 2}) == 0);
  CHECK(odd.parity({5, 3}) == 1);
  // hex-y-even shifts even rows.
  const Topology even(GridLayout::HexYEven);
  CHECK(neighboursOf(even, {2, 2}) == std::vector<Cell>{{2, 1}, {3, 1}, {1, 2}, {3, 2}, {2, 3}, {3, 3}});
  CHECK(neighboursOf(even, {2, 3}) == std::vector<Cell>{{1, 2}, {2, 2}, {1, 3}, {3, 3}, {1, 4}, {2, 4}});
  CHECK(neighboursOf(even, {0, 0}) == std::vector<Cell>{{0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}});
}

TEST_CASE("topology: SPEC 13's neighbour order on hex-x boards, shifted and unshifted columns",
          "[core][topology]") {
  // hex-x-odd shifts odd columns: column 2 is unshifted, column 3 shifted.
  const Topology odd(GridLayout::HexXOdd);
  CHECK(neighboursOf(odd, {2, 2}) == std::vector<Cell>{{2, 1}, {2, 3}, {1, 1}, {1, 2}, {3, 1}, {3, 2}});
  CHECK(neighboursOf(odd, {3, 2}) == std::vector<Cell>{{3, 1}, {3, 3}, {2, 2}, {2, 3}, {4, 2}, {4, 3}});
  // hex-x-even shifts even columns.
  const Topology even(GridLayout::HexXEven);
  CHECK(neighboursOf(even, {2, 2}) == std::vector<Cell>{{2, 1}, {2, 3}, {1, 2}, {1, 3}, {3, 2}, {3, 3}});
  CHECK(neighboursOf(even, {3, 2}) == std::vector<Cell>{{3, 1}, {3, 3}, {2, 1}, {2, 2}, {4, 1}, {4, 2}});
  CHECK(even.parity({0, 7}) == 1);
  CHECK(even.parity({1, 7}) == 0);
}

TEST_CASE("topology: a square board keeps up, down, left, right and Manhattan distance",
          "[core][topology]") {
  const Topology square;
  CHECK(neighboursOf(square, {2, 2}) == std::vector<Cell>{{2, 1}, {2, 3}, {1, 2}, {3, 2}});
  CHECK(square.distance({0, 0}, {3, 3}) == 6);
  CHECK(square.neighbourIndex({2, 2}, {3, 3}) == -1);
}

TEST_CASE("topology: SPEC 13's axial coordinates and hex distance on hand-worked cells",
          "[core][topology]") {
  const auto axial = [](GridLayout layout, Cell c) {
    const Axial a = Topology(layout).axial(c);
    return std::vector<int>{a.q, a.r};
  };
  CHECK(axial(GridLayout::HexYOdd, {3, 5}) == std::vector<int>{1, 5});   // 3 - (5 - 1) / 2
  CHECK(axial(GridLayout::HexYEven, {3, 5}) == std::vector<int>{0, 5});  // 3 - (5 + 1) / 2
  CHECK(axial(GridLayout::HexYOdd, {4, 4}) == std::vector<int>{2, 4});
  CHECK(axial(GridLayout::HexYEven, {4, 4}) == std::vector<int>{2, 4});
  CHECK(axial(GridLayout::HexXOdd, {5, 3}) == std::vector<int>{5, 1});   // 3 - (5 - 1) / 2
  CHECK(axial(GridLayout::HexXEven, {5, 3}) == std::vector<int>{5, 0});  // 3 - (5 + 1) / 2
  CHECK(axial(GridLayout::Square, {5, 3}) == std::vector<int>{5, 3});
  // (0,0) to (3,3) on hex-y-odd, walked by hand: (0,1) (1,2) (1,3) (2,3) (3,3).
  CHECK(Topology(GridLayout::HexYOdd).distance({0, 0}, {3, 3}) == 5);
  // On hex-y-even the first step already gains a column: (1,1) (1,2) (2,3) (3,3).
  CHECK(Topology(GridLayout::HexYEven).distance({0, 0}, {3, 3}) == 4);
  // Straight along a row or a column is one step a cell.
  CHECK(Topology(GridLayout::HexYOdd).distance({1, 4}, {7, 4}) == 6);
  CHECK(Topology(GridLayout::HexXEven).distance({4, 1}, {4, 7}) == 6);
  // Down a hex-x column's zig-zag: two columns over costs no extra row within the cone.
  CHECK(Topology(GridLayout::HexXOdd).distance({2, 2}, {4, 3}) == 2);
  CHECK(Topology(GridLayout::HexXOdd).distance({2, 2}, {4, 1}) == 2);
  CHECK(Topology(GridLayout::HexXOdd).distance({2, 2}, {4, 4}) == 3);
}

TEST_CASE("topology: every neighbour's back leads back, and distance 1 means neighbours",
          "[core][topology]") {
  for (const GridLayout layout : kGridLayouts) {
    const Topology topology(layout);
    INFO(layoutName(layout));
    for (int y = -2; y <= 5; ++y) {
      for (int x = -2; x <= 5; ++x) {
        const Cell c{x, y};
        for (int k = 0; k < topology.neighbourCount(); ++k) {
          const Cell n = topology.neighbour(c, k);
          INFO("cell " << toString(c) << ", neighbour " << k);
          const int back = topology.back(c, k);
          REQUIRE(back >= 0);
          CHECK(topology.neighbour(n, back) == c);
          CHECK(topology.neighbourIndex(c, n) == k);
        }
        // Only the neighbours are one step away; the cell itself none.
        for (int dy = -3; dy <= 3; ++dy) {
          for (int dx = -3; dx <= 3; ++dx) {
            const Cell o{x + dx, y + dy};
            INFO("cells " << toString(c) << " and " << toString(o));
            CHECK((topology.distance(c, o) == 1) == (topology.neighbourIndex(c, o) >= 0));
            CHECK((topology.distance(c, o) == 0) == (o == c));
            CHECK(topology.distance(c, o) == topology.distance(o, c));
          }
        }
      }
    }
  }
}

TEST_CASE("topology: distance is the number of steps on an open board, on every layout",
          "[core][topology]") {
  constexpr int kWidth = 9;
  constexpr int kHeight = 8;
  for (const GridLayout layout : kGridLayouts) {
    const Topology topology(layout);
    INFO(layoutName(layout));
    for (int fy = 0; fy < kHeight; ++fy) {
      for (int fx = 0; fx < kWidth; ++fx) {
        const Cell from{fx, fy};
        const std::vector<int> steps = stepsOnOpenBoard(topology, from, kWidth, kHeight);
        for (int y = 0; y < kHeight; ++y) {
          for (int x = 0; x < kWidth; ++x) {
            INFO("from " << toString(from) << " to " << x << "," << y);
            REQUIRE(topology.distance(from, {x, y}) == steps[static_cast<std::size_t>(y * kWidth + x)]);
          }
        }
      }
    }
  }
  // A hex board's cells are closer than a square one's: the diagonal is cheaper.
  for (const GridLayout layout : kHexLayouts) {
    CHECK(Topology(layout).distance({0, 0}, {6, 6}) < 12);
  }
}

TEST_CASE("topology: parent bytes of the state texture read back on every layout",
          "[core][topology]") {
  for (const GridLayout layout : kGridLayouts) {
    INFO(layoutName(layout));
    for (int k = -1; k < Topology(layout).neighbourCount(); ++k) {
      const Direction d = neighbourDirection(k);
      CHECK(parentOfStateByte(layout, stateParentByte(layout, d)) == d);
    }
  }
  CHECK(stateParentByte(GridLayout::Square, Direction::Left) == 128);
  CHECK(stateParentByte(GridLayout::HexYOdd, neighbourDirection(5)) == 198);
  CHECK(parentCode(GridLayout::Square, Direction::None) == 4);
  CHECK(parentCode(GridLayout::HexXEven, Direction::None) == 255);
}
