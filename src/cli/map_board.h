#pragma once
// The board of `danger --map` and `field --map` (SPEC §5): a map and units placed by the same
// flags `solve` takes. --unit and every --ally are the player's side, every --enemy the enemy's.

#include <optional>
#include <string>
#include <vector>

#include "cli/command_env.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/units.h"

namespace tactics::cli {

struct BoardCells {
  std::optional<Cell> unit;   // --unit: a player unit
  std::vector<Cell> enemies;  // --enemy, repeatable
  std::vector<Cell> allies;   // --ally, repeatable
  [[nodiscard]] bool any() const { return unit || !enemies.empty() || !allies.empty(); }
};

// The --map board: the map at `path` as `env` reads it, read as `grid` when given (SPEC §13). A
// Tiled map gives its own layout, so --grid with one is an error, even naming the map's own.
Expected<CostMap> loadBoardMap(CommandEnv& env, const std::string& path,
                               std::optional<GridLayout> grid);

// Reads --unit, --enemy or --ally into `cells`; false for any other flag. The error, if the cell
// does not parse.
Expected<bool> readBoardCell(const std::string& flag, const std::string& value, BoardCells& cells);

// The units on `map`: a player "unit", allies "ally 1".., enemies "enemy 1".., each enemy a copy
// of `enemy` (its move, attack and class) at its cell. Every cell inside the map and no two on
// one cell, else the error names the flags.
Expected<std::vector<Unit>> placeUnits(const CostMap& map, const BoardCells& cells,
                                       const Unit& enemy);

}  // namespace tactics::cli
