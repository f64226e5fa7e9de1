#pragma once
// What `tactics-grid demo` settles before a window opens: its options checked against each
// other and against the board they name, and the board itself. No GL, so that the app tests can
// try every refusal without a display.

#include <string>
#include <vector>

#include "app/rules/scene.h"
#include "app/ui/demo_options.h"
#include "tactics/solver/expected.h"

namespace tactics::app {

struct DemoStartup {
  DemoOptions options;
  Scene scene;                      // with --select applied (--bench-frames: a player unit)
  std::vector<std::string> boards;  // what the panel offers to open: scenarios, then maps
  std::string defaultScenario;      // assets/scenarios/default.json, where the soak measures
};

// args are the words after `demo`. With --help only the options are filled in.
Expected<DemoStartup> prepareDemo(const std::vector<std::string>& args);

}  // namespace tactics::app
