#pragma once
// The Dear ImGui side panel. It only edits parameters (the selected unit's ranges and costs,
// view toggles, the algorithm watcher, which map to load) and shows numbers; it never renders
// the board or runs the solver: the app picks the changes up in its update step.

#include <cstdint>
#include <string>
#include <vector>

#include "app/solves/solve_report.h"
#include "app/rules/scene.h"
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

// The panel's width in screen coordinates at content scale 1; docked right.
inline constexpr int kPanelWidth = 340;

void drawPanel(PanelModel model);

// Over the board, near the top of its area: the menu after a move (Wait, Back) and the question
// before ending a turn with units yet to move. Answers go to ui.requests.
// The menu after a move opens beside the unit's token: `unit` is its centre, `cell` its size, and
// the menu stays inside `board` (all in screen coordinates).
struct MenuAnchor {
  float unitX = 0;
  float unitY = 0;
  float cell = 0;
  float boardX0 = 0, boardY0 = 0, boardX1 = 0, boardY1 = 0;
};
void drawTurnPrompts(const Scene& scene, Ui& ui, float boardCentreX, float boardTopY,
                     const MenuAnchor& menu);

// A unit token's label (rules/unit_labels.h), centred on the token, in screen coordinates.
struct TokenLabel {
  float x = 0;
  float y = 0;
  std::string text;
};

// The labels over the tokens, behind every window: white with a dark drop shadow, sized to the
// cell (in screen coordinates) so that 3 characters fit inside the shield; clipped to the board.
void drawTokenLabels(const std::vector<TokenLabel>& labels, float cell, float clipX0, float clipY0,
                     float clipX1, float clipY1);

// "Enemy phase" in large letters over the board; alpha fades it in and out.
// Shrunk to fit `maxWidth` when it is wider.
void drawPhaseBanner(const char* text, float alpha, float boardCentreX, float boardCentreY,
                     float maxWidth);

// An attack on the computer's phase: a red arrow from the attacker's token to the target's, and
// a ring round the target, fading with alpha (screen coordinates; `cell` the cell's size).
void drawAttackFlash(float fromX, float fromY, float toX, float toY, float cell, float alpha);

// The level editor's section (edit_panel.cpp), its unit editor (unit_editor.cpp) and the save
// dialog (save_dialog.cpp).
void editSection(Scene& scene, EditSettings& edit);
void unitEditor(Scene& scene, EditSettings& edit);
void saveDialogWindow(const Scene& scene, EditSettings& edit);

// Where the board is on screen (screen coordinates): its area and its cells.
struct BoardOnScreen {
  float areaX0 = 0;
  float areaY0 = 0;
  float areaX1 = 0;
  float areaY1 = 0;
  float x0 = 0;  // cell 0,0's top-left corner
  float y0 = 0;
  float cell = 0;
};

// Edit mode on the board: a border round the board with a banner naming the tool, and the brush
// (or the cell a unit goes to) outlined at the hovered cell. Nothing outside edit mode.
void drawEditOverlay(const EditSettings& edit, const Scene& scene, const BoardOnScreen& board);

}  // namespace tactics::app
