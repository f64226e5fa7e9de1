// The save dialog (session/save_dialog.h decides; this draws it): the folder, the path field,
// Save and Cancel, the question before replacing a file, and why a save was refused. A modal
// window over the whole demo, so nothing else takes a click meanwhile.
#include <imgui.h>

#include <cstdlib>
#include <string>
#include <utility>

#include "app/rules/board_save.h"
#include "app/ui/panel.h"

namespace tactics::app {

namespace {

constexpr const char* kPopup = "Save##dialog";

std::string homeFolder() {
  const char* home = std::getenv("HOME");
  return home != nullptr ? home : "/";
}

}  // namespace

bool beginDialog(const char* id, float width) {
  if (!ImGui::IsPopupOpen(id)) ImGui::OpenPopup(id);
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5F, io.DisplaySize.y * 0.4F),
                          ImGuiCond_Appearing, ImVec2(0.5F, 0.5F));
  ImGui::SetNextWindowSize(ImVec2(std::min(io.DisplaySize.x - 20.0F, width), 0));
  return ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_NoSavedSettings);
}

void saveDialogWindow(const Scene& scene, EditSettings& edit) {
  SaveDialog& dialog = edit.saveDialog;
  if (!dialog.isOpen()) return;
  if (!beginDialog(kPopup, 560.0F)) return;
  ImGui::TextUnformatted(saveTitle(dialog.kind()));
  ImGui::PushTextWrapPos(0.0F);
  ImGui::TextDisabled("Folder: %s", dialog.folder().c_str());
  ImGui::TextDisabled("A name is saved in that folder; a path starting with / or ~/ goes there.");
  ImGui::PopTextWrapPos();
  std::optional<std::string> write;
  if (const auto& question = dialog.question()) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextColored(ImVec4(1, 0.8F, 0.4F, 1), "%s", question->message.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Replace")) write = dialog.answer(true);
    ImGui::SameLine();
    if (ImGui::Button("Keep it")) dialog.answer(false);
  } else {
    char path[1024] = {};
    dialog.text.copy(path, sizeof(path) - 1);
    // Focused when the dialog opens and again after a refusal, all selected: type the fix.
    static bool refocus = false;
    if (ImGui::IsWindowAppearing() || std::exchange(refocus, false)) {
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::SetNextItemWidth(-1);
    const bool entered = ImGui::InputText("##path", path, sizeof(path),
                                          ImGuiInputTextFlags_EnterReturnsTrue |
                                              ImGuiInputTextFlags_AutoSelectAll);
    dialog.text = path;
    if (ImGui::Button("Save") || entered) {
      write = dialog.submit(homeFolder(), sceneInputFiles(scene));
      refocus = !write && !dialog.question();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) dialog.close();  // Esc too (ui/dialogs.h)
  }
  if (!dialog.message.empty()) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextColored(ImVec4(1, 0.5F, 0.4F, 1), "%s", dialog.message.c_str());
    ImGui::PopTextWrapPos();
  }
  // The app writes it in its update step and closes the dialog, or leaves it open with why not.
  if (write) edit.saveTo = *write;
  if (!dialog.isOpen()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace tactics::app
