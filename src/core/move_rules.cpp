#include "tactics/solver/move_rules.h"

#include <algorithm>
#include <array>

namespace tactics {

namespace {

CellRule costRule(const MovementClass& movement, int terrain) {
  return movement.passable(terrain) ? static_cast<CellRule>(movement.cost(terrain)) : CellRule{0};
}

// The rule the terrain alone gives each cell byte of the map for a class: its cost, 0 where it
// cannot enter. One lookup per cell when baking a box.
std::array<CellRule, 256> terrainRules(const CostMap& map, const MovementClass& movement) {
  std::array<CellRule, 256> rules{};
  if (map.indexed()) {  // SPEC §11.1: the byte is the terrain index
    for (int terrain = 0; terrain < map.terrainCount(); ++terrain) {
      rules[static_cast<std::size_t>(terrain)] = costRule(movement, terrain);
    }
    return rules;
  }
  // Class k holds the greys 51k .. 51k + 50 (class 4 up to 255): one fill per class.
  for (int terrain = 0; terrain < kTerrainClasses; ++terrain) {
    const auto first = rules.begin() + 51 * terrain;
    std::fill(first, terrain + 1 == kTerrainClasses ? rules.end() : first + 51,
              costRule(movement, terrain));
  }
  return rules;
}

void fillTerrain(const CostMap& map, const MovementClass& movement, const CellBox& box,
                 std::vector<CellRule>& bytes) {
  const std::array<CellRule, 256> rules = terrainRules(map, movement);
  bytes.resize(static_cast<std::size_t>(box.area()));
  const std::uint8_t* grey = map.greyValues().data();
  std::size_t at = 0;
  for (int y = box.y0; y <= box.y1; ++y) {
    const std::uint8_t* row = grey + static_cast<std::ptrdiff_t>(y) * map.width();
    for (int x = box.x0; x <= box.x1; ++x) bytes[at++] = rules[row[x]];
  }
}

bool has(const std::vector<Cell>& cells, Cell c) {
  return std::find(cells.begin(), cells.end(), c) != cells.end();
}

}  // namespace

MoveRules::MoveRules(const CostMap& map, const RangeQuery& query) : map_(&map), query_(&query) {}

CellRule terrainRule(const CostMap& map, const MovementClass& movement, Cell c) {
  return costRule(movement, map.terrain(c));
}

// An ally's cell (or, with Skill::Pass, an enemy's): crossed at its terrain's cost, never a
// place to stop.
CellRule MoveRules::crossed(CellRule terrain) {
  return cell_rule::enterable(terrain) ? static_cast<CellRule>(terrain | cell_rule::kNoStop)
                                       : terrain;
}

// The rule of an enemy's cell for this mover: blocked, or crossed with `pass`.
CellRule MoveRules::enemy(CellRule terrain) const {
  return query_->skills.has(Skill::Pass) ? crossed(terrain) : CellRule{0};
}

// SPEC §11.2: a zone of control cell is entered and stopped on, but travel goes no further; one
// the mover could only cross (an ally's, or an enemy's with `pass`) cannot be entered at all.
CellRule MoveRules::inZoneOfControl(CellRule rule) {
  if (!cell_rule::enterable(rule)) return rule;
  return cell_rule::mayStop(rule) ? static_cast<CellRule>(rule | cell_rule::kHalt) : CellRule{0};
}

// Whether the enemies' zones of control apply to this mover (SPEC §11.2): ZOC on, the mover no
// skirmisher, and units on the board (SPEC §11.6 ignores them).
bool MoveRules::feelsZoneOfControl() const {
  return query_->zoc && !query_->skills.has(Skill::Skirmisher) && !query_->ignoreUnits;
}

CellRule MoveRules::at(Cell c) const {
  // Every path starts on the mover's cell: none enters it, and the mover may stay (and leaves a
  // zone of control freely).
  const RangeQuery& q = *query_;
  if (c == q.unit) return 0;
  const CellRule terrain = terrainRule(*map_, q.movement, c);
  if (q.ignoreUnits) return terrain;
  CellRule rule = has(q.enemies, c)  ? enemy(terrain)
                  : has(q.allies, c) ? crossed(terrain)
                                     : terrain;
  if (feelsZoneOfControl()) {
    // Neighbours are mutual on every grid: c is next to an enemy when an enemy is next to c.
    const Topology topology = map_->topology();
    for (int k = 0; k < topology.neighbourCount(); ++k) {
      if (has(q.enemies, topology.neighbour(c, k))) return inZoneOfControl(rule);
    }
  }
  return rule;
}

void MoveRules::bake(const CellBox& box, RuleWindow& window) const {
  window.box_ = box.clippedTo(map_->width(), map_->height());
  fillTerrain(*map_, query_->movement, window.box_, window.bytes_);
  applyUnits(window.box_, [&](Cell c) -> CellRule& { return window.at(c); });
}

RuleWindow MoveRules::bake(const CellBox& box) const {
  RuleWindow window;
  bake(box, window);
  return window;
}

std::array<CellRule, 256> MoveRules::terrainRules() const {
  return tactics::terrainRules(*map_, query_->movement);
}

CellBox MoveRules::reachBox() const {
  return CellBox::around(query_->unit, query_->moveRange).clippedTo(map_->width(), map_->height());
}

void bakeFieldRules(const CostMap& map, const FieldQuery& query, RuleWindow& window) {
  window.box_ = CellBox{0, 0, map.width() - 1, map.height() - 1};
  fillTerrain(map, query.movement, window.box_, window.bytes_);
  for (Cell c : query.blockers) window.at(c) = 0;
}

}  // namespace tactics
