#pragma once
// Hand-made boards for the GL-free app tests: units placed by hand on open ground.

#include <cstdint>
#include <string>
#include <vector>

#include "app/rules/scene.h"

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

}  // namespace tactics::testing
