#pragma once
// The demo's side of the level editor and Tiled art: turns mouse drags and keys into
// TerrainEditor steps on the scene's map and unit edits (rules/unit_placement.h), uploads only
// the cells a step changed (board and solver), saves through the save dialog
// (session/save_dialog.h), and shows a Tiled map in its own art until it is painted.

#include <optional>
#include <string>
#include <vector>

#include "app/solves/solves.h"
#include "app/rules/scene.h"
#include "app/rules/terrain_edit.h"
#include "app/ui/edit_settings.h"
#include "app/platform/input.h"
#include "app/ui/input_actions.h"
#include "app/view/board_layout.h"
#include "app/view/render/board_renderer.h"

namespace tactics::app {

// A board the editor asks the app to open in place of the current one: a new map (`undoable`:
// the current board is remembered, so Undo brings it back), or the board New map replaced.
struct BoardReplacement {
  Scene scene;
  bool undoable = false;
  bool unsaved = false;  // the board brought back had unsaved edits
};

class TerrainPainting {
 public:
  // A map was opened: its art when it is a Tiled map whose images read, else the procedural
  // terrain with a note. Forgets the undo history and the board New map replaced.
  // `terrains`: the board's terrain names (SPEC §11.1), which a scenario may give a Tiled map.
  void mapOpened(BoardRenderer& renderer, const std::string& path,
                 const std::vector<std::string>& terrains, EditSettings& edit);

  // New map replaced `previous`: the next Undo (with no painting to undo) brings it back.
  // `unsaved`: it had unsaved edits, which it still has when it comes back.
  void rememberReplaced(Scene previous, bool unsaved, EditSettings& edit);

  // The editor's keys (ui/input_actions.h): toggle edit mode, undo, redo (done with the
  // panel's requests, handleRequests).
  void handleKey(EditAction action, EditSettings& edit);

  // In edit mode: the left button selects a unit (for editing), drags it to move it, places a
  // unit with the Units tool, or paints; Z/Enter does the same on the keyboard cursor's cell,
  // arrows with Z held paint a line, U places a unit there and Delete removes the selected one.
  // The left clicks and those keys are taken out of `input`, so they do not play. `boardHasMouse`:
  // the panel does not have the mouse (`input` holds keys only when the board has the keyboard).
  void handleMouse(Input& input, const BoardLayout& layout, bool boardHasMouse, Scene& scene,
                   EditSettings& edit, BoardRenderer& renderer, Solves& solves);

  // What the editor did since the last call, as lines for the demo's log ("edit mode on",
  // "placed Player 1 at 10,10", "save dialog open"): what a test driving the window waits for.
  std::vector<std::string> takeLog(const EditSettings& edit);

  // Call once a frame: a change to the units, the board rules, the terrain defence or the
  // objective since the last call (the panel's unit editor and Board section, the level editor's
  // Objective and Terrain defence, placing, dragging and removing units) becomes one undo step
  // once it is finished (`panelEditing`: a panel widget is being dragged or typed in). During a
  // game the units move by the game's rules; then only the rules are an edit.
  void trackUnitEdits(Scene& scene, EditSettings& edit, bool panelEditing);

  // The panel's requests: undo, redo, save, remove a unit. A board comes back for the app to
  // open: a new map, or the one New map replaced (Undo).
  std::optional<BoardReplacement> handleRequests(Scene& scene, EditSettings& edit, BoardRenderer& renderer,
                                      Solves& solves);

 private:
  void applied(const EditResult& result, Scene& scene, EditSettings& edit,
               BoardRenderer& renderer, Solves& solves);
  void syncSteps(EditSettings& edit) const;
  void handleKeys(Input& input, std::optional<Cell> pointer, Scene& scene, EditSettings& edit,
                  BoardRenderer& renderer, Solves& solves);
  // A press (mouse or Z) on `cell`: selects the unit there, places one, or starts painting.
  void press(Cell cell, Scene& scene, EditSettings& edit, BoardRenderer& renderer,
             Solves& solves);
  void unitsChanged(const std::optional<std::string>& problem, Scene& scene, EditSettings& edit,
                    Solves& solves);
  void save(const std::string& path, Scene& scene, EditSettings& edit);
  void saveUnitsIntoTiledMap(const Scene& scene, EditSettings& edit, bool addLayer);
  void unitsPutBack(Scene& scene, EditSettings& edit);
  void place(Cell cell, Scene& scene, EditSettings& edit, Solves& solves);
  void remove(std::size_t index, Scene& scene, EditSettings& edit, Solves& solves);

  TerrainEditor editor_;
  std::string tiledPath_;  // the open Tiled map, never saved over by Save PNG
  std::optional<Scene> replaced_;  // the board New map replaced, for Undo
  bool replacedUnsaved_ = false;
  std::optional<std::size_t> dragged_;  // the unit the left button holds, moved on release
  bool keyStroke_ = false;  // a stroke painted with Z held
  std::optional<LevelUnits> committed_;  // the level (units, rules, ...) the history last saw
  std::vector<std::string> log_;
  bool loggedEditMode_ = false;
  bool loggedDialog_ = false;
  std::string loggedRefusal_;
};

}  // namespace tactics::app
