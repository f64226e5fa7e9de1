// The danger zone's rules in the demo: marking enemies, the board the marked solve runs on, and
// when the GPU must solve again. No GL.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "app/rules/threats.h"
#include "tactics/solver/danger_zone.h"

using namespace tactics;
using namespace tactics::app;

namespace {

Unit unit(Team team, Cell cell, int move = 2, AttackRange attack = {1, 1}) {
  Unit u;
  u.name = teamName(team);
  u.team = team;
  u.cell = cell;
  u.moveRange = move;
  u.attack = attack;
  return u;
}

std::vector<Unit> board() {
  return {unit(Team::Player, {0, 0}), unit(Team::Enemy, {4, 0}), unit(Team::Enemy, {0, 4}),
          unit(Team::Ally, {2, 2})};
}

CostMap open(int width, int height) {
  return CostMap(width, height,
                 std::vector<std::uint8_t>(static_cast<std::size_t>(width * height), 0));
}

}  // namespace

TEST_CASE("marks: only enemies, toggled, several at once, kept sorted", "[app]") {
  const std::vector<Unit> units = board();
  ThreatSettings threats;
  CHECK_FALSE(toggleMark(threats, units, {0, 0}));  // a player
  CHECK_FALSE(toggleMark(threats, units, {2, 2}));  // an ally
  CHECK_FALSE(toggleMark(threats, units, {1, 1}));  // nobody
  CHECK(threats.marked.empty());
  CHECK(toggleMark(threats, units, {0, 4}));
  CHECK(toggleMark(threats, units, {4, 0}));
  CHECK(threats.marked == std::vector<std::size_t>{1, 2});
  CHECK(toggleMark(threats, units, {0, 4}));  // unmark
  CHECK(threats.marked == std::vector<std::size_t>{1});
}

TEST_CASE("marks: pruned when the units change", "[app]") {
  ThreatSettings threats;
  threats.marked = {1, 2, 7};
  std::vector<Unit> units = board();
  units[2].team = Team::Ally;
  pruneMarks(threats, units);
  CHECK(threats.marked == std::vector<std::size_t>{1});
}

TEST_CASE("marked board: the marked enemies' threat alone, the others still stand", "[app]") {
  const CostMap map = open(7, 7);
  std::vector<Unit> units = board();
  const std::vector<Unit> marked = markedBoard(units, {2});
  REQUIRE(marked.size() == units.size());
  CHECK(marked[1].attack.none());
  CHECK(marked[2].attack == units[2].attack);
  // The counts of the marked board are the threat of enemy 2 alone.
  const Grid<std::uint8_t> counts = dangerZone(map, marked);
  const Grid<std::uint8_t> alone = threatOf(map, units, 2);
  const Grid<std::uint8_t> all = dangerZone(map, units);
  bool differs = false;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      CHECK(counts[{x, y}] == alone[{x, y}]);
      differs = differs || counts[{x, y}] != all[{x, y}];
    }
  }
  CHECK(differs);  // enemy 1's threat is not in it
}

TEST_CASE("solve memory: solves again only when a unit moved or changed", "[app]") {
  std::vector<Unit> units = board();
  SolveMemory memory;
  CHECK(memory.needsSolve(threatKey(units, {})));
  CHECK_FALSE(memory.needsSolve(threatKey(units, {})));  // the next frame: nothing to do
  units[0].name = "Renamed";
  CHECK_FALSE(memory.needsSolve(threatKey(units, {})));  // names do not change a threat
  units[1].cell = {5, 0};
  CHECK(memory.needsSolve(threatKey(units, {})));
  units[1].attack = {2, 3};
  CHECK(memory.needsSolve(threatKey(units, {})));
  units[1].moveRange = 4;
  CHECK(memory.needsSolve(threatKey(units, {})));
  units[2].movement = *parseMovementClass("1,1,1,1,x", "flier");
  CHECK(memory.needsSolve(threatKey(units, {})));
  CHECK_FALSE(memory.needsSolve(threatKey(units, {})));
  memory.forget();
  CHECK(memory.needsSolve(threatKey(units, {})));
  units[2].skills.add(Skill::Pass);
  CHECK(memory.needsSolve(threatKey(units, {})));
  CHECK(memory.needsSolve(threatKey(units, BoardRules{true})));  // zone of control turned on
  CHECK_FALSE(memory.needsSolve(threatKey(units, BoardRules{true})));
  units[1].hidden = !units[1].hidden;  // an enemy revealed (or hidden in the editor)
  CHECK(memory.needsSolve(threatKey(units, BoardRules{true})));
  // Line of sight turned on, then another terrain blocking it (SPEC 11.8): the danger zone
  // changes with either.
  BoardRules sight{true};
  sight.sight.on = true;
  CHECK(memory.needsSolve(threatKey(units, sight)));
  CHECK_FALSE(memory.needsSolve(threatKey(units, sight)));
  sight.sight.blockers |= std::uint64_t{1} << 1;
  CHECK(memory.needsSolve(threatKey(units, sight)));
  // Marks change the marked board, so the marked solve runs again.
  CHECK(threatKey(markedBoard(units, {1}), {}) != threatKey(markedBoard(units, {2}), {}));
}
