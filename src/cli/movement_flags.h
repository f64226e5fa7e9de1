#pragma once
// --costs and --class, the two ways every command names a movement class (SPEC §5): five costs,
// or a name: a preset (foot, mounted, armour, flier) or, with --scenario, one of its classes.

#include <map>
#include <optional>
#include <string>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"

namespace tactics::cli {

// --costs C0,..,C4. A class name given there (`--costs mounted`) is refused with the presets
// and a pointer to --class.
Expected<MovementClass> parseCostsFlag(const std::string& value);

// The flags together: at most one of them. Refuses both at once.
std::optional<std::string> costsAndClassClash(bool costsGiven, bool classGiven);

// --class NAME: the scenario's class of that name first (a scenario may redefine a preset), then
// a preset. `scenarioClasses` is null without --scenario.
Expected<MovementClass> resolveClassFlag(
    const std::string& name, const std::map<std::string, MovementClass>* scenarioClasses,
    const std::string& scenarioPath);

}  // namespace tactics::cli
