#include "app/session/terrain_painting.h"

#include <filesystem>
#include <iostream>

#include <algorithm>
#include <utility>

#include "app/rules/board_edits.h"
#include "app/rules/board_save.h"
#include "app/rules/cursor.h"
#include "app/rules/unit_placement.h"
#include "app/view/render/gl_state.h"
#include "app/view/render/tile_art_loader.h"
#include "tactics/io/tiled_map.h"
#include "tactics/io/tiled_units_writer.h"

namespace tactics::app {

namespace {

// The art never exceeds what every GL 3.3 driver takes as a texture side.
constexpr int kMaxArtSide = 8192;

bool isKey(const KeyPress& press, Key key) {
  return press.key == key && (press.mods & kModControl) == 0;
}

}  // namespace

void TerrainPainting::mapOpened(BoardRenderer& renderer, const std::string& path,
                                const std::vector<std::string>& terrains, EditSettings& edit) {
  editor_.clear();
  replaced_.reset();
  dragged_.reset();
  keyStroke_ = false;
  edit.undoSteps = edit.redoSteps = 0;
  edit.terrainEdited = edit.unitsEdited = false;
  edit.askAddUnitsLayer = false;
  edit.savedAs.clear();
  committed_.reset();
  edit.artNote.clear();
  edit.terrainArt.clear();
  // The brush's terrain is one of this board's (SPEC §11.1: another board may list fewer).
  edit.terrain = std::clamp(edit.terrain, 0, static_cast<int>(terrains.size()) - 1);
  edit.showingArt = false;
  tiledPath_.clear();
  renderer.clearArt();
  if (!isTiledMapPath(path)) return;
  tiledPath_ = path;
  // Read against the board's names, as the scenario that named the map read it.
  auto map = loadTiledMap(path, terrains == defaultTerrainNames() ? nullptr : &terrains);
  if (!map) {
    edit.artNote = "Procedural terrain: " + map.error();
    return;
  }
  auto art = loadTileArt(*map, std::min(kMaxArtSide, maxTextureSide()));
  if (!art) {
    // Not a failure: the board is drawn procedurally, and both the panel and stderr say why.
    edit.artNote = "Procedural terrain: " + art.error();
    std::cerr << "note: " << path << ": " << edit.artNote << '\n';
    return;
  }
  renderer.setArt(art->board);
  edit.terrainArt = renderer.setTerrainTiles(art->terrainTiles);
  edit.showingArt = true;
}

void TerrainPainting::rememberReplaced(Scene previous, bool unsaved, EditSettings& edit) {
  replaced_ = std::move(previous);
  replacedUnsaved_ = unsaved;
  syncSteps(edit);
}

void TerrainPainting::syncSteps(EditSettings& edit) const {
  edit.undoSteps = editor_.undoSteps() + (replaced_ ? 1 : 0);
  edit.redoSteps = editor_.redoSteps();
}

void TerrainPainting::applied(const EditResult& result, Scene& scene, EditSettings& edit,
                              BoardRenderer& renderer, Solves& solves) {
  syncSteps(edit);
  if (result.refused > 0) {
    edit.message = std::to_string(result.refused) +
                   " cell(s) kept: a unit stands there that cannot enter " +
                   scene.map.terrainName(edit.terrain);
  }
  if (result.unitsChanged) unitsPutBack(scene, edit);
  if (result.changed.empty()) return;
  edit.terrainEdited = true;
  const CellSpan& span = result.changed;
  renderer.updateCells(scene.map, {span.x0, span.y0}, {span.x1, span.y1});
  solves.mapEdited(scene.map, {span.x0, span.y0, span.x1, span.y1});
  if (edit.showingArt) {
    renderer.clearArt();  // the palette's tiles too: their textures are gone
    edit.terrainArt.clear();
    edit.showingArt = false;
    // In the section's message line, below the tools: a note above them would push the widgets
    // under the pointer down in the middle of painting (issue 22.12).
    edit.message = "Procedural terrain: the map was painted, so its Tiled art no longer matches.";
  }
}

void TerrainPainting::unitsChanged(const std::optional<std::string>& problem, Scene& scene,
                                   EditSettings& edit, Solves& /*solves*/) {
  if (problem) {
    edit.message = *problem;
    return;
  }
  edit.message.clear();
  // A unit's place or team changes every threat: the turn starts again from the edited board.
  scene.moved.assign(scene.units.size(), false);
  scene.pending.reset();
  scene.walk.reset();
}

std::vector<std::string> TerrainPainting::takeLog(const EditSettings& edit) {
  if (edit.enabled != loggedEditMode_) {
    loggedEditMode_ = edit.enabled;
    log_.push_back(edit.enabled ? "edit mode on" : "edit mode off");
  }
  if (edit.saveDialog.isOpen() != loggedDialog_) {
    loggedDialog_ = edit.saveDialog.isOpen();
    log_.push_back(loggedDialog_ ? "save dialog open" : "save dialog closed");
  }
  const SaveDialog& dialog = edit.saveDialog;
  if (dialog.isOpen() && !dialog.message.empty() && dialog.message != loggedRefusal_) {
    log_.push_back("save refused: " + dialog.message);
  }
  loggedRefusal_ = dialog.isOpen() ? dialog.message : std::string();
  return std::exchange(log_, {});
}

void TerrainPainting::handleKey(EditAction action, EditSettings& edit) {
  switch (action) {
    case EditAction::ToggleEditMode:
      edit.enabled = !edit.enabled;
      dragged_.reset();
      break;
    // Through the requests, so that Undo can also bring back the board New map replaced.
    case EditAction::Undo: edit.undo = true; break;
    case EditAction::Redo: edit.redo = true; break;
    case EditAction::None: break;
  }
}

// An undo or redo put units or rules back: the turn starts again from them, as after any unit
// edit, and the history does not take the change for a new edit.
void TerrainPainting::unitsPutBack(Scene& scene, EditSettings& edit) {
  edit.unitsEdited = true;
  scene.moved.assign(scene.units.size(), false);
  scene.pending.reset();
  scene.walk.reset();
  if (scene.selected && *scene.selected >= scene.units.size()) scene.selected.reset();
  resetRoute(scene);
  committed_ = levelOf(scene);
}

void TerrainPainting::trackUnitEdits(Scene& scene, EditSettings& edit, bool panelEditing) {
  // Most frames change nothing: compared in place, copied only when something changed.
  if (committed_ && sceneHasLevel(scene, *committed_)) return;
  LevelUnits now = levelOf(scene);
  if (!committed_) {
    committed_ = std::move(now);
    return;
  }
  if (panelEditing || dragged_) return;  // one step when the drag or the typing ends
  LevelUnits before = std::exchange(*committed_, now);
  // In play, units move and are revealed by the game, not by an edit: only the rules are one.
  if (!edit.enabled) before.units = now.units;
  if (sameLevel(before, now)) return;
  editor_.recordUnits(std::move(before), std::move(now));
  edit.unitsEdited = true;
  syncSteps(edit);
}

void TerrainPainting::place(Cell cell, Scene& scene, EditSettings& edit, Solves& solves) {
  const auto problem = placeUnit(scene, cell, edit.placeTeam);
  if (!problem) log_.push_back("placed " + scene.units.back().name + " at " + toString(cell));
  unitsChanged(problem, scene, edit, solves);
}

void TerrainPainting::remove(std::size_t index, Scene& scene, EditSettings& edit, Solves& solves) {
  const std::string name = index < scene.units.size() ? scene.units[index].name : std::string();
  const auto problem = removeUnit(scene, index);
  if (!problem) log_.push_back("removed " + name);
  unitsChanged(problem, scene, edit, solves);
  if (!problem) edit.message = "Removed " + name + " (Ctrl+Z brings it back)";
}

void TerrainPainting::press(Cell cell, Scene& scene, EditSettings& edit, BoardRenderer& renderer,
                            Solves& solves) {
  if (const auto unit = unitAt(scene.units, cell)) {
    // A unit is selected for editing, never painted under; the button held drags it.
    if (scene.selected != unit) log_.push_back("selected " + scene.units[*unit].name + " to edit");
    scene.selected = *unit;
    resetRoute(scene);
    dragged_ = *unit;
    return;
  }
  // The selection is what was clicked last: a click elsewhere lets go of the unit, so that
  // Delete never removes a unit the user has moved on from.
  if (scene.selected) {
    scene.selected.reset();
    resetRoute(scene);
  }
  switch (edit.tool) {
    case EditTool::PlaceUnits: place(cell, scene, edit, solves); return;
    case EditTool::Fill:
      applied(editor_.fill(scene.map, scene.units, cell, edit.terrain), scene, edit, renderer,
              solves);
      return;
    case EditTool::Paint:
      applied(editor_.strokeTo(scene.map, scene.units, cell, edit.terrain, edit.brush), scene,
              edit, renderer, solves);
      return;
  }
}

void TerrainPainting::handleKeys(Input& input, std::optional<Cell> pointer, Scene& scene,
                                 EditSettings& edit, BoardRenderer& renderer, Solves& solves) {
  std::vector<KeyPress> kept;
  for (const KeyPress& pressed : input.keys) {
    // The cell under a mouse that moved this frame, else the keyboard cursor's.
    const Cell cell = pointer.value_or(cursorCell(scene));
    if (isKey(pressed, Key::Z) || isKey(pressed, Key::Enter)) {
      if (keyStroke_) continue;  // the key repeats while held: the stroke goes on below
      dragged_.reset();
      press(cell, scene, edit, renderer, solves);
      dragged_.reset();
      keyStroke_ = editor_.stroking();
      scene.hovered = cell;
    } else if (pressed.key == Key::S && (pressed.mods & kModControl) != 0) {
      edit.openSave = SaveKind::Scenario;
    } else if (isKey(pressed, Key::U)) {
      place(cell, scene, edit, solves);
    } else if (isKey(pressed, Key::Delete)) {
      if (scene.selected) {
        remove(*scene.selected, scene, edit, solves);
      } else {
        edit.message = "Delete removes the selected unit: click a unit first";
        log_.push_back("nothing selected to delete");
      }
    } else {
      kept.push_back(pressed);
    }
  }
  input.keys = std::move(kept);
  // Z held: the stroke follows the keyboard cursor as the arrows move it.
  if (keyStroke_ && input.confirmHeld && scene.hovered) {
    applied(editor_.strokeTo(scene.map, scene.units, *scene.hovered, edit.terrain, edit.brush),
            scene, edit, renderer, solves);
  } else if (keyStroke_ && !input.confirmHeld) {
    keyStroke_ = false;
    editor_.endStroke();
    syncSteps(edit);
  }
}

void TerrainPainting::handleMouse(Input& input, const BoardLayout& layout, bool boardHasMouse,
                                  Scene& scene, EditSettings& edit, BoardRenderer& renderer,
                                  Solves& solves) {
  if (!edit.enabled) {
    editor_.endStroke();
    dragged_.reset();
    keyStroke_ = false;
    return;
  }
  const std::optional<Cell> pointer =
      input.cursorMoved && input.cursorInside && boardHasMouse
          ? layout.cellAtCursor(input.cursorX, input.cursorY)
          : std::nullopt;
  handleKeys(input, pointer, scene, edit, renderer, solves);
  // Left clicks edit; they neither select for play nor move units in edit mode.
  std::vector<MouseClick> leftClicks;
  auto& clicks = input.clicks;
  for (const MouseClick& click : clicks) {
    if (click.button == MouseButton::Left) leftClicks.push_back(click);
  }
  clicks.erase(std::remove_if(clicks.begin(), clicks.end(),
                              [](const MouseClick& c) { return c.button == MouseButton::Left; }),
               clicks.end());
  if (!boardHasMouse) {
    if (!input.leftHeld && !keyStroke_) editor_.endStroke();
    if (!input.leftHeld) dragged_.reset();
    return;
  }
  for (const MouseClick& click : leftClicks) {
    if (const auto cell = layout.cellAtCursor(click.x, click.y)) {
      press(*cell, scene, edit, renderer, solves);
    }
  }
  const auto under = layout.cellAtCursor(input.cursorX, input.cursorY);
  if (dragged_) {
    // Released over another cell: the unit moves there (or the panel says why not).
    if (!input.leftHeld) {
      if (under && *dragged_ < scene.units.size() && scene.units[*dragged_].cell != *under) {
        const auto problem = moveUnit(scene, *dragged_, *under);
        if (!problem) {
          log_.push_back("moved " + scene.units[*dragged_].name + " to " + toString(*under));
        }
        unitsChanged(problem, scene, edit, solves);
      }
      dragged_.reset();
    }
    return;
  }
  // The press point, then the cursor while held: a line from each sample to the next.
  if (input.leftHeld && editor_.stroking() && !keyStroke_ && under &&
      edit.tool == EditTool::Paint) {
    applied(editor_.strokeTo(scene.map, scene.units, *under, edit.terrain, edit.brush), scene,
            edit, renderer, solves);
  }
  if (!input.leftHeld && !keyStroke_) {
    editor_.endStroke();
    syncSteps(edit);
  }
}

void TerrainPainting::save(const std::string& path, Scene& scene, EditSettings& edit) {
  std::optional<std::string> problem = makeFolderFor(path);
  if (!problem) {
    switch (edit.saveDialog.kind()) {
      case SaveKind::TerrainPng: problem = saveTerrainPng(scene.map, path, tiledPath_); break;
      case SaveKind::Scenario: problem = saveSceneAsScenario(scene, path); break;
      case SaveKind::ScenarioOnOpenMap:
        problem = saveSceneAsScenario(scene, path, ScenarioMap::OpenMap);
        break;
    }
  }
  edit.saveDialog.finished(problem);
  if (problem) return;
  // What the file holds is saved: a PNG holds only the terrain, a scenario everything.
  if (edit.saveDialog.kind() != SaveKind::TerrainPng) edit.unitsEdited = false;
  if (edit.saveDialog.kind() != SaveKind::ScenarioOnOpenMap) edit.terrainEdited = false;
  edit.saved = path;
  edit.savedAs = path;
  const std::vector<std::string> files = savedFiles(edit.saveDialog.kind(), path);
  edit.written.insert(edit.written.end(), files.begin(), files.end());
  edit.message = "Saved " + path;
  if (edit.saveDialog.kind() == SaveKind::Scenario) {
    edit.message += " and its map " + mapBesideScenario(path);
  } else if (edit.saveDialog.kind() == SaveKind::ScenarioOnOpenMap) {
    edit.message += ", which names the map " + scene.mapPath;
  }
}

// The Tiled map's Save writes only what the user made: the units, when they were edited. A map
// without a `units` layer (its units are the built-in roster) gets one only once asked.
void TerrainPainting::saveUnitsIntoTiledMap(const Scene& scene, EditSettings& edit,
                                            bool addLayer) {
  const std::string name = std::filesystem::path(tiledPath_).filename().string();
  if (!edit.unitsEdited) {
    edit.message = "Nothing to save into " + name + ": no unit was placed, moved or changed" +
                   (edit.terrainEdited ? " (painting is saved with Save PNG or Save scenario)" : "");
    return;
  }
  const bool hasLayer = scene.scenarioPath == scene.mapPath;
  if (!hasLayer && !addLayer) {
    edit.askAddUnitsLayer = true;
    return;
  }
  edit.askAddUnitsLayer = false;
  // SPEC §14's rules on who has what, as the map's reader checks them.
  if (auto problem = combatProblem(scene.units)) {
    edit.message = "cannot save the units: " + *problem;
    return;
  }
  const auto problem = saveTiledUnits(tiledPath_, scene.units, scene.classes);
  if (problem) {
    edit.message = *problem;
    return;
  }
  edit.unitsEdited = false;
  edit.saved = tiledPath_;
  edit.written.push_back(tiledPath_);
  edit.message = "Saved the units into " + tiledPath_;
}

std::optional<BoardReplacement> TerrainPainting::handleRequests(Scene& scene, EditSettings& edit,
                                                     BoardRenderer& renderer, Solves& solves) {
  if (std::exchange(edit.undo, false)) {
    if (editor_.undoSteps() == 0 && replaced_) {
      BoardReplacement previous{std::move(*replaced_), false, replacedUnsaved_};
      replaced_.reset();
      return previous;
    }
    log_.push_back("undo");
    edit.message.clear();  // "Removed Knight" and the like no longer hold
    LevelUnits level = levelOf(scene);
    const EditResult result = editor_.undo(scene.map, level);
    putLevel(scene, std::move(level));
    applied(result, scene, edit, renderer, solves);
  }
  if (std::exchange(edit.redo, false)) {
    log_.push_back("redo");
    edit.message.clear();
    LevelUnits level = levelOf(scene);
    const EditResult result = editor_.redo(scene.map, level);
    putLevel(scene, std::move(level));
    applied(result, scene, edit, renderer, solves);
  }
  if (auto path = std::exchange(edit.saveTo, std::nullopt)) save(*path, scene, edit);
  if (std::exchange(edit.saveTiledUnits, false)) saveUnitsIntoTiledMap(scene, edit, false);
  if (std::exchange(edit.addUnitsLayer, false)) saveUnitsIntoTiledMap(scene, edit, true);
  if (auto index = std::exchange(edit.removeUnit, std::nullopt)) remove(*index, scene, edit, solves);
  if (std::exchange(edit.newMap, false)) {
    auto map = newTerrainMap(edit.newWidth, edit.newHeight, edit.terrain, scene.map.terrainNames());
    if (!map) {
      edit.message = map.error();
      return std::nullopt;
    }
    std::string name = "untitled " + map->sizeText();
    return BoardReplacement{makeScene(std::move(*map), std::move(name)), true};
  }
  return std::nullopt;
}

}  // namespace tactics::app
