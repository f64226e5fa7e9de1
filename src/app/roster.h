#pragma once
// The units on the board and the rules of who may do what. No GL: the demo and the tests share
// the same roster, so a screenshot test solves exactly what the demo shows.

#include <optional>
#include <string>
#include <vector>

#include "core/cost_map.h"
#include "core/grid.h"
#include "core/range_query.h"

namespace tactics::app {

enum class Team { Player, Enemy, Ally };

struct Unit {
  std::string name;
  Team team = Team::Player;
  Cell cell;
  int moveRange = 5;
  AttackRange attack;
  MovementClass movement;  // foot unless the roster says otherwise

  [[nodiscard]] char initial() const { return name.empty() ? '?' : name.front(); }
};

// Players and allies fight on one side, enemies on the other.
inline bool friends(Team a, Team b) { return (a == Team::Enemy) == (b == Team::Enemy); }

const char* teamName(Team team);

// The built-in units for crossroads.png (until scenario files exist), in roster order.
std::vector<Unit> crossroadsRoster();

// The built-in roster placed on any map: each unit stands on its crossroads position scaled to
// this map when it can, else on the nearest free plains cell, else on any free cell it can enter.
// Units that find no cell at all are left out.
std::vector<Unit> defaultRoster(const CostMap& map);

// The index of the unit standing on `cell`, if any.
std::optional<std::size_t> unitAt(const std::vector<Unit>& units, Cell cell);

// The solver's question for units[index]: friends are allies (pass through, cannot stop),
// everyone else an enemy (impassable).
RangeQuery queryFor(const std::vector<Unit>& units, std::size_t index);

}  // namespace tactics::app
