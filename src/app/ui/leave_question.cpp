// The unsaved-edits question (session/leave_guard.h decides; this draws it): what would be lost,
// and Save, Discard or Cancel. A modal window over the whole demo, like the save dialog.
#include <imgui.h>

#include <string>

#include "app/ui/panel.h"

namespace tactics::app {

namespace {

constexpr const char* kPopup = "Unsaved edits##leave";

std::string whatIsUnsaved(const EditSettings& edit) {
  if (edit.terrainEdited && edit.unitsEdited) return "painting and unit or rule edits";
  return edit.terrainEdited ? "painting" : "unit or rule edits";
}

}  // namespace

void leaveQuestionWindow(const Scene& scene, Ui& ui) {
  const Leave* leave = ui.leave.question();
  if (!leave) return;
  if (!beginDialog(kPopup, 480.0F)) return;
  const std::string& open = scene.scenarioPath.empty() ? scene.mapPath : scene.scenarioPath;
  ImGui::PushTextWrapPos(0.0F);
  ImGui::Text("The level has unsaved %s. Save them before you %s?",
              whatIsUnsaved(ui.edit).c_str(), leave->describe(open).c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Save...")) ui.leaveAnswer = LeaveAnswer::Save;
  notePanelWidget("leave-save");
  ImGui::SameLine();
  if (ImGui::Button("Discard")) ui.leaveAnswer = LeaveAnswer::Discard;
  notePanelWidget("leave-discard");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ui.leaveAnswer = LeaveAnswer::Cancel;  // Esc too (ui/dialogs.h)
  // The app answers in its update step; the question is gone on the next frame.
  if (ui.leaveAnswer) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace tactics::app
