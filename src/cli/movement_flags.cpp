#include "cli/movement_flags.h"

#include <algorithm>
#include <cctype>

#include "tactics/solver/movement_presets.h"

namespace tactics::cli {

Expected<MovementClass> parseCostsFlag(const std::string& value) {
  auto movement = parseMovementClass(value, "--costs");
  if (movement) return movement;
  const bool word = !value.empty() && std::all_of(value.begin(), value.end(), [](char ch) {
    return std::isalpha(static_cast<unsigned char>(ch)) != 0;
  });
  if (word) {
    return Error{"--costs '" + value + "' is not five costs C0,C1,C2,C3,C4 (each 1..15 or x); " +
                 "to name a movement class use --class " + value + " (the presets are " +
                 movementPresetNames() + ")"};
  }
  return movement;
}

std::optional<std::string> costsAndClassClash(bool costsGiven, bool classGiven) {
  if (costsGiven && classGiven) {
    return "--costs and --class cannot be combined: both say how the unit moves; give five "
           "costs with --costs or a class name with --class";
  }
  return std::nullopt;
}

Expected<MovementClass> resolveClassFlag(
    const std::string& name, const std::map<std::string, MovementClass>* scenarioClasses,
    const std::string& scenarioPath) {
  if (scenarioClasses) {
    const auto found = scenarioClasses->find(name);
    if (found != scenarioClasses->end()) return found->second;
  }
  if (auto preset = findMovementPreset(name)) return *preset;
  if (!scenarioClasses) {
    return Error{"--class '" + name + "' is not a movement class; expected one of the presets " +
                 movementPresetNames()};
  }
  std::string known;
  for (const auto& entry : *scenarioClasses) known += (known.empty() ? "" : ", ") + entry.first;
  return Error{"--class '" + name + "' is not a movement class of " + scenarioPath + "; it has " +
               known + ", and the presets are " + movementPresetNames()};
}

}  // namespace tactics::cli
