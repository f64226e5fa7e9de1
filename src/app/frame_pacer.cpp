#include "app/frame_pacer.h"

namespace tactics::app {

NextFrame FramePacer::next(const FrameMotion& motion) {
  if (motion.hadInput) framesToSettle_ = kFramesAfterInput;
  if (motion.scripted) return NextFrame::now();
  if (motion.animating) return NextFrame::after(kAnimatedFrameSeconds);
  if (motion.pulsing) return NextFrame::after(kPulseFrameSeconds);
  if (framesToSettle_ > 0) {
    --framesToSettle_;
    return NextFrame::now();
  }
  return NextFrame::onInput();
}

}  // namespace tactics::app
