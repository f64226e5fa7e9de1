#include "tactics/solver/movement_presets.h"

namespace tactics {

namespace {
constexpr std::uint8_t kX = MovementClass::kImpassable;
}  // namespace

const std::array<MovementPreset, kMovementPresetCount>& movementPresets() {
  static const std::array<MovementPreset, kMovementPresetCount> presets = {{
      {"foot", MovementClass({1, 2, 4, 8, kX})},
      {"mounted", MovementClass({1, 3, 5, kX, kX})},
      {"armour", MovementClass({1, 3, 6, kX, kX})},
      {"flier", MovementClass({1, 1, 1, 1, kX})},
  }};
  return presets;
}

std::optional<MovementClass> findMovementPreset(std::string_view name) {
  for (const MovementPreset& preset : movementPresets()) {
    if (preset.name == name) return preset.movement;
  }
  return std::nullopt;
}

std::string movementPresetNames() {
  std::string names;
  for (const MovementPreset& preset : movementPresets()) {
    names += (names.empty() ? "" : ", ") + std::string(preset.name);
  }
  return names;
}

}  // namespace tactics
