#pragma once
// The app's answer to "when is the next frame due?", and how a platform that can sleep honours
// it. A browser's loop is called back by the page and simply skips frames that are not due; the
// desktop loop sleeps until an event arrives or the frame is due. No GL, no GLFW.

namespace tactics::app {

struct NextFrame {
  enum class When {
    Now,      // at once: scripted runs, the frames that let the panel settle after input
    After,    // `seconds` after this frame began, or at the next input if that comes first
    OnInput,  // only when an event arrives: nothing on screen moves by itself
  };
  When when = When::OnInput;
  double seconds = 0;

  static NextFrame now() { return {When::Now, 0}; }
  static NextFrame after(double seconds) { return {When::After, seconds}; }
  static NextFrame onInput() { return {When::OnInput, 0}; }
};

// Idle, a platform still wakes this often at most (a resize it missed, a closed window).
inline constexpr double kIdleWakeSeconds = 1.0;

// How long a sleeping platform waits for events before the next frame: 0 polls and goes on.
// `frameStart` is when the last frame began and `now` the time now, both in seconds.
double secondsToWait(const NextFrame& next, double frameStart, double now);

}  // namespace tactics::app
