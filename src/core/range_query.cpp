#include "tactics/solver/range_query.h"

#include "tactics/solver/parse.h"

namespace tactics {

Expected<AttackRange> parseAttackRange(std::string_view text, std::string_view what) {
  const std::string allowed = "; expected MAX or MIN-MAX with 1 <= MIN <= MAX <= 255, or 0";
  const std::string named = std::string(what) + " '" + std::string(text) + "'";
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) {
    const auto max = parseInteger(text, 0, kMaxAttackRange, what);
    if (!max) return Error{max.error()};
    return AttackRange{*max == 0 ? 0 : 1, *max};
  }
  const auto min = parseInteger(text.substr(0, dash), 0, kCellCoordinateLimit, what);
  const auto max = parseInteger(text.substr(dash + 1), 0, kCellCoordinateLimit, what);
  if (!min || !max) return Error{named + " is not MIN-MAX" + allowed};
  if (*min == 0 && *max == 0) return AttackRange{0, 0};
  if (*min < 1 || *min > *max || *max > kMaxAttackRange) {
    return Error{std::string(what) + " " + std::string(text) + " is not allowed" + allowed};
  }
  return AttackRange{*min, *max};
}

std::string formatAttackRange(AttackRange attack) {
  if (attack.none()) return "0";
  return std::to_string(attack.min) + "-" + std::to_string(attack.max);
}

std::optional<std::string> validate(const CostMap& map, const RangeQuery& query) {
  const std::string inside = " is outside " + map.boundsText();
  if (!map.contains(query.unit)) return "unit " + toString(query.unit) + inside;
  if (query.moveRange < 0 || query.moveRange > kMaxMoveRange) {
    return "move range " + std::to_string(query.moveRange) + " is out of range 0..255";
  }
  const AttackRange a = query.attack;
  if (!(a.min == 0 && a.max == 0) && !(1 <= a.min && a.min <= a.max && a.max <= kMaxAttackRange)) {
    return "attack range " + std::to_string(a.min) + "-" + std::to_string(a.max) +
           " is not allowed; expected MIN-MAX with 1 <= MIN <= MAX <= 255, or 0";
  }

  Grid<char> taken(map.width(), map.height(), 0);
  taken[query.unit] = 'u';
  const auto place = [&](Cell c, char team, const char* name) -> std::optional<std::string> {
    if (!map.contains(c)) return std::string(name) + " " + toString(c) + inside;
    if (taken[c] != 0) {
      const char* other = taken[c] == 'u' ? "the unit" : taken[c] == 'a' ? "an ally" : "an enemy";
      return std::string(name) + " " + toString(c) + " is on the same cell as " + other +
             "; no two units may share a cell";
    }
    taken[c] = team;
    return std::nullopt;
  };
  for (Cell c : query.enemies) {
    if (auto problem = place(c, 'e', "enemy")) return problem;
  }
  for (Cell c : query.allies) {
    if (auto problem = place(c, 'a', "ally")) return problem;
  }
  const int terrain = map.terrain(query.unit);
  if (!query.movement.passable(terrain)) {
    return "unit " + toString(query.unit) + " stands on " + terrainName(terrain) +
           " (grey " + std::to_string(map.grey(query.unit)) +
           "), which its movement class cannot enter";
  }
  return std::nullopt;
}

}  // namespace tactics
