#include "tactics/solver/move_rules.h"

#include <algorithm>
#include <array>

namespace tactics {

namespace {

// The rule the terrain alone gives each grey value for a class: its cost, 0 where it cannot
// enter. One lookup per cell when baking a box.
std::array<CellRule, 256> terrainRules(const MovementClass& movement) {
  std::array<CellRule, 256> rules{};
  // Class k holds the greys 51k .. 51k + 50 (class 4 up to 255): one fill per class.
  for (int terrain = 0; terrain < kTerrainClasses; ++terrain) {
    const CellRule rule =
        movement.passable(terrain) ? static_cast<CellRule>(movement.cost(terrain)) : CellRule{0};
    const auto first = rules.begin() + 51 * terrain;
    std::fill(first, terrain + 1 == kTerrainClasses ? rules.end() : first + 51, rule);
  }
  return rules;
}

void fillTerrain(const CostMap& map, const MovementClass& movement, const CellBox& box,
                 std::vector<CellRule>& bytes) {
  const std::array<CellRule, 256> rules = terrainRules(movement);
  bytes.resize(static_cast<std::size_t>(box.area()));
  const std::uint8_t* grey = map.greyValues().data();
  std::size_t at = 0;
  for (int y = box.y0; y <= box.y1; ++y) {
    const std::uint8_t* row = grey + static_cast<std::ptrdiff_t>(y) * map.width();
    for (int x = box.x0; x <= box.x1; ++x) bytes[at++] = rules[row[x]];
  }
}

// An ally's cell: crossed at its terrain's cost, never a place to stop.
CellRule allyRule(CellRule terrain) {
  return cell_rule::enterable(terrain) ? static_cast<CellRule>(terrain | cell_rule::kNoStop)
                                       : terrain;
}

}  // namespace

MoveRules::MoveRules(const CostMap& map, const RangeQuery& query) : map_(&map), query_(&query) {}

CellRule terrainRule(const CostMap& map, const MovementClass& movement, Cell c) {
  const int terrain = map.terrain(c);
  return movement.passable(terrain) ? static_cast<CellRule>(movement.cost(terrain)) : CellRule{0};
}

CellRule MoveRules::at(Cell c) const {
  // Every path starts on the mover's cell: none enters it, and the mover may stay.
  if (c == query_->unit) return 0;
  const auto has = [c](const std::vector<Cell>& cells) {
    return std::find(cells.begin(), cells.end(), c) != cells.end();
  };
  if (has(query_->enemies)) return 0;
  const CellRule terrain = terrainRule(*map_, query_->movement, c);
  return has(query_->allies) ? allyRule(terrain) : terrain;
}

void MoveRules::bake(const CellBox& box, RuleWindow& window) const {
  window.box_ = box.clippedTo(map_->width(), map_->height());
  fillTerrain(*map_, query_->movement, window.box_, window.bytes_);
  for (Cell c : query_->allies) {
    if (window.box_.contains(c)) window.at(c) = allyRule(window.at(c));
  }
  for (Cell c : query_->enemies) {
    if (window.box_.contains(c)) window.at(c) = 0;
  }
  if (window.box_.contains(query_->unit)) window.at(query_->unit) = 0;
}

RuleWindow MoveRules::bake(const CellBox& box) const {
  RuleWindow window;
  bake(box, window);
  return window;
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
