#include "app/session/watch_animation.h"

#include <algorithm>

namespace tactics::app {

void animateWatch(WatchSettings& watch, int fullPasses, double seconds) {
  if (!watch.enabled || !watch.animate) {
    watch.sinceLastPass = 0;
    return;
  }
  const int most = fullPasses;
  const double interval = 1.0 / std::max(0.1, static_cast<double>(watch.passesPerSecond));
  watch.sinceLastPass += seconds;
  if (watch.sinceLastPass < (watch.passes >= most ? 4 * interval : interval)) return;
  watch.sinceLastPass = 0;
  watch.passes = watch.passes >= most ? 0 : watch.passes + 1;
}

}  // namespace tactics::app
