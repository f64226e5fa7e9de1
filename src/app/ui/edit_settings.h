#pragma once
// What the panel's level editor and the Tiled art note share with the app: the tool, the save
// dialog, and requests (undo, redo, new map, a save, a unit change) the app picks up in its
// update step. No GL.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/session/save_dialog.h"
#include "tactics/solver/units.h"

namespace tactics::app {

// What a left click does in edit mode on a cell without a unit (a click on a unit always
// selects it for editing, and dragging it moves it).
enum class EditTool { Paint, Fill, PlaceUnits };

struct EditSettings {
  bool enabled = false;  // edit mode: left drags paint instead of selecting units (`T`)
  int terrain = 0;       // the class painted, 0..4
  int brush = 1;         // square side in cells, 1..kMaxBrush
  EditTool tool = EditTool::Paint;
  Team placeTeam = Team::Player;  // the team of a unit placed with the Units tool or U
  int newWidth = 32;
  int newHeight = 24;
  SaveDialog saveDialog;  // Save PNG / Save scenario (session/save_dialog.h)
  std::optional<SaveKind> openSave;  // Ctrl+S in edit mode: open the dialog for a scenario
  // Requests from the panel, consumed by the app.
  bool undo = false;
  bool redo = false;
  bool newMap = false;
  std::optional<std::string> saveTo;  // the dialog's full path, to write now
  bool saveTiledUnits = false;        // Save: the units into the open Tiled map's `units` layer
  std::optional<std::size_t> removeUnit;  // Remove the unit being edited
  // What the app reports back.
  std::size_t undoSteps = 0;
  std::size_t redoSteps = 0;
  // Since the board was opened, or since a save that kept them: painted, and units or board rules
  // edited (the Tiled units Save keeps only the units; Save PNG only the terrain).
  bool terrainEdited = false;
  bool unitsEdited = false;
  [[nodiscard]] bool unsaved() const { return terrainEdited || unitsEdited; }
  // Save on a Tiled map without a `units` layer: asks before adding one (the panel answers).
  bool askAddUnitsLayer = false;
  bool addUnitsLayer = false;  // the answer: yes, write the layer
  std::string message;  // the last save, refusal or failure
  std::optional<std::string> saved;  // the file a save just wrote, for the log
  std::string savedAs;  // the last file saved since the board was opened: the window's title
  // Every file that save wrote (a scenario and the map beside it), for the platform to offer
  // (a browser downloads them).
  std::vector<std::string> written;
  std::vector<std::uint32_t> terrainArt;  // each terrain's tile as a GL texture (0: none), for the palette
  std::string artNote;  // how the board's terrain is drawn for a Tiled map, when it is not its art
  bool showingArt = false;
};

}  // namespace tactics::app
