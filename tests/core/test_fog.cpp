// Fog (SPEC §11.5) in the rules seam's inputs: the player's side does not know of hidden enemies,
// so its queries, fields and danger zone leave them out; the enemy side sees everyone.
#include <catch2/catch.hpp>

#include "tactics/solver/danger_zone.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/units.h"

using namespace tactics;

namespace {

Unit unit(Team team, Cell cell, bool hidden = false) {
  Unit u;
  u.name = teamName(team);
  u.team = team;
  u.cell = cell;
  u.moveRange = 5;
  u.hidden = hidden;
  return u;
}

// A corridor of plains, 8x1: a Lord at 0, a hidden enemy at 3, a visible one at 7.
const CostMap kCorridor(8, 1, std::vector<std::uint8_t>(8, 0));
const std::vector<Unit> kUnits = {unit(Team::Player, {0, 0}), unit(Team::Enemy, {3, 0}, true),
                                  unit(Team::Enemy, {7, 0}), unit(Team::Ally, {1, 0})};

}  // namespace

TEST_CASE("fog: a player's and an ally's queries leave hidden enemies out", "[core][fog]") {
  const RangeQuery lord = queryFor(kUnits, 0);
  CHECK(lord.enemies == std::vector<Cell>{{7, 0}});
  CHECK(lord.allies == std::vector<Cell>{{1, 0}});
  // The Lord walks through the hidden enemy's cell as if it were empty.
  const RangeResult range = solveReference(kCorridor, lord);
  CHECK(range.reached({5, 0}));
  CHECK(range.travelCost[{3, 0}] == 3);
  const RangeQuery ally = queryFor(kUnits, 3);
  CHECK(ally.enemies == std::vector<Cell>{{7, 0}});
}

TEST_CASE("fog: an enemy's own query sees everyone, the player's view of it does not",
          "[core][fog]") {
  const RangeQuery own = queryFor(kUnits, 2);
  CHECK(own.allies == std::vector<Cell>{{3, 0}});
  CHECK(own.enemies == (std::vector<Cell>{{0, 0}, {1, 0}}));
  const RangeQuery seen = queryFor(kUnits, 2, {}, View::Player);
  CHECK(seen.allies.empty());
  CHECK(seen.enemies == own.enemies);
  // The hidden enemy's own query: it knows of itself and everyone else.
  CHECK(queryFor(kUnits, 1).allies == std::vector<Cell>{{7, 0}});
}

TEST_CASE("fog: the player's fields leave hidden enemies out, the enemy's do not", "[core][fog]") {
  const FieldQuery player = fieldQueryFor(kUnits, Team::Player, MovementClass());
  CHECK(player.sources == std::vector<Cell>{{7, 0}});
  CHECK(player.blockers == std::vector<Cell>{{7, 0}});
  const FieldQuery enemy = fieldQueryFor(kUnits, Team::Enemy, MovementClass());
  CHECK(enemy.sources == (std::vector<Cell>{{0, 0}, {1, 0}}));
  // From the Lord: the hidden enemy blocks nothing; from the hidden enemy: the Lord blocks.
  CHECK(fieldQueryFrom(kUnits, 0).blockers == std::vector<Cell>{{7, 0}});
  CHECK(fieldQueryFrom(kUnits, 1).blockers == (std::vector<Cell>{{0, 0}, {1, 0}}));
}

TEST_CASE("fog: the danger zone is the player's view", "[core][fog][danger]") {
  // The hidden enemy threatens nothing; the visible one walks through its cell.
  std::vector<Unit> units = kUnits;
  units.pop_back();  // no ally
  units[2].moveRange = 4;
  const Grid<std::uint8_t> danger = dangerZone(kCorridor, units);
  // The visible enemy at 7 with move 4 reaches 3 (through the hidden one's cell) and threatens 2.
  CHECK(danger[{2, 0}] == 1);
  CHECK(danger[{1, 0}] == 0);
  CHECK(threatOf(kCorridor, units, 1)[{2, 0}] == 0);
  // Seen, the same enemy stops at 4 and threatens 3, not 2; the other threatens 2 itself.
  units[1].hidden = false;
  const Grid<std::uint8_t> seen = dangerZone(kCorridor, units);
  CHECK(seen[{2, 0}] == 1);
  CHECK(seen[{1, 0}] == 1);
}
