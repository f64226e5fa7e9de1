#include "app/rules/threats.h"

#include <algorithm>

#include "app/rules/scene.h"

namespace tactics::app {

bool toggleMark(ThreatSettings& threats, const std::vector<Unit>& units, Cell cell) {
  const auto who = seenUnitAt(units, cell);
  if (!who || units[*who].team != Team::Enemy) return false;
  auto& marked = threats.marked;
  const auto at = std::lower_bound(marked.begin(), marked.end(), *who);
  if (at != marked.end() && *at == *who) {
    marked.erase(at);
  } else {
    marked.insert(at, *who);
  }
  return true;
}

void pruneMarks(ThreatSettings& threats, const std::vector<Unit>& units) {
  auto& marked = threats.marked;
  marked.erase(std::remove_if(marked.begin(), marked.end(),
                              [&](std::size_t i) {
                                return i >= units.size() || units[i].team != Team::Enemy ||
                                       !knownTo(Team::Player, units[i]);
                              }),
               marked.end());
}

std::vector<Unit> markedBoard(const std::vector<Unit>& units,
                              const std::vector<std::size_t>& marked) {
  std::vector<Unit> board = units;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const bool isMarked = std::binary_search(marked.begin(), marked.end(), i);
    if (board[i].team == Team::Enemy && !isMarked) board[i].attack = AttackRange{0, 0};
  }
  return board;
}

ThreatKey threatKey(const std::vector<Unit>& units, BoardRules rules) {
  ThreatKey key;
  key.rules = rules;
  key.units.reserve(units.size());
  for (const Unit& unit : units) {
    key.units.push_back(
        {unit.team, unit.cell, unit.moveRange, unit.attack, unit.movement, unit.skills, unit.hidden});
  }
  return key;
}

bool SolveMemory::needsSolve(const ThreatKey& now) {
  if (last_ && *last_ == now) return false;
  last_ = now;
  return true;
}

}  // namespace tactics::app
