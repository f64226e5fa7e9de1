// Never lose work (issue 37): every way out of a level with unsaved edits asks Save, Discard or
// Cancel; Esc closes the dialog on top; Tab, Enter and the arrows reach the panel only while the
// user types in a text field.
#include <catch2/catch.hpp>

#include "app/platform/input.h"
#include "app/session/leave_guard.h"
#include "app/ui/dialogs.h"

using namespace tactics::app;

TEST_CASE("leaving a level without unsaved edits goes at once") {
  LeaveGuard guard;
  const auto now = guard.request(Leave{false, "islands.json"}, false);
  REQUIRE(now);
  CHECK(now->path == "islands.json");
  CHECK_FALSE(guard.question());
}

TEST_CASE("leaving with unsaved edits asks: Discard goes, Cancel stays") {
  LeaveGuard guard;
  CHECK_FALSE(guard.request(Leave{true, {}}, true));
  REQUIRE(guard.question());
  CHECK(guard.question()->describe("level.json") == "close the window");
  const auto discarded = guard.answer(LeaveAnswer::Discard);
  REQUIRE(discarded);
  CHECK(discarded->close);
  CHECK_FALSE(guard.question());

  CHECK_FALSE(guard.request(Leave{false, "/maps/level.json"}, true));
  CHECK(guard.question()->describe("/maps/level.json") == "start over");
  CHECK_FALSE(guard.answer(LeaveAnswer::Cancel));
  CHECK_FALSE(guard.question());
  CHECK_FALSE(guard.waitingForSave());
  CHECK_FALSE(guard.saveFinished(true));  // nothing was waiting
}

TEST_CASE("Save waits for the save: saved, the way out is taken, cancelled, it is dropped") {
  LeaveGuard guard;
  guard.request(Leave{false, "/maps/islands.json"}, true);
  CHECK(guard.question()->describe("level.json") == "open islands.json");
  CHECK_FALSE(guard.answer(LeaveAnswer::Save));
  CHECK(guard.waitingForSave());
  CHECK_FALSE(guard.question());  // the save dialog is on top now
  const auto saved = guard.saveFinished(true);
  REQUIRE(saved);
  CHECK(saved->path == "/maps/islands.json");

  guard.request(Leave{true, {}}, true);
  guard.answer(LeaveAnswer::Save);
  CHECK_FALSE(guard.saveFinished(false));
  CHECK_FALSE(guard.waitingForSave());
}

TEST_CASE("Esc closes the dialog on top, and only a dialog") {
  Ui ui;
  std::vector<KeyPress> keys = {{Key::Escape, 0}};
  closeDialogOnEscape(keys, ui);
  CHECK(keys.size() == 1);  // no dialog: Esc is the board's cancel

  ui.edit.saveDialog.open(SaveKind::Scenario, "/tmp", "level.json");
  ui.leave.request(Leave{true, {}}, true);
  CHECK(dialogOpen(ui));
  closeDialogOnEscape(keys, ui);
  CHECK(keys.empty());
  CHECK_FALSE(ui.leave.question());       // the question was on top
  CHECK(ui.edit.saveDialog.isOpen());     // the save dialog under it stays
  CHECK(closeTopDialog(ui));
  CHECK_FALSE(ui.edit.saveDialog.isOpen());
  ui.edit.askAddUnitsLayer = true;
  CHECK(closeTopDialog(ui));
  CHECK_FALSE(ui.edit.askAddUnitsLayer);
  CHECK_FALSE(closeTopDialog(ui));
  CHECK_FALSE(dialogOpen(ui));
}

TEST_CASE("Tab, Enter and the arrows reach the panel only while the user types") {
  for (Key key : {Key::Tab, Key::Enter, Key::Up, Key::Down, Key::Left, Key::Right}) {
    CHECK_FALSE(panelSeesKey(key, false));
    CHECK(panelSeesKey(key, true));
  }
  CHECK(panelSeesKey(Key::Escape, false));
  CHECK(panelSeesKey(Key::Z, false));
}
