#pragma once
// When the app wants its next frame (platform/next_frame.h): every 1/60 s while something moves
// (a walk, a computer phase, the watched wavefront), every 1/30 s for the pulse of a selected
// unit's range, a few frames at once after input while the panel settles, else only on input.
// Scripted runs and the soak never wait. No GL.

#include "app/platform/next_frame.h"
#include "app/rules/scene.h"
#include "app/ui/ui_settings.h"

namespace tactics::app {

inline constexpr double kAnimatedFrameSeconds = 1.0 / 60.0;  // the cap while something moves
inline constexpr double kPulseFrameSeconds = 1.0 / 30.0;     // a breathing overlay needs no more
inline constexpr int kFramesAfterInput = 3;                  // ImGui settles within a few frames

// What moves on screen after this frame.
struct FrameMotion {
  bool scripted = false;   // screenshots, --bench-frames, the soak: as fast as frames go
  bool animating = false;  // a walk, a computer phase, the animated watcher
  bool pulsing = false;    // a selected unit's range breathes, or a toast is shown
  bool hadInput = false;   // an event arrived for this frame
};

// What moves on screen for this scene and panel: a walk, a computer phase or the animated
// watcher animate; a selected unit's range pulses unless the View section turned the pulse off.
FrameMotion frameMotion(const Scene& scene, const Ui& ui, bool scripted, bool hadInput);

class FramePacer {
 public:
  // Called once at the end of every frame.
  NextFrame next(const FrameMotion& motion);

 private:
  int framesToSettle_ = kFramesAfterInput;  // the first frames settle the panel too
};

}  // namespace tactics::app
