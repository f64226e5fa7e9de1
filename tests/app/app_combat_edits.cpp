// The level editor's SPEC §14 edits (issue 41): a unit's hp, str, def, spd and lord
// (rules/unit_placement.h), the board's objective and terrain defence (rules/board_edits.h), each
// refused with why and leaving the board as it was; undone as one step of the edit history; and
// saved as a scenario that opens again as the same board. No GL.
#include <catch2/catch.hpp>

#include <filesystem>
#include <system_error>
#include <utility>

#include "app/rules/board_edits.h"
#include "app/rules/board_save.h"
#include "app/rules/scene.h"
#include "app/rules/terrain_edit.h"
#include "app/rules/unit_placement.h"
#include "temp_paths.h"

using namespace tactics;
using namespace tactics::app;
namespace fs = std::filesystem;

namespace {

// 6x4 plains with forest at 3,1; a player at 0,0, an enemy at 2,0 and an ally at 0,3.
Scene board() {
  std::vector<std::uint8_t> grey(24, kCanonicalGrey[0]);
  grey[9] = kCanonicalGrey[1];
  Scene scene = makeScene(CostMap(6, 4, grey), "board.png");
  scene.units.clear();
  scene.moved.clear();
  REQUIRE_FALSE(placeUnit(scene, {0, 0}, Team::Player));
  REQUIRE_FALSE(placeUnit(scene, {2, 0}, Team::Enemy));
  REQUIRE_FALSE(placeUnit(scene, {0, 3}, Team::Ally));
  return scene;
}

// The board above, fighting: the player and the enemy with hp, the player a lord.
Scene fightingBoard() {
  Scene scene = board();
  REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Hp, 20));
  REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Hp, 18));
  REQUIRE_FALSE(setUnitLord(scene, 0, true));
  return scene;
}

bool says(const std::optional<std::string>& problem, const std::string& words) {
  INFO(problem.value_or("(no problem)"));
  return problem && problem->find(words) != std::string::npos;
}

int statOf(const Unit& unit, CombatStat stat) {
  switch (stat) {
    case CombatStat::Hp: return unit.hp;
    case CombatStat::Str: return unit.str;
    case CombatStat::Def: return unit.def;
    case CombatStat::Spd: return unit.spd;
  }
  return -1;
}

// A folder of its own, gone afterwards.
struct Folder {
  fs::path dir = tactics::testing::uniqueTempPath("combat_edits");
  Folder() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() {
    std::error_code error;
    fs::remove_all(dir, error);
  }
  [[nodiscard]] std::string path(const std::string& name) const { return (dir / name).string(); }
};

}  // namespace

TEST_CASE("combat edits: hp str def and spd take 0..99 and refuse the rest with why",
          "[app][combat_edits]") {
  Scene scene = board();
  for (const CombatStat stat :
       {CombatStat::Hp, CombatStat::Str, CombatStat::Def, CombatStat::Spd}) {
    const std::string name = combatStatName(stat);
    INFO(name);
    CHECK_FALSE(setUnitStat(scene, 1, stat, 99));
    CHECK(statOf(scene.units[1], stat) == 99);
    CHECK_FALSE(setUnitStat(scene, 1, stat, 0));
    CHECK(statOf(scene.units[1], stat) == 0);
    CHECK_FALSE(setUnitStat(scene, 1, stat, 7));
    CHECK(says(setUnitStat(scene, 1, stat, 100), name + " 100 is out of range; expected 0..99"));
    CHECK(says(setUnitStat(scene, 1, stat, -1), name + " -1 is out of range; expected 0..99"));
    CHECK(statOf(scene.units[1], stat) == 7);  // a refusal leaves the unit as it was
  }
  // Hp 0 is "no hp", and the refusal says so.
  CHECK(says(setUnitStat(scene, 0, CombatStat::Hp, 120), "0: no hp"));
  CHECK(says(setUnitStat(scene, 9, CombatStat::Str, 1), "no such unit"));
}

TEST_CASE("combat edits: only a player unit can be a lord", "[app][combat_edits]") {
  Scene scene = board();
  CHECK(says(setUnitLord(scene, 1, true),
             "only a player unit can be a lord; Enemy 1 is an enemy unit"));
  CHECK(says(setUnitLord(scene, 2, true),
             "only a player unit can be a lord; Ally 1 is an ally unit"));
  CHECK_FALSE(scene.units[1].lord);
  CHECK_FALSE(scene.units[2].lord);
  CHECK_FALSE(setUnitLord(scene, 0, true));
  CHECK(scene.units[0].lord);
  CHECK_FALSE(setUnitLord(scene, 1, false));  // unticking on a non-lord is no change, no refusal
  // A lord that leaves the player side is no longer one.
  setUnitTeam(scene, 0, Team::Ally);
  CHECK_FALSE(scene.units[0].lord);
  setUnitTeam(scene, 0, Team::Player);
  CHECK_FALSE(scene.units[0].lord);
  CHECK_FALSE(combatProblem(scene.units));
}

TEST_CASE("combat edits: the lord a seize needs stays one until the objective changes",
          "[app][combat_edits]") {
  Scene scene = fightingBoard();
  REQUIRE_FALSE(setObjective(scene, {Objective::Type::Seize, {4, 2}, 0}));
  CHECK(says(setUnitLord(scene, 0, false),
             "cannot take the lord from Player 1: a seize needs a player "
             "unit with \"lord\": true"));
  CHECK(scene.units[0].lord);
  // With a second lord the first may go.
  REQUIRE_FALSE(placeUnit(scene, {1, 1}, Team::Player));
  REQUIRE_FALSE(setUnitStat(scene, 3, CombatStat::Hp, 10));
  REQUIRE_FALSE(setUnitLord(scene, 3, true));
  CHECK_FALSE(setUnitLord(scene, 0, false));
  // Back to rout: no lord is needed.
  REQUIRE_FALSE(setObjective(scene, {Objective::Type::Rout, {}, 0}));
  CHECK_FALSE(setUnitLord(scene, 3, false));
}

TEST_CASE(
    "board edits: the objective is rout by default and seize or survive on a board that "
    "fights",
    "[app][combat_edits]") {
  Scene scene = board();
  // No unit has hp: rout (none) is fine, the others are refused.
  CHECK_FALSE(setObjective(scene, {Objective::Type::Rout, {}, 0}));
  CHECK_FALSE(scene.objective);
  CHECK(says(setObjective(scene, {Objective::Type::Survive, {}, 5}), "for a board that fights"));
  CHECK(says(setObjective(scene, {Objective::Type::Seize, {1, 1}, 0}), "for a board that fights"));
  CHECK_FALSE(scene.objective);

  REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Hp, 20));
  REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Hp, 18));
  // A seize needs a player lord, and a cell of the map: objectiveProblem's words.
  CHECK(says(setObjective(scene, {Objective::Type::Seize, {4, 2}, 0}),
             "a seize needs a player unit with \"lord\": true to seize with"));
  REQUIRE_FALSE(setUnitLord(scene, 0, true));
  CHECK(says(setObjective(scene, {Objective::Type::Seize, {6, 2}, 0}),
             "the seize cell 6,2 is outside the 6x4 map"));
  CHECK(says(setObjective(scene, {Objective::Type::Seize, {-1, 0}, 0}), "is outside the 6x4 map"));
  CHECK_FALSE(scene.objective);
  // Only the fields the type reads are kept.
  CHECK_FALSE(setObjective(scene, {Objective::Type::Seize, {5, 3}, 10}));
  CHECK(scene.objective == Objective{Objective::Type::Seize, {5, 3}, 0});
  // Survive takes 1..99 turns; a refused number leaves the seize as it was.
  CHECK(says(setObjective(scene, {Objective::Type::Survive, {}, 0}),
             "survive 0 turns is out of range 1..99"));
  CHECK(says(setObjective(scene, {Objective::Type::Survive, {}, 100}),
             "survive 100 turns is out of range 1..99"));
  CHECK(scene.objective == Objective{Objective::Type::Seize, {5, 3}, 0});
  CHECK_FALSE(setObjective(scene, {Objective::Type::Survive, {5, 3}, 99}));
  CHECK(scene.objective == Objective{Objective::Type::Survive, {0, 0}, 99});
  CHECK_FALSE(setObjective(scene, {Objective::Type::Survive, {}, 1}));
  CHECK(scene.objective->turns == 1);
  // Rout is kept as none: the scenario writes nothing for it.
  CHECK_FALSE(setObjective(scene, {Objective::Type::Rout, {2, 2}, 4}));
  CHECK_FALSE(scene.objective);
}

TEST_CASE("board edits: each terrain's defence takes 0..20", "[app][combat_edits]") {
  Scene scene = board();
  const TerrainDefence defaults = TerrainDefence::defaults(scene.map);
  CHECK(scene.defence == defaults);
  CHECK(scene.defence.of(1) == 1);  // forest
  CHECK_FALSE(setTerrainDefence(scene, 1, 3));
  CHECK(scene.defence.of(1) == 3);
  CHECK_FALSE(setTerrainDefence(scene, 0, 20));
  CHECK(scene.defence.of(0) == 20);
  CHECK(says(setTerrainDefence(scene, 0, 21), "out of range 0..20"));
  CHECK(says(setTerrainDefence(scene, 3, -1), "out of range 0..20"));
  CHECK(says(setTerrainDefence(scene, 5, 1), "no terrain 5"));
  CHECK(says(setTerrainDefence(scene, -1, 1), "no terrain -1"));
  CHECK(scene.defence.of(0) == 20);
  CHECK(scene.defence.of(3) == 2);  // mountains, as it was
  const auto changed = scene.defence.changed(scene.map);
  REQUIRE(changed.size() == 2);
  CHECK(changed[0] == std::pair<std::string, int>{"plains", 20});
  CHECK(changed[1] == std::pair<std::string, int>{"forest", 3});
}

TEST_CASE("combat edits: each is a change the edit history sees and undo takes back",
          "[app][combat_edits]") {
  Scene scene = fightingBoard();
  TerrainEditor history;
  const LevelUnits start = levelOf(scene);
  CHECK(sceneHasLevel(scene, start));

  // One stat alone is a change (the history compares every stat, not just the movement).
  REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Spd, 6));
  CHECK_FALSE(sceneHasLevel(scene, start));
  history.recordUnits(start, levelOf(scene));
  const LevelUnits spd = levelOf(scene);
  REQUIRE_FALSE(setUnitLord(scene, 0, false));
  CHECK_FALSE(sceneHasLevel(scene, spd));
  history.recordUnits(spd, levelOf(scene));
  const LevelUnits noLord = levelOf(scene);
  REQUIRE_FALSE(setUnitLord(scene, 0, true));
  history.recordUnits(noLord, levelOf(scene));
  const LevelUnits lord = levelOf(scene);
  REQUIRE_FALSE(setObjective(scene, {Objective::Type::Survive, {}, 8}));
  CHECK_FALSE(sceneHasLevel(scene, lord));
  history.recordUnits(lord, levelOf(scene));
  const LevelUnits survive = levelOf(scene);
  REQUIRE_FALSE(setTerrainDefence(scene, 1, 4));
  CHECK_FALSE(sceneHasLevel(scene, survive));
  history.recordUnits(survive, levelOf(scene));
  const LevelUnits done = levelOf(scene);

  // Undo, step by step, back to the start, as the demo does it (the level put back on the scene).
  const auto step = [&](bool undo) {
    LevelUnits level = levelOf(scene);
    const EditResult result =
        undo ? history.undo(scene.map, level) : history.redo(scene.map, level);
    CHECK(result.unitsChanged);
    CHECK(result.changed.empty());  // no cell
    putLevel(scene, std::move(level));
  };
  step(true);
  CHECK(scene.defence.of(1) == 1);
  CHECK(scene.objective == Objective{Objective::Type::Survive, {}, 8});
  CHECK(sceneHasLevel(scene, survive));
  step(true);
  CHECK_FALSE(scene.objective);
  CHECK(sceneHasLevel(scene, lord));
  step(true);
  CHECK_FALSE(scene.units[0].lord);
  CHECK(sceneHasLevel(scene, noLord));
  step(true);
  CHECK(scene.units[0].lord);
  CHECK(scene.units[1].spd == 6);
  step(true);
  CHECK(scene.units[1].spd == 0);
  CHECK(sceneHasLevel(scene, start));

  // And redo brings every step back.
  for (int i = 0; i < 5; ++i) step(false);
  CHECK(sceneHasLevel(scene, done));
  CHECK(scene.defence.of(1) == 4);
  CHECK(scene.objective == Objective{Objective::Type::Survive, {}, 8});
}

TEST_CASE("combat edits: a board that would not read back is named before saving and not saved",
          "[app][combat_edits]") {
  const Folder folder;
  Scene scene = board();
  CHECK_FALSE(combatBoardProblem(scene));
  // Hp on the player alone: the enemy needs hp too (the ally may go without).
  REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Hp, 20));
  CHECK(says(combatBoardProblem(scene), "unit 1 (Enemy 1): has no hp"));
  const std::string path = folder.path("half.json");
  CHECK(says(saveSceneAsScenario(scene, path), "cannot save the scenario: unit 1 (Enemy 1)"));
  CHECK_FALSE(fs::exists(path));
  REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Hp, 20));
  CHECK_FALSE(combatBoardProblem(scene));
  // An objective left on a board that no longer fights.
  REQUIRE_FALSE(setObjective(scene, {Objective::Type::Survive, {}, 3}));
  REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Hp, 0));
  REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Hp, 0));
  CHECK(says(combatBoardProblem(scene),
             "the objective (Survive 3 turns) is for a board that fights"));
  CHECK(says(saveSceneAsScenario(scene, path), "cannot save the scenario"));
  CHECK_FALSE(fs::exists(path));
}

TEST_CASE("combat edits: stats lord objective and terrain defence are saved and open again",
          "[app][combat_edits]") {
  const Folder folder;
  const std::vector<Objective> objectives = {{Objective::Type::Seize, {5, 3}, 0},
                                             {Objective::Type::Survive, {}, 12}};
  for (const Objective& objective : objectives) {
    INFO(describeObjective(objective));
    Scene scene = fightingBoard();
    REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Str, 9));
    REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Def, 4));
    REQUIRE_FALSE(setUnitStat(scene, 0, CombatStat::Spd, 11));
    REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Str, 7));
    REQUIRE_FALSE(setUnitStat(scene, 1, CombatStat::Spd, 99));
    REQUIRE_FALSE(setUnitStat(scene, 2, CombatStat::Hp, 5));  // the ally fights too
    REQUIRE_FALSE(setObjective(scene, objective));
    REQUIRE_FALSE(setTerrainDefence(scene, 1, 3));
    REQUIRE_FALSE(setTerrainDefence(scene, 0, 2));
    REQUIRE_FALSE(setTerrainDefence(scene, 3, 0));

    const std::string path = folder.path(std::string(objectiveName(objective.type)) + ".json");
    REQUIRE_FALSE(saveSceneAsScenario(scene, path));
    auto opened = openBoard(path);
    REQUIRE(opened);
    const Scene& back = *opened;
    REQUIRE(back.units.size() == scene.units.size());
    for (std::size_t i = 0; i < scene.units.size(); ++i) {
      INFO(scene.units[i].name);
      CHECK(back.units[i].name == scene.units[i].name);
      CHECK(back.units[i].hp == scene.units[i].hp);
      CHECK(back.units[i].str == scene.units[i].str);
      CHECK(back.units[i].def == scene.units[i].def);
      CHECK(back.units[i].spd == scene.units[i].spd);
      CHECK(back.units[i].lord == scene.units[i].lord);
    }
    CHECK(back.units[0].lord);
    CHECK(back.objective == scene.objective);
    CHECK(back.defence == scene.defence);
    CHECK(back.defence.of(1) == 3);
    CHECK(back.defence.of(3) == 0);
    // The board as the history sees it is the same board.
    CHECK(sceneHasLevel(back, levelOf(scene)));
  }
  // Rout, the default, is written as nothing and opens as nothing.
  Scene scene = fightingBoard();
  const std::string path = folder.path("rout.json");
  REQUIRE_FALSE(saveSceneAsScenario(scene, path));
  auto opened = openBoard(path);
  REQUIRE(opened);
  CHECK_FALSE(opened->objective);
  CHECK(opened->defence == TerrainDefence::defaults(opened->map));
}
