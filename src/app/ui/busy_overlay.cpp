#include "app/ui/busy_overlay.h"

#include <cmath>

#include <imgui.h>

namespace tactics::app {

namespace {

constexpr int kDots = 8;
constexpr float kTurn = 6.2831853F;

}  // namespace

void drawBusySign(float boardCentreX, float boardTop, double seconds) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  ImFont* font = ImGui::GetFont();
  const char* text = "Working...";
  const float size = ImGui::GetFontSize() * 1.6F;
  const ImVec2 extent = font->CalcTextSizeA(size, 1e9F, 0.0F, text);
  const float radius = size * 0.42F;
  const float pad = size * 0.45F;
  const float width = radius * 2 + pad + extent.x;
  const ImVec2 at(boardCentreX - width / 2, boardTop + size * 0.8F);
  draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad),
                      ImVec2(at.x + width + pad, at.y + extent.y + pad),
                      ImGui::GetColorU32(ImVec4(0.05F, 0.06F, 0.10F, 0.85F)), pad * 0.6F);
  // A ring of dots, the brightest one going round: a spinner in one frame's picture too.
  const ImVec2 centre(at.x + radius, at.y + extent.y / 2);
  const int lead = static_cast<int>(std::fmod(seconds * kDots, static_cast<double>(kDots)));
  for (int i = 0; i < kDots; ++i) {
    const float angle = kTurn * static_cast<float>(i) / kDots;
    const int behind = (lead - i + kDots) % kDots;
    const float alpha = 1.0F - 0.11F * static_cast<float>(behind);
    draw->AddCircleFilled(ImVec2(centre.x + radius * std::cos(angle),
                                 centre.y + radius * std::sin(angle)),
                          size * 0.09F, ImGui::GetColorU32(ImVec4(1.0F, 0.92F, 0.70F, alpha)), 8);
  }
  draw->AddText(font, size, ImVec2(at.x + radius * 2 + pad, at.y),
                ImGui::GetColorU32(ImVec4(1.0F, 0.92F, 0.70F, 1.0F)), text);
}

}  // namespace tactics::app
