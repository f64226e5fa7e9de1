#include "app/rules/turns.h"

#include <climits>

#include "app/rules/fights.h"
#include "tactics/solver/enemy_move.h"
#include "tactics/solver/path.h"
#include "tactics/solver/reference_solver.h"

namespace tactics::app {

namespace {

// Moves on to `phase`: nobody selected, nobody has moved in it yet.
void beginPhase(Scene& scene, Phase phase) {
  scene.phase = phase;
  scene.selected.reset();
  scene.route.clear();
  scene.confirmingEndTurn = false;
  scene.moved.assign(scene.units.size(), false);
  scene.phaseFields.clear();  // the other side may have moved
}

Team teamOf(Phase phase) {
  switch (phase) {
    case Phase::Player: return Team::Player;
    case Phase::Enemy: return Team::Enemy;
    case Phase::Ally: return Team::Ally;
  }
  return Team::Player;
}

}  // namespace

void waitUnit(Scene& scene) {
  if (!scene.pending) return;
  const std::size_t unit = scene.pending->unit;
  markMoved(scene, unit);
  scene.pending.reset();
  scene.attackPick.reset();
  // A lord ending its action on the cell to seize wins (SPEC §14).
  judgeScene(scene, GameEvent{GameEvent::Kind::ActionEnded, scene.units[unit].cell, unit, scene.turn});
  if (scene.outcome != Outcome::Playing) return;
  // Auto end turn: every player unit has acted, so the enemies move.
  if (scene.autoEndTurn && scene.phase == Phase::Player && !scene.walk &&
      unmovedPlayers(scene).empty()) {
    beginPhase(scene, Phase::Enemy);
  }
}

std::optional<MoveEvent> backUnit(Scene& scene) {
  if (!scene.pending) return std::nullopt;
  const Unit& unit = scene.units[scene.pending->unit];
  MoveEvent back{unit.name, {unit.cell, scene.pending->from}, std::nullopt};
  cancel(scene);  // Back is what cancel does while the menu is open
  return back;
}

std::string formatBack(const MoveEvent& back) {
  std::string line = "back " + back.unit;
  if (back.path.empty()) return line;
  return line + " " + toString(back.path.front()) + " -> " + toString(back.path.back());
}

std::vector<std::size_t> unmovedPlayers(const Scene& scene) {
  std::vector<std::size_t> unmoved;
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    if (scene.units[i].team == Team::Player && !scene.hasMoved(i)) unmoved.push_back(i);
  }
  return unmoved;
}

std::string moveMenuTitle(const Scene& scene) {
  if (!scene.pending) return "";
  const Unit& unit = scene.units[scene.pending->unit];
  const bool stayed = unit.cell == scene.pending->from;
  return unit.name + (stayed ? " stays at " : " moved to ") + toString(unit.cell);
}

EndTurn requestEndTurn(Scene& scene) {
  if (scene.phase != Phase::Player || scene.walk) return EndTurn::NotNow;
  // With the menu after a walk open, End turn means Wait for that unit, then End turn.
  waitUnit(scene);
  if (scene.phase != Phase::Player) return EndTurn::Started;  // Auto end turn did it
  if (!unmovedPlayers(scene).empty()) {
    scene.confirmingEndTurn = true;
    return EndTurn::NeedsConfirmation;
  }
  beginPhase(scene, Phase::Enemy);
  return EndTurn::Started;
}

void answerEndTurn(Scene& scene, bool yes) {
  if (!scene.confirmingEndTurn) return;
  scene.confirmingEndTurn = false;
  if (yes && scene.phase == Phase::Player && !scene.walk && !scene.pending) {
    beginPhase(scene, Phase::Enemy);
  }
}

bool computerPhaseOver(const Scene& scene) {
  if (scene.phase == Phase::Player) return false;
  const Team team = teamOf(scene.phase);
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    if (scene.units[i].team == team && !scene.hasMoved(i)) return false;
  }
  return true;
}

std::optional<std::size_t> nextAiMover(Scene& scene) {
  while (scene.phase != Phase::Player && !scene.walk && scene.outcome == Outcome::Playing) {
    const Team team = teamOf(scene.phase);
    for (std::size_t i = 0; i < scene.units.size(); ++i) {
      if (scene.units[i].team == team && !scene.hasMoved(i)) return i;
    }
    if (scene.phase == Phase::Enemy) {
      // Surviving counts the enemy phases that end (SPEC §14).
      judgeScene(scene, GameEvent{GameEvent::Kind::EnemyPhaseEnded, Cell{}, 0, scene.turn});
      if (scene.outcome != Outcome::Playing) return std::nullopt;
      beginPhase(scene, Phase::Ally);
    } else {
      beginPhase(scene, Phase::Player);
      ++scene.turn;
    }
  }
  return std::nullopt;
}

DistanceField referenceField(const Scene& scene, Team team, const MovementClass& movement) {
  return solveFieldReference(scene.map, fieldQueryFor(scene.units, team, movement));
}

std::optional<MoveEvent> startAiMove(Scene& scene, std::size_t unit, const RangeResult& range,
                                     const SolveField& field) {
  if (scene.walk || unit >= scene.units.size()) return std::nullopt;
  const Unit& mover = scene.units[unit];
  markMoved(scene, unit);
  // Only the moving side moves during a phase, and its own units are ground to its field: one
  // field per (team, class) serves the whole phase.
  const auto key = std::make_pair(static_cast<int>(mover.team), mover.movement.toString());
  auto known = scene.phaseFields.find(key);
  if (known == scene.phaseFields.end()) {
    known = scene.phaseFields.emplace(key, field(scene, mover.team, mover.movement)).first;
  }
  // With line of sight (SPEC §11.8) a target counts from the cells that see it.
  SightWindow sight;
  const bool sightOn = scene.rules.sight.on && !scene.map.topology().hex();
  if (sightOn) {
    sight.bake(scene.map, scene.rules.sight.blockers,
               CellBox{0, 0, scene.map.width() - 1, scene.map.height() - 1});
  }
  // On a board that fights, the best attack it can make this turn decides where it goes (SPEC
  // §14); with none in reach it moves as it would without combat.
  std::optional<AttackChoice> attack;
  if (sceneFights(scene)) attack = chooseAttack(combatBoard(scene), range, unit);
  const Cell destination =
      attack ? attack->from
             : chooseDestination(range, scene.units, unit, &known->second, sightOn ? &sight : nullptr);
  std::vector<Cell> path = pathTo(range, mover.cell, destination);
  if (path.size() < 2) return MoveEvent{mover.name, {mover.cell}, std::nullopt};
  scene.walk = walkAlong(scene, unit, std::move(path));
  return std::nullopt;
}

std::string formatAttack(const AttackEvent& attack) {
  return attack.unit + " attacks " + attack.targetName + " from " + toString(attack.from);
}

std::optional<AttackEvent> attackFromHere(const Scene& scene, std::size_t unit) {
  if (unit >= scene.units.size()) return std::nullopt;
  const Unit& self = scene.units[unit];
  if (self.attack.none()) return std::nullopt;
  std::optional<AttackEvent> best;
  std::pair<int, bool> bestKey{INT_MAX, true};  // distance, not the side it hunts
  // Line of sight (SPEC §11.8): only a foe in sight can be attacked.
  SightWindow sight;
  const bool sightOn = scene.rules.sight.on && !scene.map.topology().hex();
  if (sightOn) {
    sight.bake(scene.map, scene.rules.sight.blockers,
               CellBox::around(self.cell, self.attack.maxDistance()));
  }
  for (std::size_t i = 0; i < scene.units.size(); ++i) {
    const Unit& other = scene.units[i];
    if (friends(self.team, other.team) || !knownTo(self.team, other)) continue;
    const int d = scene.map.topology().distance(self.cell, other.cell);
    const std::pair<int, bool> key{d, !isTarget(self.team, other.team)};
    if (!self.attack.contains(d) || key >= bestKey) continue;
    if (sightOn && !sight.inSight(self.cell, other.cell)) continue;
    bestKey = key;
    best = AttackEvent{unit, i, self.name, other.name, self.cell, other.cell};
  }
  return best;
}

std::optional<AttackEvent> attackAfterMove(Scene& scene, std::size_t unit, const MoveEvent& move) {
  if (move.ambush || unit >= scene.units.size()) return std::nullopt;
  auto attack = attackFromHere(scene, unit);
  if (attack) scene.units[unit].hidden = false;
  return attack;
}

std::optional<FightEvent> fightAfterMove(Scene& scene, std::size_t unit, const MoveEvent& move) {
  if (move.ambush || unit >= scene.units.size()) return std::nullopt;
  const auto attack = bestAttackFromHere(scene, unit);
  if (!attack) return std::nullopt;
  scene.units[unit].hidden = false;
  return fight(scene, *attack);
}

ComputerMove endComputerMove(Scene& scene, std::size_t unit, MoveEvent move) {
  const Phase phase = scene.phase;
  if (!sceneFights(scene)) {
    auto attack = attackAfterMove(scene, unit, move);
    return ComputerMove(std::move(move), phase, std::move(attack));
  }
  auto fought = fightAfterMove(scene, unit, move);
  std::optional<AttackEvent> shown;
  if (fought) {
    shown = AttackEvent{std::nullopt, std::nullopt, fought->attacker, fought->target,
                        fought->from,  fought->at};
  }
  ComputerMove done(std::move(move), phase, std::move(shown));
  done.fight = std::move(fought);
  return done;
}

bool quietPhase(const std::vector<ComputerMove>& moves, Phase phase) {
  for (const ComputerMove& move : moves) {
    if (move.phase != phase) continue;
    if (move.path.size() >= 2 || move.attack) return false;
  }
  return true;
}

RangeResult referenceRange(const Scene& scene, std::size_t unit) {
  return solveReference(scene.map, sceneQuery(scene, unit));
}

std::vector<ComputerMove> runAiPhases(Scene& scene, const SolveUnit& solve,
                                      const SolveField& field) {
  std::vector<ComputerMove> moves;
  while (const auto unit = nextAiMover(scene)) {
    std::optional<MoveEvent> move = startAiMove(scene, *unit, solve(scene, *unit), field);
    if (!move) move = advanceWalk(scene, scene.walk->animation.duration() + 1.0);
    if (move) moves.push_back(endComputerMove(scene, *unit, std::move(*move)));
  }
  return moves;
}

}  // namespace tactics::app
