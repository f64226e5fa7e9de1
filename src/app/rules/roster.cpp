#include "app/rules/roster.h"

#include "app/rules/unit_edits.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace tactics::app {

namespace {

constexpr int kCrossroadsWidth = 32;
constexpr int kCrossroadsHeight = 24;
constexpr int kSmallMapCells = 64;

Unit makeUnit(std::string name, Team team, Cell cell, int moveRange, AttackRange attack,
              std::string_view className = "foot") {
  Unit unit;
  for (const MovementPreset& preset : movementPresets()) {
    if (preset.name == className) applyPreset(unit, preset);
  }
  unit.name = std::move(name);
  unit.team = team;
  unit.cell = cell;
  unit.moveRange = moveRange;
  unit.attack = attack;
  return unit;
}

bool isFree(const std::vector<Unit>& placed, Cell cell) { return !unitAt(placed, cell); }

// The cell nearest to `wanted` (rings of the board's distance, each scanned top to bottom, left
// to right) that `accept` likes, if any.
template <class Accept>
std::optional<Cell> nearest(const CostMap& map, Cell wanted, Accept accept) {
  if (map.topology().hex()) {
    // A hex ring is no diamond: rings as breadth-first layers over the map, which on a
    // rectangle of cells are exactly the cells at each distance (SPEC §13), each sorted.
    const Topology topology = map.topology();
    Grid<std::uint8_t> seen(map.width(), map.height(), 0);
    const Cell start{std::clamp(wanted.x, 0, map.width() - 1),
                     std::clamp(wanted.y, 0, map.height() - 1)};
    std::vector<Cell> ring{start};
    seen[start] = 1;
    while (!ring.empty()) {
      std::sort(ring.begin(), ring.end(),
                [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
      for (const Cell c : ring) {
        if (accept(c)) return c;
      }
      std::vector<Cell> next;
      for (const Cell c : ring) {
        for (int k = 0; k < topology.neighbourCount(); ++k) {
          const Cell n = topology.neighbour(c, k);
          if (!map.contains(n) || seen[n]) continue;
          seen[n] = 1;
          next.push_back(n);
        }
      }
      ring = std::move(next);
    }
    return std::nullopt;
  }
  const int maxRadius = map.width() + map.height();
  for (int radius = 0; radius <= maxRadius; ++radius) {
    for (int y = wanted.y - radius; y <= wanted.y + radius; ++y) {
      const int dx = radius - std::abs(y - wanted.y);
      for (int x : {wanted.x - dx, wanted.x + dx}) {
        const Cell c{x, y};
        if (map.contains(c) && accept(c)) return c;
        if (dx == 0) break;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<Unit> crossroadsRoster() {
  // Players gather in the south-west. Enemies hold the chokepoints: the Fighter the north
  // bridge, the Soldier and the Bowman the central bridge, the Knight the castle's south gate.
  return {
      makeUnit("Lord", Team::Player, {3, 20}, 5, {1, 1}),
      makeUnit("Cavalier", Team::Player, {5, 21}, 7, {1, 1}, "mounted"),
      makeUnit("Archer", Team::Player, {2, 18}, 5, {2, 2}),
      makeUnit("Mage", Team::Player, {4, 19}, 5, {1, 2}),
      makeUnit("Fighter", Team::Enemy, {17, 3}, 5, {1, 1}),
      makeUnit("Soldier", Team::Enemy, {18, 11}, 5, {1, 1}),
      makeUnit("Bowman", Team::Enemy, {20, 12}, 5, {2, 2}),
      makeUnit("Knight", Team::Enemy, {26, 8}, 4, {1, 1}),
  };
}

std::vector<Unit> defaultRoster(const CostMap& map) {
  std::vector<Unit> placed;
  // A map too small for two armies gets one unit with range to spare: on the 4x2
  // counterexample it shows the 4-versus-9 example of the README.
  if (map.width() * map.height() < kSmallMapCells) {
    Unit lord = makeUnit("Lord", Team::Player, {0, 0}, 10, {1, 1});
    const auto cell = nearest(map, {0, 0}, [&](Cell c) { return lord.movement.passable(map.terrain(c)); });
    if (!cell) return placed;
    lord.cell = *cell;
    placed.push_back(std::move(lord));
    return placed;
  }
  for (Unit unit : crossroadsRoster()) {
    const Cell wanted{unit.cell.x * map.width() / kCrossroadsWidth,
                      unit.cell.y * map.height() / kCrossroadsHeight};
    const auto standable = [&](Cell c) {
      return unit.movement.passable(map.terrain(c)) && isFree(placed, c);
    };
    std::optional<Cell> cell;
    if (map.contains(wanted) && standable(wanted)) cell = wanted;
    if (!cell) cell = nearest(map, wanted, [&](Cell c) { return map.terrain(c) == 0 && standable(c); });
    if (!cell) cell = nearest(map, wanted, standable);
    if (!cell) continue;
    unit.cell = *cell;
    placed.push_back(std::move(unit));
  }
  return placed;
}

}  // namespace tactics::app
