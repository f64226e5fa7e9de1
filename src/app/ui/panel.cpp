#include "app/ui/panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "app/ui/panel_sections.h"

namespace tactics::app {

namespace {

constexpr int kMinBoardWidth = 200;  // screen coordinates the panel always leaves the board
constexpr int kStatusLines = 2;      // the status line's height, in text lines
constexpr const char* kKeysHint =
    "Keys: F fit, V danger, G paths, T paint, Tab next unit, E end turn.";
constexpr const char* kKeysHelp =
    "Keys: F fit, V danger, G paths, T paint, Tab next unit, E end turn. Drag the panel's left "
    "edge to widen it; the width is remembered.";

std::vector<PanelWidget>& widgets() {
  static std::vector<PanelWidget> noted;
  return noted;
}

// The panel's sections keep the tallest height each has had at this width (issue 22, item 12):
// a unit deselected, another hovered cell or a message no longer moves what lies below under
// the pointer. A section folded to its header gives its room back (the pointer is on that
// header). Scrolled down, the first section whose top was in view is the anchor: when what lies
// above it grows, the scroll follows, so the widgets in view stay where they are.
class StableSections {
 public:
  static constexpr std::size_t kMostSections = 16;

  // A new frame at this width: a new width wraps text anew, so the heights start over.
  void begin(float width) {
    if (width != width_) tallest_.fill(0);
    width_ = width;
    lastTops_ = tops_;
    lastCount_ = count_;
    lastScroll_ = scroll_;
    count_ = 0;
    scroll_ = ImGui::GetScrollY();
  }

  void section(const std::function<void()>& draw) {
    const std::size_t index = std::min(count_++, kMostSections - 1);
    const float top = ImGui::GetCursorPosY();  // in the content, whatever the scroll
    tops_[index] = top;
    draw();
    const float height = ImGui::GetCursorPosY() - top;
    float& tallest = tallest_[index];
    const bool folded = height <= ImGui::GetFrameHeightWithSpacing() + 0.5F;
    if (folded) {
      tallest = height;
      return;
    }
    tallest = std::max(tallest, height);
    ImGui::SetCursorPosY(top + tallest);
  }

  // After the sections: the scroll follows the anchor.
  void end() const {
    if (scroll_ <= 0 || lastCount_ != count_) return;
    for (std::size_t i = 0; i < std::min(count_, kMostSections); ++i) {
      if (lastTops_[i] < lastScroll_) continue;
      const float moved = tops_[i] - lastTops_[i];
      if (moved != 0) ImGui::SetScrollY(scroll_ + moved);
      return;
    }
  }

 private:
  std::array<float, kMostSections> tallest_{};
  std::array<float, kMostSections> tops_{};
  std::array<float, kMostSections> lastTops_{};
  float width_ = 0;
  std::size_t count_ = 0;
  std::size_t lastCount_ = 0;
  float scroll_ = 0;
  float lastScroll_ = 0;
};

StableSections& stableSections() {
  static StableSections sections;
  return sections;
}

// The fixed line at the panel's foot: the board's drawing note (a Tiled map drawn without its
// art), which used to push the painting widgets down when it appeared, or the keys to know.
// Two lines at most; the whole text in a tooltip.
void statusLine(const Ui& ui, float height) {
  ImGui::Separator();
  ImGui::BeginChild("##status", ImVec2(0, height), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PushTextWrapPos(0.0F);
  if (!ui.edit.artNote.empty()) {
    ImGui::TextColored(ImVec4(1, 0.8F, 0.4F, 1), "%s", ui.edit.artNote.c_str());
  } else {
    ImGui::TextDisabled("%s", kKeysHint);
  }
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0F);
    ImGui::TextUnformatted(ui.edit.artNote.empty() ? kKeysHelp : ui.edit.artNote.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace

void hoverNote(const char* text) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0F);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void notePanelWidget(const char* name) {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  widgets().push_back({name, static_cast<int>(std::lround(min.x)),
                       static_cast<int>(std::lround(min.y)),
                       static_cast<int>(std::lround(max.x - min.x)),
                       static_cast<int>(std::lround(max.y - min.y))});
}

void noteWidget(const char* name, float x, float y, float width, float height) {
  widgets().push_back({name, static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y)),
                       static_cast<int>(std::lround(width)),
                       static_cast<int>(std::lround(height))});
}

const std::vector<PanelWidget>& panelWidgets() { return widgets(); }

void drawPanel(PanelModel model) {
  widgets().clear();
  const ImGuiIO& io = ImGui::GetIO();
  const float scale = io.FontGlobalScale;
  const float least = static_cast<float>(kMinPanelWidth) * scale;
  const float most = std::max(
      least, std::min(static_cast<float>(kMaxPanelWidth) * scale,
                      io.DisplaySize.x - static_cast<float>(kMinBoardWidth) * scale));
  const float width = std::clamp(static_cast<float>(model.ui.panelWidth) * scale, least, most);
  // Docked right at the full height; only its left edge resizes it.
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x, 0), ImGuiCond_Always, ImVec2(1, 0));
  ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(least, io.DisplaySize.y),
                                      ImVec2(most, io.DisplaySize.y));
  ImGui::SetNextWindowCollapsed(model.ui.panelCollapsed, ImGuiCond_Once);
  // The title bar's arrow folds the panel away; the board then takes the whole window.
  model.ui.panelCollapsed = !ImGui::Begin(
      "tactics-grid", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollbar |
                                   ImGuiWindowFlags_NoScrollWithMouse);
  if (!model.ui.panelCollapsed) {
    const float shown = ImGui::GetWindowWidth();
    model.ui.panelWidth = static_cast<int>(std::lround(shown / scale));
    widgets().push_back({"panel", static_cast<int>(std::lround(ImGui::GetWindowPos().x)),
                         static_cast<int>(std::lround(ImGui::GetWindowPos().y)),
                         static_cast<int>(std::lround(shown)),
                         static_cast<int>(std::lround(ImGui::GetWindowHeight()))});
    const float status =
        static_cast<float>(kStatusLines) * ImGui::GetTextLineHeightWithSpacing() +
        ImGui::GetStyle().WindowPadding.y;
    // No sideways scrolling: with it, one control wider than the panel widened the content, and
    // every wrapped line (a refusal, a save's note) wrapped past the panel's edge, cut off
    // (issue 37, item 6). Labels are kept short instead, their longer words in tooltips.
    ImGui::BeginChild("##sections",
                      ImVec2(0, -(status + ImGui::GetStyle().ItemSpacing.y * 2 + 1)), false);
    StableSections& stable = stableSections();
    stable.begin(shown);
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.5F);  // room for the labels
    ImGui::PushTextWrapPos(0.0F);  // text wraps at the panel's edge instead of being cut off
    // What a player looks at most comes first, so it fits above the fold at 1280x720.
    stable.section([&] { turnSection(model.scene, model.ui); });
    stable.section([&] { unitSection(model.scene, model.ui.edits, model.ui.edit.enabled); });
    stable.section([&] { numbersSection(model.ui, model.report); });
    stable.section([&] { hoverSection(model.scene, model.range, model.danger, model.noPath,
                                             model.ui.edit.enabled, model.ui.labels);
    });
    stable.section([&] { threatSection(model.scene, model.ui.threats); });
    stable.section([&] { viewSection(model.ui.view); });
    stable.section([&] { legendSection(model.ui.view, model.scene.map); });
    stable.section([&] { boardSection(model.scene, model.ui, model.boards); });
    stable.section([&] { editSection(model.scene, model.ui.edit); });
    stable.section([&] { watchSection(model.ui.watch, model.report); });
    ImGui::PopTextWrapPos();
    ImGui::PopItemWidth();
    stable.end();
    ImGui::EndChild();
    statusLine(model.ui, status - ImGui::GetStyle().WindowPadding.y);
  }
  ImGui::End();
  drawSaveDialog(model.scene, model.ui.edit);
  leaveQuestionWindow(model.scene, model.ui);
}

}  // namespace tactics::app
