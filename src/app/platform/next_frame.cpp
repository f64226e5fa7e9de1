#include "app/platform/next_frame.h"

namespace tactics::app {

double secondsToWait(const NextFrame& next, double frameStart, double now) {
  switch (next.when) {
    case NextFrame::When::Now:
      return 0;
    case NextFrame::When::After: {
      const double wait = frameStart + next.seconds - now;
      return wait > 0 ? wait : 0;
    }
    case NextFrame::When::OnInput:
      break;
  }
  return kIdleWakeSeconds;
}

}  // namespace tactics::app
