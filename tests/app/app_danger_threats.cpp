// The danger zone's hover (SPEC §7 with §14, issue 41 item 5): which enemies threaten a cell (as
// the danger zone counts them) and what each would do to the unit standing there, terrain
// defence included; and the CombatBoard that bakes sight only round one cell answers as the
// whole map's does.
#include <catch2/catch.hpp>

#include "app_boards.h"

#include "app/rules/danger_threats.h"
#include "app/rules/fights.h"
#include "app/rules/turns.h"
#include "tactics/solver/danger_zone.h"

using tactics::Cell;
using namespace tactics::app;
using tactics::testing::unitAtCell;

namespace {

Unit fighter(std::string name, Team team, Cell cell, int move, int hp, int str, int def, int spd) {
  Unit unit = unitAtCell(std::move(name), team, cell, move);
  unit.hp = hp;
  unit.str = str;
  unit.def = def;
  unit.spd = spd;
  return unit;
}

constexpr std::uint8_t kForest = 76;
constexpr std::uint8_t kWall = 255;

// 12x8 plains with a wall column (x 6, y 1..5), a forest at 3,3; a lord and a cavalier of the
// player's on the left, a brigand near them, an archer (2-3) behind the wall and a fast thief
// below it.
Scene walledBoard(bool sight, bool zoc) {
  Scene scene;
  std::vector<std::uint8_t> grey(12 * 8, 0);
  for (int y = 1; y <= 5; ++y) grey[static_cast<std::size_t>(y * 12 + 6)] = kWall;
  grey[3 * 12 + 3] = kForest;
  scene.map = tactics::CostMap(12, 8, grey);
  scene.defence = tactics::TerrainDefence::defaults(scene.map);
  scene.units = {fighter("Lord", Team::Player, {1, 3}, 4, 18, 6, 3, 5),
                 fighter("Cavalier", Team::Player, {2, 6}, 5, 20, 7, 4, 6),
                 fighter("Brigand", Team::Enemy, {5, 4}, 4, 20, 8, 2, 2),
                 fighter("Archer", Team::Enemy, {9, 1}, 3, 15, 6, 1, 4),
                 fighter("Thief", Team::Enemy, {7, 6}, 6, 12, 4, 0, 11)};
  scene.units[0].lord = true;
  scene.units[3].attack = tactics::AttackRange(2, 3);
  scene.moved.assign(scene.units.size(), false);
  scene.rules.sight.on = sight;
  scene.rules.zoc = zoc;
  return scene;
}

}  // namespace

TEST_CASE("danger hover: the enemies threatening a cell are those the danger zone counts",
          "[app][danger]") {
  for (const bool sight : {false, true}) {
    for (const bool zoc : {false, true}) {
      const Scene scene = walledBoard(sight, zoc);
      const auto counts = tactics::dangerZone(scene.map, scene.units, scene.rules);
      const std::vector<EnemyReach> reaches = enemyReaches(scene);
      REQUIRE(reaches.size() == 3);
      int threatened = 0;
      for (int y = 0; y < scene.map.height(); ++y) {
        for (int x = 0; x < scene.map.width(); ++x) {
          const auto threats = threatsOn(scene, reaches, {x, y}, std::nullopt);
          INFO("sight " << sight << " zoc " << zoc << " cell " << x << "," << y);
          CHECK(static_cast<int>(threats.size()) == counts[Cell{x, y}]);
          for (std::size_t k = 1; k < threats.size(); ++k) {
            CHECK(threats[k - 1].enemy < threats[k].enemy);  // scenario order
          }
          for (const CellThreat& threat : threats) CHECK_FALSE(threat.attack);  // no defender
          threatened += threats.empty() ? 0 : 1;
        }
      }
      CHECK(threatened > 10);
    }
  }
}

TEST_CASE("danger hover: a hidden enemy or one without an attack threatens nothing",
          "[app][danger]") {
  Scene scene = walledBoard(false, false);
  scene.units[2].hidden = true;
  scene.units[4].attack = tactics::AttackRange(0, 0);
  const std::vector<EnemyReach> reaches = enemyReaches(scene);
  REQUIRE(reaches.size() == 1);
  CHECK(reaches[0].enemy == 3);
}

TEST_CASE("danger hover: each threat's damage to the unit standing there, its cell's defence in",
          "[app][danger]") {
  Scene scene = walledBoard(false, false);
  scene.selected = 0;  // the Lord: def 3, spd 5, hp 18
  const std::vector<EnemyReach> reaches = enemyReaches(scene);
  REQUIRE(dangerDefender(scene, {4, 3}) == std::optional<std::size_t>{0});

  // On plains at 4,4 the Brigand (str 8) deals 5; the Thief (str 4, spd 11) deals 1, twice.
  const auto plains = threatsOn(scene, reaches, {4, 4}, 0);
  std::vector<std::size_t> who;
  for (const CellThreat& t : plains) who.push_back(t.enemy);
  CHECK(who == std::vector<std::size_t>{2, 4});
  REQUIRE(plains[0].attack);
  CHECK(plains[0].attack->attacker == 2);
  CHECK(plains[0].attack->target == 0);
  CHECK(plains[0].attack->forecast.attacker.damage == 5);
  CHECK(plains[0].attack->forecast.attacker.strikes == 1);
  REQUIRE(plains[1].attack);
  CHECK(plains[1].attack->forecast.attacker.damage == 1);
  CHECK(plains[1].attack->forecast.attacker.strikes == 2);

  // In the forest at 3,3 (defence 1): a point less each.
  const auto forest = threatsOn(scene, reaches, {3, 3}, 0);
  REQUIRE(forest.size() == 2);
  REQUIRE(forest[0].attack);
  CHECK(forest[0].attack->forecast.attacker.damage == 4);
  REQUIRE(forest[1].attack);
  CHECK(forest[1].attack->forecast.attacker.damage == 0);

  // Each is the forecast of the fight itself: the enemy on the cell it attacks from, the Lord on
  // the hovered cell, from a stopping cell of its reach.
  for (const CellThreat& threat : forest) {
    std::vector<Unit> units = scene.units;
    units[0].cell = {3, 3};
    const tactics::CombatBoard board(scene.map, units, scene.defence, scene.rules);
    const auto f = tactics::forecast(board, threat.enemy, threat.attack->from, 0);
    REQUIRE(f);
    CHECK(f->strikes.size() == threat.attack->forecast.strikes.size());
    CHECK(f->attacker.hpAfter == threat.attack->forecast.attacker.hpAfter);
    CHECK(f->target.hpAfter == threat.attack->forecast.target.hpAfter);
    bool stops = false;
    for (const auto& reach : reaches) {
      if (reach.enemy != threat.enemy) continue;
      for (const auto& stop : reach.stops) stops = stops || stop.cell == threat.attack->from;
    }
    CHECK(stops);
  }

  // A lord with 4 hp falls to the Brigand: the hover says so.
  scene.units[0].hp = 4;
  const auto weak = threatsOn(scene, reaches, {4, 4}, 0);
  REQUIRE(weak[0].attack);
  CHECK(weak[0].attack->forecast.removesTarget());
}

TEST_CASE("danger hover: the damage is for the selected unit, else the one standing there",
          "[app][danger]") {
  Scene scene = walledBoard(false, false);
  CHECK_FALSE(dangerDefender(scene, {4, 4}));
  CHECK(dangerDefender(scene, {2, 6}) == std::optional<std::size_t>{1});  // the Cavalier's cell
  CHECK_FALSE(dangerDefender(scene, {5, 4}));                            // an enemy's
  scene.selected = 0;
  CHECK(dangerDefender(scene, {4, 4}) == std::optional<std::size_t>{0});
  CHECK(dangerDefender(scene, {1, 3}) == std::optional<std::size_t>{0});  // its own cell
  CHECK(dangerDefender(scene, {2, 6}) == std::optional<std::size_t>{1});  // another stands there
  scene.selected = 2;  // an enemy selected: the damage is for whoever stands on the cell
  CHECK_FALSE(dangerDefender(scene, {4, 4}));
}

TEST_CASE("combat: sight baked round one cell answers as the whole map's", "[app][danger]") {
  const Scene scene = walledBoard(true, false);
  const tactics::CombatBoard whole(scene.map, scene.units, scene.defence, scene.rules);
  Unit bow = unitAtCell("Bow", Team::Player, {0, 0}, 0);
  bow.attack = tactics::AttackRange(1, 12);
  for (const Cell from : {Cell{4, 3}, Cell{7, 3}, Cell{0, 0}, Cell{11, 7}}) {
    const tactics::CombatBoard near(scene.map, scene.units, scene.defence, scene.rules,
                                    tactics::CellBox::around(from, 2));
    for (int y = 0; y < scene.map.height(); ++y) {
      for (int x = 0; x < scene.map.width(); ++x) {
        INFO(from.x << "," << from.y << " -> " << x << "," << y);
        // Inside the box and beyond it, where the board walks the map's cells.
        CHECK(near.reaches(bow, from, {x, y}) == whole.reaches(bow, from, {x, y}));
      }
    }
  }
  // A cell behind the wall is out of sight either way.
  CHECK_FALSE(whole.reaches(bow, {4, 3}, {8, 3}));
  CHECK(whole.reaches(bow, {4, 3}, {5, 3}));
}

TEST_CASE("enemy phase: a fight shown carries names and cells, never a stale index",
          "[app][danger]") {
  Scene scene = walledBoard(false, false);
  scene.units[2].cell = {3, 2};  // the Brigand next to nobody yet, in reach of the Lord
  scene.moved.assign(scene.units.size(), true);
  REQUIRE(requestEndTurn(scene) == EndTurn::Started);
  const std::vector<ComputerMove> moves = runAiPhases(scene);
  int fights = 0;
  for (const ComputerMove& move : moves) {
    if (!move.fight) continue;
    ++fights;
    REQUIRE(move.attack);
    CHECK_FALSE(move.attack->attacker);
    CHECK_FALSE(move.attack->target);
    CHECK(move.attack->unit == move.fight->attacker);
    CHECK(move.attack->targetName == move.fight->target);
    CHECK(move.attack->from == move.fight->from);
    CHECK(move.attack->at == move.fight->at);
    CHECK(move.phase == Phase::Enemy);
  }
  CHECK(fights >= 1);
}
