#include "tactics/solver/objective.h"

#include <algorithm>

namespace tactics {

const char* objectiveName(Objective::Type type) {
  switch (type) {
    case Objective::Type::Rout: return "rout";
    case Objective::Type::Seize: return "seize";
    case Objective::Type::Survive: return "survive";
  }
  return "rout";
}

std::string describeObjective(const Objective& objective) {
  switch (objective.type) {
    case Objective::Type::Rout: return "Rout the enemy";
    case Objective::Type::Seize: return "Seize " + toString(objective.at);
    case Objective::Type::Survive:
      return "Survive " + std::to_string(objective.turns) +
             (objective.turns == 1 ? " turn" : " turns");
  }
  return {};
}

std::optional<std::string> objectiveProblem(const Objective& objective,
                                            const std::vector<Unit>& units, int width,
                                            int height) {
  if (objective.type == Objective::Type::Survive &&
      (objective.turns < 1 || objective.turns > kMaxSurviveTurns)) {
    return "survive " + std::to_string(objective.turns) + " turns is out of range 1..99";
  }
  if (objective.type != Objective::Type::Seize) return std::nullopt;
  const Cell c = objective.at;
  if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) {
    return "the seize cell " + toString(c) + " is outside the " + std::to_string(width) + "x" +
           std::to_string(height) + " map";
  }
  const bool lord = std::any_of(units.begin(), units.end(), [](const Unit& u) {
    return u.lord && u.team == Team::Player;
  });
  if (!lord) return std::string("a seize needs a player unit with \"lord\": true to seize with");
  return std::nullopt;
}

Outcome judge(const Objective& objective, const std::vector<Unit>& units, bool lordFell,
              const GameEvent& event) {
  const auto count = [&](Team team) {
    return std::count_if(units.begin(), units.end(), [team](const Unit& u) { return u.team == team; });
  };
  if (lordFell || count(Team::Player) == 0) return Outcome::Lost;
  switch (objective.type) {
    case Objective::Type::Rout:
      return count(Team::Enemy) == 0 ? Outcome::Won : Outcome::Playing;
    case Objective::Type::Seize: {
      const bool seized = event.kind == GameEvent::Kind::ActionEnded && event.unit < units.size() &&
                          units[event.unit].lord && units[event.unit].team == Team::Player &&
                          event.at == objective.at;
      return seized ? Outcome::Won : Outcome::Playing;
    }
    case Objective::Type::Survive:
      return event.kind == GameEvent::Kind::EnemyPhaseEnded && event.turn >= objective.turns
                 ? Outcome::Won
                 : Outcome::Playing;
  }
  return Outcome::Playing;
}

}  // namespace tactics
