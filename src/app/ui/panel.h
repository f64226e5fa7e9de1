#pragma once
// The Dear ImGui side panel. It only edits parameters (the selected unit's ranges and costs,
// view toggles, the algorithm watcher, which map to load) and shows numbers; it never renders
// the board or runs the solver: the app picks the changes up in its update step.

#include <cstdint>
#include <string>
#include <vector>

#include "app/solves/solve_report.h"
#include "app/rules/danger_threats.h"
#include "app/rules/fights.h"
#include "app/rules/scene.h"
#include "app/ui/toasts.h"
#include "app/ui/menu_placement.h"
#include "app/ui/ui_settings.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

struct PanelModel {
  Scene& scene;
  Ui& ui;
  const SolveReport& report;
  const RangeResult* range;              // the selected unit's, or null
  const std::vector<std::string>& boards;  // scenario and map paths
  const Grid<std::uint8_t>* danger = nullptr;  // danger counts when the zone is on (SPEC §7)
  // Why the hovered cell has no path beyond one turn, when those paths are on (rules/no_path.h).
  const std::string* noPath = nullptr;
};

// Docked right, ui.panelWidth wide (its left edge drags); the sections scroll above a status
// line of fixed height, and each section keeps the tallest height it has had at this width, so
// that nothing moves under the pointer when a section above changes.
void drawPanel(PanelModel model);

// Where a named widget of the panel was drawn this frame, in screen coordinates: what a test
// driving the window clicks (the demo logs them with TACTICS_LOG_LAYOUT).
struct PanelWidget {
  std::string name;
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  friend bool operator==(const PanelWidget& a, const PanelWidget& b) {
    return a.name == b.name && a.x == b.x && a.y == b.y && a.width == b.width &&
           a.height == b.height;
  }
};

// Notes the last widget drawn under `name`; the panel's own window is "panel", the minimap's
// inset "minimap". noteWidget notes a rectangle drawn without an ImGui item.
void notePanelWidget(const char* name);
void noteWidget(const char* name, float x, float y, float width, float height);
const std::vector<PanelWidget>& panelWidgets();

// Over the board, near the top of its area: the menu after a move (Wait, Back) and the question
// before ending a turn with units yet to move. Answers go to ui.requests.
// The menu after a move opens beside the unit's token: `unit` is its centre, `cell` its size, and
// the menu stays inside `board` (all in screen coordinates).
struct MenuAnchor {
  float unitX = 0;
  float unitY = 0;
  float cell = 0;
  float boardX0 = 0, boardY0 = 0, boardX1 = 0, boardY1 = 0;
  std::vector<ScreenPoint> tokens;  // every drawn token's centre: the menu avoids covering them
};
void drawTurnPrompts(const Scene& scene, Ui& ui, float boardCentreX, float boardTopY,
                     const MenuAnchor& menu);

// A unit token's label (rules/unit_labels.h), centred on the token, in screen coordinates.
struct TokenLabel {
  float x = 0;
  float y = 0;
  std::string text;
  std::string name;  // the unit's whole name, drawn under the token when names are shown
};

// The labels over the tokens, behind every window: white with a dark drop shadow, sized to the
// cell (in screen coordinates) so that 3 characters fit inside the shield; clipped to the board.
// With `names` (zoomed in, rules/unit_labels.h) each unit's name goes under its token too.
void drawTokenLabels(const std::vector<TokenLabel>& labels, float cell, float clipX0, float clipY0,
                     float clipX1, float clipY1, bool names);

// SPEC §11.8's sight lines over the board, in screen coordinates: from the stopping cell's centre
// to each cell of its attack, faint where clear; red up to the blocking cell where hidden (a
// ring marks the blocker, a cross the hidden cell). Clipped to the board.
struct SightLinePoint {
  float x = 0.0F;
  float y = 0.0F;
};
struct SightLineMark {
  SightLinePoint from, stop, to;  // stop: the blocker's centre, or `to` when clear
  bool hidden = false;
};
void drawSightLines(const std::vector<SightLineMark>& marks, float cell, float clipX0,
                    float clipY0, float clipX1, float clipY1);

// The minimap's marks over its terrain (view/minimap.h), in screen coordinates: a frame, the
// units as dots in their team's colour and the rectangle the board shows.
struct MinimapDot {
  float x = 0;
  float y = 0;
  Team team = Team::Player;
};
struct MinimapMarks {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;          // the inset
  float viewX0 = 0, viewY0 = 0, viewX1 = 0, viewY1 = 0;  // the board's view
  float dot = 3;                                  // dot radius
  std::vector<MinimapDot> dots;
};
void drawMinimapMarks(const MinimapMarks& marks);

// "Enemy phase" in large letters over the board; alpha fades it in and out.
// Shrunk to fit `maxWidth` when it is wider.
void drawPhaseBanner(const char* text, float alpha, float boardCentreX, float boardCentreY,
                     float maxWidth);

// The toasts (ui/toasts.h) at the bottom of the board's area, newest lowest, each wrapped to the
// board's width and fading with its time; behind the panel's windows (screen coordinates).
void drawToasts(const std::vector<Toast>& toasts, double now, float boardX0, float boardY0,
                float boardX1, float boardY1);

// An attack on the computer's phase: a red arrow from the attacker's token to the target's, and
// a ring round the target, fading with alpha (screen coordinates; `cell` the cell's size).
void drawAttackFlash(float fromX, float fromY, float toX, float toY, float cell, float alpha);

// A board that fights (SPEC §14; battle_overlays.cpp), in screen coordinates.
// The battle forecast of `attack`, Fire Emblem's window: each side's name, hp before and after,
// damage per strike (x2 when it strikes twice), "falls" when it will. Placed at (x, y), its left
// edge there (pivotX 0) or its right (1), centred on y. With `buttons`, Attack (Z) and Back (X),
// and arrows round the targets when there are several.
struct ForecastView {
  PlannedAttack attack;
  float x = 0;
  float y = 0;
  float pivotX = 0;
  std::string title;      // a line above, e.g. "From 7,18"
  Ui* buttons = nullptr;  // the pick's buttons answer here
  std::size_t targets = 1;
};
void drawForecastWindow(const char* id, const Scene& scene, const ForecastView& view);

// A fight being shown: the strike under way (an arrow and the damage rising from the struck
// token) and the fallen fading where they stood.
struct FightMarks {
  ScreenPoint attacker;  // the centres of the attacker's and the target's cells
  ScreenPoint target;
  float cell = 0;
};
void drawFight(const FightShow& show, const FightMarks& marks);

// Each fighting unit's hp in its token's top-right corner, behind every window; clipped. Drawn
// from cells kHpTagCells wide (screen coordinates): below, it would cover the token's label, so
// only the enemies' are drawn there, and only while the danger zone is shown.
inline constexpr float kHpTagCells = 36.0F;
struct HpTag {
  float x = 0;  // the token's centre
  float y = 0;
  int hp = 0;
  Team team = Team::Player;
};
void drawHpTags(const std::vector<HpTag>& tags, float cell, float clipX0, float clipY0,
                float clipX1, float clipY1);

// The danger zone's hover (rules/danger_threats.h): beside the hovered cell, the enemies that
// threaten it, each with its hp and the damage it would deal units[defender] standing there
// ("6 x2", "falls"). Takes no input. Placed as ForecastView is.
struct DangerHoverView {
  Cell cell;
  std::vector<CellThreat> threats;
  std::optional<std::size_t> defender;
  float x = 0;
  float y = 0;
  float pivotX = 0;
};
void drawDangerHover(const Scene& scene, const DangerHoverView& view);

// Victory or Defeat over the board, why, and Start over / Edit (ui.requests).
void drawOutcome(const Scene& scene, Ui& ui, float boardCentreX, float boardCentreY);

// The level editor's section (edit_panel.cpp), its unit editor (unit_editor.cpp) and the save
// dialog (save_dialog.cpp).
void editSection(Scene& scene, EditSettings& edit);
void unitEditor(Scene& scene, EditSettings& edit);
// A modal dialog `id` (a Dear ImGui popup id), opened while this is called each frame, centred
// over the window and at most `width` wide; true while it is drawn (end it with EndPopup).
bool beginDialog(const char* id, float width);
void saveDialogWindow(const Scene& scene, EditSettings& edit);
// The save dialog, opened first when asked for (Ctrl+S, Save in the unsaved-edits question):
// drawn whether the panel is folded or not.
void drawSaveDialog(const Scene& scene, EditSettings& edit);
// The unsaved-edits question (session/leave_guard.h): Save, Discard or Cancel.
void leaveQuestionWindow(const Scene& scene, Ui& ui);

// Where the board is on screen (screen coordinates): its area and its cells.
struct BoardOnScreen {
  float areaX0 = 0;
  float areaY0 = 0;
  float areaX1 = 0;
  float areaY1 = 0;
  float bannerX1 = 0;  // where the top of the board is free up to: the minimap's left, or areaX1
  float x0 = 0;  // cell 0,0's top-left corner
  float y0 = 0;
  float cell = 0;
};

// Edit mode on the board: a border round the board with a banner naming the tool, and the brush
// (or the cell a unit goes to) outlined at the hovered cell. Nothing outside edit mode.
void drawEditOverlay(const EditSettings& edit, const Scene& scene, const BoardOnScreen& board);

}  // namespace tactics::app
