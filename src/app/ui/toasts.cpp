#include "app/ui/toasts.h"

#include <algorithm>
#include <utility>

namespace tactics::app {

void Toasts::push(std::string text, ToastKind kind, double now) {
  if (text.empty()) return;
  toasts_.erase(std::remove_if(toasts_.begin(), toasts_.end(),
                               [&](const Toast& t) { return t.text == text; }),
                toasts_.end());
  toasts_.push_back({std::move(text), kind, now});
  if (toasts_.size() > kMost) {
    toasts_.erase(toasts_.begin(), toasts_.end() - static_cast<std::ptrdiff_t>(kMost));
  }
}

bool Toasts::notice(MessageSource source, const std::string& text, ToastKind kind, double now) {
  std::string& seen = seen_[static_cast<std::size_t>(source)];
  if (text == seen) return false;
  seen = text;
  push(text, kind, now);
  return !text.empty();
}

void Toasts::advance(double now) {
  toasts_.erase(std::remove_if(toasts_.begin(), toasts_.end(),
                               [&](const Toast& t) { return alpha(t, now) <= 0.0F; }),
                toasts_.end());
}

float Toasts::alpha(const Toast& toast, double now) {
  const double left = toast.shownAt + kSeconds - now;
  if (left <= 0) return 0.0F;
  return static_cast<float>(std::min(1.0, left / kFadeSeconds));
}

// The notes terrain_painting.cpp writes; every other message there is a refusal or a failure.
ToastKind editMessageKind(const std::string& text) {
  const bool note = text.rfind("Saved ", 0) == 0 || text.rfind("Procedural terrain:", 0) == 0 ||
                    text.rfind("Removed ", 0) == 0 || text.rfind("Nothing to save", 0) == 0 ||
                    text.find(" cell(s) kept: ") != std::string::npos;
  return note ? ToastKind::Note : ToastKind::Error;
}

}  // namespace tactics::app
