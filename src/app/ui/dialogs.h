#pragma once
// The dialogs over the demo, top first: the unsaved-edits question (session/leave_guard.h), the
// save dialog (its replace question first) and the question before adding a `units` layer to a
// Tiled map. Esc closes the one on top as its Cancel does. No GL: ui/save_dialog.cpp and
// ui/leave_question.cpp draw them.

#include <vector>

#include "app/platform/input.h"
#include "app/ui/ui_settings.h"

namespace tactics::app {

// A dialog is open: the keys are its own, not the board's.
[[nodiscard]] bool dialogOpen(const Ui& ui);

// Esc closes the dialog on top: true when there was one.
bool closeTopDialog(Ui& ui);

// Each Esc among `keys` closes the dialog on top and is taken out of them.
void closeDialogOnEscape(std::vector<KeyPress>& keys, Ui& ui);

}  // namespace tactics::app
