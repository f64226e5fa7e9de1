#include "random_cases.h"

#include "tactics/solver/move_rules.h"

#include <algorithm>
#include <random>
#include <sstream>

#include "tactics/solver/path.h"

namespace tactics::testing {

namespace {

using Rng = std::mt19937_64;

int uniform(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
bool chance(Rng& rng, double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }

// Mostly small values, sometimes anything up to `hi`.
int skewed(Rng& rng, int smallHi, int hi) {
  return chance(rng, 0.8) ? uniform(rng, 0, smallHi) : uniform(rng, 0, hi);
}

}  // namespace

std::string RandomCase::describe() const {
  std::ostringstream out;
  out << "seed " << seed << ": " << map.sizeText()
      << (isHex(map.layout()) ? std::string(" ") + layoutName(map.layout()) : std::string())
      << " map, unit " << toString(query.unit)
      << ", move " << query.moveRange << ", attack " << formatAttackRange(query.attack)
      << ", costs " << query.movement.toString() << ", " << query.enemies.size() << " enemies, "
      << query.allies.size() << " allies";
  if (query.zoc) out << ", zoc";
  if (!query.skills.empty()) out << ", skills " << formatSkills(query.skills);
  if (query.ignoreUnits) out << ", ignore-units";
  if (query.sight.on) out << ", sight (blockers 0x" << std::hex << query.sight.blockers << ")";
  return out.str();
}

bool RandomCase::weighted() const {
  int first = 0;
  for (int t = 0; t < kTerrainClasses; ++t) {
    if (!query.movement.passable(t)) continue;
    if (first == 0) first = query.movement.cost(t);
    if (query.movement.cost(t) != first) return true;
  }
  return false;
}

RandomCase makeRandomCase(std::uint64_t seed, RandomCaseLimits limits, GridLayout layout) {
  Rng rng(seed);
  RandomCase c;
  c.seed = seed;

  // Shapes: strips (1xN, Nx1), small and large rectangles.
  int width = 0;
  int height = 0;
  switch (uniform(rng, 0, 5)) {
    case 0:
      width = 1;
      height = uniform(rng, 1, limits.maxSide);
      if (chance(rng, 0.5)) std::swap(width, height);
      break;
    case 1: case 2: width = uniform(rng, 2, 24); height = uniform(rng, 2, 24); break;
    default: width = uniform(rng, 1, limits.maxSide); height = uniform(rng, 1, limits.maxSide); break;
  }

  // Terrain: any grey value, walls at a density of 0..40%.
  const double wallDensity = uniform(rng, 0, 40) / 100.0;
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height));
  for (auto& g : grey) {
    g = static_cast<std::uint8_t>(chance(rng, wallDensity) ? uniform(rng, 204, 255)
                                                           : uniform(rng, 0, 203));
  }

  // Movement class: foot, or random costs with impassable entries.
  std::array<std::uint8_t, kTerrainClasses> costs = {1, 2, 4, 8, MovementClass::kImpassable};
  if (chance(rng, 0.6)) {
    for (auto& cost : costs) {
      cost = chance(rng, 0.15) ? MovementClass::kImpassable
                               : static_cast<std::uint8_t>(uniform(rng, 1, MovementClass::kMaxCost));
    }
    if (chance(rng, 0.7)) costs[4] = MovementClass::kImpassable;
  }
  if (std::all_of(costs.begin(), costs.end(), [](auto v) { return v == MovementClass::kImpassable; })) {
    costs[0] = 1;
  }
  c.query.movement = MovementClass(costs);

  // The unit stands on a cell it can enter: repaint its cell if needed.
  c.query.unit = {uniform(rng, 0, width - 1), uniform(rng, 0, height - 1)};
  auto& unitGrey = grey[static_cast<std::size_t>(c.query.unit.y * width + c.query.unit.x)];
  if (!c.query.movement.passable(terrainClass(unitGrey))) {
    for (int t = 0; t < kTerrainClasses; ++t) {
      if (c.query.movement.passable(t)) {
        unitGrey = kCanonicalGrey[static_cast<std::size_t>(t)];
        break;
      }
    }
  }
  c.map = CostMap(width, height, std::move(grey));
  c.map.setLayout(layout);  // no draw depends on it: a seed gives the same board on every layout

  // Other units on distinct cells.
  const int cells = width * height;
  const int others = std::min(cells - 1, uniform(rng, 0, std::max(1, cells / 12)));
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  int placed = 0;
  for (int index : order) {
    if (placed == others) break;
    const Cell cell{index % width, index / width};
    if (cell == c.query.unit) continue;
    (chance(rng, 0.5) ? c.query.enemies : c.query.allies).push_back(cell);
    ++placed;
  }

  c.query.moveRange = skewed(rng, 40, kMaxMoveRange);
  const int kind = uniform(rng, 0, 9);
  if (kind == 0) {
    c.query.attack = {0, 0};
  } else {
    const int max = chance(rng, 0.9) ? uniform(rng, 1, 6) : uniform(rng, 1, limits.maxAttack);
    const int min = kind <= 4 ? 1 : uniform(rng, 1, max);
    c.query.attack = {min, max};
  }
  return c;
}

RandomCase makeCrowdedCase(std::uint64_t seed, double density, GridLayout layout) {
  RandomCase c = makeRandomCase(seed, {24, 6}, layout);
  Rng rng(seed * 7919 + 17);
  c.query.moveRange = chance(rng, 0.1) ? uniform(rng, 0, 1) : uniform(rng, 2, 10);
  if (c.query.attack.maxDistance() > 6) c.query.attack = {1, uniform(rng, 1, 6)};
  const double wanted = density * uniform(rng, 25, 100) / 100.0;
  for (int y = 0; y < c.map.height(); ++y) {
    for (int x = 0; x < c.map.width(); ++x) {
      const Cell cell{x, y};
      const auto taken = [&](const std::vector<Cell>& cells) {
        return std::find(cells.begin(), cells.end(), cell) != cells.end();
      };
      if (cell == c.query.unit || taken(c.query.enemies) || taken(c.query.allies)) continue;
      if (!chance(rng, wanted)) continue;
      (chance(rng, 0.6) ? c.query.enemies : c.query.allies).push_back(cell);
    }
  }
  return c;
}

AttackRange makeAttackSet(std::uint64_t seed, int maxDistance) {
  Rng rng(seed * 6151 + 3);
  maxDistance = std::max(maxDistance, 3);
  for (;;) {
    std::vector<AttackSpan> spans(static_cast<std::size_t>(uniform(rng, 2, AttackRange::kMaxSpans)));
    for (AttackSpan& span : spans) {
      span.min = uniform(rng, 1, maxDistance);
      span.max = chance(rng, 0.5) ? span.min : std::min(maxDistance, span.min + uniform(rng, 0, 2));
    }
    const AttackRange attack = AttackRange::list(spans);
    if (attack.merged().size() >= 2) return attack;
  }
}

AttackRange attackHull(const AttackRange& attack) {
  return attack.none() ? attack : AttackRange{attack.minDistance(), attack.maxDistance()};
}

RandomCase makeAttackSetCase(std::uint64_t seed, GridLayout layout) {
  RandomCase c = makeRandomCase(seed, {20, 10}, layout);
  Rng rng(seed * 104729 + 11);
  const int shape = uniform(rng, 0, 9);
  if (shape < 4) {
    c.query.moveRange = 0;  // the set's holes around the unit stay holes
  } else if (shape < 7) {
    // A pocket: a ring of walls around the unit (foot cannot cross them), move enough to fill it.
    c.query.movement = MovementClass();
    const int radius = uniform(rng, 1, 2);
    std::vector<std::uint8_t> grey(static_cast<std::size_t>(c.map.width() * c.map.height()));
    for (int y = 0; y < c.map.height(); ++y) {
      for (int x = 0; x < c.map.width(); ++x) {
        const int ring = std::max(std::abs(x - c.query.unit.x), std::abs(y - c.query.unit.y));
        const bool wall = ring == radius + 1;
        const bool inside = ring <= radius;
        std::uint8_t g = c.map.grey({x, y});
        if (wall) g = 255;
        if (inside && !c.query.movement.passable(terrainClass(g))) g = 0;
        grey[static_cast<std::size_t>(y * c.map.width() + x)] = g;
      }
    }
    c.map = CostMap(c.map.width(), c.map.height(), std::move(grey));
    c.map.setLayout(layout);
    c.query.moveRange = uniform(rng, 1, 8);
  } else {
    c.query.moveRange = uniform(rng, 1, 4);
  }
  c.query.attack = makeAttackSet(seed, uniform(rng, 3, 10));
  return c;
}

RandomCase makeSightCase(std::uint64_t seed) {
  RandomCase c = makeRandomCase(seed, {24, 8});
  Rng rng(seed * 7919 + 5);
  const int width = c.map.width();
  const int height = c.map.height();
  std::vector<std::uint8_t> grey = c.map.greyValues();
  const auto put = [&](int x, int y, std::uint8_t g) {
    const Cell cell{x, y};
    const auto on = [&](const std::vector<Cell>& units) {
      return std::find(units.begin(), units.end(), cell) != units.end();
    };
    if (!c.map.contains(cell) || cell == c.query.unit || on(c.query.enemies) || on(c.query.allies))
      return;
    grey[static_cast<std::size_t>(y * width + x)] = g;
  };
  // Diagonal wall pairs: two walls touching only at a corner, in either direction.
  const int pairs = uniform(rng, 0, width * height / 12);
  for (int i = 0; i < pairs; ++i) {
    const int x = uniform(rng, 0, width - 1);
    const int y = uniform(rng, 0, height - 1);
    const bool rising = uniform(rng, 0, 1) == 1;
    put(x, y, 255);
    put(x + 1, rising ? y - 1 : y + 1, 255);
  }
  c.map = CostMap(width, height, std::move(grey));
  if (!c.query.movement.passable(c.map.terrain(c.query.unit))) c.query.movement = MovementClass();
  c.query.moveRange = uniform(rng, 0, 6);
  if (uniform(rng, 0, 4) == 0) {
    c.query.attack = makeAttackSet(seed, uniform(rng, 3, 8));
  } else {
    const int lo = uniform(rng, 1, 3);
    c.query.attack = AttackRange(lo, uniform(rng, lo, 8));
  }
  c.query.sight.on = true;
  switch (uniform(rng, 0, 7)) {
    case 0: c.query.sight.blockers = 0; break;                                   // none
    case 1: c.query.sight.blockers = (std::uint64_t{1} << 4) | (std::uint64_t{1} << 1); break;
    default: c.query.sight.blockers = kDefaultSightBlockers; break;
  }
  return c;
}

const std::array<RuleVariant, 8> kRuleVariants = {{
    {"no rules", false, Skills{}, false},
    {"zoc", true, Skills{}, false},
    {"pass", false, Skills{}.add(Skill::Pass), false},
    {"zoc, pass", true, Skills{}.add(Skill::Pass), false},
    {"zoc, skirmisher", true, Skills{}.add(Skill::Skirmisher), false},
    {"zoc, pass, skirmisher", true, Skills{}.add(Skill::Pass).add(Skill::Skirmisher), false},
    {"ignore-units", false, Skills{}, true},
    {"zoc, ignore-units", true, Skills{}, true},
}};

RangeQuery withRules(RangeQuery query, const RuleVariant& rules) {
  query.zoc = rules.zoc;
  query.skills = rules.skills;
  query.ignoreUnits = rules.ignoreUnits;
  return query;
}

std::optional<std::string> compareReachAndCost(const RangeResult& actual,
                                               const RangeResult& reference) {
  static const char* const kReach[] = {"none", "reached", "attackable"};
  for (int y = 0; y < reference.height(); ++y) {
    for (int x = 0; x < reference.width(); ++x) {
      const Cell c{x, y};
      if (actual.reach[c] != reference.reach[c]) {
        return "cell " + toString(c) + " is " + kReach[static_cast<int>(actual.reach[c])] +
               ", the reference says " + kReach[static_cast<int>(reference.reach[c])];
      }
      if (actual.travelCost[c] != reference.travelCost[c]) {
        return "cell " + toString(c) + " costs " + std::to_string(actual.travelCost[c]) +
               ", the reference says " + std::to_string(reference.travelCost[c]);
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> checkParents(const CostMap& map, const RangeQuery& query,
                                        const RangeResult& result) {
  const MoveRules rules(map, query);
  const Topology topology = map.topology();
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      const Direction d = result.parent[c];
      const std::string at = "cell " + toString(c);
      if (!result.reached(c) || c == query.unit) {
        if (d != Direction::None) return at + " has a parent but is not a reached non-start cell";
        continue;
      }
      if (d == Direction::None) return at + " is reached but has no parent";
      if (neighbourOf(d) >= topology.neighbourCount()) {
        return at + "'s parent " + std::to_string(neighbourOf(d)) + " is no neighbour index of " +
               layoutName(map.layout());
      }
      const Cell p = topology.neighbour(c, neighbourOf(d));
      if (!map.contains(p) || !result.reached(p)) return at + "'s parent is not a reached cell";
      if (p != query.unit && result.travelCost[p] > query.moveRange) {
        return at + "'s parent " + toString(p) + " lies beyond the range and cannot expand";
      }
      if (p != query.unit && !cell_rule::continues(rules.at(p))) {
        return at + "'s parent " + toString(p) + " halts travel (zone of control)";
      }
      const CellRule enter = rules.at(c);
      if (!cell_rule::enterable(enter) ||
          result.travelCost[p] + cell_rule::entryCost(enter) != result.travelCost[c]) {
        return at + "'s parent " + toString(p) + " is not on a cheapest path";
      }
      if (pathTo(result, query.unit, c).empty()) {
        return "following parents from " + at + " does not arrive at the unit";
      }
    }
  }
  return std::nullopt;
}

RangeQuery query(Cell unit, int move, AttackRange attack) {
  RangeQuery q;
  q.unit = unit;
  q.moveRange = move;
  q.attack = attack;
  return q;
}

CostMap mapFromRows(const std::vector<std::vector<int>>& rows) {
  std::vector<std::uint8_t> grey;
  for (const auto& row : rows) {
    for (int g : row) grey.push_back(static_cast<std::uint8_t>(g));
  }
  return CostMap(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), std::move(grey));
}

}  // namespace tactics::testing
