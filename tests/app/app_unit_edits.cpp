// The panel's edits stay inside the SPEC's limits, whatever number a widget hands over.
#include <catch2/catch.hpp>

#include <set>

#include "app/rules/unit_edits.h"

using namespace tactics;
using namespace tactics::app;

TEST_CASE("unit edits: movement range is clamped to 0..255", "[unit_edits]") {
  Unit unit;
  setMoveRange(unit, 999);
  CHECK(unit.moveRange == 255);
  setMoveRange(unit, -5);
  CHECK(unit.moveRange == 0);
  setMoveRange(unit, 7);
  CHECK(unit.moveRange == 7);
}

TEST_CASE("unit edits: attack min stays within 1..max and max within 0..255", "[unit_edits]") {
  Unit unit;
  UnitEditMemory memory;
  unit.attack = {1, 2};
  setAttackMin(unit, 0);
  CHECK(unit.attack == AttackRange{1, 2});
  setAttackMin(unit, 5);
  CHECK(unit.attack == AttackRange{5, 5});  // max follows min up
  setAttackMax(unit, 0, 3, memory);
  CHECK(unit.attack == AttackRange{3, 3});  // min follows max down
  setAttackMax(unit, 0, 300, memory);
  CHECK(unit.attack == AttackRange{3, 255});
  setAttackMin(unit, 1000);
  CHECK(unit.attack == AttackRange{255, 255});
  setAttackMax(unit, 0, -4, memory);  // 0 and below: no attack range
  CHECK(unit.attack.none());
  CHECK(unit.attack == AttackRange{0, 0});
}

TEST_CASE("unit edits: unticking and ticking Can attack restores the range", "[unit_edits]") {
  Unit archer;
  Unit mage;
  UnitEditMemory memory;
  archer.attack = {2, 2};
  mage.attack = {1, 2};
  setCanAttack(archer, 0, false, memory);
  setCanAttack(mage, 1, false, memory);
  CHECK(archer.attack.none());
  setCanAttack(archer, 0, true, memory);
  setCanAttack(mage, 1, true, memory);
  CHECK(archer.attack == AttackRange{2, 2});
  CHECK(mage.attack == AttackRange{1, 2});
  // A unit that never had a range gets 1-1.
  Unit other;
  other.attack = {0, 0};
  setCanAttack(other, 2, true, memory);
  CHECK(other.attack == AttackRange{1, 1});
}

TEST_CASE("unit edits: costs are 1..15 or impassable, never a wrapped byte", "[unit_edits]") {
  Unit unit;
  setTerrainCost(unit, 0, 300);  // a byte would wrap 300 to 44 and 256 to 0 (impassable)
  CHECK(unit.movement.cost(0) == 15);
  setTerrainCost(unit, 0, 256);
  CHECK(unit.movement.cost(0) == 15);
  setTerrainCost(unit, 1, 0);
  CHECK(unit.movement.cost(1) == 1);
  CHECK(unit.movement.passable(1));
  setTerrainCost(unit, 2, -7);
  CHECK(unit.movement.cost(2) == 1);
  setPassable(unit, 3, false);
  CHECK_FALSE(unit.movement.passable(3));
  setPassable(unit, 3, true);
  CHECK(unit.movement.cost(3) == 1);
  CHECK(unit.className == "custom");
}

TEST_CASE("unit edits: presets match their names and walls stop everyone", "[unit_edits]") {
  for (const MovementPreset& preset : movementPresets()) {
    INFO(preset.name);
    CHECK_FALSE(preset.movement.passable(4));
    CHECK(preset.movement.cost(0) == 1);
  }
  Unit unit;
  applyPreset(unit, movementPresets()[3]);
  CHECK(unit.className == "flier");
  CHECK(unit.movement.toString() == "1,1,1,1,x");
  // Editing back to a preset's table gives it its name again.
  setTerrainCost(unit, 1, 2);
  setTerrainCost(unit, 2, 4);
  setTerrainCost(unit, 3, 8);
  CHECK(unit.className == "foot");
}

TEST_CASE("unit edits: the computer's units change in the editor only, and game tweaks are marked",
          "[unit_edits]") {
  Unit lord;
  Unit brigand;
  brigand.team = Team::Enemy;
  Unit nomad;
  nomad.team = Team::Ally;
  CHECK(mayEditStats(lord, false));
  CHECK_FALSE(mayEditStats(brigand, false));
  CHECK_FALSE(mayEditStats(nomad, false));
  CHECK(mayEditStats(brigand, true));
  CHECK(mayEditStats(nomad, true));

  UnitEditMemory memory;
  noteStatEdit(memory, 0, false);  // the Lord's range changed during the game
  noteStatEdit(memory, 3, false);
  CHECK(memory.changedInGame == std::set<std::size_t>{0, 3});
  noteStatEdit(memory, 3, false);
  CHECK(memory.changedInGame.size() == 2);
  noteStatEdit(memory, 1, true);  // an edit in the level editor: the level's own stats now
  CHECK(memory.changedInGame.empty());
}
