#pragma once
// A player for whole games (SPEC §14, issue 41), shared by the app tests (the game through the
// demo's rules) and the e2e tests (the same game's clicks and keys replayed in the window): it
// clicks as a person would, choosing with the computer's own policy, and keeps what it did as a
// play script (src/app/harness/play_script.h) and the log the window would print.

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "app/rules/cursor.h"
#include "app/rules/fights.h"
#include "app/rules/turns.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/danger_zone.h"
#include "tactics/solver/enemy_move.h"

namespace tactics::testing {

using app::ComputerMove;
using app::CursorKey;
using app::EndTurn;
using app::FightEvent;
using app::Phase;
using app::Scene;

// A scenario of assets/scenarios (or a path relative to it) as the demo opens it.
inline Scene scenarioScene(const std::string& name) {
  auto scenario = loadScenario(std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/" + name);
  REQUIRE(scenario);
  return app::makeScene(std::move(*scenario), name);
}

// Plays the game as the window takes a play script (harness/play_script.h), and keeps the
// script: the pointer jumps from click to click (the route enters the line between them, SPEC
// §8), and each step is followed by whatever the demo then does by itself (a walk, a fight, the
// computer's phases).
struct GamePlayer {
  Scene& scene;
  std::string script;
  std::string log;  // what the window logs: moves and fights

  const RangeResult* range() {
    if (!scene.selected) return nullptr;
    selected = app::referenceRange(scene, *scene.selected);
    return &*selected;
  }
  void settle() {
    if (scene.walk) {
      if (auto move = app::advanceWalk(scene, 600.0)) log += app::formatMove(*move) + "\n";
    }
    for (const FightEvent& fight : std::exchange(scene.fightsToShow, {})) {
      log += "fight " + app::formatFight(fight) + "\n";
    }
    if (scene.phase != Phase::Player && scene.outcome == Outcome::Playing) {
      for (const ComputerMove& move : app::runAiPhases(scene)) {
        log += app::formatMove(move) + "\n";
        if (move.fight) log += "fight " + app::formatFight(*move.fight) + "\n";
      }
    }
  }
  void click(Cell cell) {
    script += "click " + toString(cell) + "\n";
    const RangeResult* r = range();
    app::hoverCell(scene, cell, r);
    app::leftClick(scene, cell, r);
    settle();
  }
  void key(const char* name, CursorKey key) {
    script += std::string("key ") + name + "\n";
    app::pressKey(scene, key, range());
    settle();
  }
  void endTurn() {
    script += "key e\n";
    if (app::requestEndTurn(scene) == EndTurn::NeedsConfirmation) {
      script += "key z\n";
      app::answerEndTurn(scene, true);
    }
    script += "key escape\n";  // the computer's phases at once
    settle();
  }

  std::optional<RangeResult> selected;
};

// How a lord heads for the cell to seize: Careful, only onto the cells the enemy's next phase can
// hurt it least (lordRisk: none, while the others clear the way); Careless, straight for it.
enum class Seize { Careful, Careless };

// For each cell, the most damage the enemy's next phase could deal units[lord] standing there:
// every enemy that threatens the cell (threatOf, from where the enemies stand now) strikes it
// once, twice when 4 faster, less the lord's defence and the cell's.
inline Grid<int> lordRisk(const Scene& scene, std::size_t lord) {
  const CombatBoard board = app::combatBoard(scene);
  const Unit& self = scene.units[lord];
  Grid<int> risk(scene.map.width(), scene.map.height(), 0);
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    const Unit& enemy = scene.units[i];
    if (enemy.team != Team::Enemy || enemy.hp <= 0) continue;
    const Grid<std::uint8_t> threat = threatOf(scene.map, scene.units, i, scene.rules);
    const int strikes = enemy.spd >= self.spd + 4 ? 2 : 1;
    for (int y = 0; y < scene.map.height(); ++y) {
      for (int x = 0; x < scene.map.width(); ++x) {
        const Cell c{x, y};
        if (threat[c] == 0) continue;
        risk[c] += strikes * std::max(0, enemy.str - (self.def + board.defenceAt(c)));
      }
    }
  }
  return risk;
}

// One player unit's action, as a person would click it: the foe of its best attack this turn
// (chooseAttack) unless the forecast says the unit would fall: a click walks it to the arrow's
// end and opens the forecast, a second click attacks; else a click on the cell the computer's
// own destination rule picks, and Wait (C). A lord keeps out of harm while others are left: it
// attacks only what it kills without a counter, and otherwise stays where it is (a click on it
// again puts it down), or on a seize heads for the cell (`seize`: carefully, it steps onto the
// cell once it can stop there, else onto the stopping cell of the least lordRisk, the nearest the
// cell among those; it may stay, or step back out of reach).
inline void act(GamePlayer& player, std::size_t unit, Seize seize = Seize::Careful) {
  Scene& scene = player.scene;
  const Cell cell = scene.units[unit].cell;
  player.click(cell);
  REQUIRE(scene.selected == unit);
  const RangeResult range = app::referenceRange(scene, unit);
  const bool lord = scene.units[unit].lord &&
                    std::count_if(scene.units.begin(), scene.units.end(), [](const Unit& u) {
                      return u.team == Team::Player;
                    }) > 1;
  auto attack = chooseAttack(app::combatBoard(scene), range, unit);
  if (attack && (attack->forecast.removesAttacker() ||
                 (lord && (!attack->forecast.removesTarget() || attack->forecast.target.strikes > 0)))) {
    attack.reset();
  }
  Cell to = cell;
  if (attack) {
    const Cell foe = scene.units[attack->target].cell;
    player.click(foe);
    if (scene.attackPick) {
      player.click(scene.units[app::pickedAttack(scene)->target].cell);  // the shown target: attack
      return;
    }
  } else if (lord && scene.objective && scene.objective->type == Objective::Type::Seize) {
    // A lord heads for the cell to seize: the stopping cell nearest it (carefully, the safe one).
    const Cell at = scene.objective->at;
    const auto distance = [&](Cell c) { return std::abs(c.x - at.x) + std::abs(c.y - at.y); };
    const Grid<int> risk = seize == Seize::Careful ? lordRisk(scene, unit) : Grid<int>();
    // (the risk, then the distance): smaller is better.
    const auto rank = [&](Cell c) {
      if (seize == Seize::Careless || c == at) return std::pair(0, distance(c));
      return std::pair(risk[c], distance(c));
    };
    for (int y = 0; y < scene.map.height(); ++y) {
      for (int x = 0; x < scene.map.width(); ++x) {
        if (app::canStopAt(scene, range, {x, y}) && rank({x, y}) < rank(to)) to = {x, y};
      }
    }
  } else if (!lord) {
    const auto field = app::referenceField(scene, Team::Player, scene.units[unit].movement);
    to = chooseDestination(range, scene.units, unit, &field);
  }
  if (to != cell && !scene.pending) player.click(to);
  if (scene.attackPick) player.key("x", CursorKey::Cancel);
  if (scene.pending) {
    player.key("c", CursorKey::Wait);
  } else if (scene.selected) {
    player.click(scene.units[*scene.selected].cell);  // puts it down
  }
}

// Ends turn after turn without moving anyone: the enemy comes.
inline int endTurns(Scene& scene, int turns) {
  GamePlayer player{scene, {}, {}, {}};
  while (scene.outcome == Outcome::Playing && scene.turn <= turns) player.endTurn();
  return scene.turn;
}

// Plays whole turns until the game ends or `turns` have passed; returns the turns played and
// leaves the script in `script`.
inline int play(Scene& scene, int turns, std::string* script = nullptr, std::string* log = nullptr,
                Seize seize = Seize::Careful) {
  GamePlayer player{scene, {}, {}, {}};
  while (scene.outcome == Outcome::Playing && scene.turn <= turns) {
    for (std::size_t i = 0; i < scene.units.size() && scene.outcome == Outcome::Playing; ++i) {
      if (scene.units[i].team == Team::Player && !scene.hasMoved(i)) act(player, i, seize);
    }
    if (scene.outcome != Outcome::Playing) break;
    player.endTurn();
  }
  if (script != nullptr) *script = player.script;
  if (log != nullptr) *log = player.log;

  return scene.turn;
}

}  // namespace tactics::testing
