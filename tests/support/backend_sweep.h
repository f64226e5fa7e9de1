#pragma once
// What the differential tests of SPEC §11's rules share: the backends this context has, and the
// route memory (SPEC §8) traced over a range, so a test can hold each backend's routes to the
// reference's.

#include <random>
#include <vector>

#include "gl_context.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/route.h"

namespace tactics::testing {

// cpu and gpu always; compute where the context has OpenGL 4.3.
inline std::vector<Backend> backendsHere() {
  std::vector<Backend> backends{Backend::Cpu, Backend::Gpu};
  if (requireContext().hasCompute()) backends.push_back(Backend::Compute);
  return backends;
}

// The route memory's answers as a cursor wanders over `cursor`: the route after each cell
// entered, on a board whose range is `range` (the cursor line of the map's layout, SPEC §13).
inline std::vector<Route> traceRoutes(const CostMap& map, const RangeQuery& query,
                                      const RangeResult& range, const std::vector<Cell>& cursor) {
  const RouteBoard board(map, query, range);
  Route route = startRoute(board);
  std::vector<Route> routes;
  for (const Cell c : cursor) {
    for (const Cell step : cellsBetween(route.back(), c, map.layout())) {
      enterCell(route, step, board);
    }
    routes.push_back(route);
  }
  return routes;
}

// A wander of 12 cells across the map, the same for every backend.
inline std::vector<Cell> wander(const CostMap& map, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Cell> cells;
  for (int i = 0; i < 12; ++i) {
    cells.push_back({static_cast<int>(random() % static_cast<std::uint64_t>(map.width())),
                     static_cast<int>(random() % static_cast<std::uint64_t>(map.height()))});
  }
  return cells;
}

}  // namespace tactics::testing
