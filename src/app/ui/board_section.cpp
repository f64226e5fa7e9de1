// Which board is open, and the turn.
#include "app/ui/panel_sections.h"

#include "app/rules/fights.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "app/ui/asset_paths.h"
#include "app/ui/panel.h"

#include "app/rules/fights.h"
#include "app/rules/turns.h"

namespace tactics::app {

namespace {

// "~/x" is in the home folder; anything else is as typed (relative to the working directory).
std::string expandHome(const std::string& path) {
  const char* home = std::getenv("HOME");
  if (home == nullptr || path.rfind("~/", 0) != 0) return path;
  return std::string(home) + path.substr(1);
}

// Where a board on the list comes from, when it is not one of the bundled assets.
std::string origin(const std::string& path) {
  static const std::optional<std::string> assets = findAssetsDir();
  if (assets && path.rfind(*assets + "/", 0) == 0) return {};
  return "  from " + std::filesystem::path(path).parent_path().string();
}

bool isScenarioPath(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

}  // namespace

// Scenarios and maps to open; a failure leaves the current board and says why here.
void boardSection(const Scene& scene, Ui& ui, const std::vector<std::string>& boards) {
  if (!ImGui::CollapsingHeader("Board", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::string& current = scene.scenarioPath.empty() ? scene.mapPath : scene.scenarioPath;
  ImGui::Text("%s, %s cells, %zu units", mapName(current).c_str(), scene.map.sizeText().c_str(),
              scene.units.size());
  const float rows = static_cast<float>(std::min<std::size_t>(boards.size(), 7)) + 0.25F;
  if (ImGui::BeginListBox("##boards", ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * rows))) {
    for (const std::string& path : boards) {
      // A Tiled map opens with its `units` layer when it has one, else with the built-in units.
      const char* kind = isScenarioPath(path)   ? "  (scenario)"
                         : isTiledMapPath(path) ? "  (Tiled map)"
                                                : "  (map, built-in units)";
      const std::string label = mapName(path) + kind + origin(path);
      if (ImGui::Selectable(label.c_str(), path == current)) ui.loadMap = path;
    }
    ImGui::EndListBox();
  }
  // Open...: any map or scenario on disk, typed or from the recent files.
  std::array<char, 1024> open{};
  ui.openText.copy(open.data(), open.size() - 1);
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Open").x - ImGui::GetStyle().FramePadding.x * 4);
  const bool entered = ImGui::InputTextWithHint("##open", "Open... a map or scenario path",
                                                open.data(), open.size(),
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  notePanelWidget("open-field");
  ui.openText = open.data();
  ImGui::SameLine();
  if ((ImGui::Button("Open") || entered) && !ui.openText.empty()) {
    ui.loadMap = expandHome(ui.openText);
  }
  if (!ui.recent.files().empty()) {
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##recent", "Recent files")) {
      for (const std::string& path : ui.recent.files()) {
        if (ImGui::Selectable(path.c_str(), path == current)) {
          ui.openText = path;
          ui.loadMap = path;
        }
      }
      ImGui::EndCombo();
    }
  }
  if (ImGui::Button("Start over")) ui.loadMap = current;
  ImGui::SameLine();
  ImGui::TextDisabled("or drop a file on the window");
  if (!ui.mapProblem.empty()) {
    ImGui::PushTextWrapPos(0.0F);
    ImGui::TextColored(ImVec4(1, 0.5F, 0.4F, 1), "%s", ui.mapProblem.c_str());
    notePanelWidget("board-problem");
    ImGui::PopTextWrapPos();
  }
}

// The turn: whose phase it is, who has yet to move, and End turn; how fast the computer's
// phases play (1x, 2x, 4x; Space held: 4x), and on them, Skip to their end (Esc); Auto end
// turn.
void turnSection(const Scene& scene, Ui& ui) {
  const std::vector<std::size_t> waiting = unmovedPlayers(scene);
  ImGui::Text("Turn %d, %s phase", scene.turn, phaseName(scene.phase));
  // A button at the right edge of the panel.
  const auto rightButton = [](const char* label) {
    const float button = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - button);
    return ImGui::SmallButton(label);
  };
  if (scene.outcome != Outcome::Playing) {
    ImGui::SameLine();
    ImGui::TextUnformatted(outcomeTitle(scene.outcome).c_str());  // nothing moves any more
  } else if (scene.phase == Phase::Player) {
    ImGui::SameLine();
    ImGui::TextDisabled("%zu to move", waiting.size());
    if (rightButton("End turn (E)")) ui.requests.endTurn = true;
  } else if (rightButton("Skip (Esc)")) {
    ui.requests.skipPhase = true;
  }
  // SPEC §14: what wins the board, when it fights.
  if (sceneFights(scene)) {
    ImGui::TextDisabled("Objective");
    ImGui::SameLine();
    ImGui::TextUnformatted(describeObjective(sceneObjective(scene)).c_str());
  }
  ImGui::TextDisabled("Enemy phases");
  for (const int speed : {1, 2, 4}) {
    ImGui::SameLine();
    const std::string label = std::to_string(speed) + "x";
    ImGui::RadioButton(label.c_str(), &ui.phaseSpeed, speed);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("(Space: 4x)");
  ImGui::Checkbox("Auto end turn", &ui.autoEndTurn);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("End the player phase by itself once every unit has acted");
  }
}

}  // namespace tactics::app
