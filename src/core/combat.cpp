#include "tactics/solver/combat.h"

#include <algorithm>
#include <climits>
#include <tuple>

namespace tactics {

TerrainDefence TerrainDefence::defaults(const CostMap& map) {
  TerrainDefence d;
  const auto& names = map.terrainNames();
  for (std::size_t t = 0; t < names.size() && t < d.values_.size(); ++t) {
    d.values_[t] = names[t] == "forest" ? 1 : names[t] == "mountains" ? 2 : 0;
  }
  return d;
}

std::optional<std::string> TerrainDefence::set(const CostMap& map, const std::string& name,
                                               int value) {
  const auto& names = map.terrainNames();
  const auto at = std::find(names.begin(), names.end(), name);
  if (at == names.end()) return "unknown terrain \"" + name + "\"";
  if (value < 0 || value > kMaxTerrainDefence) {
    return "terrain \"" + name + "\" has defence " + std::to_string(value) +
           ", out of range 0..20";
  }
  values_[static_cast<std::size_t>(at - names.begin())] = static_cast<std::uint8_t>(value);
  return std::nullopt;
}

std::vector<std::pair<std::string, int>> TerrainDefence::changed(const CostMap& map) const {
  const TerrainDefence base = defaults(map);
  std::vector<std::pair<std::string, int>> out;
  const auto& names = map.terrainNames();
  for (std::size_t t = 0; t < names.size(); ++t) {
    if (values_[t] != base.values_[t]) out.emplace_back(names[t], values_[t]);
  }
  return out;
}

bool boardFights(const std::vector<Unit>& units) {
  return std::any_of(units.begin(), units.end(), [](const Unit& u) { return u.hp > 0; });
}

std::optional<std::string> combatProblem(const std::vector<Unit>& units) {
  const bool fights = boardFights(units);
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    const std::string who = "unit " + std::to_string(i) + " (" + u.name + "): ";
    if (u.hp < 0 || u.hp > kMaxHp) return who + "hp " + std::to_string(u.hp) + " is out of range 1..99";
    for (const auto& [name, value] : {std::pair<const char*, int>{"str", u.str}, {"def", u.def},
                                      {"spd", u.spd}}) {
      if (value < 0 || value > kMaxCombatStat) {
        return who + name + " " + std::to_string(value) + " is out of range 0..99";
      }
    }
    if (u.lord && u.team != Team::Player) return who + "only a player unit can be a lord";
    if (fights && u.hp == 0 && u.team != Team::Ally) {
      return who + "has no hp, but units on this board fight (SPEC 14): every player and enemy "
                   "unit needs hp 1..99";
    }
  }
  return std::nullopt;
}

CombatBoard::CombatBoard(const CostMap& map, const std::vector<Unit>& units,
                         TerrainDefence defence, const BoardRules& rules)
    : CombatBoard(map, units, defence, rules,
                  CellBox{0, 0, map.width() - 1, map.height() - 1}) {}

CombatBoard::CombatBoard(const CostMap& map, const std::vector<Unit>& units,
                         TerrainDefence defence, const BoardRules& rules, const CellBox& sightBox)
    : map_(&map), units_(&units), defence_(defence) {
  sightOn_ = rules.sight.on && !map.topology().hex();
  blockers_ = rules.sight.blockers;
  if (sightOn_) sight_.bake(map, blockers_, sightBox);
}

bool CombatBoard::blocksSight(Cell c) const {
  const int terrain = map_->terrain(c);
  return terrain >= 0 && terrain < 64 && ((blockers_ >> terrain) & 1U) != 0;
}

bool CombatBoard::reaches(const Unit& a, Cell from, Cell at) const {
  if (!a.attack.contains(map_->topology().distance(from, at))) return false;
  if (!sightOn_) return true;
  if (sight_.box().contains(from) && sight_.box().contains(at)) return sight_.inSight(from, at);
  // Outside the baked box: the same test, cell by cell on the map.
  return forEachCrossed(from, at, [this](Cell c) { return !blocksSight(c); });
}

bool CombatBoard::canAttack(std::size_t a, Cell from, std::size_t b) const {
  const Unit& attacker = (*units_)[a];
  const Unit& target = (*units_)[b];
  if (a == b || attacker.hp <= 0 || target.hp <= 0) return false;
  if (friends(attacker.team, target.team) || !knownTo(attacker.team, target)) return false;
  return reaches(attacker, from, target.cell);
}

namespace {

int strikeDamage(const Unit& by, const Unit& on, int defence) {
  return std::max(0, by.str - (on.def + defence));
}

}  // namespace

std::optional<Forecast> forecast(const CombatBoard& board, std::size_t a, Cell from, std::size_t b) {
  if (!board.canAttack(a, from, b)) return std::nullopt;
  const Unit& attacker = board.units()[a];
  const Unit& target = board.units()[b];
  Forecast f;
  f.attacker.damage = strikeDamage(attacker, target, board.defenceAt(target.cell));
  f.target.damage = strikeDamage(target, attacker, board.defenceAt(from));
  f.attacker.hpBefore = f.attacker.hpAfter = attacker.hp;
  f.target.hpBefore = f.target.hpAfter = target.hp;
  f.target.canStrike = board.reaches(target, target.cell, from);
  // Each strike, while both stand; a removal ends the exchange (SPEC §14).
  const auto strike = [&f](bool byAttacker) {
    Forecast::Side& by = byAttacker ? f.attacker : f.target;
    Forecast::Side& on = byAttacker ? f.target : f.attacker;
    if (by.hpAfter == 0 || on.hpAfter == 0) return;
    on.hpAfter = std::max(0, on.hpAfter - by.damage);
    ++by.strikes;
    f.strikes.push_back(Strike{byAttacker, by.damage, on.hpAfter});
  };
  strike(true);
  if (f.target.canStrike) strike(false);
  if (attacker.spd >= target.spd + kDoublingSpeed) {
    strike(true);
  } else if (target.spd >= attacker.spd + kDoublingSpeed && f.target.canStrike) {
    strike(false);
  }
  return f;
}

std::vector<std::size_t> applyFight(std::vector<Unit>& units, std::size_t a, Cell from,
                                    std::size_t b, const Forecast& f) {
  units[a].cell = from;
  units[a].hp = f.attacker.hpAfter;
  units[b].hp = f.target.hpAfter;
  std::vector<std::size_t> removed;
  for (const std::size_t i : {std::max(a, b), std::min(a, b)}) {
    if (units[i].hp == 0) {
      units.erase(units.begin() + static_cast<std::ptrdiff_t>(i));
      removed.push_back(i);
    }
  }
  return removed;
}

AttackRank attackRank(const Forecast& forecast, int travelCost, std::size_t target, Cell from) {
  const int dealt = forecast.target.hpBefore - forecast.target.hpAfter;
  const int taken = forecast.attacker.hpBefore - forecast.attacker.hpAfter;
  return {forecast.removesTarget() ? 0 : 1, taken - dealt, travelCost, target, from.y, from.x};
}

std::optional<AttackChoice> chooseAttack(const CombatBoard& board, const RangeResult& range,
                                         std::size_t mover) {
  const std::vector<Unit>& units = board.units();
  const Unit& self = units[mover];
  if (self.hp <= 0 || self.attack.none()) return std::nullopt;
  const auto stopping = [&](Cell c) {
    if (!range.reached(c)) return false;
    for (std::size_t i = 0; i < units.size(); ++i) {
      if (i != mover && units[i].cell == c && knownTo(self.team, units[i])) return false;
    }
    return true;
  };
  std::optional<AttackChoice> best;
  AttackRank bestRank{};
  for (int y = 0; y < range.height(); ++y) {
    for (int x = 0; x < range.width(); ++x) {
      const Cell c{x, y};
      if (!stopping(c)) continue;
      for (std::size_t t = 0; t < units.size(); ++t) {
        auto f = forecast(board, mover, c, t);
        if (!f) continue;
        const AttackRank rank = attackRank(*f, range.travelCost[c], t, c);
        if (!best || rank < bestRank) {
          best = AttackChoice{c, t, std::move(*f)};
          bestRank = rank;
        }
      }
    }
  }
  return best;
}

}  // namespace tactics
