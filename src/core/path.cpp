#include "tactics/solver/path.h"

#include <algorithm>

namespace tactics {

std::vector<Cell> pathTo(const Grid<Direction>& parents, const Topology& topology, Cell unit,
                         Cell target) {
  std::vector<Cell> path;
  if (!parents.contains(target) || !parents.contains(unit)) return path;
  // Every step moves to a strictly cheaper cell, so a valid chain is at most width*height long.
  const std::size_t limit = parents.cells().size();
  Cell c = target;
  path.push_back(c);
  while (c != unit) {
    const Direction d = parents[c];
    const int k = neighbourOf(d);
    if (k < 0 || k >= topology.neighbourCount() || path.size() > limit) return {};
    c = topology.neighbour(c, k);
    if (!parents.contains(c)) return {};
    path.push_back(c);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace tactics
