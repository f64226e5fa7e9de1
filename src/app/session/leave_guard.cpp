#include "app/session/leave_guard.h"

#include <filesystem>
#include <utility>

namespace tactics::app {

std::string Leave::describe(const std::string& openBoard) const {
  if (close) return "close the window";
  if (path == openBoard) return "start over";
  return "open " + std::filesystem::path(path).filename().string();
}

std::optional<Leave> LeaveGuard::request(Leave leave, bool unsaved) {
  if (!unsaved) return leave;
  leave_ = std::move(leave);
  asking_ = true;
  return std::nullopt;
}

std::optional<Leave> LeaveGuard::answer(LeaveAnswer answer) {
  if (!asking_) return std::nullopt;
  asking_ = false;
  switch (answer) {
    case LeaveAnswer::Save: return std::nullopt;  // leave_ waits for the save
    case LeaveAnswer::Discard: return std::exchange(leave_, std::nullopt);
    case LeaveAnswer::Cancel: leave_.reset(); return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Leave> LeaveGuard::saveFinished(bool saved) {
  if (!waitingForSave()) return std::nullopt;
  std::optional<Leave> leave = std::exchange(leave_, std::nullopt);
  if (!saved) return std::nullopt;
  return leave;
}

}  // namespace tactics::app
