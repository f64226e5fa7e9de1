#include "cli/map_board.h"

#include <utility>

#include "tactics/io/tiled_map.h"
#include "tactics/solver/parse.h"

namespace tactics::cli {

Expected<CostMap> loadBoardMap(CommandEnv& env, const std::string& path,
                               std::optional<GridLayout> grid) {
  auto map = env.map(path);
  if (!map || !grid) return map;
  if (isTiledMapPath(path)) {
    return Error{std::string("--grid ") + layoutName(*grid) + " cannot be used with the Tiled map '" +
                 path + "', which gives its own layout (" + layoutName(map->layout()) +
                 "); leave --grid out"};
  }
  map->setLayout(*grid);
  return map;
}

Expected<bool> readBoardCell(const std::string& flag, const std::string& value, BoardCells& cells) {
  if (flag != "--unit" && flag != "--enemy" && flag != "--ally") return false;
  const auto cell = parseCell(value, flag);
  if (!cell) return Error{cell.error()};
  if (flag == "--unit") cells.unit = *cell;
  if (flag == "--enemy") cells.enemies.push_back(*cell);
  if (flag == "--ally") cells.allies.push_back(*cell);
  return true;
}

Expected<std::vector<Unit>> placeUnits(const CostMap& map, const BoardCells& cells,
                                       const Unit& enemy) {
  std::vector<Unit> units;
  std::vector<std::string> flags;  // how each unit was given, for errors
  const auto place = [&](Unit unit, Cell cell, std::string flag) -> std::optional<std::string> {
    const std::string given = flag + " " + toString(cell);
    if (!map.contains(cell)) return given + " is outside " + map.boundsText();
    if (const auto other = unitAt(units, cell)) {
      return given + " is on the same cell as " + flags[*other] + "; one unit per cell";
    }
    unit.cell = cell;
    units.push_back(std::move(unit));
    flags.push_back(given);
    return std::nullopt;
  };
  if (cells.unit) {
    Unit player;
    player.name = "unit";
    player.team = Team::Player;
    if (auto problem = place(player, *cells.unit, "--unit")) return Error{*problem};
  }
  for (std::size_t i = 0; i < cells.allies.size(); ++i) {
    Unit ally;
    ally.name = "ally " + std::to_string(i + 1);
    ally.team = Team::Ally;
    if (auto problem = place(ally, cells.allies[i], "--ally")) return Error{*problem};
  }
  for (std::size_t i = 0; i < cells.enemies.size(); ++i) {
    Unit foe = enemy;
    foe.name = "enemy " + std::to_string(i + 1);
    foe.team = Team::Enemy;
    const Cell cell = cells.enemies[i];
    if (map.contains(cell) && !foe.movement.passable(map.terrain(cell))) {
      return Error{"--enemy " + toString(cell) + " stands on " + map.describeCell(cell) +
                   ", which the enemies' class (" +
                   foe.movement.toString() + ") cannot enter"};
    }
    if (auto problem = place(foe, cells.enemies[i], "--enemy")) return Error{*problem};
  }
  return units;
}

}  // namespace tactics::cli
