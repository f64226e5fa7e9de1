#include "app/frame_pacer.h"

namespace tactics::app {

FrameMotion frameMotion(const Scene& scene, const Ui& ui, bool scripted, bool hadInput) {
  FrameMotion motion;
  motion.scripted = scripted;
  motion.animating = scene.walk || (ui.watch.enabled && ui.watch.animate) ||
                     scene.phase != Phase::Player || ui.ambushLeft > 0;
  // A toast over the board fades out at the end of its time.
  motion.pulsing = (scene.selected.has_value() && ui.view.pulse) || !ui.toasts.empty();
  motion.hadInput = hadInput;
  return motion;
}

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
