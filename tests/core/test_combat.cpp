// SPEC §14 from its text: damage and terrain defence, counters, doubling, removal mid-exchange,
// the forecast is the fight, who can attack whom (foes with hp, attack set, sight), the rules on
// stats, and the computer's choice of attack with its stated tie order.
#include <catch2/catch.hpp>

#include "tactics/solver/combat.h"
#include "tactics/solver/objective.h"
#include "tactics/solver/reference_solver.h"

#include "random_cases.h"

using namespace tactics;
using tactics::testing::mapFromRows;

namespace {

Unit fighter(Team team, Cell at, int hp, int str, int def, int spd, AttackRange attack = {}) {
  Unit u;
  u.name = team == Team::Player ? "Hero" : "Foe";
  u.team = team;
  u.cell = at;
  u.hp = hp;
  u.str = str;
  u.def = def;
  u.spd = spd;
  u.attack = attack;
  u.moveRange = 3;
  return u;
}

// A 6x3 board of plains, with forest (76) at 4,1 and mountains (178) at 5,1.
CostMap plains() {
  return mapFromRows({{0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 76, 178}, {0, 0, 0, 0, 0, 0}});
}

Forecast fightOf(const std::vector<Unit>& units, Cell from, std::size_t a = 0, std::size_t b = 1,
                 BoardRules rules = {}) {
  static const CostMap map = plains();
  const CombatBoard board(map, units, TerrainDefence::defaults(map), rules);
  const auto f = forecast(board, a, from, b);
  REQUIRE(f);
  return *f;
}

}  // namespace

TEST_CASE("combat: a strike deals str less def and the terrain's defence, never below 0") {
  // The target on forest (defence 1): 9 - (3 + 1) = 5; it strikes back 4 - (2 + 0) = 2.
  std::vector<Unit> units = {fighter(Team::Player, {3, 1}, 20, 9, 2, 5),
                             fighter(Team::Enemy, {4, 1}, 20, 4, 3, 5)};
  Forecast f = fightOf(units, {3, 1});
  CHECK(f.attacker.damage == 5);
  CHECK(f.target.damage == 2);
  CHECK(f.target.hpAfter == 15);
  CHECK(f.attacker.hpAfter == 18);
  // On mountains (defence 2) and with def above str: 0, not negative.
  units[1].cell = {5, 1};
  units[1].def = 20;
  f = fightOf(units, {5, 0});
  CHECK(f.attacker.damage == 0);
  CHECK(f.target.hpAfter == 20);
}

TEST_CASE("combat: the target strikes back only when its attack reaches the attacker") {
  // A 2-2 bow next to a sword cannot counter; a 1-2 lance can.
  std::vector<Unit> units = {fighter(Team::Player, {1, 0}, 20, 6, 0, 5),
                             fighter(Team::Enemy, {2, 0}, 20, 6, 0, 5, AttackRange(2, 2))};
  Forecast f = fightOf(units, {1, 0});
  CHECK_FALSE(f.target.canStrike);
  CHECK(f.target.strikes == 0);
  CHECK(f.attacker.hpAfter == 20);
  units[1].attack = AttackRange(1, 2);
  f = fightOf(units, {1, 0});
  CHECK(f.target.strikes == 1);
  CHECK(f.attacker.hpAfter == 14);
}

TEST_CASE("combat: speed 4 above the foe's strikes twice, and one that could not counter never does") {
  std::vector<Unit> units = {fighter(Team::Player, {1, 0}, 30, 5, 0, 9),
                             fighter(Team::Enemy, {2, 0}, 30, 5, 0, 5)};
  Forecast f = fightOf(units, {1, 0});
  CHECK(f.attacker.strikes == 2);
  CHECK(f.target.strikes == 1);
  REQUIRE(f.strikes.size() == 3);
  CHECK((f.strikes[0].byAttacker && !f.strikes[1].byAttacker && f.strikes[2].byAttacker));
  units[0].spd = 8;  // 3 above: once each
  f = fightOf(units, {1, 0});
  CHECK((f.attacker.strikes == 1 && f.target.strikes == 1));
  // The target 4 faster strikes back twice...
  units[0].spd = 1;
  f = fightOf(units, {1, 0});
  CHECK((f.attacker.strikes == 1 && f.target.strikes == 2));
  CHECK(f.attacker.hpAfter == 20);
  // ...but not when it could not strike back at all.
  units[1].attack = AttackRange(2, 3);
  f = fightOf(units, {1, 0});
  CHECK((f.attacker.strikes == 1 && f.target.strikes == 0));
}

TEST_CASE("combat: a removal ends the exchange at once") {
  // The first strike removes the target: no counter.
  std::vector<Unit> units = {fighter(Team::Player, {1, 0}, 10, 8, 0, 9),
                             fighter(Team::Enemy, {2, 0}, 5, 9, 0, 0)};
  Forecast f = fightOf(units, {1, 0});
  CHECK(f.removesTarget());
  CHECK(f.strikes.size() == 1);
  CHECK(f.target.strikes == 0);
  CHECK(f.attacker.hpAfter == 10);
  // The counter removes the attacker: no follow-up even though it is 4 faster.
  units[1].hp = 30;
  units[1].str = 12;
  f = fightOf(units, {1, 0});
  CHECK(f.removesAttacker());
  CHECK(f.strikes.size() == 2);
  CHECK(f.attacker.strikes == 1);
  CHECK(f.target.hpAfter == 22);
}

TEST_CASE("combat: the forecast is what the fight does") {
  std::vector<Unit> units = {fighter(Team::Player, {0, 1}, 20, 7, 1, 9, AttackRange(1, 2)),
                             fighter(Team::Enemy, {2, 1}, 11, 5, 2, 2, AttackRange(1, 2)),
                             fighter(Team::Enemy, {5, 2}, 11, 5, 2, 2)};
  const Forecast f = fightOf(units, {1, 1});
  CHECK((f.attacker.strikes == 2 && f.target.strikes == 1));
  CHECK(f.target.hpAfter == 1);
  std::vector<Unit> after = units;
  CHECK(applyFight(after, 0, {1, 1}, 1, f).empty());
  CHECK(after[0].cell == Cell{1, 1});
  CHECK(after[0].hp == f.attacker.hpAfter);
  CHECK(after[1].hp == f.target.hpAfter);
  // A removal erases the unit.
  units[0].str = 9;
  const Forecast kill = fightOf(units, {1, 1});
  REQUIRE(kill.removesTarget());
  after = units;
  CHECK(applyFight(after, 0, {1, 1}, 1, kill) == std::vector<std::size_t>{1});
  CHECK(after.size() == 2);
  CHECK(after[1].cell == Cell{5, 2});
}

TEST_CASE("combat: who can attack whom") {
  const CostMap map = plains();
  std::vector<Unit> units = {fighter(Team::Player, {1, 0}, 20, 5, 0, 0),
                             fighter(Team::Enemy, {2, 0}, 20, 5, 0, 0),
                             fighter(Team::Ally, {1, 1}, 0, 5, 0, 0),
                             fighter(Team::Player, {0, 0}, 20, 5, 0, 0)};
  const CombatBoard board(map, units, TerrainDefence::defaults(map), BoardRules{});
  CHECK(board.canAttack(0, {1, 0}, 1));
  CHECK_FALSE(board.canAttack(0, {1, 0}, 3));   // a friend
  CHECK_FALSE(board.canAttack(1, {2, 1}, 2));   // an ally without hp is never a target
  CHECK_FALSE(board.canAttack(2, {2, 1}, 1));   // nor does it attack
  CHECK_FALSE(board.canAttack(0, {0, 2}, 1));   // out of range
  units[1].hidden = true;                       // SPEC §11.5: the player cannot target it
  CHECK_FALSE(board.canAttack(0, {1, 0}, 1));
}

TEST_CASE("combat: with sight on, a wall between them stops an attack and a counter") {
  const CostMap map = mapFromRows({{0, 0, 255, 0}, {0, 0, 0, 0}});
  std::vector<Unit> units = {fighter(Team::Player, {1, 0}, 20, 5, 0, 0, AttackRange(1, 2)),
                             fighter(Team::Enemy, {3, 0}, 20, 5, 0, 0, AttackRange(1, 2))};
  SightRule sight;
  sight.on = true;
  const CombatBoard seeing(map, units, TerrainDefence::defaults(map), BoardRules(false, sight));
  CHECK_FALSE(seeing.canAttack(0, {1, 0}, 1));
  CHECK(seeing.canAttack(0, {2, 1}, 1));  // diagonal: the wall only touches a corner
  const CombatBoard blind(map, units, TerrainDefence::defaults(map), BoardRules{});
  CHECK(blind.canAttack(0, {1, 0}, 1));
}

TEST_CASE("combat: terrain defence by name") {
  const CostMap map = plains();
  TerrainDefence d = TerrainDefence::defaults(map);
  CHECK((d.of(0) == 0 && d.of(1) == 1 && d.of(2) == 0 && d.of(3) == 2 && d.of(4) == 0));
  CHECK_FALSE(d.set(map, "hills", 3));
  CHECK(d.of(2) == 3);
  CHECK(d.changed(map) == std::vector<std::pair<std::string, int>>{{"hills", 3}});
  CHECK(*d.set(map, "lava", 1) == "unknown terrain \"lava\"");
  CHECK(*d.set(map, "forest", 21) == "terrain \"forest\" has defence 21, out of range 0..20");
}

TEST_CASE("combat: the rules on stats") {
  std::vector<Unit> units = {fighter(Team::Player, {0, 0}, 20, 5, 0, 0),
                             fighter(Team::Enemy, {1, 0}, 0, 5, 0, 0),
                             fighter(Team::Ally, {2, 0}, 0, 0, 0, 0)};
  CHECK(*combatProblem(units) ==
        "unit 1 (Foe): has no hp, but units on this board fight (SPEC 14): every player and "
        "enemy unit needs hp 1..99");
  units[1].hp = 12;
  CHECK_FALSE(combatProblem(units));  // an ally may go without
  units[1].spd = 100;
  CHECK(*combatProblem(units) == "unit 1 (Foe): spd 100 is out of range 0..99");
  units[1].spd = 1;
  units[1].lord = true;
  CHECK(*combatProblem(units) == "unit 1 (Foe): only a player unit can be a lord");
  units[1].lord = false;
  for (Unit& u : units) u.hp = 0;
  CHECK_FALSE(boardFights(units));
  CHECK_FALSE(combatProblem(units));  // a board without hp plays as before
}

TEST_CASE("combat: the computer picks a removal, then dealt minus taken, then the stated ties") {
  const CostMap map = mapFromRows({{0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0, 0, 0}});
  // The enemy at 3,1 (move 3) can reach both players. Player 1 is tough, player 2 weak enough
  // to be removed though it hits back harder.
  std::vector<Unit> units = {fighter(Team::Enemy, {3, 1}, 20, 6, 0, 0),
                             fighter(Team::Player, {0, 1}, 30, 1, 0, 0),
                             fighter(Team::Player, {6, 1}, 6, 4, 0, 0)};
  units[0].moveRange = 3;
  const auto choose = [&](const std::vector<Unit>& us) {
    const RangeResult range = solveReference(map, queryFor(us, 0));
    const CombatBoard board(map, us, TerrainDefence::defaults(map), BoardRules{});
    return chooseAttack(board, range, 0);
  };
  auto choice = choose(units);
  REQUIRE(choice);
  CHECK(choice->target == 2);
  CHECK(choice->forecast.removesTarget());
  // No removal possible: the most dealt minus taken (player 1 hits back with 1, player 2 with 4).
  units[2].hp = 30;
  choice = choose(units);
  REQUIRE(choice);
  CHECK(choice->target == 1);
  // Equal forecasts at equal cost (1,1 next to player 1 and 5,1 next to player 2 both cost 2):
  // the earlier target.
  units[2].str = 1;
  choice = choose(units);
  REQUIRE(choice);
  CHECK(choice->target == 1);
  CHECK(choice->from == Cell{1, 1});
  // One target, several cells at the same cost: the smaller y, then the smaller x. The enemy
  // at 3,1 with move 2 reaches 2,0, 2,2 (cost 2) and 2,1 (cost 1) next to a player at 1,1...
  // ...and with attack 2-2 it hits from 3,1 itself (cost 0) first: the cheaper cell wins.
  std::vector<Unit> pair = {fighter(Team::Enemy, {3, 1}, 20, 6, 0, 0, AttackRange(1, 2)),
                            fighter(Team::Player, {1, 1}, 30, 1, 0, 0)};
  pair[0].moveRange = 2;
  choice = choose(pair);
  REQUIRE(choice);
  CHECK(choice->from == Cell{3, 1});
  pair[0].attack = AttackRange(1, 1);  // adjacent only: 1,0 1,2 0,1 are too far; 2,1 costs 1
  choice = choose(pair);
  REQUIRE(choice);
  CHECK(choice->from == Cell{2, 1});
  pair[1].cell = {2, 0};  // a player at 2,0: 1,0 (cost 3, out), 3,0 (cost 1), 2,1 (cost 1)
  choice = choose(pair);
  REQUIRE(choice);
  CHECK(choice->from == Cell{3, 0});  // cost 1 both: the smaller y
  // Nothing in reach: no attack.
  units[0].moveRange = 0;
  units[0].attack = AttackRange(1, 1);
  CHECK_FALSE(choose(units));
}

TEST_CASE("objectives: lost when a lord falls or no player is left, won by the objective") {
  std::vector<Unit> units = {fighter(Team::Player, {0, 0}, 20, 5, 0, 0),
                             fighter(Team::Enemy, {3, 0}, 20, 5, 0, 0)};
  units[0].lord = true;
  const GameEvent exchange{GameEvent::Kind::Exchange, {}, 0, 1};
  Objective rout;
  CHECK(judge(rout, units, false, exchange) == Outcome::Playing);
  CHECK(judge(rout, units, true, exchange) == Outcome::Lost);
  std::vector<Unit> noEnemy = {units[0]};
  CHECK(judge(rout, noEnemy, false, exchange) == Outcome::Won);
  // Both sides gone at once (a lord fell removing the last enemy): lost first.
  CHECK(judge(rout, noEnemy, true, exchange) == Outcome::Lost);
  std::vector<Unit> noPlayer = {units[1]};
  CHECK(judge(rout, noPlayer, false, exchange) == Outcome::Lost);

  Objective seize{Objective::Type::Seize, {2, 1}, 0};
  CHECK_FALSE(objectiveProblem(seize, units, 4, 3));
  CHECK(judge(seize, units, false, GameEvent{GameEvent::Kind::ActionEnded, {2, 1}, 0, 1}) ==
        Outcome::Won);
  CHECK(judge(seize, units, false, GameEvent{GameEvent::Kind::ActionEnded, {2, 0}, 0, 1}) ==
        Outcome::Playing);
  units[0].lord = false;  // only a lord seizes
  CHECK(judge(seize, units, false, GameEvent{GameEvent::Kind::ActionEnded, {2, 1}, 0, 1}) ==
        Outcome::Playing);
  CHECK(*objectiveProblem(seize, units, 4, 3) ==
        "a seize needs a player unit with \"lord\": true to seize with");
  CHECK(*objectiveProblem(Objective{Objective::Type::Seize, {4, 0}, 0}, units, 4, 3) ==
        "the seize cell 4,0 is outside the 4x3 map");

  Objective survive{Objective::Type::Survive, {}, 3};
  CHECK(judge(survive, units, false, GameEvent{GameEvent::Kind::EnemyPhaseEnded, {}, 0, 2}) ==
        Outcome::Playing);
  CHECK(judge(survive, units, false, GameEvent{GameEvent::Kind::EnemyPhaseEnded, {}, 0, 3}) ==
        Outcome::Won);
  CHECK(*objectiveProblem(Objective{Objective::Type::Survive, {}, 0}, units, 4, 3) ==
        "survive 0 turns is out of range 1..99");
  CHECK(describeObjective(survive) == "Survive 3 turns");
  CHECK(describeObjective(seize) == "Seize 2,1");
}
