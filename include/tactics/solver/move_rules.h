#pragma once
// The rules seam (SPEC §2, §6, §10): the one place that decides, for a mover on a board and for
// every cell, what entering it costs (or that it cannot be entered), whether the mover may end
// its move there, and whether travel continues through it. Every solver reads its movement
// inputs from here: the CPU reference, routes, danger, fields, and every GPU pass, which gets
// the same answers baked into one byte per cell for the cells its query can touch. A new rule
// (zone of control, skills, fog, named terrains) is added here once.

#include <array>
#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"

namespace tactics {

// One cell as a mover sees it, packed into the byte every solver reads (and every shader, as an
// R8UI texel):
//   bits 0-3  the entry cost, 1..15; 0: no path enters the cell (impassable for the mover's
//             class, a unit that blocks it, or the mover's own cell, where every path starts)
//   bit 4     kNoStop: the mover may cross the cell but not end its move there (an ally's)
//   bit 5     kHalt: travel does not continue through the cell: it is reached like any other,
//             but relaxes none of its neighbours (the mechanism of SPEC §2's one-step rule;
//             set on SPEC §11.2's zone of control cells)
using CellRule = std::uint8_t;

namespace cell_rule {
inline constexpr CellRule kCostMask = 0x0F;
inline constexpr CellRule kNoStop = 0x10;
inline constexpr CellRule kHalt = 0x20;

constexpr int entryCost(CellRule rule) { return rule & kCostMask; }
constexpr bool enterable(CellRule rule) { return (rule & kCostMask) != 0; }
constexpr bool mayStop(CellRule rule) { return (rule & kNoStop) == 0; }
constexpr bool continues(CellRule rule) { return (rule & kHalt) == 0; }
}  // namespace cell_rule

// What the terrain alone says about a cell for a movement class: its cost, or 0 where the class
// cannot enter. The base every rule below starts from.
CellRule terrainRule(const CostMap& map, const MovementClass& movement, Cell c);

// Rules baked for a box of cells: what a solve reads, indexed by map cell.
class RuleWindow {
 public:
  [[nodiscard]] const CellBox& box() const { return box_; }
  // A cell inside box().
  [[nodiscard]] CellRule operator[](Cell c) const {
    return bytes_[static_cast<std::size_t>(c.y - box_.y0) * static_cast<std::size_t>(box_.width()) +
                  static_cast<std::size_t>(c.x - box_.x0)];
  }
  // Row by row from the box's top row: what the GPU solvers upload.
  [[nodiscard]] const std::vector<CellRule>& bytes() const { return bytes_; }

 private:
  friend class MoveRules;
  friend void bakeFieldRules(const CostMap&, const FieldQuery&, RuleWindow&);
  CellRule& at(Cell c) {
    return bytes_[static_cast<std::size_t>(c.y - box_.y0) * static_cast<std::size_t>(box_.width()) +
                  static_cast<std::size_t>(c.x - box_.x0)];
  }
  CellBox box_;
  std::vector<CellRule> bytes_;
};

// The rules of one range query (SPEC §2, §11.2, §11.3, §11.6): the mover's class prices the
// terrain, its enemies block (with `pass` they are crossed like allies), its allies can be
// crossed but not stopped on, and its own cell is where paths start. With zone of control (and
// the mover no skirmisher) every cell next to an enemy (one of its neighbours on the board's
// grid) halts travel, and one that could only be
// crossed there cannot be entered; the mover's own cell is exempt. With ignoreUnits only the
// terrain and the mover's own cell count.
// The map must outlive it; the query must be valid (validate()).
class MoveRules {
 public:
  MoveRules(const CostMap& map, const RangeQuery& query);

  // The rule of one cell inside the map. O(units).
  [[nodiscard]] CellRule at(Cell c) const;
  // The rules of every cell of `box` (clipped to the map) into `window`, reusing its storage.
  // O(cells of the box + units).
  void bake(const CellBox& box, RuleWindow& window) const;
  [[nodiscard]] RuleWindow bake(const CellBox& box) const;
  // The cells a solve of this query can enter: within moveRange steps of the unit.
  [[nodiscard]] CellBox reachBox() const;

  // For a solver that looks a cell's rule up when its search first reaches the cell, instead of
  // baking a whole box first (bake() is these two over a box):
  // - the rule the terrain alone gives each cell byte of the map (a grey, or a terrain index on a
  //   map of named terrains): the rule of every cell that the next does not change;
  [[nodiscard]] std::array<CellRule, 256> terrainRules() const;
  // - the other units, their zones of control and the mover's own cell, put into the rules of
  //   the cells of `box` (clipped to the map) that they change: `ruleOf(c)` returns a CellRule&
  //   for a cell c of the box, holding its terrain's rule the first time it is asked for that
  //   cell. O(units).
  template <class RuleOf>
  void applyUnits(const CellBox& box, RuleOf&& ruleOf) const;

 private:
  static CellRule crossed(CellRule terrain);
  [[nodiscard]] CellRule enemy(CellRule terrain) const;
  static CellRule inZoneOfControl(CellRule rule);
  [[nodiscard]] bool feelsZoneOfControl() const;

  const CostMap* map_;
  const RangeQuery* query_;
};

template <class RuleOf>
void MoveRules::applyUnits(const CellBox& box, RuleOf&& ruleOf) const {
  const RangeQuery& q = *query_;
  const CellBox inside = box.clippedTo(map_->width(), map_->height());
  if (!q.ignoreUnits) {
    for (Cell c : q.allies) {
      if (!inside.contains(c)) continue;
      CellRule& rule = ruleOf(c);
      rule = crossed(rule);
    }
    for (Cell c : q.enemies) {
      if (!inside.contains(c)) continue;
      CellRule& rule = ruleOf(c);
      rule = enemy(rule);
    }
    // Zones of control last: they apply to whatever the cell already is (applying one twice
    // changes nothing).
    if (feelsZoneOfControl()) {
      const Topology topology = map_->topology();
      for (Cell e : q.enemies) {
        for (int k = 0; k < topology.neighbourCount(); ++k) {
          const Cell n = topology.neighbour(e, k);
          if (!inside.contains(n)) continue;
          CellRule& rule = ruleOf(n);
          rule = inZoneOfControl(rule);
        }
      }
    }
  }
  if (inside.contains(q.unit)) ruleOf(q.unit) = 0;
}

// The rules of a distance field (SPEC §10) for the whole map: the class prices the terrain and
// the blockers are never entered. A field has no mover and no range: no cell halts travel or
// forbids stopping, and the sources are where it starts (their own rule is their terrain's).
void bakeFieldRules(const CostMap& map, const FieldQuery& query, RuleWindow& window);

}  // namespace tactics
