#pragma once
// --scenario FILE as every command reads it: the scenario, or one error line that says what the
// file is when it is not one (an image given where a scenario belongs names --map).

#include <string>

#include "tactics/io/scenario.h"
#include "tactics/solver/expected.h"

namespace tactics::cli {

Expected<Scenario> loadScenarioArgument(const std::string& path);

}  // namespace tactics::cli
