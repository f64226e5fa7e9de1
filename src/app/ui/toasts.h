#pragma once
// Errors and notes shown over the board for a few seconds (issue 37, item 6): a file that cannot
// be opened, a unit that cannot be placed, a save. They stay in the panel and the log too; the
// toast is where the player is looking. Newest last, a few at most, the same text once. Time is
// the app's game time (a fixed step in scripted runs, so screenshots do not depend on the
// machine). No GL, no ImGui: ui/board_overlays.cpp draws them.

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace tactics::app {

enum class ToastKind { Error, Note };

struct Toast {
  std::string text;
  ToastKind kind = ToastKind::Note;
  double shownAt = 0;  // game seconds
};

// The message fields the app watches (Toasts::notice): each one's new text becomes a toast.
enum class MessageSource : std::size_t { OpenBoard, LevelEditor, Count };

class Toasts {
 public:
  static constexpr double kSeconds = 6.0;      // how long a toast is shown
  static constexpr double kFadeSeconds = 0.5;  // the last part of that, fading out
  static constexpr std::size_t kMost = 3;      // at most this many at once; the oldest go first

  // A toast from now on; empty text shows nothing. The same text as one shown moves it to the
  // end and starts its time again.
  void push(std::string text, ToastKind kind, double now);
  // A watched message field's text this frame: a toast when it differs from what the field
  // held last time (and is not empty). True when it made one.
  bool notice(MessageSource source, const std::string& text, ToastKind kind, double now);
  // Drops the toasts whose time is up.
  void advance(double now);

  [[nodiscard]] const std::vector<Toast>& shown() const { return toasts_; }
  [[nodiscard]] bool empty() const { return toasts_.empty(); }
  // 1 while shown, falling to 0 over the last kFadeSeconds; 0 once the time is up.
  [[nodiscard]] static float alpha(const Toast& toast, double now);

 private:
  std::vector<Toast> toasts_;
  std::array<std::string, static_cast<std::size_t>(MessageSource::Count)> seen_{};
};

// The level editor's message line holds both refusals and notes: a save, cells a paint stroke
// kept, the Tiled art given up are notes; everything else (a unit that cannot be placed, a
// failed save) is an error.
ToastKind editMessageKind(const std::string& text);

}  // namespace tactics::app
