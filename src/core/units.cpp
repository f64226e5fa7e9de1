#include "tactics/solver/units.h"

namespace tactics {

const char* teamName(Team team) {
  switch (team) {
    case Team::Player: return "player";
    case Team::Enemy: return "enemy";
    case Team::Ally: return "ally";
  }
  return "?";
}

std::optional<std::size_t> unitAt(const std::vector<Unit>& units, Cell cell) {
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].cell == cell) return i;
  }
  return std::nullopt;
}

RangeQuery queryFor(const std::vector<Unit>& units, std::size_t index, BoardRules rules,
                    View view) {
  const Unit& mover = units[index];
  const Team viewer = view == View::Player ? Team::Player : mover.team;
  RangeQuery query;
  query.unit = mover.cell;
  query.moveRange = mover.moveRange;
  query.attack = mover.attack;
  query.movement = mover.movement;
  query.skills = mover.skills;
  query.zoc = rules.zoc;
  query.sight = rules.sight;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (i == index || !knownTo(viewer, units[i])) continue;
    (friends(mover.team, units[i].team) ? query.allies : query.enemies).push_back(units[i].cell);
  }
  return query;
}

}  // namespace tactics
