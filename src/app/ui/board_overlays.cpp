// What the panel draws over the board: token labels, the prompts after a move and the phase
// banner.
#include "app/ui/panel.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/rules/turns.h"
#include "app/rules/unit_labels.h"

namespace tactics::app {

namespace {

ImVec2 lastMenuSize(160.0F, 56.0F);  // the menu after a move, as big as it was last drawn
// Under each token, in the bottom of its cell: the whole name, cut to the cell's width, on a
// dark tab so that it reads on every terrain.
void drawNames(const std::vector<TokenLabel>& labels, float cell) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const float charWidth = std::max(1.0F, font->CalcTextSizeA(size, FLT_MAX, 0.0F, "M").x);
  const auto room = static_cast<std::size_t>(std::max(0.0F, (cell - 4.0F) / charWidth));
  for (const TokenLabel& label : labels) {
    const std::string tag = nameTag(label.name, room);
    if (tag.empty()) continue;
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0F, tag.c_str());
    const ImVec2 at(std::round(label.x - extent.x * 0.5F),
                    std::round(label.y + cell * 0.5F - extent.y - 1.0F));
    draw->AddRectFilled(ImVec2(at.x - 2.0F, at.y), ImVec2(at.x + extent.x + 2.0F, at.y + extent.y),
                        IM_COL32(16, 14, 24, 200), 2.0F);
    draw->AddText(font, size, at, IM_COL32(255, 255, 255, 255), tag.c_str());
  }
}

}  // namespace

void drawSightLines(const std::vector<SightLineMark>& marks, float cell, float clipX0,
                    float clipY0, float clipX1, float clipY1) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->PushClipRect(ImVec2(clipX0, clipY0), ImVec2(clipX1, clipY1), true);
  const float width = std::max(1.0F, cell / 16.0F);
  const auto at = [](SightLinePoint p) { return ImVec2(p.x, p.y); };
  for (const SightLineMark& mark : marks) {
    if (mark.hidden) continue;  // the clear ones first, under the hidden ones
    draw->AddLine(at(mark.from), at(mark.to), IM_COL32(255, 255, 240, 110), width);
  }
  for (const SightLineMark& mark : marks) {
    if (!mark.hidden) continue;
    draw->AddLine(at(mark.from), at(mark.stop), IM_COL32(255, 90, 70, 200), width);
    draw->AddCircle(at(mark.stop), cell * 0.22F, IM_COL32(255, 90, 70, 220), 12, width);
    const float r = cell * 0.14F;
    draw->AddLine(ImVec2(mark.to.x - r, mark.to.y - r), ImVec2(mark.to.x + r, mark.to.y + r),
                  IM_COL32(255, 90, 70, 200), width);
    draw->AddLine(ImVec2(mark.to.x - r, mark.to.y + r), ImVec2(mark.to.x + r, mark.to.y - r),
                  IM_COL32(255, 90, 70, 200), width);
  }
  draw->PopClipRect();
}

void drawTokenLabels(const std::vector<TokenLabel>& labels, float cell, float clipX0, float clipY0,
                     float clipX1, float clipY1, bool names) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  ImFont* font = ImGui::GetFont();
  // The shield is 0.8 of the cell across. The font at its own size, or a whole multiple of it,
  // in whole pixels, draws crisp texels that every GL dialect blends alike; 3 characters of it
  // fit the shield from cells of 28 pixels (the default zoom). Smaller cells scale it down.
  const float native = ImGui::GetFontSize();
  const float size = cell < native * 2.1F ? std::floor(std::max(8.0F, std::min(native, cell * 0.46F)))
                                          : native * std::max(1.0F, std::floor(cell * 0.36F / native));
  const float shadow = std::max(1.0F, std::floor(size / 12.0F));
  draw->PushClipRect(ImVec2(clipX0, clipY0), ImVec2(clipX1, clipY1), true);
  for (const TokenLabel& label : labels) {
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0F, label.text.c_str());
    // The shield's centre is a little above the cell's (unit.frag).
    const ImVec2 at(std::round(label.x - extent.x * 0.5F),
                    std::round(label.y - 0.03F * cell - extent.y * 0.5F));
    draw->AddText(font, size, ImVec2(at.x + shadow, at.y + shadow), IM_COL32(20, 16, 28, 255),
                  label.text.c_str());
    draw->AddText(font, size, at, IM_COL32(255, 255, 255, 255), label.text.c_str());
  }
  if (names) drawNames(labels, cell);
  draw->PopClipRect();
}

void drawMinimapMarks(const MinimapMarks& marks) {
  noteWidget("minimap", marks.x0, marks.y0, marks.x1 - marks.x0, marks.y1 - marks.y0);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRect(ImVec2(marks.x0 - 1, marks.y0 - 1), ImVec2(marks.x1 + 1, marks.y1 + 1),
                IM_COL32(12, 12, 18, 255), 0.0F, 0, 2.0F);
  draw->PushClipRect(ImVec2(marks.x0, marks.y0), ImVec2(marks.x1, marks.y1), true);
  for (const MinimapDot& dot : marks.dots) {
    // The tokens' own team colours (unit.frag).
    const ImU32 fill = dot.team == Team::Enemy  ? IM_COL32(230, 46, 41, 255)
                       : dot.team == Team::Ally ? IM_COL32(41, 168, 71, 255)
                                                : IM_COL32(46, 102, 242, 255);
    draw->AddCircleFilled(ImVec2(dot.x, dot.y), marks.dot + 1.0F, IM_COL32(10, 10, 16, 255));
    draw->AddCircleFilled(ImVec2(dot.x, dot.y), marks.dot, fill);
  }
  draw->AddRect(ImVec2(marks.viewX0, marks.viewY0), ImVec2(marks.viewX1, marks.viewY1),
                IM_COL32(255, 255, 255, 230), 0.0F, 0, 1.5F);
  draw->PopClipRect();
}

void drawTurnPrompts(const Scene& scene, Ui& ui, float boardCentreX, float boardTopY,
                     const MenuAnchor& menu) {
  const ImGuiWindowFlags kPrompt = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings;
  const ImVec2 anchor(boardCentreX, boardTopY + 16.0F * ImGui::GetIO().FontGlobalScale);
  // The menu after a move, Fire Emblem style: Attack when a foe is in reach (SPEC §14), Wait,
  // or Back to where the unit stood. While a target is picked its forecast stands in for it.
  if (scene.pending && !scene.attackPick) {
    // Beside the token, on the board and over no other unit where it can (ui/menu_placement.h;
    // its size is last frame's, or a guess the first time).
    const ScreenPoint at = placeMoveMenu({menu.unitX, menu.unitY}, menu.cell,
                                         {lastMenuSize.x, lastMenuSize.y},
                                         {menu.boardX0, menu.boardY0, menu.boardX1, menu.boardY1},
                                         menu.tokens);
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y), ImGuiCond_Always);
    ImGui::Begin("##move menu", nullptr, kPrompt);
    ImGui::TextUnformatted(moveMenuTitle(scene).c_str());
    if (!attackTargets(scene, scene.pending->unit).empty()) {
      if (ImGui::Button("Attack (Z)")) ui.requests.attack = true;
      notePanelWidget("attack");
      ImGui::SameLine();
      if (ImGui::Button("Wait (C)")) ui.requests.wait = true;
    } else {
      if (ImGui::Button("Wait (Z)")) ui.requests.wait = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Back (X)")) ui.requests.back = true;
    lastMenuSize = ImGui::GetWindowSize();
    ImGui::End();
  }
  if (scene.confirmingEndTurn) {
    ImGui::SetNextWindowPos(anchor, ImGuiCond_Always, ImVec2(0.5F, 0.0F));
    ImGui::Begin("##end turn", nullptr, kPrompt);
    ImGui::Text("%zu of your units have not moved. End the turn?", unmovedPlayers(scene).size());
    if (ImGui::Button("End turn (Z)")) ui.requests.endTurnAnswer = true;
    ImGui::SameLine();
    if (ImGui::Button("Keep playing (X)")) ui.requests.endTurnAnswer = false;
    ImGui::End();
  }
}

void drawPhaseBanner(const char* text, float alpha, float boardCentreX, float boardCentreY,
                     float maxWidth) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  ImFont* font = ImGui::GetFont();
  float size = ImGui::GetFontSize() * 2.5F;
  ImVec2 extent = font->CalcTextSizeA(size, 1e9F, 0.0F, text);
  // Room for the padding (2 sizes) on each side.
  const float room = maxWidth - size * 2.0F;
  if (extent.x > room && room > 0) {
    size = std::max(ImGui::GetFontSize(), size * room / extent.x);
    extent = font->CalcTextSizeA(size, 1e9F, 0.0F, text);
  }
  const ImVec2 at(boardCentreX - extent.x / 2, boardCentreY - extent.y / 2);
  const float pad = size * 0.5F;
  draw->AddRectFilled(ImVec2(at.x - pad * 2, at.y - pad), ImVec2(at.x + extent.x + pad * 2, at.y + extent.y + pad),
                      ImGui::GetColorU32(ImVec4(0.05F, 0.06F, 0.10F, 0.8F * alpha)), pad * 0.5F);
  draw->AddText(font, size, at, ImGui::GetColorU32(ImVec4(1.0F, 0.92F, 0.70F, alpha)), text);
}

void drawAttackFlash(float fromX, float fromY, float toX, float toY, float cell, float alpha) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const ImU32 red = ImGui::GetColorU32(ImVec4(1.0F, 0.22F, 0.12F, alpha));
  const ImU32 shadow = ImGui::GetColorU32(ImVec4(0.08F, 0.02F, 0.02F, 0.7F * alpha));
  const float dx = toX - fromX;
  const float dy = toY - fromY;
  const float length = std::sqrt(dx * dx + dy * dy);
  const float thick = std::max(2.0F, cell * 0.12F);
  draw->AddCircle(ImVec2(toX, toY), cell * 0.55F, shadow, 32, thick + 2.0F);
  draw->AddCircle(ImVec2(toX, toY), cell * 0.55F, red, 32, thick);
  if (length < 1.0F) return;
  const float ux = dx / length;
  const float uy = dy / length;
  // From over the attacker's token (the arrow leaves it) to the ring.
  const float gap = length - cell * (0.15F + 0.55F);
  if (gap <= 2.0F) return;
  const ImVec2 start(fromX + ux * cell * 0.15F, fromY + uy * cell * 0.15F);
  const ImVec2 tip(toX - ux * cell * 0.55F, toY - uy * cell * 0.55F);
  const float head = std::min(std::max(6.0F, cell * 0.35F), gap * 0.7F);
  const ImVec2 base(tip.x - ux * head, tip.y - uy * head);
  const ImVec2 side(-uy * head * 0.6F, ux * head * 0.6F);
  if (gap > head) {
    draw->AddLine(start, base, shadow, thick + 2.0F);
    draw->AddLine(start, base, red, thick);
  }
  draw->AddTriangleFilled(tip, ImVec2(base.x + side.x, base.y + side.y),
                          ImVec2(base.x - side.x, base.y - side.y), red);
}

}  // namespace tactics::app

namespace tactics::app {

namespace {

constexpr float kToastMostWidth = 640.0F;  // screen coordinates: a line stays readable

ImU32 faded(ImVec4 colour, float alpha) {
  colour.w *= alpha;
  return ImGui::GetColorU32(colour);
}

}  // namespace

// Bottom up from the board's foot, the newest lowest: a dark box with a bar of the toast's
// colour on its left, its text wrapped to the board's width.
void drawToasts(const std::vector<Toast>& toasts, double now, float boardX0, float boardY0,
                float boardX1, float boardY1) {
  // Clipped to the board's part of the screen, which may be empty (a window narrower than the
  // panel): an empty clip rectangle would reach glScissor with a negative size.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  boardX0 = std::max(boardX0, 0.0F);
  boardY0 = std::max(boardY0, 0.0F);
  boardX1 = std::min(boardX1, display.x);
  boardY1 = std::min(boardY1, display.y);
  if (toasts.empty() || boardX1 <= boardX0 || boardY1 <= boardY0) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const float pad = std::round(size * 0.5F);
  const float bar = std::max(3.0F, std::round(size * 0.25F));
  const float room = std::min(kToastMostWidth, boardX1 - boardX0 - 4 * pad) - 2 * pad - bar;
  if (room <= size) return;
  const float centreX = (boardX0 + boardX1) / 2;
  float bottom = boardY1 - pad;
  draw->PushClipRect(ImVec2(boardX0, boardY0), ImVec2(boardX1, boardY1), true);
  for (auto it = toasts.rbegin(); it != toasts.rend(); ++it) {
    const float alpha = Toasts::alpha(*it, now);
    const bool error = it->kind == ToastKind::Error;
    const ImVec2 text = font->CalcTextSizeA(size, FLT_MAX, room, it->text.c_str());
    const float width = std::ceil(text.x) + 2 * pad + bar;
    const ImVec2 min(std::round(centreX - width / 2), std::round(bottom - text.y - 2 * pad));
    const ImVec2 max(min.x + width, bottom);
    draw->AddRectFilled(min, max, faded(ImVec4(0.06F, 0.06F, 0.10F, 0.88F), alpha), 4.0F);
    const ImVec4 accent = error ? ImVec4(1.0F, 0.42F, 0.34F, 1.0F) : ImVec4(1.0F, 0.8F, 0.4F, 1.0F);
    draw->AddRectFilled(min, ImVec2(min.x + bar, max.y), faded(accent, alpha), 4.0F,
                        ImDrawFlags_RoundCornersLeft);
    draw->AddText(font, size, ImVec2(min.x + bar + pad, min.y + pad),
                  faded(error ? ImVec4(1.0F, 0.78F, 0.74F, 1.0F) : ImVec4(1.0F, 0.93F, 0.78F, 1.0F),
                        alpha),
                  it->text.c_str(), nullptr, room);
    if (it == toasts.rbegin()) noteWidget("toast", min.x, min.y, max.x - min.x, max.y - min.y);
    bottom = min.y - pad / 2;
    if (bottom <= boardY0) break;
  }
  draw->PopClipRect();
}

}  // namespace tactics::app
