#pragma once
// The flags the demo shares with the headless commands, spelled once: `tactics-grid demo --map`
// and `tactics-grid solve --map` are one flag. What a command does with the value is its own
// (src/cli/command_flags.h, src/app/ui/demo_options.cpp).

#include "cmdline/command_line.h"

namespace tactics::flags {

inline constexpr FlagSpec kMap{"--map", "an image or Tiled map FILE"};
inline constexpr FlagSpec kScenario{"--scenario", "a scenario FILE (JSON)"};
inline constexpr FlagSpec kGl{"--gl", "core or es"};

}  // namespace tactics::flags
