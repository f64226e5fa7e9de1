#pragma once
// What the panel's terrain editor and the Tiled art note share with the app: the tool, and
// requests (undo, redo, new map, save) the app picks up in its update step. No GL.

#include <cstddef>
#include <string>

namespace tactics::app {

struct EditSettings {
  bool enabled = false;  // edit mode: left drags paint instead of selecting units (`T`)
  int terrain = 0;       // the class painted, 0..4
  int brush = 1;         // square side in cells, 1..kMaxBrush
  bool fillTool = false; // a click flood-fills instead of painting
  int newWidth = 32;
  int newHeight = 24;
  std::string savePath = "painted.png";
  // Requests from the panel, consumed by the app.
  bool undo = false;
  bool redo = false;
  bool newMap = false;
  bool save = false;
  // What the app reports back.
  std::size_t undoSteps = 0;
  std::size_t redoSteps = 0;
  std::string message;  // the last save, refusal or failure
  std::string artNote;  // how the board's terrain is drawn for a Tiled map, when it is not its art
  bool showingArt = false;
};

}  // namespace tactics::app
