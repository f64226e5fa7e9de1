#pragma once
// Hand-made boards for the GL-free app tests: units placed by hand on open ground.

#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "app/rules/scene.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::testing {

inline app::Unit unitAtCell(std::string name, app::Team team, Cell cell, int move) {
  app::Unit unit;
  unit.name = std::move(name);
  unit.team = team;
  unit.cell = cell;
  unit.moveRange = move;
  return unit;
}

// Plains everywhere, 12x8 unless told otherwise.
inline CostMap openGround(int width = 12, int height = 8) {
  return CostMap(width, height,
                 std::vector<std::uint8_t>(static_cast<std::size_t>(width * height), 0));
}

// units[unit]'s range on the scene's board, from the CPU reference.
inline RangeResult solveUnit(const app::Scene& scene, std::size_t unit) {
  return solveReference(scene.map, queryFor(scene.units, unit));
}

// Selects units[unit] (unless it is selected), clicks `to` and lets the walk finish.
inline app::MoveEvent walkUnit(app::Scene& scene, std::size_t unit, Cell to) {
  if (scene.selected != unit) app::leftClick(scene, scene.units[unit].cell, nullptr);
  const RangeResult range = solveUnit(scene, unit);
  app::leftClick(scene, to, &range);
  REQUIRE(scene.walk);
  auto move = app::advanceWalk(scene, 10.0);
  REQUIRE(move);
  return *move;
}

}  // namespace tactics::testing
