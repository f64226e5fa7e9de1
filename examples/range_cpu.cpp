// A unit's movement range with the CPU reference solver: tactics::solver and nothing else.
#include <cstdio>
#include <vector>

#include "tactics/solver/reference_solver.h"

int main() {
  using namespace tactics;
  // 9x5 plains (grey 0) with a wall (grey 255) down column 4, open at the bottom row.
  std::vector<std::uint8_t> grey(9 * 5, 0);
  for (int y = 0; y < 4; ++y) grey[static_cast<std::size_t>(y * 9 + 4)] = 255;
  const CostMap map(9, 5, grey);
  RangeQuery query;
  query.unit = {1, 1};
  query.moveRange = 6;
  query.attack = AttackRange(1, 2);
  const RangeResult range = solveReference(map, query);
  for (int y = 0; y < map.height(); ++y, std::puts("")) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      std::putchar(range.reached(c) ? 'M' : range.reach[c] == Reach::Attackable ? 'a' : '.');
    }
  }
}
