// What a board that fights (SPEC §14) draws over the board: the battle forecast, a fight's
// strikes and the fallen fading, the hp on each token, and the Victory or Defeat banner.
#include "app/ui/panel.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

namespace tactics::app {

namespace {

constexpr ImGuiWindowFlags kOverlay = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoSavedSettings;

ImVec4 teamColour(Team team) {
  switch (team) {
    case Team::Player: return ImVec4(0.45F, 0.62F, 1.0F, 1.0F);
    case Team::Enemy: return ImVec4(1.0F, 0.45F, 0.40F, 1.0F);
    case Team::Ally: return ImVec4(0.45F, 0.85F, 0.50F, 1.0F);
  }
  return ImVec4(1, 1, 1, 1);
}

// "6 x2", "5", or "-" for a side that cannot strike.
std::string damageText(const Forecast::Side& side) {
  if (side.strikes == 0) return "-";
  std::string text = std::to_string(side.damage);
  if (side.strikes > 1) text += " x" + std::to_string(side.strikes);
  return text;
}

// One side's column of the forecast: name, hp before and after, damage.
void forecastColumn(const Unit& unit, const Forecast::Side& side) {
  ImGui::TextColored(teamColour(unit.team), "%s", unit.name.c_str());
  if (side.hpAfter == side.hpBefore) {
    ImGui::Text("HP  %d", side.hpBefore);
  } else {
    ImGui::Text("HP  %d -> %d", side.hpBefore, side.hpAfter);
  }
  ImGui::Text("Dmg %s", damageText(side).c_str());
  if (side.hpAfter == 0) ImGui::TextColored(ImVec4(1.0F, 0.5F, 0.3F, 1.0F), "falls");
}

}  // namespace

void drawForecastWindow(const char* id, const Scene& scene, const ForecastView& view) {
  ImGui::SetNextWindowPos(ImVec2(view.x, view.y), ImGuiCond_Always, ImVec2(view.pivotX, 0.5F));
  ImGui::SetNextWindowBgAlpha(0.92F);
  ImGui::Begin(id, nullptr, kOverlay);
  const Unit& attacker = scene.units[view.attack.attacker];
  const Unit& target = scene.units[view.attack.target];
  if (!view.title.empty()) ImGui::TextDisabled("%s", view.title.c_str());
  ImGui::BeginGroup();
  forecastColumn(attacker, view.attack.forecast.attacker);
  ImGui::EndGroup();
  ImGui::SameLine(0.0F, 18.0F);
  ImGui::BeginGroup();
  forecastColumn(target, view.attack.forecast.target);
  ImGui::EndGroup();
  if (view.buttons != nullptr) {
    Ui& ui = *view.buttons;
    if (ImGui::Button("Attack (Z)")) ui.requests.confirmAttack = true;
    notePanelWidget("attack confirm");
    ImGui::SameLine();
    if (ImGui::Button("Back (X)")) ui.requests.closeAttack = true;
    if (view.targets > 1) {
      ImGui::SameLine();
      if (ImGui::ArrowButton("##previous target", ImGuiDir_Left)) ui.requests.cycleTarget = -1;
      ImGui::SameLine();
      if (ImGui::ArrowButton("##next target", ImGuiDir_Right)) ui.requests.cycleTarget = 1;
    }
  }
  ImGui::End();
}

void drawFight(const FightShow& show, const FightMarks& marks) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  ImFont* font = ImGui::GetFont();
  const FightEvent& fight = show.fight();
  if (const auto now = show.strikeNow()) {
    const Strike& strike = fight.forecast.strikes[now->strike];
    const ScreenPoint from = strike.byAttacker ? marks.attacker : marks.target;
    const ScreenPoint to = strike.byAttacker ? marks.target : marks.attacker;
    drawAttackFlash(from.x, from.y, to.x, to.y, marks.cell, 1.0F - 0.6F * now->progress);
    // The damage rises from the struck token and fades.
    const std::string text = strike.damage > 0 ? "-" + std::to_string(strike.damage) : "0";
    const float size = std::max(ImGui::GetFontSize() * 1.6F, marks.cell * 0.55F);
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0F, text.c_str());
    const ImVec2 at(to.x - extent.x / 2, to.y - marks.cell * (0.6F + 0.5F * now->progress) - extent.y / 2);
    const float alpha = std::min(1.0F, 2.0F * (1.0F - now->progress));
    draw->AddText(font, size, ImVec2(at.x + 2, at.y + 2),
                  ImGui::GetColorU32(ImVec4(0.05F, 0.02F, 0.02F, alpha)), text.c_str());
    draw->AddText(font, size, at, ImGui::GetColorU32(ImVec4(1.0F, 0.95F, 0.55F, alpha)),
                  text.c_str());
  }
  // The fallen left the board when the fight was played; their tokens stay drawn through the
  // strikes, then dim and shrink to nothing where they stood.
  const float gone = show.fallen();
  for (const std::string& name : fight.fallen) {
    const bool attacker = name == fight.attacker;
    const ScreenPoint at = attacker ? marks.attacker : marks.target;
    ImVec4 colour = teamColour(attacker ? fight.attackerTeam : fight.targetTeam);
    colour.w = 1.0F - gone;
    const float radius = marks.cell * 0.36F * (1.0F - 0.5F * gone);
    draw->AddCircleFilled(ImVec2(at.x, at.y), radius + 2.0F,
                          ImGui::GetColorU32(ImVec4(0.05F, 0.05F, 0.08F, colour.w)));
    draw->AddCircleFilled(ImVec2(at.x, at.y), radius, ImGui::GetColorU32(colour));
    const std::string initial = name.substr(0, 1);
    const ImVec2 extent = font->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0F, initial.c_str());
    draw->AddText(ImVec2(at.x - extent.x / 2, at.y - extent.y / 2),
                  ImGui::GetColorU32(ImVec4(1, 1, 1, colour.w)), initial.c_str());
  }
}

void drawHpTags(const std::vector<HpTag>& tags, float cell, float clipX0, float clipY0,
                float clipX1, float clipY1) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = std::floor(std::max(8.0F, std::min(ImGui::GetFontSize(), cell * 0.36F)));
  draw->PushClipRect(ImVec2(clipX0, clipY0), ImVec2(clipX1, clipY1), true);
  for (const HpTag& tag : tags) {
    const std::string text = std::to_string(tag.hp);
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0F, text.c_str());
    // The token's top-right corner.
    const ImVec2 at(std::round(tag.x + cell * 0.5F - extent.x - 2.0F),
                    std::round(tag.y - cell * 0.5F + 1.0F));
    draw->AddRectFilled(ImVec2(at.x - 2.0F, at.y), ImVec2(at.x + extent.x + 1.0F, at.y + extent.y),
                        IM_COL32(16, 14, 24, 210), 2.0F);
    draw->AddText(font, size, at, ImGui::GetColorU32(teamColour(tag.team)), text.c_str());
  }
  draw->PopClipRect();
}

void drawDangerHover(const Scene& scene, const DangerHoverView& view) {
  if (view.threats.empty()) return;
  ImGui::SetNextWindowPos(ImVec2(view.x, view.y), ImGuiCond_Always, ImVec2(view.pivotX, 0.5F));
  ImGui::SetNextWindowBgAlpha(0.88F);
  ImGui::Begin("##danger hover", nullptr,
               kOverlay | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
  const Unit* defender = view.defender ? &scene.units[*view.defender] : nullptr;
  const int n = static_cast<int>(view.threats.size());
  ImGui::TextDisabled("%s: %d enem%s", toString(view.cell).c_str(), n, n == 1 ? "y" : "ies");
  if (defender != nullptr && defender->hp > 0) {
    ImGui::SameLine();
    ImGui::TextDisabled("- %s HP %d", defender->name.c_str(), defender->hp);
  }
  const float nameWidth = ImGui::GetFontSize() * 6.0F;
  const float hpWidth = ImGui::GetFontSize() * 3.5F;
  for (const CellThreat& threat : view.threats) {
    const Unit& enemy = scene.units[threat.enemy];
    const float x0 = ImGui::GetCursorPosX();
    ImGui::TextColored(teamColour(enemy.team), "%s", enemy.name.c_str());
    if (enemy.hp > 0) {
      ImGui::SameLine(x0 + nameWidth);
      ImGui::Text("HP %d", enemy.hp);
    }
    if (!threat.attack) continue;
    const Forecast::Side& blow = threat.attack->forecast.attacker;
    ImGui::SameLine(x0 + nameWidth + hpWidth);
    ImGui::Text("Dmg %s", damageText(blow).c_str());
    if (threat.attack->forecast.removesTarget()) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(1.0F, 0.5F, 0.3F, 1.0F), "%s falls", defender->name.c_str());
    }
  }
  ImGui::End();
}

void drawOutcome(const Scene& scene, Ui& ui, float boardCentreX, float boardCentreY) {
  if (scene.outcome == Outcome::Playing) return;
  const std::string title = outcomeTitle(scene.outcome);
  drawPhaseBanner(title.c_str(), 1.0F, boardCentreX, boardCentreY - 40.0F, 600.0F);
  ImGui::SetNextWindowPos(ImVec2(boardCentreX, boardCentreY + 30.0F), ImGuiCond_Always,
                          ImVec2(0.5F, 0.0F));
  ImGui::Begin("##outcome", nullptr, kOverlay);
  ImGui::TextUnformatted(scene.outcomeWhy.c_str());
  ImGui::Text("Turn %d", scene.turn);
  if (ImGui::Button("Start over")) ui.requests.startOver = true;
  notePanelWidget("start over");
  ImGui::SameLine();
  if (ImGui::Button("Edit")) ui.requests.editBoard = true;
  notePanelWidget("edit board");
  ImGui::End();
}

}  // namespace tactics::app
