#pragma once
// Watch the algorithm, animated: the pass limit grows one pass at a time, rests at the whole
// solve, then starts over. No GL.

#include "app/ui/ui_settings.h"

namespace tactics::app {

// `fullPasses`: where the whole solve of the current query stops.
void animateWatch(WatchSettings& watch, int fullPasses, double seconds);

}  // namespace tactics::app
