#include "app/ui/dialogs.h"

#include <algorithm>

namespace tactics::app {

bool dialogOpen(const Ui& ui) {
  return ui.leave.question() != nullptr || ui.edit.saveDialog.isOpen() ||
         ui.edit.askAddUnitsLayer;
}

bool closeTopDialog(Ui& ui) {
  if (ui.leave.question() != nullptr) {
    ui.leave.answer(LeaveAnswer::Cancel);
    return true;
  }
  SaveDialog& save = ui.edit.saveDialog;
  if (save.isOpen()) {
    if (save.question()) {
      save.answer(false);  // "Keep it": the dialog stays, its path field to type a new name
    } else {
      save.close();
    }
    return true;
  }
  if (ui.edit.askAddUnitsLayer) {
    ui.edit.askAddUnitsLayer = false;
    return true;
  }
  return false;
}

void closeDialogOnEscape(std::vector<KeyPress>& keys, Ui& ui) {
  keys.erase(std::remove_if(keys.begin(), keys.end(),
                            [&ui](const KeyPress& press) {
                              return press.key == Key::Escape && closeTopDialog(ui);
                            }),
             keys.end());
}

}  // namespace tactics::app
