#pragma once
// The demo's side of terrain painting and Tiled art: turns mouse drags and keys into
// TerrainEditor steps on the scene's map, uploads only the cells a step changed (board and
// solver), and shows a Tiled map in its own art until it is painted.

#include <optional>
#include <string>

#include "app/solves/solves.h"
#include "app/rules/scene.h"
#include "app/rules/terrain_edit.h"
#include "app/ui/edit_settings.h"
#include "app/platform/input.h"
#include "app/ui/input_actions.h"
#include "app/view/board_layout.h"
#include "app/view/render/board_renderer.h"

namespace tactics::app {

class TerrainPainting {
 public:
  // A map was opened: its art when it is a Tiled map whose images read, else the procedural
  // terrain with a note. Forgets the undo history.
  void mapOpened(BoardRenderer& renderer, const std::string& path, EditSettings& edit);

  // The editor's keys (ui/input_actions.h): toggle edit mode, undo, redo.
  void handleKey(EditAction action, Scene& scene, EditSettings& edit, BoardRenderer& renderer,
                 Solves& solves);

  // In edit mode, paints with the left button (removing left clicks from `input` so they do not
  // select or move units). `boardHasMouse`: the panel does not have the mouse.
  void handleMouse(Input& input, const BoardLayout& layout, bool boardHasMouse, Scene& scene,
                   EditSettings& edit, BoardRenderer& renderer, Solves& solves);

  // The panel's requests: undo, redo, save. A new map comes back for the app to open.
  std::optional<CostMap> handleRequests(Scene& scene, EditSettings& edit, BoardRenderer& renderer,
                                        Solves& solves);

 private:
  void applied(const EditResult& result, Scene& scene, EditSettings& edit,
               BoardRenderer& renderer, Solves& solves);

  TerrainEditor editor_;
  std::string tiledPath_;  // the open Tiled map, never saved over
};

}  // namespace tactics::app
