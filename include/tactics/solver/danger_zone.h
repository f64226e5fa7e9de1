#pragma once
// The danger zone (SPEC §7): every cell the enemy side threatens on its next turn, and by how many
// enemies. The CPU reference; the GPU's batched solver is tested against it.

#include <cstdint>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/units.h"

namespace tactics {

inline constexpr int kMaxDangerCount = 255;  // counts saturate here

// The cells one unit threatens from where it stands: cells at distance attack.min..max of one of
// its stopping cells (reached, no other unit there; its own cell counts), reached cells
// included. 1 threatened, 0 not. Assumes a valid board (every unit inside the map, alone). With
// the board's zone of control the unit's range feels its foes' (SPEC §11.2).
Grid<std::uint8_t> threatOf(const CostMap& map, const std::vector<Unit>& units, std::size_t index,
                            BoardRules rules = {});

// For every cell, how many enemies threaten it (0..255, saturating). Each enemy's range is solved
// under the board's rules: with zone of control, the players' and allies' zones stop it.
Grid<std::uint8_t> dangerZone(const CostMap& map, const std::vector<Unit>& units,
                              BoardRules rules = {});

// Marks with 1 every cell of `threat` at distance min..max from a cell where `origins` is
// non-zero. Shared by threatOf and anyone who has the stopping cells already.
void markThreatened(const Grid<std::uint8_t>& origins, AttackRange attack,
                    Grid<std::uint8_t>& threat);

}  // namespace tactics
