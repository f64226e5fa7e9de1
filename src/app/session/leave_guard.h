#pragma once
// Never lose work: every way out of a level with unsaved edits (closing the window, opening
// another board from the panel, a dropped file, Start over) asks Save, Discard or Cancel first.
// Save opens the save dialog and the way out is taken once the save succeeds; a save dialog
// closed without saving drops it. No GL: the panel draws the question (ui/leave_question.cpp).

#include <optional>
#include <string>

namespace tactics::app {

// A way out of the level: closing the window, or opening `path` (the open board's own for
// Start over).
struct Leave {
  bool close = false;
  std::string path;
  // "close the window", "open islands.json", "start over".
  [[nodiscard]] std::string describe(const std::string& openBoard) const;
};

enum class LeaveAnswer { Save, Discard, Cancel };

class LeaveGuard {
 public:
  // The way out to take now, or nothing: with `unsaved` edits it is kept and asked about.
  std::optional<Leave> request(Leave leave, bool unsaved);
  // The way out the question is about, while it is asked; null otherwise.
  [[nodiscard]] const Leave* question() const { return asking_ ? &*leave_ : nullptr; }
  // Discard gives the way out to take now; Save waits for the save (saveFinished); Cancel
  // forgets it.
  std::optional<Leave> answer(LeaveAnswer answer);
  [[nodiscard]] bool waitingForSave() const { return leave_.has_value() && !asking_; }
  // The save dialog closed: saved, the way out is taken now; not saved, it is dropped.
  std::optional<Leave> saveFinished(bool saved);

 private:
  std::optional<Leave> leave_;
  bool asking_ = false;  // leave_ is being asked about (else it waits for the save, if any)
};

}  // namespace tactics::app
