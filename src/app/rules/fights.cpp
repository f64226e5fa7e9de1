#include "app/rules/fights.h"

#include <algorithm>
#include <tuple>

#include "app/rules/turns.h"
#include "app/rules/unit_placement.h"

namespace tactics::app {

bool sceneFights(const Scene& scene) { return boardFights(scene.units); }

Objective sceneObjective(const Scene& scene) { return scene.objective.value_or(Objective{}); }

CombatBoard combatBoard(const Scene& scene) {
  return CombatBoard(scene.map, scene.units, scene.defence, scene.rules);
}

CombatBoard combatBoardFrom(const Scene& scene, std::size_t unit, Cell from) {
  const int reach = unit < scene.units.size() ? scene.units[unit].attack.maxDistance() : 0;
  return CombatBoard(scene.map, scene.units, scene.defence, scene.rules,
                     CellBox::around(from, reach));
}

std::vector<std::size_t> attackTargets(const Scene& scene, std::size_t unit) {
  std::vector<std::size_t> targets;
  if (unit >= scene.units.size() || !sceneFights(scene)) return targets;
  const CombatBoard board = combatBoardFrom(scene, unit, scene.units[unit].cell);
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    if (board.canAttack(unit, scene.units[unit].cell, i)) targets.push_back(i);
  }
  return targets;
}

bool openAttack(Scene& scene) {
  if (!scene.pending || scene.outcome != Outcome::Playing) return false;
  auto targets = attackTargets(scene, scene.pending->unit);
  if (targets.empty()) return false;
  scene.attackPick = AttackPick{std::move(targets), 0};
  return true;
}

bool openAttackOn(Scene& scene, std::size_t foe) {
  if (!openAttack(scene)) return false;
  if (foe < scene.units.size()) pickTargetAt(scene, scene.units[foe].cell);
  return true;
}

void cycleTarget(Scene& scene, int step) {
  if (!scene.attackPick || scene.attackPick->targets.empty()) return;
  const auto n = static_cast<long>(scene.attackPick->targets.size());
  const long next = (static_cast<long>(scene.attackPick->shown) + step % n + n) % n;
  scene.attackPick->shown = static_cast<std::size_t>(next);
}

bool pickTargetAt(Scene& scene, Cell cell) {
  if (!scene.attackPick) return false;
  const std::vector<std::size_t>& targets = scene.attackPick->targets;
  for (std::size_t k = 0; k < targets.size(); ++k) {
    if (scene.units[targets[k]].cell == cell) {
      scene.attackPick->shown = k;
      return true;
    }
  }
  return false;
}

void closeAttack(Scene& scene) { scene.attackPick.reset(); }

std::optional<PlannedAttack> pickedAttack(const Scene& scene) {
  if (!scene.attackPick || !scene.pending || scene.attackPick->targets.empty()) {
    return std::nullopt;
  }
  const std::size_t attacker = scene.pending->unit;
  const std::size_t target = scene.attackPick->targets[scene.attackPick->shown];
  const Cell from = scene.units[attacker].cell;
  auto forecast = tactics::forecast(combatBoardFrom(scene, attacker, from), attacker, from, target);
  if (!forecast) return std::nullopt;
  return PlannedAttack{attacker, target, from, std::move(*forecast)};
}

std::string formatFight(const FightEvent& fight) {
  const Forecast& f = fight.forecast;
  std::string line = fight.attacker + " attacks " + fight.target + " from " + toString(fight.from) +
                     ": deals " + std::to_string(f.attacker.damage);
  if (f.attacker.strikes > 1) line += " x" + std::to_string(f.attacker.strikes);
  if (f.target.strikes > 0) {
    line += ", takes " + std::to_string(f.target.damage);
    if (f.target.strikes > 1) line += " x" + std::to_string(f.target.strikes);
  }
  for (const std::string& name : fight.fallen) line += "; " + name + " falls";
  return line;
}

FightEvent fight(Scene& scene, const PlannedAttack& attack) {
  Unit& attacker = scene.units[attack.attacker];
  Unit& target = scene.units[attack.target];
  FightEvent event{attacker.name, target.name, attacker.team, target.team,
                   attack.from,   target.cell, attack.forecast, {}};
  attacker.cell = attack.from;
  attacker.hp = attack.forecast.attacker.hpAfter;
  target.hp = attack.forecast.target.hpAfter;
  bool lordFell = false;
  // The higher index first, so that the lower one still names its unit.
  for (const std::size_t i : {std::max(attack.attacker, attack.target),
                              std::min(attack.attacker, attack.target)}) {
    if (scene.units[i].hp > 0) continue;
    event.fallen.push_back(scene.units[i].name);
    lordFell = lordFell || (scene.units[i].lord && scene.units[i].team == Team::Player);
    removeUnit(scene, i);
  }
  judgeScene(scene, GameEvent{GameEvent::Kind::Exchange, attack.from, 0, scene.turn}, lordFell);
  return event;
}

std::optional<FightEvent> confirmAttack(Scene& scene) {
  const auto attack = pickedAttack(scene);
  if (!attack) return std::nullopt;
  scene.attackPick.reset();
  FightEvent event = fight(scene, *attack);
  scene.fightsToShow.push_back(event);
  // The attacker's action ends where it stands, if it still stands (waitUnit judges a seize).
  if (scene.pending) waitUnit(scene);
  return event;
}

std::optional<PlannedAttack> bestAttackFromHere(const Scene& scene, std::size_t unit) {
  if (unit >= scene.units.size() || !sceneFights(scene)) return std::nullopt;
  const Cell from = scene.units[unit].cell;
  const CombatBoard board = combatBoardFrom(scene, unit, from);
  std::optional<PlannedAttack> best;
  // chooseAttack's order from one cell: a removal first, then dealt less taken, then the target.
  std::tuple<int, int, std::size_t> bestKey{};
  for (std::size_t t = 0; t < scene.units.size(); ++t) {
    auto f = tactics::forecast(board, unit, from, t);
    if (!f) continue;
    const int dealt = f->target.hpBefore - f->target.hpAfter;
    const int taken = f->attacker.hpBefore - f->attacker.hpAfter;
    const std::tuple<int, int, std::size_t> key{f->removesTarget() ? 0 : 1, taken - dealt, t};
    if (!best || key < bestKey) {
      best = PlannedAttack{unit, t, from, std::move(*f)};
      bestKey = key;
    }
  }
  return best;
}

Outcome judgeScene(Scene& scene, const GameEvent& event, bool lordFell) {
  if (scene.outcome != Outcome::Playing || !sceneFights(scene)) return scene.outcome;
  const Objective objective = sceneObjective(scene);
  scene.outcome = judge(objective, scene.units, lordFell, event);
  const auto players = std::count_if(scene.units.begin(), scene.units.end(),
                                     [](const Unit& u) { return u.team == Team::Player; });
  if (scene.outcome == Outcome::Lost) {
    scene.outcomeWhy = lordFell ? "Your lord has fallen" : players == 0 ? "No unit of yours is left" : "";
  } else if (scene.outcome == Outcome::Won) {
    switch (objective.type) {
      case Objective::Type::Rout: scene.outcomeWhy = "Every enemy is routed"; break;
      case Objective::Type::Seize:
        scene.outcomeWhy = scene.units[event.unit].name + " holds " + toString(objective.at);
        break;
      case Objective::Type::Survive:
        scene.outcomeWhy = "You held out for " + std::to_string(objective.turns) + " turns";
        break;
    }
  }
  if (scene.outcome != Outcome::Playing) {
    scene.selected.reset();
    scene.route.clear();
    scene.attackPick.reset();
    scene.confirmingEndTurn = false;
  }
  return scene.outcome;
}

double FightShow::duration() const {
  const auto strikes = static_cast<double>(fight_.forecast.strikes.size());
  return strikes * kStrikeSeconds + (fight_.fallen.empty() ? 0.15 : kFallSeconds);
}

std::optional<FightShow::Moment> FightShow::strikeNow() const {
  const double at = elapsed_ / kStrikeSeconds;
  if (at < 0 || at >= static_cast<double>(fight_.forecast.strikes.size())) return std::nullopt;
  const auto strike = static_cast<std::size_t>(at);
  return Moment{strike, static_cast<float>(at - static_cast<double>(strike))};
}

float FightShow::fallen() const {
  const double strikes = static_cast<double>(fight_.forecast.strikes.size()) * kStrikeSeconds;
  if (fight_.fallen.empty() || elapsed_ <= strikes) return 0.0F;
  return static_cast<float>(std::min(1.0, (elapsed_ - strikes) / kFallSeconds));
}

std::string outcomeTitle(Outcome outcome) {
  switch (outcome) {
    case Outcome::Won: return "Victory";
    case Outcome::Lost: return "Defeat";
    case Outcome::Playing: return "";
  }
  return "";
}

}  // namespace tactics::app
