#pragma once
// The movement classes every part of the project knows by name (SPEC §5, §6): foot, mounted,
// armour and flier. The one home of their costs: the CLI's --class, the demo's roster and
// class buttons and the scenarios that name them all read them here.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "tactics/solver/cost_map.h"

namespace tactics {

struct MovementPreset {
  std::string_view name;
  MovementClass movement;
};

inline constexpr std::size_t kMovementPresetCount = 4;

// foot 1,2,4,8,x; mounted 1,3,5,x,x; armour 1,3,6,x,x; flier 1,1,1,1,x. Wall (class 4) is
// impassable to every one of them.
const std::array<MovementPreset, kMovementPresetCount>& movementPresets();

// The preset called `name` (exactly, lower case), if there is one.
std::optional<MovementClass> findMovementPreset(std::string_view name);

// "foot, mounted, armour, flier": for error lines and usage texts.
std::string movementPresetNames();

}  // namespace tactics
